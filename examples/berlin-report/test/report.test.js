// The local-time rule across the daylight-saving change, with node's test runner and no network. Each case
// passes the window a firing carries (`controller.window`: [start, end) in UTC, docs/cron.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportFor } from '../src/index.js';

/** The window of a weekday trigger's firing at `end`: from its previous weekday firing. */
const window = (start, end) => ({ start: Date.parse(start), end: Date.parse(end) });

test('in summer (CEST) the 07:00 UTC trigger is 09:00 in Berlin; its report covers the window since the previous one', () => {
  assert.deepEqual(reportFor(window('2026-10-22T07:00:00Z', '2026-10-23T07:00:00Z')),
    { key: 'report:2026-10-23', from: '2026-10-22T07:00:00.000Z', to: '2026-10-23T07:00:00.000Z' });
  assert.equal(reportFor(window('2026-10-22T08:00:00Z', '2026-10-23T08:00:00Z')), null);
});

test('in winter (CET) the 08:00 UTC trigger is 09:00 in Berlin; a Monday report covers the weekend', () => {
  assert.equal(reportFor(window('2026-10-23T07:00:00Z', '2026-10-26T07:00:00Z')), null);
  assert.deepEqual(reportFor(window('2026-10-23T08:00:00Z', '2026-10-26T08:00:00Z')),
    { key: 'report:2026-10-26', from: '2026-10-23T08:00:00.000Z', to: '2026-10-26T08:00:00.000Z' });
});

test('spring forward: late March switches back to the 07:00 UTC trigger', () => {
  assert.equal(reportFor(window('2027-03-25T08:00:00Z', '2027-03-26T08:00:00Z'))?.key, 'report:2027-03-26');
  assert.deepEqual(reportFor(window('2027-03-26T07:00:00Z', '2027-03-29T07:00:00Z')),
    { key: 'report:2027-03-29', from: '2027-03-26T07:00:00.000Z', to: '2027-03-29T07:00:00.000Z' });
});

test('one report key per Berlin day: a re-fired window carries the same window, so the same report', () => {
  const first = reportFor(window('2026-11-30T08:00:00Z', '2026-12-01T08:00:00Z'));
  assert.deepEqual(reportFor(window('2026-11-30T08:00:00Z', '2026-12-01T08:00:00Z')), first);
});

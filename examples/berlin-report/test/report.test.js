// The local-time rule across the daylight-saving change, with node's test runner and no network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportKeyFor } from '../src/index.js';

test('in summer (CEST) the 07:00 UTC trigger is 09:00 in Berlin', () => {
  assert.equal(reportKeyFor(Date.parse('2026-10-23T07:00:00Z')), 'report:2026-10-23');
  assert.equal(reportKeyFor(Date.parse('2026-10-23T08:00:00Z')), null);
});

test('in winter (CET) the 08:00 UTC trigger is 09:00 in Berlin', () => {
  assert.equal(reportKeyFor(Date.parse('2026-10-26T07:00:00Z')), null);
  assert.equal(reportKeyFor(Date.parse('2026-10-26T08:00:00Z')), 'report:2026-10-26');
});

test('spring forward: late March switches back to the 07:00 UTC trigger', () => {
  assert.equal(reportKeyFor(Date.parse('2027-03-26T08:00:00Z')), 'report:2027-03-26');
  assert.equal(reportKeyFor(Date.parse('2027-03-29T07:00:00Z')), 'report:2027-03-29');
});

test('one report key per Berlin day, whichever window fires it', () => {
  assert.equal(reportKeyFor(Date.parse('2026-12-01T08:00:00Z')), reportKeyFor(Date.parse('2026-12-01T08:00:00Z')));
});

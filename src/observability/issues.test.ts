// The issues switch of a deployment is read from the account's store once and kept. A read that failed (a damaged or
// locked store) was kept as "off" for the rest of the process, without a word: that deployment's problems were never
// grouped again. Now the failure is logged once, counts as off for a while, and the switch is read again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '../platform/clock.js';
import { createLogger, createMemorySink } from '../platform/logger.js';
import type { IssueStoragePort } from '../storage/observability.js';
import { createIssueTracker, SWITCH_RETRY_MS } from './issues.js';

test('a switch that could not be read is logged once, counts as off, and is read again after the retry time', () => {
  const clock = createManualClock(1_000_000);
  const sink = createMemorySink();
  let broken = true;
  let reads = 0;
  const store = {
    getSwitch() {
      reads++;
      if (broken) throw new Error('database is locked');
      return { enabled: true, applied_version: null, changed_at: 0 };
    },
  } as unknown as IssueStoragePort;
  const tracker = createIssueTracker({ store: () => store, clock, logger: createLogger(sink) });
  assert.equal(tracker.enabled('app'), false);
  assert.equal(tracker.enabled('app'), false, 'within the retry time the store is not asked again');
  assert.equal(reads, 1);
  clock.advance(SWITCH_RETRY_MS);
  assert.equal(tracker.enabled('app'), false, 'still failing');
  assert.equal(reads, 2);
  assert.equal(sink.records.filter((r) => r.level === 'error').length, 1, 'said once per failing stretch');
  assert.match(sink.records[0]?.message ?? '', /^the issues switch of app could not be read \(database is locked\); its problems are not grouped until it can be/);
  broken = false;
  clock.advance(SWITCH_RETRY_MS);
  assert.equal(tracker.enabled('app'), true, 'read again once the store works');
  assert.equal(tracker.enabled('app'), true);
  assert.equal(reads, 3, 'then kept');
});

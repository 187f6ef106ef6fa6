import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createScheduler } from './scheduler.js';

const scheduler = createScheduler();

test('scheduler.wait resolves with undefined after at least the delay', async () => {
  const started = performance.now();
  assert.equal(await scheduler.wait(30), undefined);
  assert.ok(performance.now() - started >= 25, 'waited at least the delay');
  assert.equal(await scheduler.wait(-5), undefined, 'a negative delay waits 0 ms');
  assert.equal(await scheduler.wait(Number.NaN), undefined);
});

test('an aborted signal rejects the wait with its reason and stops the timer', async () => {
  const controller = new AbortController();
  const waiting = scheduler.wait(60_000, { signal: controller.signal });
  const reason = new Error('stop');
  controller.abort(reason);
  await assert.rejects(waiting, (err) => err === reason);
  await assert.rejects(scheduler.wait(10, { signal: AbortSignal.abort('already') }), (err) => err === 'already');
});

test('bad arguments are refused with a reason', async () => {
  await assert.rejects(scheduler.wait(10, { signal: {} as AbortSignal }), /options\.signal must be an AbortSignal/);
  await assert.rejects(scheduler.wait(2 ** 31), /at most 2147483647 ms/);
});

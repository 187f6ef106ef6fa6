import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHANNEL_QUEUE_LIMIT_BYTES, CHANNEL_STALL_MS, ChannelQueueWatch, describeOverrun } from './channel-bounds.js';

test('the queue toward a sandbox past its limit is an overrun at the write that passed it', () => {
  let queued = 0;
  const watch = new ChannelQueueWatch(() => queued, { now: () => 0 });
  queued = CHANNEL_QUEUE_LIMIT_BYTES;
  assert.equal(watch.wrote(CHANNEL_QUEUE_LIMIT_BYTES), null, 'at the limit is allowed');
  queued += 1;
  const overrun = watch.wrote(1);
  assert.deepEqual(overrun, { kind: 'queue', queuedBytes: CHANNEL_QUEUE_LIMIT_BYTES + 1 });
  assert.match(describeOverrun(overrun as NonNullable<typeof overrun>), /^256\.0 MB wait to be sent to it, past the limit of 256\.0 MB$/);
});

test('a sandbox that takes nothing for the stall time is an overrun; any progress, or an empty queue, resets the time', () => {
  let now = 0;
  let queued = 0;
  const watch = new ChannelQueueWatch(() => queued, { now: () => now });
  // Nothing queued: never stalled, however long.
  now = 10 * CHANNEL_STALL_MS;
  assert.equal(watch.check(), null);
  // 1 MB written, none taken.
  queued = 1_000_000;
  assert.equal(watch.wrote(1_000_000), null);
  now += CHANNEL_STALL_MS - 1;
  assert.equal(watch.check(), null);
  // Half taken, and more written meanwhile (the queue grew): still progress.
  queued = 1_500_000;
  assert.equal(watch.wrote(1_000_000), null);
  now += 1;
  assert.equal(watch.check(), null, 'bytes were taken, though the queue grew');
  // New writes alone are no progress.
  for (let i = 0; i < 10; i++) {
    queued += 1000;
    watch.wrote(1000);
    now += CHANNEL_STALL_MS / 10;
  }
  const stalled = watch.check();
  assert.deepEqual(stalled, { kind: 'stall', queuedBytes: 1_510_000, idleMs: CHANNEL_STALL_MS });
  assert.match(describeOverrun(stalled as NonNullable<typeof stalled>), /^it took none of the 1\.4 MB waiting for it in 10 s$/);
  // Drained: no longer stalled.
  queued = 0;
  assert.equal(watch.check(), null);
});

test('bytes waiting for a busy reader (an isolate in one long turn) are no stall, but count toward the limit', () => {
  let now = 0;
  let toBusy = 0;
  const watch = new ChannelQueueWatch(() => toBusy, { now: () => now, waiting: () => 0 });
  toBusy = 1_000_000;
  assert.equal(watch.wrote(1_000_000), null);
  now += 3 * CHANNEL_STALL_MS;
  assert.equal(watch.check(), null, 'a busy isolate is its CPU limit\'s business, not a stalled sandbox');
  toBusy = CHANNEL_QUEUE_LIMIT_BYTES + 1;
  assert.deepEqual(watch.wrote(CHANNEL_QUEUE_LIMIT_BYTES), { kind: 'queue', queuedBytes: CHANNEL_QUEUE_LIMIT_BYTES + 1 }, 'the limit counts every byte');
});

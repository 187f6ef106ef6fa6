import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BATCH_LIMIT, batchLimitOf, CHANNEL_BATCH_LIMIT, createBatchSender } from './batch-port.js';

/** A sender over a target that records each post, with the limit given. */
function recorder(limit?: number): { send: ReturnType<typeof createBatchSender<number>>; posts: number[][] } {
  const posts: number[][] = [];
  return { send: createBatchSender<number>({ postMessage: (value) => void posts.push(value as number[]) }, limit), posts };
}

test('a full batch goes at once; the rest of the turn goes at its end, in order', async () => {
  for (const limit of [undefined, CHANNEL_BATCH_LIMIT]) {
    const { send, posts } = recorder(limit);
    const max = limit ?? BATCH_LIMIT;
    for (let i = 0; i < max + 3; i++) send(i);
    assert.equal(posts.length, 1, `limit ${max}: the full batch only, before the turn ends`);
    assert.equal(posts[0]?.length, max);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(posts.flat(), Array.from({ length: max + 3 }, (_, i) => i));
    assert.equal(posts.length, 2);
  }
});

test('a batch limit from workerData is used only when it is a whole number from 1 to 1024', () => {
  assert.equal(batchLimitOf(CHANNEL_BATCH_LIMIT), CHANNEL_BATCH_LIMIT);
  assert.equal(batchLimitOf(1), 1);
  for (const bad of [undefined, null, 0, -5, 1.5, 2000, Number.NaN, '64', {}]) assert.equal(batchLimitOf(bad), BATCH_LIMIT, String(bad));
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BATCH_BYTES, BATCH_LIMIT, batchLimitOf, CHANNEL_BATCH_LIMIT, createBatchSender, isolateMessageBytes } from './batch-port.js';
import type { IsolateMessage } from './protocol.js';

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

test('a weighed batch goes at once when its messages carry BATCH_BYTES, before it is full', async () => {
  const posts: IsolateMessage[][] = [];
  const send = createBatchSender<IsolateMessage>({ postMessage: (value) => void posts.push(value as IsolateMessage[]) }, CHANNEL_BATCH_LIMIT, isolateMessageBytes);
  const value = 'v'.repeat(1 << 20);
  const puts = BATCH_BYTES / (1 << 20) + 2;
  for (let id = 0; id < puts; id++) send({ t: 'call', id, binding: 'KV', method: 'put', args: ['k' + id, value] });
  assert.equal(posts.length, 1, 'the batch that reached the bound went at once');
  assert.ok((posts[0]?.length ?? 0) <= BATCH_BYTES / (1 << 20), `${posts[0]?.length} messages of 1 MiB in one batch`);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(posts.flat().map((m) => (m as { id: number }).id), Array.from({ length: puts }, (_, i) => i));
});

test('what an isolate message weighs: call arguments, bodies, chunks and log lines', () => {
  assert.equal(isolateMessageBytes({ t: 'call', id: 1, binding: 'KV', method: 'put', args: ['key', new Uint8Array(100), { expirationTtl: 60 }] }), 103);
  assert.equal(isolateMessageBytes({ t: 'res-chunk', id: 1, chunk: new Uint8Array(50) }), 50);
  assert.equal(isolateMessageBytes({ t: 'head', id: 1, status: 200, statusText: '', headers: [], body: 'hello', streaming: false }), 5);
  assert.equal(isolateMessageBytes({ t: 'head', id: 1, status: 204, statusText: '', headers: [], body: null, streaming: false }), 0);
  assert.equal(isolateMessageBytes({ t: 'log', level: 'info', message: 'abc' }), 3);
  assert.equal(isolateMessageBytes({ t: 'done', id: 1 }), 0);
});

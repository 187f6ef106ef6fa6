import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseStream } from './response-stream.js';

const bytes = (text: string) => new TextEncoder().encode(text);

test('return() while a read waits ends that read and tells the producer once', async () => {
  let cancels = 0;
  const stream = new ResponseStream({ onCancel: () => cancels++ });
  const iterator = stream[Symbol.asyncIterator]();
  const waiting = iterator.next();
  await iterator.return?.();
  assert.deepEqual(await waiting, { done: true, value: undefined });
  await iterator.return?.();
  stream.push(bytes('late'));
  assert.equal(cancels, 1);
  assert.equal(stream.buffered, 0, 'chunks after the cancel are dropped');
});

test('a stream read to its end is not cancelled, and credit goes back whenever the reader catches up', async () => {
  let cancels = 0;
  let drained = 0;
  const stream = new ResponseStream({ onCancel: () => cancels++, onDrained: () => drained++ });
  stream.push(bytes('a'));
  stream.push(bytes('b'));
  assert.equal(stream.buffered, 2);
  stream.end();
  const seen: string[] = [];
  for await (const chunk of stream) seen.push(new TextDecoder().decode(chunk));
  assert.deepEqual(seen, ['a', 'b']);
  stream.cancel();
  assert.equal(cancels, 0, 'the producer had already finished');
  assert.equal(drained, 0, 'no credit once the producer has finished');
});

test('a failure reaches the reader after the chunks already queued', async () => {
  const stream = new ResponseStream();
  stream.push(bytes('x'));
  stream.fail(new Error('broken'));
  const iterator = stream[Symbol.asyncIterator]();
  assert.equal((await iterator.next()).done, false);
  await assert.rejects(iterator.next(), /broken/);
});

test('abandon() drops what is queued at once, the reader gets the error next, and later chunks are ignored', async () => {
  let cancels = 0;
  const stream = new ResponseStream({ onCancel: () => cancels++ });
  stream.push(new Uint8Array(10));
  stream.push(new Uint8Array(300));
  stream.push(new Uint8Array(20));
  assert.equal(stream.largest, 300);
  assert.equal(stream.buffered, 330);
  stream.abandon(new Error('sent past its credit'));
  assert.equal(stream.buffered, 0, 'nothing queued is held');
  stream.push(new Uint8Array(5000));
  assert.equal(stream.buffered, 0, 'a chunk after it is dropped');
  await assert.rejects(stream[Symbol.asyncIterator]().next(), /sent past its credit/);
  assert.equal(cancels, 0, 'the producer broke its bounds: it is not told the reader cancelled');
});

test('a reader that is not pulling learns of a failure at once (once), and not after it cancelled', () => {
  const stream = new ResponseStream();
  const seen: string[] = [];
  stream.onFailure((err) => seen.push(err.message));
  stream.push(bytes('queued'));
  assert.equal(stream.failure, undefined);
  stream.fail(new Error('isolate stopped'));
  stream.fail(new Error('again'));
  assert.deepEqual(seen, ['isolate stopped'], 'told without a pull, and only of the first failure');
  assert.equal((stream.failure as Error | undefined)?.message, 'isolate stopped');
  assert.equal(stream.buffered, 6, 'nothing was taken from the queue');

  const cancelled = new ResponseStream();
  let told = 0;
  cancelled.onFailure(() => told++);
  cancelled.onFailure(undefined);
  cancelled.abandon(new Error('cut off'));
  assert.equal(told, 0, 'a removed listener is not called');
  const gone = new ResponseStream();
  gone.cancel();
  gone.fail(new Error('late'));
  assert.equal(gone.failure, undefined, 'a cancelled stream reports no failure');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { RawData } from 'ws';
import { createMemorySocketPair } from './ws-memory-pair.js';

const received = (ws: ReturnType<typeof createMemorySocketPair>[0]) => {
  const got: string[] = [];
  ws.on('message', (raw: RawData, binary: boolean) => got.push(binary ? `bin:${[...(raw as Buffer)].join(',')}` : (raw as Buffer).toString('utf8')));
  return got;
};

test('what one end sends the other receives, in order, text and binary, with the send callback once taken', async () => {
  const [a, b] = createMemorySocketPair();
  const atB = received(b);
  const atA = received(a);
  const written: number[] = [];
  a.send('one', { binary: false }, () => written.push(1));
  a.send(new Uint8Array([1, 2]), { binary: true }, () => written.push(2));
  b.send('back');
  assert.equal(a.bufferedAmount, 5, 'counted until the peer takes it');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(atB, ['one', 'bin:1,2']);
  assert.deepEqual(atA, ['back']);
  assert.deepEqual(written, [1, 2]);
  assert.equal(a.bufferedAmount, 0);
});

test('a paused end holds what arrives until resumed; a close waits behind the messages before it', async () => {
  const [a, b] = createMemorySocketPair();
  const atB = received(b);
  const closes: [number, string][] = [];
  b.on('close', (code: number, reason: Buffer) => closes.push([code, reason.toString()]));
  b.pause();
  assert.equal(b.isPaused, true);
  a.send('held');
  a.close(4000, 'later');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(atB, []);
  assert.deepEqual(closes, []);
  b.resume();
  const closedA = once(a, 'close');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(atB, ['held']);
  assert.deepEqual(closes, [[4000, 'later']]);
  const [code, reason] = await closedA as [number, Buffer];
  assert.deepEqual([code, reason.toString()], [4000, 'later'], 'the closing end hears the answer to its close');
  assert.equal(a.readyState, 3);
  assert.equal(b.readyState, 3);
  let error: Error | undefined;
  a.send('too late', (err?: Error) => { error = err; });
  assert.match(String(error?.message), /not open/);
});

test('close refuses a code an endpoint may not send and a reason over 123 bytes; no code arrives as 1005; terminate is 1006 on both ends', async () => {
  const [a, b] = createMemorySocketPair();
  assert.throws(() => a.close(1006), /invalid WebSocket close code 1006/);
  assert.throws(() => a.close(999), TypeError);
  assert.throws(() => a.close(1000, 'x'.repeat(124)), RangeError);
  const atB = once(b, 'close');
  a.close();
  assert.equal((await atB)[0], 1005);

  const [c, d] = createMemorySocketPair();
  const both = Promise.all([once(c, 'close'), once(d, 'close')]);
  c.send('lost');
  c.terminate();
  const [[codeC], [codeD]] = await both as [[number], [number]];
  assert.deepEqual([codeC, codeD], [1006, 1006]);
});

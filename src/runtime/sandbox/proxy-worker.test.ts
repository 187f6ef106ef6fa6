// What the host posts to an isolate in a sandbox travels on the isolate's own connection: batches are fuller than
// between threads (batch-port.ts), so a batch of big values must still go as frames small enough that none holds
// much over 4 MiB; what is posted before the isolate connected waits, in order; the answer of a synchronous call
// goes through the sandbox's channel; and the isolate's exit comes after its last messages.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { CHANNEL_BATCH_LIMIT } from '../batch-port.js';
import type { HostMessage, IsolateMessage } from '../protocol.js';
import type { HostRecord } from './channel.js';
import { encodeFrame, FrameReader } from './frames.js';
import { encodeTextFrame } from './plain-frames.js';
import { ProxyWorker } from './proxy-worker.js';

interface Rig {
  worker: ProxyWorker;
  records: HostRecord[];
  violations: string[];
  written: number[];
}

function rig(): Rig {
  const records: HostRecord[] = [];
  const violations: string[] = [];
  const written: number[] = [];
  const worker = new ProxyWorker(7, {
    send: (record) => void records.push(record),
    wrote: (bytes) => void written.push(bytes),
    violation: (why) => void violations.push(why),
    touch: () => undefined,
  }, undefined);
  return { worker, records, violations, written };
}

/** A connected pair of Unix sockets: the host's end (handed to `attach`) and the isolate's. */
async function socketPair(t: { after(fn: () => void): void }): Promise<{ host: Socket; isolate: Socket }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-proxy-'));
  const server = createServer();
  const file = path.join(dir, 's');
  await new Promise<void>((resolve) => server.listen(file, resolve));
  const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
  const isolate = connect(file);
  const host = await accepted;
  t.after(() => {
    host.destroy();
    isolate.destroy();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { host, isolate };
}

/** Every batch the isolate's end reads, until `count` messages arrived. */
function readBatches(isolate: Socket, count: number): Promise<HostMessage[][]> {
  const reader = new FrameReader();
  const batches: HostMessage[][] = [];
  let messages = 0;
  return new Promise((resolve) => {
    isolate.on('data', (chunk: Buffer) => {
      for (const frame of reader.push(chunk)) {
        batches.push(frame as HostMessage[]);
        messages += (frame as HostMessage[]).length;
      }
      if (messages >= count) resolve(batches);
    });
  });
}

test('batches posted before the isolate connected wait, then go in order; a batch of small messages is one frame', async (t) => {
  const { worker, written } = rig();
  assert.equal(worker.batchLimit, CHANNEL_BATCH_LIMIT);
  const batch: HostMessage[] = Array.from({ length: CHANNEL_BATCH_LIMIT }, (_, id) => ({ t: 'req', id, method: 'GET', url: 'http://x/', headers: ['accept', '*/*'], hasBody: false }));
  worker.postMessage(batch);
  worker.postMessage([{ t: 'req-end', id: 99 }]);
  assert.equal(written.length, 2);
  assert.ok(worker.queuedBytes > 0, 'what waits for the connection counts toward the sandbox\'s bound');
  const { host, isolate } = await socketPair(t);
  const read = readBatches(isolate, CHANNEL_BATCH_LIMIT + 1);
  worker.attach(host, Buffer.alloc(0));
  assert.deepEqual(await read, [batch, [{ t: 'req-end', id: 99 }]]);
});

test('a batch of 1 MiB values goes as frames of at most about 4 MiB, every message once and in order', async (t) => {
  const { worker, written } = rig();
  const { host, isolate } = await socketPair(t);
  worker.attach(host, Buffer.alloc(0));
  const value = new Uint8Array(1 << 20);
  const batch: HostMessage[] = Array.from({ length: CHANNEL_BATCH_LIMIT }, (_, id) => ({ t: 'call-result', id, value }));
  const read = readBatches(isolate, CHANNEL_BATCH_LIMIT);
  worker.postMessage(batch);
  assert.ok(written.length >= CHANNEL_BATCH_LIMIT / 4, `${written.length} frames`);
  for (const size of written) assert.ok(size <= 4 * 1024 * 1024 + 4096, `a frame of ${size} bytes`);
  const sent = (await read).flat();
  assert.deepEqual(sent.map((m) => (m as { id: number }).id), batch.map((m) => (m as { id: number }).id));
});

test('the answer of a synchronous call goes on the sandbox\'s channel (its main thread wakes the isolate); the rest on the connection', async (t) => {
  const { worker, records } = rig();
  const { host, isolate } = await socketPair(t);
  const heard: IsolateMessage[][] = [];
  worker.onMessage((messages) => heard.push(messages));
  worker.attach(host, Buffer.alloc(0));
  isolate.write(encodeFrame([{ t: 'call', id: 5, binding: 'DB', method: 'exec', args: [], sync: true }]));
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The mark is the isolate's business with its relay: the host's isolate code sees an ordinary call.
  assert.deepEqual(heard, [[{ t: 'call', id: 5, binding: 'DB', method: 'exec', args: [] }]]);
  const read = readBatches(isolate, 1);
  worker.postMessage([{ t: 'call-result', id: 5, value: 1 }, { t: 'call-result', id: 6, value: 2 }]);
  assert.deepEqual(records, [['sync', 7, { t: 'call-result', id: 5, value: 1 }]]);
  assert.deepEqual(await read, [[{ t: 'call-result', id: 6, value: 2 }]]);
});

test('an exit waits for the isolate\'s connection to close, so its last messages come first; a malformed message is a violation', async (t) => {
  const { worker, violations } = rig();
  const { host, isolate } = await socketPair(t);
  const events: string[] = [];
  worker.onMessage((messages) => events.push(messages.map((m) => m.t).join()));
  worker.onExit(() => events.push('exit'));
  worker.onError((err) => events.push(`error ${err.message}`));
  worker.attach(host, Buffer.alloc(0));
  worker.error({ message: 'boom' });
  worker.exit(1);
  assert.deepEqual(events, [], 'not yet: the connection is open');
  isolate.end(encodeFrame([{ t: 'log', level: 'info', message: 'last words' }]));
  await new Promise<void>((resolve) => worker.onExit(() => resolve()));
  assert.deepEqual(events, ['log', 'error boom', 'exit']);
  assert.deepEqual(violations, []);

  const second = rig();
  const pair = await socketPair(t);
  second.worker.attach(pair.host, Buffer.alloc(0));
  pair.isolate.write(encodeFrame([{ t: 'no-such-message' }]));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.match(second.violations.join(), /isolate 7 sent a malformed message \(type "no-such-message"\)/);
});

test('a request\'s messages travel as JSON text both ways; from the isolate they are checked like any frame', async (t) => {
  const { worker, violations } = rig();
  const { host, isolate } = await socketPair(t);
  const heard: IsolateMessage[][] = [];
  worker.onMessage((messages) => heard.push(messages));
  worker.attach(host, Buffer.alloc(0));
  const frames: Buffer[] = [];
  isolate.on('data', (chunk: Buffer) => frames.push(chunk));
  const req: HostMessage = { t: 'req', id: 1, method: 'GET', url: 'http://x/', headers: ['accept', '*/*'], hasBody: false };
  worker.postMessage([req]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(Buffer.concat(frames).subarray(4).toString(), JSON.stringify([req]), 'the host wrote JSON');
  const head = { t: 'head', id: 1, status: 200, statusText: 'OK', headers: ['content-type', 'text/plain'], body: 'hi', streaming: false, done: true };
  isolate.write(encodeTextFrame(JSON.stringify([head])));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(heard, [[head]]);
  assert.deepEqual(violations, []);

  for (const [text, reason] of [
    [JSON.stringify([{ ...head, status: '200' }]), /isolate 7 sent a malformed message \(type "head"\)/],
    [JSON.stringify([{ ...head, headers: { 'content-type': 'text/plain' } }]), /isolate 7 sent a malformed message \(type "head"\)/],
    [JSON.stringify(['done']), /isolate 7 sent a malformed message \(string\)/],
    // Not a list: not JSON to the reader, and not V8's serialization either.
    [JSON.stringify({ t: 'done', id: 1 }), /a frame could not be decoded/],
    ['[{"t":"done","id":1}', /a frame could not be decoded/],
  ] as const) {
    const other = rig();
    const pair = await socketPair(t);
    other.worker.attach(pair.host, Buffer.alloc(0));
    pair.isolate.write(encodeTextFrame(text));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.match(other.violations.join(), reason, text);
  }
});

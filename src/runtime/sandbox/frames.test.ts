// The channel's frames as the host reads them from a sandbox (untrusted bytes), and an isolate's batches as
// its worker serializes them for the sandbox's main thread to relay unread (isolate-wire.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deserialize, serialize } from 'node:v8';
import { decodeSandboxFrame, encodeHostRecord, TAGS, toSandboxRecord } from './channel.js';
import { encodeFrame, FrameError, FrameReader, type Frame } from './frames.js';
import { hostBatch, serializingPort, SPLIT_BYTES } from './isolate-wire.js';
import type { IsolateMessage } from '../protocol.js';

test('frames come back whole however the stream is cut', () => {
  const batch = serialize([{ t: 'head', id: 7, status: 200, statusText: '', headers: [], body: 'hello', streaming: false, done: true }]);
  const stream = Buffer.concat([encodeFrame(TAGS.ready, 0), encodeFrame(TAGS.msg, 3, batch), encodeFrame(TAGS.exit, 3, serialize(0))]);
  for (const size of [1, 3, 7, stream.byteLength]) {
    const reader = new FrameReader();
    const frames: Frame[] = [];
    for (let at = 0; at < stream.byteLength; at += size) frames.push(...reader.push(stream.subarray(at, at + size)));
    assert.deepEqual(frames.map((f) => decodeSandboxFrame(f)), [
      ['ready'],
      ['msg', 3, [{ t: 'head', id: 7, status: 200, statusText: '', headers: [], body: 'hello', streaming: false, done: true }]],
      ['exit', 3, 0],
    ], `chunks of ${size} bytes`);
  }
});

test('a frame too long, too short, of an unknown or host-only tag, or that does not decode, is refused', () => {
  const long = Buffer.alloc(9);
  long.writeUInt32BE(64 * 1024 * 1024 + 1, 0);
  assert.throws(() => new FrameReader().push(long), FrameError);
  const short = Buffer.alloc(8);
  short.writeUInt32BE(2, 0);
  assert.throws(() => new FrameReader().push(short), FrameError);
  for (const tag of [0, TAGS.spawn, TAGS.post, TAGS.terminate, 200]) {
    assert.throws(() => decodeSandboxFrame({ tag, id: 1, payload: serialize([]) }), FrameError, `tag ${tag}`);
  }
  assert.throws(() => decodeSandboxFrame({ tag: TAGS.msg, id: 1, payload: Buffer.from('not a serialized value') }), FrameError);
  // A frame that decodes is still checked for its shape before anything acts on it.
  assert.equal(toSandboxRecord(decodeSandboxFrame({ tag: TAGS.exit, id: 1, payload: serialize('zero') })), null);
  assert.equal(toSandboxRecord(decodeSandboxFrame({ tag: TAGS.stats, id: 0, payload: serialize([[1, 'x', 2]]) })), null);
});

test("the host's batch for an isolate reaches its worker as the bytes serialized once on the host", () => {
  const messages = [{ t: 'req', id: 1, method: 'GET', url: 'http://x/', headers: ['a', 'b'], hasBody: false }, { t: 'call-result', id: 2, value: new Uint8Array([1, 2]) }];
  const [frame] = new FrameReader().push(encodeHostRecord(['post', 5, messages as never]));
  assert.ok(frame);
  assert.equal(frame.tag, TAGS.post);
  assert.equal(frame.id, 5);
  // What the sandbox's main thread hands on, unread; the worker decodes it.
  assert.deepEqual(hostBatch(new Uint8Array(frame.payload)), messages);
  assert.deepEqual(hostBatch(messages), messages, 'a thread isolate gets the messages themselves');
});

test("a worker's batch goes out serialized, a body over the split size as chunks, each post its own buffer", () => {
  const posted: { value: unknown; transfer: readonly ArrayBuffer[] | undefined }[] = [];
  const port = serializingPort({ postMessage: (value, transfer) => posted.push({ value, transfer }) });
  const big = new Uint8Array(SPLIT_BYTES * 2 + 10).fill(7);
  port.postMessage([{ t: 'log', level: 'info', message: 'x' }, { t: 'head', id: 1, status: 200, statusText: '', headers: [], body: big, streaming: false, done: true }] satisfies IsolateMessage[]);
  const batches = posted.map(({ value, transfer }) => {
    assert.ok(value instanceof Uint8Array);
    assert.deepEqual(transfer, [value.buffer], 'moved, not copied');
    assert.equal(value.byteOffset, 0);
    assert.equal(value.byteLength, value.buffer.byteLength, 'the buffer holds this batch only');
    assert.ok(value.byteLength < SPLIT_BYTES + 1024);
    return deserialize(value) as IsolateMessage[];
  });
  const all = batches.flat();
  assert.deepEqual(all.map((m) => m.t), ['log', 'head', 'res-chunk', 'res-chunk', 'res-chunk', 'res-end', 'done']);
  const body = Buffer.concat(all.flatMap((m) => (m.t === 'res-chunk' ? [m.chunk] : [])));
  assert.equal(Buffer.compare(body, Buffer.from(big)), 0);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createFrameWriter, decodeOwned, encodeFrame, FrameError, FrameReader } from './frames.js';

/** Everything a writer sends, as the bytes on the channel. */
function written(records: unknown[]): Buffer {
  const parts: Buffer[] = [];
  const writer = createFrameWriter<unknown>((part) => parts.push(part));
  for (const r of records) writer.send(r);
  writer.flush();
  return Buffer.concat(parts);
}

test('frames come out whole however the stream is cut: byte by byte, several per chunk, or one across many chunks', () => {
  const big = new Uint8Array(300_000).map((_, i) => i % 251);
  const bytes = Buffer.concat([written([['a', 1], ['b', 'x'.repeat(70_000)]]), written([['c', big]]), written([['d']])]);
  for (const size of [1, 3, 4, 5, 4096, 65_536, bytes.byteLength]) {
    const reader = new FrameReader();
    const frames: unknown[] = [];
    for (let at = 0; at < bytes.byteLength; at += size) frames.push(...reader.push(bytes.subarray(at, at + size)));
    assert.equal(frames.length, 3, `chunks of ${size}`);
    assert.deepEqual(frames[0], [['a', 1], ['b', 'x'.repeat(70_000)]]);
    assert.deepEqual((frames[1] as [[string, Uint8Array]])[0][1], big);
    assert.deepEqual(frames[2], [['d']]);
  }
});

test('a frame past the limit, or one that does not decode, is refused', () => {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(1000, 0);
  assert.throws(() => new FrameReader(999).push(header), (err: Error) => err instanceof FrameError && /a frame of 1000 bytes is over the limit of 999/.test(err.message));
  const bad = Buffer.concat([Buffer.from([0, 0, 0, 3]), Buffer.from([0xff, 0x0f, 0x99])]);
  assert.throws(() => new FrameReader().push(bad), FrameError);
});

test('a writer sends each frame, its length and its payload, as one write', () => {
  const parts: Buffer[] = [];
  const writer = createFrameWriter<unknown>((part) => parts.push(part));
  writer.send(['x', new Uint8Array(1 << 20)]);
  writer.send(['y', 'small']);
  writer.flush();
  writer.send(['z']);
  writer.flush();
  assert.equal(parts.length, 2);
  for (const part of parts) assert.equal(part.readUInt32BE(0), part.byteLength - 4);
  const reader = new FrameReader();
  const frames = [...reader.push(parts[0] as Buffer), ...reader.push(parts[1] as Buffer)] as unknown[][][];
  assert.equal(frames.length, 2);
  assert.equal((frames[0]?.[0]?.[1] as Uint8Array).byteLength, 1 << 20);
  assert.deepEqual(frames[0]?.[1], ['y', 'small']);
  assert.deepEqual(frames[1], [['z']]);
});

test('a reader of transient chunks (one read buffer, reused) decodes owned values and releases only its own copies', () => {
  const released: ArrayBuffer[] = [];
  const reader = new FrameReader(Number.MAX_SAFE_INTEGER, { decode: decodeOwned, release: (b) => void released.push(b), transient: true });
  const big = new Uint8Array(100_000).fill(9);
  const stream = Buffer.concat([encodeFrame([{ t: 'req-chunk', id: 1, chunk: new Uint8Array([1, 2, 3]) }]), encodeFrame([{ t: 'call-result', id: 2, value: big }]), encodeFrame(['tail'])]);
  const readBuffer = Buffer.alloc(7000);
  const values: unknown[] = [];
  for (let at = 0; at < stream.byteLength; at += readBuffer.byteLength) {
    const n = stream.copy(readBuffer, 0, at, at + readBuffer.byteLength);
    values.push(...reader.push(readBuffer.subarray(0, n)));
    // The owner reuses its buffer at once: nothing decoded may change with it.
    readBuffer.fill(0xee);
  }
  assert.equal(values.length, 3);
  const [first, second, third] = values as [[{ chunk: Uint8Array }], [{ value: Uint8Array }], string[]];
  assert.deepEqual([...first[0].chunk], [1, 2, 3]);
  assert.notEqual(first[0].chunk.buffer, readBuffer.buffer, 'an owned copy, not a view of the read buffer');
  assert.equal(second[0].value.byteLength, 100_000);
  assert.ok(second[0].value.every((b) => b === 9), 'the big value is intact');
  assert.deepEqual(third, ['tail']);
  assert.ok(released.length > 0, 'the copies the reader made were released');
  assert.ok(!released.includes(readBuffer.buffer as ArrayBuffer), 'never the owner\'s read buffer');
  assert.ok(!released.includes(second[0].value.buffer as ArrayBuffer), 'never a decoded value\'s bytes');
});

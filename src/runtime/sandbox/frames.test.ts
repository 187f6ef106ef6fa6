// The sandbox channel's framing on its own: frames cut anywhere by the socket come back whole and in order, byte
// arrays come back with buffers of their own (so a frame is not kept alive, nor cloned whole to a worker, by one of
// them), and an oversized or undecodable frame is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFrame, FrameError, FrameReader } from './frames.js';

function chunked(bytes: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  for (let i = 0; at < bytes.byteLength; i++) {
    const size = sizes[i % sizes.length] as number;
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

test('frames cut at any byte, or several in one chunk, are read whole and in order', () => {
  const values = [['a', 1], { big: new Uint8Array(200_000).fill(7) }, 'x'.repeat(70_000), [], null];
  const stream = Buffer.concat(values.map((v) => encodeFrame(v)));
  for (const sizes of [[1], [3, 5, 7], [4], [65_536], [stream.byteLength], [100_003, 2]]) {
    const reader = new FrameReader();
    const got: unknown[] = [];
    for (const chunk of chunked(stream, sizes)) got.push(...reader.push(Buffer.from(chunk)));
    assert.equal(got.length, values.length, `chunk sizes ${sizes.join(',')}`);
    assert.deepEqual(got[0], ['a', 1]);
    assert.equal((got[1] as { big: Uint8Array }).big.byteLength, 200_000);
    assert.ok((got[1] as { big: Uint8Array }).big.every((b) => b === 7));
    assert.equal(got[2], 'x'.repeat(70_000));
    assert.deepEqual(got.slice(3), [[], null]);
  }
});

test('with ownBytes, byte arrays are read with buffers of their own, of their own type', () => {
  const whole = new Uint8Array(1 << 20).fill(1);
  const frame = encodeFrame([whole.subarray(10, 15), Buffer.from('hey'), new Uint16Array([1, 2, 3]), new DataView(new ArrayBuffer(4)), new Float64Array([1.5])]);
  const [value] = new FrameReader(undefined, { ownBytes: true }).push(frame) as [ArrayBufferView[]];
  for (const view of value) assert.equal(view.buffer.byteLength, view.byteLength, `${view.constructor.name} owns its bytes`);
  assert.deepEqual([...(value[0] as Uint8Array)], [1, 1, 1, 1, 1]);
  assert.ok(Buffer.isBuffer(value[1]));
  assert.equal(value[1]?.toString(), 'hey');
  assert.deepEqual([...(value[2] as Uint16Array)], [1, 2, 3]);
  assert.ok(value[3] instanceof DataView);
  assert.deepEqual([...(value[4] as Float64Array)], [1.5]);
});

test('an oversized or undecodable frame is refused', () => {
  const big = encodeFrame('y'.repeat(1000));
  assert.throws(() => new FrameReader(100).push(big), (err: unknown) => err instanceof FrameError && /over the limit of 100/.test(err.message));
  const garbage = Buffer.concat([Buffer.from([0, 0, 0, 3]), Buffer.from([0xff, 0xff, 0xff])]);
  assert.throws(() => new FrameReader().push(garbage), FrameError);
});

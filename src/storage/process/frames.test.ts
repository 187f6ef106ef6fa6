// The framing of the store process's stream treats its input as untrusted: split and joined chunks, values SQL
// needs (bytes, big integers), and garbage that must end the stream with an error rather than a throw or growth.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFrameReader, encodeFrame, MAX_FRAME_BYTES } from './frames.js';

test('messages cross in any chunking, with bytes and big integers intact', () => {
  const messages = [{ id: 1, value: new Uint8Array([0, 255, 7]) }, { id: 2, value: 2n ** 70n }, { id: 3, value: 'x'.repeat(100_000) }];
  const bytes = Buffer.concat(messages.map(encodeFrame));
  for (const size of [1, 3, 4, 5, 4096, bytes.length]) {
    const got: unknown[] = [];
    const read = createFrameReader((m) => got.push(m), (problem) => assert.fail(problem));
    for (let i = 0; i < bytes.length; i += size) read(bytes.subarray(i, i + size));
    assert.deepEqual(got, messages, `chunks of ${size} bytes`);
  }
});

test('a length past the bound, or bytes that do not deserialize, end the stream with one error and nothing more is read', () => {
  const problems: string[] = [];
  const got: unknown[] = [];
  const header = Buffer.alloc(4);
  header.writeUInt32BE(MAX_FRAME_BYTES + 1);
  const tooLong = createFrameReader((m) => got.push(m), (p) => problems.push(p));
  tooLong(header);
  tooLong(encodeFrame({ id: 1 }));
  assert.deepEqual(got, []);
  assert.equal(problems.length, 1);
  assert.match(problems[0] ?? '', /announced \d+ bytes, over the \d+ bytes one may take/);

  const garbage = Buffer.from([0, 0, 0, 5, 0xff, 0x00, 0x13, 0x37, 0x99]);
  const afterGarbage: unknown[] = [];
  const garbled = createFrameReader((m) => afterGarbage.push(m), (p) => problems.push(p));
  garbled(garbage);
  garbled(encodeFrame({ id: 2 }));
  assert.deepEqual(afterGarbage, []);
  assert.equal(problems.length, 2);
  assert.match(problems[1] ?? '', /could not be read/);
});

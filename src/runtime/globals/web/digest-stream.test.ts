import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DigestStream } from './digest-stream.js';

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

async function digestOf(algorithm: string | { name: string }, chunks: (Uint8Array | ArrayBuffer | string)[]): Promise<ArrayBuffer> {
  const stream = new DigestStream(algorithm);
  const writer = stream.getWriter();
  for (const chunk of chunks) await writer.write(chunk);
  await writer.close();
  return stream.digest;
}

test('the digest of what was written, for every supported algorithm, whatever the chunking', async () => {
  const text = 'The quick brown fox jumps over the lazy dog';
  const bytes = new TextEncoder().encode(text);
  for (const name of ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']) {
    const expected = hex(await crypto.subtle.digest(name, bytes));
    const digest = await digestOf(name, [bytes.subarray(0, 7), bytes.subarray(7, 20).slice().buffer, bytes.subarray(20)]);
    assert.ok(digest instanceof ArrayBuffer, `${name} resolves to an ArrayBuffer`);
    assert.equal(hex(digest), expected, name);
  }
  assert.equal(hex(await digestOf('MD5', ['abc'])), '900150983cd24fb0d6963f7d28e17f72');
  assert.equal(hex(await digestOf({ name: 'sha-256' }, [])), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
});

test('a DigestStream is a WritableStream a body can be piped into', async () => {
  const stream = new DigestStream('SHA-256');
  assert.ok(stream instanceof WritableStream);
  await (new Response('abc').body as ReadableStream<Uint8Array>).pipeTo(stream);
  assert.equal(hex(await stream.digest), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test('an unknown algorithm, a wrong chunk or an abort fail clearly', async () => {
  assert.throws(() => new DigestStream('SHA-3'), (err: DOMException) => err.name === 'NotSupportedError' && /SHA-3/.test(err.message));
  const wrong = new DigestStream('SHA-1');
  await assert.rejects(wrong.getWriter().write(42 as unknown as string), /ArrayBuffer, ArrayBufferView or string/);
  await assert.rejects(wrong.digest, /ArrayBuffer, ArrayBufferView or string/);
  const aborted = new DigestStream('SHA-1');
  await aborted.abort(new Error('gone'));
  await assert.rejects(aborted.digest, /gone/);
});

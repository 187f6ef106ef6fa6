import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FixedLengthStream, IdentityTransformStream, withFixedLengths } from './identity-stream.js';

const bytes = (text: string) => new TextEncoder().encode(text);

test('an IdentityTransformStream passes bytes through unchanged and is a TransformStream', async () => {
  const stream = new IdentityTransformStream();
  assert.ok(stream instanceof TransformStream);
  const piped = (new Response('hello, identity').body as ReadableStream<Uint8Array>).pipeThrough(stream);
  assert.equal(await new Response(piped).text(), 'hello, identity');
});

test('its readable side is a byte stream: a BYOB reader fills the caller\'s buffer', async () => {
  const { readable, writable } = new IdentityTransformStream();
  const writer = writable.getWriter();
  const written = writer.write(bytes('abcdef'));
  const reader = readable.getReader({ mode: 'byob' });
  const first = await reader.read(new Uint8Array(4));
  assert.equal(new TextDecoder().decode(first.value), 'abcd');
  const second = await reader.read(new Uint8Array(4));
  assert.equal(new TextDecoder().decode(second.value), 'ef');
  await written;
  const closing = writer.close();
  const last = await reader.read(new Uint8Array(4));
  assert.equal(last.done, true);
  await closing;
});

test('a write completes only once the reader takes the chunk', async () => {
  const { readable, writable } = new IdentityTransformStream();
  const writer = writable.getWriter();
  let done = false;
  const write = writer.write(bytes('x')).then(() => { done = true; });
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(done, false, 'nobody has read yet');
  const reader = readable.getReader();
  assert.equal(new TextDecoder().decode((await reader.read()).value), 'x');
  await write;
  assert.equal(done, true);
});

test('chunks that are not bytes are refused', async () => {
  const { writable, readable } = new IdentityTransformStream();
  await assert.rejects(writable.getWriter().write('text' as unknown as Uint8Array), /non-ArrayBuffer\/ArrayBufferView/);
  void readable;
});

test('a FixedLengthStream carries exactly its length: more errors the write, less errors the close', async () => {
  const exact = new FixedLengthStream(5);
  const text = new Response(exact.readable).text();
  const writer = exact.writable.getWriter();
  await Promise.all([writer.write(bytes('he')), writer.write(bytes('llo')), writer.close()]);
  assert.equal(await text, 'hello');

  const over = new FixedLengthStream(3);
  const overRead = new Response(over.readable).text();
  const overWriter = over.writable.getWriter();
  await assert.rejects(overWriter.write(bytes('four')), /too many bytes through a FixedLengthStream/);
  await assert.rejects(overRead, /too many bytes/);

  const under = new FixedLengthStream(10n);
  const underRead = new Response(under.readable).text();
  const underWriter = under.writable.getWriter();
  await underWriter.write(bytes('short'));
  await assert.rejects(underWriter.close(), /did not see all expected bytes/);
  await assert.rejects(underRead, /did not see all expected bytes/);

  assert.throws(() => new FixedLengthStream(-1), /non-negative integer length/);
  assert.throws(() => new FixedLengthStream(1.5), /non-negative integer length/);
});

test('a Response whose body is a FixedLengthStream declares its content-length', () => {
  const Response = withFixedLengths(globalThis.Response);
  const fixed = new FixedLengthStream(1234);
  assert.equal(new Response(fixed.readable).headers.get('content-length'), '1234');
  assert.equal(new Response(new IdentityTransformStream().readable).headers.get('content-length'), null);
  assert.equal(new Response(new FixedLengthStream(9).readable, { headers: { 'content-length': '9' } }).headers.get('content-length'), '9');
  assert.ok(new globalThis.Response('x') instanceof Response, 'instanceof still holds for other responses');
});

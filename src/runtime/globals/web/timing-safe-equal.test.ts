import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installTimingSafeEqual, timingSafeEqual } from './timing-safe-equal.js';

const bytes = (text: string) => new TextEncoder().encode(text);

test('equal bytes compare equal, whatever holds them; one differing byte does not', () => {
  assert.equal(timingSafeEqual(bytes('s3cret'), bytes('s3cret')), true);
  assert.equal(timingSafeEqual(bytes('s3cret'), bytes('s3creT')), false);
  assert.equal(timingSafeEqual(bytes('S3cret'), bytes('s3cret')), false);
  assert.equal(timingSafeEqual(new Uint8Array(0), new ArrayBuffer(0)), true);
  // A view counts its own bytes, not its whole buffer: a DataView and a Uint16Array over the same four bytes.
  const buffer = new Uint8Array([9, 1, 2, 3, 4, 9]).buffer;
  assert.equal(timingSafeEqual(new DataView(buffer, 1, 4), new Uint8Array([1, 2, 3, 4]).buffer), true);
  assert.equal(timingSafeEqual(new Uint16Array(buffer.slice(2, 6)), new Uint8Array([2, 3, 4, 9])), true);
});

test('buffers of different byte lengths and values that are not buffers are refused with a TypeError', () => {
  assert.throws(() => timingSafeEqual(bytes('abc'), bytes('abcd')), { name: 'TypeError', message: 'Input buffers must have the same byte length.' });
  // Same element count, different byte length.
  assert.throws(() => timingSafeEqual(new Uint16Array(2), new Uint8Array(2)), { name: 'TypeError', message: 'Input buffers must have the same byte length.' });
  assert.throws(() => timingSafeEqual('abc' as unknown as Uint8Array, bytes('abc')), { name: 'TypeError', message: /parameter 1 is not of type 'ArrayBuffer or ArrayBufferView' \(got string\)/ });
  assert.throws(() => timingSafeEqual(bytes('abc'), null as unknown as Uint8Array), { name: 'TypeError', message: /parameter 2 .*\(got null\)/ });
  assert.throws(() => timingSafeEqual(bytes('abc'), [97, 98, 99] as unknown as Uint8Array), { name: 'TypeError', message: /parameter 2 .*\(got Array\)/ });
});

test('installed, it is a method of crypto.subtle like the standard ones', () => {
  const proto = Object.getPrototypeOf(crypto.subtle) as object;
  const had = Object.getOwnPropertyDescriptor(proto, 'timingSafeEqual');
  try {
    installTimingSafeEqual();
    const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: BufferSource, b: BufferSource): boolean };
    assert.equal(subtle.timingSafeEqual(bytes('token'), bytes('token')), true);
    assert.equal(subtle.timingSafeEqual(bytes('token'), bytes('tokex')), false);
    assert.ok(!Object.keys(proto).includes('timingSafeEqual'));
  } finally {
    if (had) Object.defineProperty(proto, 'timingSafeEqual', had);
    else delete (proto as { timingSafeEqual?: unknown }).timingSafeEqual;
  }
});

/**
 * `crypto.subtle.timingSafeEqual(a, b)`: the original runtime's extension of Web Crypto, which its docs and
 * examples use to compare secrets (HTTP Basic credentials, webhook signatures, API keys) without leaking through
 * timing how many leading bytes matched. Node has the comparison (`node:crypto`); this gives it the original's
 * place and argument rules: two ArrayBuffers or views of the same byte length, compared byte for byte.
 */
import { timingSafeEqual as nodeTimingSafeEqual } from 'node:crypto';

function bytesOf(value: unknown, position: 1 | 2): Uint8Array {
  if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && value instanceof SharedArrayBuffer)) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  const got = value === null ? 'null' : typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
  throw new TypeError(`Failed to execute 'timingSafeEqual' on 'SubtleCrypto': parameter ${position} is not of type 'ArrayBuffer or ArrayBufferView' (got ${got}).`);
}

/** Whether `a` and `b` hold the same bytes, in time that depends only on their length. */
export function timingSafeEqual(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean {
  const left = bytesOf(a, 1);
  const right = bytesOf(b, 2);
  if (left.byteLength !== right.byteLength) throw new TypeError('Input buffers must have the same byte length.');
  return nodeTimingSafeEqual(left, right);
}

/** Puts `timingSafeEqual` on SubtleCrypto's prototype, as a method like its standard ones (not enumerable). */
export function installTimingSafeEqual(subtle: object = Object.getPrototypeOf(globalThis.crypto.subtle) as object): void {
  Object.defineProperty(subtle, 'timingSafeEqual', {
    value: function timingSafeEqualMethod(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean {
      return timingSafeEqual(a, b);
    },
    writable: true,
    configurable: true,
    enumerable: false,
  });
}

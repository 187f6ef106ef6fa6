/**
 * The `buffer` package (6.0.3, the `Buffer` of `node:buffer` under `nodejs_compat`) predates the
 * `base64url` encoding, which Node has had since 15.7 and the original platform's `node:buffer` supports:
 * `buf.toString('base64url')` threw `Unknown encoding: base64url` (issue 14, found by the compatibility
 * suite: an HMAC-signed link). The package's base64 decoder already reads `-` and `_` and missing
 * padding, so decoding is base64's; encoding is base64's with `+/` turned into `-_` and the padding dropped.
 */

type Method = (...args: unknown[]) => unknown;
interface BufferClass {
  prototype: Record<string, unknown>;
  [name: string]: unknown;
}

const isBase64url = (value: unknown): boolean => typeof value === 'string' && value.toLowerCase() === 'base64url';

/** The arguments with every encoding argument (`from` index on) that says `base64url` turned into `base64`. */
function asBase64(args: unknown[], from: number): unknown[] {
  return args.map((arg, i) => (i >= from && isBase64url(arg) ? 'base64' : arg));
}

/** Wraps `holder[name]` so its encoding arguments (from index `from`) accept `base64url` as base64 (decoding). */
function decodeAsBase64(holder: Record<string, unknown>, name: string, from: number): void {
  const original = holder[name] as Method;
  const wrapped = function (this: unknown, ...args: unknown[]) { return original.apply(this, asBase64(args, from)); };
  Object.defineProperty(wrapped, 'name', { value: original.name });
  Object.defineProperty(holder, name, { value: wrapped, writable: true, configurable: true, enumerable: false });
}

const patched = new WeakSet<object>();

/** Teaches the package's `Buffer` the `base64url` encoding, once. */
export function addBase64url(Buffer: BufferClass): void {
  if (patched.has(Buffer)) return;
  patched.add(Buffer);
  const isEncoding = Buffer.isEncoding as Method;
  Object.defineProperty(Buffer, 'isEncoding', { value: (encoding: unknown) => isBase64url(encoding) || isEncoding(encoding), writable: true, configurable: true });
  // Buffer.from(string, enc), Buffer.byteLength(string, enc), Buffer.alloc(size, fill, enc).
  decodeAsBase64(Buffer, 'from', 1);
  decodeAsBase64(Buffer, 'byteLength', 1);
  decodeAsBase64(Buffer, 'alloc', 2);
  // buf.write(string, [offset], [length], enc), buf.fill(value, [offset], [end], enc), the searches (value, [byteOffset], enc).
  for (const name of ['write', 'fill', 'indexOf', 'lastIndexOf', 'includes']) decodeAsBase64(Buffer.prototype, name, 1);
  const toString = Buffer.prototype.toString as Method;
  Object.defineProperty(Buffer.prototype, 'toString', {
    value: function (this: unknown, encoding?: unknown, start?: unknown, end?: unknown) {
      if (!isBase64url(encoding)) return toString.apply(this, [encoding, start, end].slice(0, arguments.length));
      return (toString.call(this, 'base64', start, end) as string).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    },
    writable: true, configurable: true, enumerable: false,
  });
}

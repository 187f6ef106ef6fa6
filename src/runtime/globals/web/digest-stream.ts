/**
 * `crypto.DigestStream`: a WritableStream that hashes what is written to it, incrementally, and
 * resolves `digest` with the hash as an ArrayBuffer when the stream closes. Algorithms: SHA-1,
 * SHA-256, SHA-384, SHA-512 and MD5, named as a string or as `{ name }`, in any letter case.
 */
import { createHash, type Hash } from 'node:crypto';

const ALGORITHMS: Readonly<Record<string, string>> = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512', MD5: 'md5' };
const encoder = new TextEncoder();

function nodeAlgorithm(algorithm: unknown): string {
  const name = typeof algorithm === 'string' ? algorithm : (algorithm as { name?: unknown } | null)?.name;
  const found = typeof name === 'string' ? ALGORITHMS[name.toUpperCase()] : undefined;
  if (!found) throw new DOMException(`Unrecognized or unimplemented digest algorithm requested: ${String(name)} (supported: ${Object.keys(ALGORITHMS).join(', ')})`, 'NotSupportedError');
  return found;
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === 'string') return encoder.encode(chunk);
  throw new TypeError('DigestStream accepts only ArrayBuffer, ArrayBufferView or string chunks');
}

/** The WritableStream behind `crypto.DigestStream`. */
export class DigestStream extends WritableStream<ArrayBuffer | ArrayBufferView | string> {
  /** The digest of everything written, once the stream is closed; rejects if the stream errors. */
  readonly digest: Promise<ArrayBuffer>;

  constructor(algorithm: string | { name: string }) {
    const hash: Hash = createHash(nodeAlgorithm(algorithm));
    let settle!: { resolve: (digest: ArrayBuffer) => void; reject: (reason: unknown) => void };
    const digest = new Promise<ArrayBuffer>((resolve, reject) => { settle = { resolve, reject }; });
    // A digest nobody awaits must not report an unhandled rejection when the stream is aborted.
    digest.catch(() => undefined);
    super({
      write(chunk) {
        try {
          hash.update(toBytes(chunk));
        } catch (err) {
          settle.reject(err);
          throw err;
        }
      },
      close() {
        const bytes = hash.digest();
        settle.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      },
      abort(reason) { settle.reject(reason); },
    });
    this.digest = digest;
  }
}

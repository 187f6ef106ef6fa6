import { LedgeError } from '../platform/errors.js';

/** Counts bytes as they pass and fails with `request_too_large` past `max`. */
export async function* limitBody(body: AsyncIterable<Uint8Array>, max: number): AsyncIterable<Uint8Array> {
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > max) throw new LedgeError('request_too_large', `the request body is larger than ${max} bytes`);
    yield chunk;
  }
}

/** Reads a whole body, failing with `request_too_large` past `max` bytes. */
export async function readBody(body: AsyncIterable<Uint8Array>, max: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of limitBody(body, max)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The framing between the host and a store process: each message is a 4-byte big-endian length followed by
 * the message in V8's serialization (node:v8), which keeps what SQL values need (bytes, big integers) without
 * a JSON mapping. The reader treats its input as untrusted: a length past the bound or bytes that do not
 * deserialize end the stream with an error instead of growing without end or throwing into the event loop.
 */
import { deserialize, serialize } from 'node:v8';

/** The most bytes one message may take (a SQL answer of many rows is the largest). */
export const MAX_FRAME_BYTES = 512 * 1_048_576;

/** One message as bytes on the stream. */
export function encodeFrame(message: unknown): Buffer {
  const body = serialize(message);
  if (body.length > MAX_FRAME_BYTES) throw new RangeError(`the message is ${body.length} bytes, over the ${MAX_FRAME_BYTES} bytes one message may take`);
  const header = Buffer.allocUnsafe(4);
  header.writeUInt32BE(body.length, 0);
  return Buffer.concat([header, body]);
}

/** Reads messages from chunks of a stream; `onMessage` gets each, `onError` the first problem (then nothing more is read). */
export function createFrameReader(onMessage: (message: unknown) => void, onError: (problem: string) => void): (chunk: Buffer) => void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let failed = false;
  return function readChunk(chunk: Buffer): void {
    if (failed) return;
    pending.push(chunk);
    pendingBytes += chunk.length;
    while (pendingBytes >= 4) {
      // The header may straddle chunks; the body is joined only once it is complete (a large answer comes in many).
      if ((pending[0] as Buffer).length < 4) pending = [Buffer.concat(pending, pendingBytes)];
      const length = (pending[0] as Buffer).readUInt32BE(0);
      if (length > MAX_FRAME_BYTES) {
        failed = true;
        return onError(`a message announced ${length} bytes, over the ${MAX_FRAME_BYTES} bytes one may take`);
      }
      if (pendingBytes < 4 + length) return;
      const buffered = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingBytes);
      const body = buffered.subarray(4, 4 + length);
      const rest = buffered.subarray(4 + length);
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
      let message: unknown;
      try {
        message = deserialize(body);
      } catch (err) {
        failed = true;
        return onError(`a message could not be read (${(err as Error).message})`);
      }
      onMessage(message);
      if (failed) return;
    }
  };
}

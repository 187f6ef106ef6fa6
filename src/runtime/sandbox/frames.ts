import { DefaultSerializer, deserialize } from 'node:v8';
import { EGRESS_BODY_LIMIT } from '../egress/protocol.js';

/**
 * Framing of the channel between the host and a sandbox process: each frame is a 4-byte big-endian length,
 * then one value in V8's structured-clone format (strings, numbers, arrays, plain objects and byte arrays
 * travel as they would between threads). A frame carries every record sent during one event-loop turn.
 */

/**
 * Largest frame the host accepts from a sandbox; a larger one is a protocol violation. Batches are cut near 4 MiB
 * (sandbox-main.ts), so only one record can approach it: an outbound fetch, whose body (at most EGRESS_BODY_LIMIT,
 * 100 MiB, read whole) travels in one message. The limit leaves it room, or a fetch the documentation allows would
 * stop the account's sandbox (test/sandbox-escape-runtime.test.ts).
 */
export const MAX_FRAME_BYTES = EGRESS_BODY_LIMIT + 16 * 1024 * 1024;

/** Four bytes the serializer writes first, where the frame's length goes once the value is written. */
const LENGTH_PLACEHOLDER = new Uint8Array(4);

/**
 * One frame, its length and its payload in one buffer, so it goes out in one write (one system call, and one
 * wake-up of the reader rather than a second for the payload after the length): the serializer writes the
 * length's four bytes ahead of the value in its own buffer, so nothing is copied, whatever the payload's size.
 */
export function encodeFrame(value: unknown): Buffer {
  // What node:v8's serialize() does, with the length's room ahead of the header.
  const serializer = new DefaultSerializer();
  serializer.writeRawBytes(LENGTH_PLACEHOLDER);
  serializer.writeHeader();
  serializer.writeValue(value);
  const frame = serializer.releaseBuffer();
  frame.writeUInt32BE(frame.byteLength - 4, 0);
  return frame;
}

/** Thrown when the other side sends something that is not a frame this side accepts. */
export class FrameError extends Error {}

/** Reassembles frames from chunks of a byte stream. */
export class FrameReader {
  #chunks: Buffer[] = [];
  #buffered = 0;
  #need = -1;
  #maxBytes: number;

  constructor(maxBytes = MAX_FRAME_BYTES) { this.#maxBytes = maxBytes; }

  /** Adds bytes; returns the values of every frame now complete. Throws FrameError on an oversized or undecodable frame. */
  push(chunk: Buffer): unknown[] {
    this.#chunks.push(chunk);
    this.#buffered += chunk.byteLength;
    const out: unknown[] = [];
    for (;;) {
      if (this.#need < 0) {
        if (this.#buffered < 4) break;
        this.#need = this.#take(4).readUInt32BE(0);
        if (this.#need > this.#maxBytes) throw new FrameError(`a frame of ${this.#need} bytes is over the limit of ${this.#maxBytes}`);
      }
      if (this.#buffered < this.#need) break;
      const payload = this.#take(this.#need);
      this.#need = -1;
      try {
        out.push(deserialize(payload));
      } catch (err) {
        throw new FrameError(`a frame could not be decoded: ${(err as Error).message}`);
      }
    }
    return out;
  }

  /** The next `n` bytes: a view of the first chunk when it holds them, else one copy of the chunks they span (never more). */
  #take(n: number): Buffer {
    this.#buffered -= n;
    const first = this.#chunks[0] as Buffer;
    if (first.byteLength >= n) {
      if (first.byteLength === n) this.#chunks.shift();
      else this.#chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafeSlow(n);
    let at = 0;
    let used = 0;
    while (at < n) {
      const chunk = this.#chunks[used] as Buffer;
      const part = Math.min(chunk.byteLength, n - at);
      chunk.copy(out, at, 0, part);
      at += part;
      if (part === chunk.byteLength) used++;
      else this.#chunks[used] = chunk.subarray(part);
    }
    // Once per frame, so a stream cut into many tiny chunks costs linear time, not quadratic.
    this.#chunks.splice(0, used);
    return out;
  }
}

/**
 * Sends records in frames: everything sent during one turn of the event loop goes as one frame, one write.
 * `soon: 'microtask'` writes at the end of the current callback instead: for a sender whose records arrive
 * already batched per turn (the host's, from each isolate's batch sender, which flushes in the loop's check
 * phase), where waiting for the next turn would only delay every hop by one loop iteration.
 */
export function createFrameWriter<R>(write: (frame: Buffer) => void, options: { flushAtBytes?: number; soon?: 'immediate' | 'microtask' } = {}): { send(record: R, size?: number): void; flush(): void } {
  const flushAtBytes = options.flushAtBytes ?? 8 * 1024 * 1024;
  const schedule = options.soon === 'microtask' ? queueMicrotask : (fn: () => void) => void setImmediate(fn);
  let batch: R[] = [];
  let bytes = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (batch.length === 0) return;
    const records = batch;
    batch = [];
    bytes = 0;
    write(encodeFrame(records));
  };
  return {
    send(record, size = 0) {
      batch.push(record);
      bytes += size;
      if (bytes >= flushAtBytes) flush();
      else if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    flush,
  };
}

/** The bytes of the strings and byte arrays in a value (binding call arguments, log lines, socket data), a few levels deep. */
export function approxBytes(value: unknown, depth: number): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 8;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof SharedArrayBuffer) return value.byteLength;
  if (depth > 6) return 8;
  let n = 8;
  if (Array.isArray(value)) for (const item of value) n += approxBytes(item, depth + 1);
  else for (const key in value) n += key.length + approxBytes((value as Record<string, unknown>)[key], depth + 1);
  return n;
}

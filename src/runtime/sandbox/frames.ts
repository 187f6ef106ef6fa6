import { Buffer } from 'node:buffer';
import { DefaultDeserializer, DefaultSerializer, deserialize } from 'node:v8';
import { EGRESS_BODY_LIMIT } from '../egress/protocol.js';
import { decodeJsonPayload, JSON_PAYLOAD_START } from './plain-frames.js';

/**
 * Framing of the channel between the host and a sandbox process: each frame is a 4-byte big-endian length,
 * then one value in V8's structured-clone format (strings, numbers, arrays, plain objects and byte arrays
 * travel as they would between threads). A frame carries every record sent during one event-loop turn. On an
 * isolate's connection a batch of plain messages may instead be JSON text (plain-frames.ts); readers tell the
 * two apart by the payload's first byte.
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

/**
 * Decodes a frame's payload so that nothing decoded refers to the payload's memory: node:v8's deserializer makes
 * each byte array a view into the frame's buffer, which would keep the whole frame alive (a 10-byte KV value
 * holding 8 MiB) and forbid releasing it; here each is an exact copy of its bytes instead.
 */
export function decodeOwned(payload: Buffer): unknown {
  if (payload[0] === JSON_PAYLOAD_START) return decodeJsonPayload(payload);
  const deserializer = new OwningDeserializer(payload);
  deserializer.readHeader();
  return deserializer.readValue();
}

class OwningDeserializer extends DefaultDeserializer {
  _readHostObject(): unknown {
    // Node's own reading (the view kinds and their wire indices), then a copy when it made a view of the frame.
    const view = (DefaultDeserializer.prototype as unknown as { _readHostObject(this: DefaultDeserializer): ArrayBufferView })._readHostObject.call(this);
    const frame = (this as unknown as { buffer: Buffer }).buffer.buffer;
    if (view.buffer !== frame) return view;
    const bytes = frame.slice(view.byteOffset, view.byteOffset + view.byteLength) as ArrayBuffer;
    if (view instanceof DataView) return new DataView(bytes);
    if (Buffer.isBuffer(view)) return Buffer.from(bytes);
    return new (view.constructor as new (b: ArrayBuffer) => ArrayBufferView)(bytes);
  }
}

/** Decodes a payload in either form: JSON text (plain-frames.ts) or V8's serialization. */
export function decodePayload(payload: Buffer): unknown {
  return payload[0] === JSON_PAYLOAD_START ? decodeJsonPayload(payload) : deserialize(payload);
}

/** Options of a FrameReader. */
export interface FrameReaderOptions {
  /** How a payload becomes a value (`decodePayload` unless given: JSON text or node:v8's `deserialize`). */
  decode?: (payload: Buffer) => unknown;
  /**
   * Called with each buffer the reader is done with: chunks whose bytes were all read, and the copies it made of
   * frames spanning chunks. Only for a `decode` whose values keep no view of the payload (`decodeOwned`), so
   * that the receiver can let go of their memory at once (isolate-channel.ts).
   */
  release?: (buffer: ArrayBuffer) => void;
  /**
   * Each chunk is valid only during its push (a read buffer its owner reuses): what the reader keeps of it past
   * the push (the start of a frame not yet complete) is copied. Only for a `decode` whose values keep no view of
   * the payload (`decodeOwned`).
   */
  transient?: boolean;
}

/** Reassembles frames from chunks of a byte stream. */
export class FrameReader {
  #chunks: Buffer[] = [];
  #buffered = 0;
  #need = -1;
  #maxBytes: number;
  #decode: (payload: Buffer) => unknown;
  #release: ((buffer: ArrayBuffer) => void) | undefined;
  /** Buffers read to their end in this push (released once the push decoded what it could). */
  #done: ArrayBuffer[] = [];
  /** Buffers the reader got whole (a chunk that is its own ArrayBuffer, or a copy it made): only these are released. */
  #whole = new Set<ArrayBufferLike>();
  #transient: boolean;

  constructor(maxBytes = MAX_FRAME_BYTES, options: FrameReaderOptions = {}) {
    this.#maxBytes = maxBytes;
    this.#decode = options.decode ?? decodePayload;
    this.#release = options.release;
    this.#transient = options.transient === true;
  }

  /** Whether the reader holds the start of a frame not yet complete. */
  get partial(): boolean { return this.#need >= 0 || this.#buffered > 0; }

  /** Adds bytes; returns the values of every frame now complete. Throws FrameError on an oversized or undecodable frame. */
  push(chunk: Buffer): unknown[] {
    if (this.#release && !this.#transient && chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength && chunk.buffer instanceof ArrayBuffer) this.#whole.add(chunk.buffer);
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
        out.push(this.#decode(payload));
      } catch (err) {
        throw new FrameError(`a frame could not be decoded: ${(err as Error).message}`);
      }
    }
    if (this.#transient) this.#keep(chunk);
    if (this.#release && this.#done.length > 0) for (const buffer of this.#done.splice(0)) this.#release(buffer);
    return out;
  }

  /** What the reader still holds of a transient chunk becomes its own copy (one buffer, released once read). */
  #keep(chunk: Buffer): void {
    for (let i = 0; i < this.#chunks.length; i++) {
      const held = this.#chunks[i] as Buffer;
      if (held.buffer !== chunk.buffer) continue;
      const copy = Buffer.allocUnsafeSlow(held.byteLength);
      held.copy(copy);
      if (this.#release) this.#whole.add(copy.buffer);
      this.#chunks[i] = copy;
    }
  }

  /** Bytes read to the end of their buffer: the buffer goes after this push when the reader had it whole (nothing else views it). */
  #finished(bytes: Buffer): void {
    if (this.#release && bytes.byteOffset + bytes.byteLength === bytes.buffer.byteLength && this.#whole.delete(bytes.buffer)) this.#done.push(bytes.buffer as ArrayBuffer);
  }

  /** The next `n` bytes: a view of the first chunk when it holds them, else one copy of the chunks they span (never more). */
  #take(n: number): Buffer {
    this.#buffered -= n;
    const first = this.#chunks[0] as Buffer;
    if (first.byteLength >= n) {
      if (first.byteLength === n) {
        this.#chunks.shift();
        this.#finished(first);
      } else this.#chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafeSlow(n);
    if (this.#release) this.#whole.add(out.buffer);
    let at = 0;
    let used = 0;
    while (at < n) {
      const chunk = this.#chunks[used] as Buffer;
      const part = Math.min(chunk.byteLength, n - at);
      chunk.copy(out, at, 0, part);
      at += part;
      if (part === chunk.byteLength) {
        used++;
        this.#finished(chunk);
      } else this.#chunks[used] = chunk.subarray(part);
    }
    this.#finished(out);
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

import { Buffer } from 'node:buffer';
import { Deserializer, Serializer } from 'node:v8';

/**
 * Framing of the channels between the host and a sandbox process: each frame is a 4-byte big-endian length,
 * then a 4-byte length of the value, one value in V8's structured-clone format (strings, numbers, arrays, plain
 * objects travel as they would between threads), and the bytes of every typed array and DataView in it, in
 * order. Those bytes stay out of the V8 encoding so that a writer can hand them to the kernel as they are
 * (`encodeFrameParts`, with one gathered write) rather than copy a response's chunks into a new buffer first.
 */

/** Largest frame the host accepts from a sandbox; a larger one is a protocol violation (messages are split well below it). */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

/** The kinds of byte view a frame carries (their index is on the wire); a Buffer arrives as a Uint8Array, as between threads. */
const VIEW_TYPES = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array, DataView] as const;

/** Writes a value with its views' bytes kept aside. */
class ViewSerializer extends Serializer {
  readonly views: Uint8Array[] = [];

  constructor() {
    super();
    // Documented in Node's v8 module, missing from its type definitions: every view is handed to _writeHostObject.
    (this as unknown as { _setTreatArrayBufferViewsAsHostObjects(flag: boolean): void })._setTreatArrayBufferViewsAsHostObjects(true);
  }

  /** Called by V8 for each view in the value. */
  _writeHostObject(object: object): void {
    const type = VIEW_TYPES.findIndex((T) => object instanceof T);
    if (type < 0 || !ArrayBuffer.isView(object)) throw new Error('a value that cannot cross the channel');
    this.writeUint32(type);
    this.writeUint32(object.byteLength);
    this.views.push(new Uint8Array(object.buffer, object.byteOffset, object.byteLength));
  }
}

/** Encodes one value as a frame, in parts: the head, the V8 encoding and the bytes of each view (not copied). */
export function encodeFrameParts(value: unknown): Uint8Array[] {
  const serializer = new ViewSerializer();
  serializer.writeHeader();
  serializer.writeValue(value);
  const encoded = serializer.releaseBuffer();
  let bytes = 4 + encoded.byteLength;
  for (const view of serializer.views) bytes += view.byteLength;
  const head = Buffer.allocUnsafe(8);
  head.writeUInt32BE(bytes, 0);
  head.writeUInt32BE(encoded.byteLength, 4);
  return [head, encoded, ...serializer.views];
}

/** Encodes one value as a frame, in one buffer. */
export function encodeFrame(value: unknown): Buffer {
  return Buffer.concat(encodeFrameParts(value));
}

/** Reads the value of one frame's payload (all but its first 4 bytes). Throws on anything malformed. */
function decodePayload(payload: Buffer): unknown {
  if (payload.byteLength < 4) throw new Error('a frame too short to hold its value');
  const encodedBytes = payload.readUInt32BE(0);
  if (encodedBytes > payload.byteLength - 4) throw new Error('a value longer than its frame');
  const views = payload.subarray(4 + encodedBytes);
  let at = 0;
  const deserializer = new Deserializer(payload.subarray(4, 4 + encodedBytes));
  (deserializer as unknown as { _readHostObject(): unknown })._readHostObject = () => {
    const type = deserializer.readUint32();
    const byteLength = deserializer.readUint32();
    const T = VIEW_TYPES[type];
    if (T === undefined) throw new Error(`an unknown kind of view (${type})`);
    const size = T === DataView ? 1 : (T as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
    if (byteLength > views.byteLength - at || byteLength % size !== 0) throw new Error('a view longer than its frame');
    // A copy: the view owns its bytes, aligned for its kind, and the frame's buffer can go.
    const own = new Uint8Array(byteLength);
    own.set(views.subarray(at, at + byteLength));
    at += byteLength;
    return T === DataView ? new DataView(own.buffer) : new (T as Uint8ArrayConstructor)(own.buffer, 0, byteLength / size);
  };
  deserializer.readHeader();
  const value = deserializer.readValue();
  if (at !== views.byteLength) throw new Error('bytes past the views of a frame');
  return value;
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
        out.push(decodePayload(payload));
      } catch (err) {
        throw new FrameError(`a frame could not be decoded: ${(err as Error).message}`);
      }
    }
    return out;
  }

  #take(n: number): Buffer {
    const whole = this.#chunks.length === 1 ? this.#chunks[0] as Buffer : Buffer.concat(this.#chunks, this.#buffered);
    const head = whole.subarray(0, n);
    const rest = whole.subarray(n);
    this.#chunks = rest.byteLength > 0 ? [rest] : [];
    this.#buffered = rest.byteLength;
    return head;
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

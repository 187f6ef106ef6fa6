import { DefaultDeserializer, deserialize, serialize } from 'node:v8';
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

/**
 * Node's deserializer makes each byte array a view on the frame's buffer. Such a view keeps the whole frame alive,
 * and posting it to a worker clones the whole frame (a structured clone copies a view's entire buffer): 100 values of
 * 1 MB in one frame became 100 MB per worker message. Each byte array here gets its own bytes instead, so the frame
 * is garbage once read and the arrays can be moved to a worker rather than copied (sandbox-main.ts).
 */
const readHostObject = (DefaultDeserializer.prototype as unknown as { _readHostObject(this: DefaultDeserializer): unknown })._readHostObject;

class OwnBytesDeserializer extends DefaultDeserializer {
  // Node's hook for byte arrays (lib/v8.js), not in its type declarations.
  _readHostObject(): unknown {
    const view = readHostObject.call(this) as ArrayBufferView;
    const own = new Uint8Array(view.byteLength);
    own.set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
    if (view instanceof Buffer) return Buffer.from(own.buffer, 0, own.byteLength);
    if (view instanceof DataView) return new DataView(own.buffer);
    const Ctor = view.constructor as new (buffer: ArrayBuffer) => ArrayBufferView;
    return new Ctor(own.buffer);
  }
}

/** Encodes one value as a frame. */
export function encodeFrame(value: unknown): Buffer {
  const payload = serialize(value);
  const header = Buffer.allocUnsafe(4);
  header.writeUInt32BE(payload.byteLength, 0);
  return Buffer.concat([header, payload], 4 + payload.byteLength);
}

/** Thrown when the other side sends something that is not a frame this side accepts. */
export class FrameError extends Error {}

/** Reassembles frames from chunks of a byte stream. */
export class FrameReader {
  #chunks: Buffer[] = [];
  #buffered = 0;
  #need = -1;
  #maxBytes: number;
  #ownBytes: boolean;

  /**
   * `ownBytes`: each byte array read gets a buffer of its own (OwnBytesDeserializer), for a reader whose values go
   * on to workers (the sandbox's main thread); otherwise they are views on the frame, as cheap as can be for the
   * host, which writes them to sockets and drops them.
   */
  constructor(maxBytes = MAX_FRAME_BYTES, options: { ownBytes?: boolean } = {}) {
    this.#maxBytes = maxBytes;
    this.#ownBytes = options.ownBytes === true;
  }

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
        if (this.#ownBytes) {
          const reader = new OwnBytesDeserializer(payload);
          reader.readHeader();
          out.push(reader.readValue());
        } else {
          out.push(deserialize(payload));
        }
      } catch (err) {
        throw new FrameError(`a frame could not be decoded: ${(err as Error).message}`);
      }
    }
    return out;
  }

  /**
   * The next `n` bytes: a view when the first chunk holds them, else a copy of exactly those bytes. What is left
   * stays as views of the socket's chunks, so no concatenation of everything buffered (a whole 100 MB frame, to
   * read a 4-byte header) is made, nor kept alive by the few bytes of the next frame behind it.
   */
  #take(n: number): Buffer {
    this.#buffered -= n;
    const first = this.#chunks[0] as Buffer;
    if (first.byteLength >= n) {
      if (first.byteLength === n) this.#chunks.shift();
      else this.#chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const head = Buffer.allocUnsafe(n);
    let at = 0;
    let used = 0;
    while (at < n) {
      const chunk = this.#chunks[used] as Buffer;
      const part = Math.min(chunk.byteLength, n - at);
      chunk.copy(head, at, 0, part);
      at += part;
      if (part === chunk.byteLength) used++;
      else this.#chunks[used] = chunk.subarray(part);
    }
    this.#chunks.splice(0, used);
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

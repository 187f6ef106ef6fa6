/**
 * Framing of the channel between the host and a sandbox process. A frame is a 4-byte big-endian length (of
 * what follows), a 1-byte tag, a 4-byte isolate id, then the payload: one value in V8's structured-clone
 * format (strings, numbers, arrays, plain objects and byte arrays travel as they would between threads).
 *
 * An isolate's messages are serialized once, by the side that makes them, and the sandbox's main thread
 * relays their payload as bytes without decoding it: the host's batch for an isolate goes to the worker as
 * one transferred buffer, and the worker's batch comes back the same way (isolate-wire.ts). Every frame
 * written during one turn of the event loop goes in one write.
 */

/** Largest frame the host accepts from a sandbox; a larger one is a protocol violation (messages are split well below it). */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;
/** Tag and isolate id. */
const HEAD_BYTES = 5;

/** One frame as read: its tag, its isolate id (0 for none) and its payload bytes (a view into the read buffer). */
export interface Frame {
  tag: number;
  id: number;
  payload: Buffer;
}

/** Encodes one frame around a payload that is already serialized (or empty). */
export function encodeFrame(tag: number, id: number, payload?: Uint8Array): Buffer {
  const length = payload?.byteLength ?? 0;
  const frame = Buffer.allocUnsafe(4 + HEAD_BYTES + length);
  frame.writeUInt32BE(HEAD_BYTES + length, 0);
  frame.writeUInt8(tag, 4);
  frame.writeUInt32BE(id, 5);
  if (payload) frame.set(payload, 4 + HEAD_BYTES);
  return frame;
}

/** Thrown when the other side sends something that is not a frame this side accepts. */
export class FrameError extends Error {}

/** Reassembles frames from chunks of a byte stream. */
export class FrameReader {
  #chunks: Buffer[] = [];
  #buffered = 0;
  /** Bytes the frame being read needs in all (its length prefix included), once its prefix has arrived. */
  #need = 0;
  #maxBytes: number;

  constructor(maxBytes = MAX_FRAME_BYTES) { this.#maxBytes = maxBytes; }

  /** Adds bytes; returns every frame now complete. Throws FrameError on a frame too short or too long. */
  push(chunk: Buffer): Frame[] {
    this.#chunks.push(chunk);
    this.#buffered += chunk.byteLength;
    // A large frame arrives in many chunks: they are joined once, when the whole frame is there.
    if (this.#buffered < Math.max(this.#need, 4)) return [];
    const data = this.#chunks.length === 1 ? chunk : Buffer.concat(this.#chunks, this.#buffered);
    const out: Frame[] = [];
    let at = 0;
    this.#need = 0;
    while (data.byteLength - at >= 4) {
      const length = data.readUInt32BE(at);
      if (length < HEAD_BYTES) throw new FrameError(`a frame of ${length} bytes is shorter than its header`);
      if (length > this.#maxBytes) throw new FrameError(`a frame of ${length} bytes is over the limit of ${this.#maxBytes}`);
      if (data.byteLength - at - 4 < length) {
        this.#need = 4 + length;
        break;
      }
      out.push({ tag: data.readUInt8(at + 4), id: data.readUInt32BE(at + 5), payload: data.subarray(at + 4 + HEAD_BYTES, at + 4 + length) });
      at += 4 + length;
    }
    const rest = data.subarray(at);
    this.#chunks = rest.byteLength > 0 ? [rest] : [];
    this.#buffered = rest.byteLength;
    return out;
  }
}

/** Sends frames: everything sent during one turn of the event loop goes in one write (or sooner, past `flushAtBytes`). */
export function createFrameWriter(write: (bytes: Buffer) => void, flushAtBytes = 8 * 1024 * 1024): { send(frame: Buffer): void; flush(): void } {
  let batch: Buffer[] = [];
  let bytes = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (batch.length === 0) return;
    const frames = batch;
    const total = bytes;
    batch = [];
    bytes = 0;
    write(frames.length === 1 ? frames[0] as Buffer : Buffer.concat(frames, total));
  };
  return {
    send(frame) {
      batch.push(frame);
      bytes += frame.byteLength;
      if (bytes >= flushAtBytes) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

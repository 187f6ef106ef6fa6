/**
 * How an isolate's messages cross a sandbox's main thread (frames.ts): the worker serializes each batch
 * once and posts the bytes (a transferred buffer, so no copy), the main thread writes them to the host as
 * they are, and the host's batches come back to the worker the same way. Without it each batch was
 * decoded and encoded again on the main thread, in both directions (issue 13, item 8: where the time went).
 * The messages themselves are the isolate protocol unchanged; a thread isolate never uses this.
 */
import { deserialize, serialize } from 'node:v8';
import type { HostMessage, IsolateMessage } from '../protocol.js';

/** Bodies larger than this travel as several chunks, so no frame grows past the host's limit (MAX_FRAME_BYTES). */
export const SPLIT_BYTES = 4 * 1024 * 1024;

/** Anything messages can be posted to: the worker's parent port. */
export interface PostTarget {
  postMessage(value: unknown, transfer?: readonly ArrayBuffer[]): void;
}

/** A port that posts each batch as serialized bytes, with large bodies split across several batches. */
export function serializingPort(port: PostTarget): PostTarget {
  return {
    postMessage(value) {
      for (const part of splitBodies(value as IsolateMessage[])) {
        const bytes = serialize(part);
        port.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
      }
    },
  };
}

/** A batch from the host as the worker receives it: serialized bytes under a sandbox, else the messages themselves. */
export function hostBatch(value: unknown): HostMessage[] {
  return value instanceof Uint8Array ? deserialize(value) as HostMessage[] : value as HostMessage[];
}

/** Bodies bigger than SPLIT_BYTES become a streamed response, so each batch stays small. */
export function splitBodies(messages: IsolateMessage[]): IsolateMessage[][] {
  if (!messages.some((m) => bigBody(m))) return [messages];
  const parts: IsolateMessage[][] = [];
  let current: IsolateMessage[] = [];
  for (const m of messages) {
    if (m.t === 'head' && bigBody(m) && m.body !== null) {
      const bytes = typeof m.body === 'string' ? Buffer.from(m.body) : m.body;
      current.push({ ...m, body: null, streaming: true, done: undefined } as IsolateMessage);
      for (let at = 0; at < bytes.byteLength; at += SPLIT_BYTES) {
        parts.push(current);
        current = [{ t: 'res-chunk', id: m.id, chunk: bytes.subarray(at, at + SPLIT_BYTES) }];
      }
      if (!m.streaming) current.push({ t: 'res-end', id: m.id });
      if (m.done) current.push({ t: 'done', id: m.id });
    } else if (m.t === 'res-chunk' && m.chunk.byteLength > SPLIT_BYTES) {
      for (let at = 0; at < m.chunk.byteLength; at += SPLIT_BYTES) {
        current.push({ t: 'res-chunk', id: m.id, chunk: m.chunk.subarray(at, at + SPLIT_BYTES) });
        parts.push(current);
        current = [];
      }
    } else current.push(m);
  }
  if (current.length) parts.push(current);
  return parts;
}

function bigBody(m: IsolateMessage): boolean {
  if (m.t === 'head') return m.body !== null && (typeof m.body === 'string' ? m.body.length * 3 : m.body.byteLength) > SPLIT_BYTES;
  return m.t === 'res-chunk' && m.chunk.byteLength > SPLIT_BYTES;
}

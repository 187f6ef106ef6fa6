// Imported, never taken from the global scope: an isolate's global scope has no Buffer.
import { Buffer } from 'node:buffer';
import type { IsolateMessage } from '../protocol.js';
import { approxBytes } from './frames.js';

/** Bodies larger than this travel as several chunks, so no frame grows past the host's limit (frames.ts MAX_FRAME_BYTES). */
export const SPLIT_BYTES = 4 * 1024 * 1024;

/**
 * Bodies bigger than SPLIT_BYTES become a streamed response, and a batch of many messages (a hundred binding calls
 * of a megabyte each, made in one turn) is cut into parts of about SPLIT_BYTES, so each frame stays far below the
 * channel's limit: a larger one would stop the account's sandbox as a protocol violation. Runs in the isolate's
 * worker (isolate-channel.ts), on what the isolate is about to send.
 */
export function splitBatch(messages: IsolateMessage[]): IsolateMessage[][] {
  if (!messages.some((m) => bigBody(m)) && sizeOf(messages) <= SPLIT_BYTES) return [messages];
  const parts: IsolateMessage[][] = [];
  let current: IsolateMessage[] = [];
  let bytes = 0;
  for (const m of messages) {
    if (m.t === 'head' && bigBody(m) && m.body !== null) {
      const body = typeof m.body === 'string' ? Buffer.from(m.body) : m.body;
      current.push({ ...m, body: null, streaming: true, done: undefined } as IsolateMessage);
      for (let at = 0; at < body.byteLength; at += SPLIT_BYTES) {
        parts.push(current);
        current = [{ t: 'res-chunk', id: m.id, chunk: body.subarray(at, at + SPLIT_BYTES) }];
      }
      if (!m.streaming) current.push({ t: 'res-end', id: m.id });
      if (m.done) current.push({ t: 'done', id: m.id });
      bytes = SPLIT_BYTES;
    } else if (m.t === 'res-chunk' && m.chunk.byteLength > SPLIT_BYTES) {
      for (let at = 0; at < m.chunk.byteLength; at += SPLIT_BYTES) {
        current.push({ t: 'res-chunk', id: m.id, chunk: m.chunk.subarray(at, at + SPLIT_BYTES) });
        parts.push(current);
        current = [];
      }
      bytes = 0;
    } else {
      const size = approxBytes(m, 0);
      if (current.length > 0 && bytes + size > SPLIT_BYTES) {
        parts.push(current);
        current = [];
        bytes = 0;
      }
      current.push(m);
      bytes += size;
    }
  }
  if (current.length) parts.push(current);
  return parts;
}

function bigBody(m: IsolateMessage): boolean {
  if (typeof m !== 'object' || m === null) return false;
  if (m.t === 'head') return m.body !== null && (typeof m.body === 'string' ? m.body.length * 3 : m.body.byteLength) > SPLIT_BYTES;
  return m.t === 'res-chunk' && m.chunk.byteLength > SPLIT_BYTES;
}

/** About how many bytes the messages take in a frame. */
function sizeOf(messages: IsolateMessage[]): number {
  let n = 0;
  for (const m of messages) {
    if (typeof m !== 'object' || m === null) n += 8;
    else if (m.t === 'res-chunk') n += m.chunk.byteLength;
    else if (m.t === 'head') n += m.body === null ? 256 : typeof m.body === 'string' ? m.body.length : m.body.byteLength;
    else n += approxBytes(m, 0);
  }
  return n;
}

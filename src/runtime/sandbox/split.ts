import { Buffer } from 'node:buffer';
import type { IsolateMessage } from '../protocol.js';

/** Bodies larger than this travel as several chunks, so no frame grows past the host's limit (frames.ts MAX_FRAME_BYTES). */
export const SPLIT_BYTES = 4 * 1024 * 1024;

/** Splits a batch of isolate messages so that no body in it is bigger than SPLIT_BYTES: a big body becomes a streamed response. */
export function splitBatch(messages: IsolateMessage[]): IsolateMessage[][] {
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
  if (m === null || typeof m !== 'object') return false;
  if (m.t === 'head') return m.body !== null && (typeof m.body === 'string' ? m.body.length * 3 : m.body.byteLength) > SPLIT_BYTES;
  return m.t === 'res-chunk' && m.chunk.byteLength > SPLIT_BYTES;
}

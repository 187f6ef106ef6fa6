/**
 * Runs first in every isolate worker inside a sandbox (isolate-entry.ts here): the worker's batches to and
 * from its parent travel as the channel's compact bytes (codec.ts), so the sandbox's main thread moves them
 * between the worker and the host without decoding or re-encoding them (issue 13 item 8: that relay was a
 * third of a KV get's CPU). The isolate code above is the same as in a thread isolate: it posts and receives
 * lists of messages. A batch the compact form does not carry, or one with a body big enough that the main
 * thread splits it (SPLIT_BYTES), is posted as the list, as before. Nothing here is trusted by the host: it
 * decodes and checks what arrives as it does any record from a sandbox.
 */
import { parentPort } from 'node:worker_threads';
import { decodeMessages, encodeMessages, SPLIT_BYTES } from './codec.js';

const port = parentPort;
if (!port) throw new Error('the isolate must run in a worker thread');
const post = port.postMessage.bind(port);
const on = port.on.bind(port);

port.postMessage = (value: unknown, transfer?: readonly Transferable[]) => {
  // A batch with a synchronous call goes as the list: the sandbox's main thread relays that call (sync-relay.ts).
  const bytes = Array.isArray(value) && !value.some(isSyncCall) ? encodeMessages(value, SPLIT_BYTES) : undefined;
  if (bytes) post(bytes, [bytes.buffer as ArrayBuffer]);
  else post(value, transfer as never);
};

port.on = ((event: string | symbol, listener: (...args: unknown[]) => void) => {
  if (event !== 'message') return on(event as 'message', listener);
  return on('message', (data: unknown) => listener(data instanceof Uint8Array ? decodeMessages(data) : data));
}) as typeof port.on;

function isSyncCall(m: unknown): boolean {
  return typeof m === 'object' && m !== null && (m as { t?: unknown }).t === 'call' && (m as { sync?: unknown }).sync !== undefined;
}

import { parentPort } from 'node:worker_threads';
import { openEmbeddedRecordStore } from '../storage/embedded-observability.js';
import type { WriterReply, WriterRequest } from './record-writer.js';

/**
 * The record writer's thread (src/observability/record-writer.ts): owns a connection to each account's store
 * it was sent records for, splits each batch, inserts it (one transaction) and prunes by age and size, so the
 * SQLite work of invocation records never runs on the platform's main thread.
 */
const stores = new Map<string, ReturnType<typeof openEmbeddedRecordStore>>();
const port = parentPort;
const decoder = new TextDecoder();
if (!port) throw new Error('record-writer-worker runs as a worker thread');

port.on('message', (message: WriterRequest) => {
  let reply: WriterReply;
  try {
    if (message.t === 'close') {
      for (const store of stores.values()) store.close();
      stores.clear();
      reply = { id: message.id };
    } else {
      let store = stores.get(message.file);
      if (!store) stores.set(message.file, (store = openEmbeddedRecordStore(message.file)));
      const lines = decoder.decode(new Uint8Array(message.bytes, 0, message.length)).split('\n');
      store.records.append(lines.map((json, i) => ({ json, time: message.times[i] as number, deployment: message.deployments[i] as string })));
      const removed = message.prune ? store.records.prune(message.prune.before, message.prune.maxBytes) : 0;
      reply = { id: message.id, removed };
    }
  } catch (err) {
    reply = { id: message.id, error: (err as Error).message };
  }
  port.postMessage(reply);
});

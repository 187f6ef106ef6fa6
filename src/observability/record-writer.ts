import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';

/**
 * A batch of encoded records: their JSON as UTF-8 bytes, one record per line (JSON text has no raw newline),
 * and what files each record. The bytes travel to the writer's thread by transfer, not by copy.
 */
export interface EncodedBatch {
  bytes: ArrayBuffer;
  /** Bytes of `bytes` in use. */
  length: number;
  times: number[];
  deployments: string[];
}

/** A batch for the writer's thread, and the account store it goes to. */
export interface WriterAppend extends EncodedBatch {
  t: 'append';
  id: number;
  /** The account's store file. */
  file: string;
  /** Prune after the insert: records older than `before`, then the oldest past `maxBytes`. */
  prune?: { before: number; maxBytes: number };
}

export type WriterRequest = WriterAppend | { t: 'close'; id: number };

export interface WriterReply {
  id: number;
  error?: string;
  removed?: number;
}

/**
 * Stores invocation records on a worker thread of its own (issue 17, item 6): the platform's main thread
 * encodes each record into a byte buffer as the event ends (sink.ts) and moves the buffer here; the SQLite
 * insert and the pruning run on the writer's thread. One writer serves every account of a
 * process, each account's file on its own connection there. Batches are written in the order they are sent.
 */
export interface RecordWriter {
  /** Sends a batch (its bytes are moved: the caller must not touch them again); resolves once it is stored, rejects with the store's error. */
  append(file: string, batch: EncodedBatch, prune?: { before: number; maxBytes: number }): Promise<void>;
  /** Waits for every batch sent, closes the connections and ends the thread. */
  close(): Promise<void>;
}

/**
 * The worker's module: its compiled JavaScript beside this file, or, when Ledge runs from its TypeScript
 * sources (tests, through tsx, whose loader a worker thread does not get), the source bundled once per process
 * as src/runtime/isolate-worker.ts does for the isolate's entry.
 */
function workerUrl(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./record-writer-worker.js', import.meta.url);
  const outfile = fileURLToPath(new URL(`../../node_modules/.cache/ledge-record-writer-${process.pid}.mjs`, import.meta.url));
  mkdirSync(path.dirname(outfile), { recursive: true });
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  buildSync({ entryPoints: [fileURLToPath(new URL('./record-writer-worker.ts', import.meta.url))], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
  return pathToFileURL(outfile);
}
let workerModule: URL | undefined;

/** Creates a writer; its thread starts with the first batch (again after a crash). */
export function createRecordWriter(): RecordWriter {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  function start(): Worker {
    if (worker) return worker;
    const started = new Worker((workerModule ??= workerUrl()), { env: {}, stdout: false, stderr: false });
    // Never holds the process open by itself: close() is what waits for the last batches.
    started.unref();
    started.on('message', (reply: WriterReply) => {
      const p = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error !== undefined) p?.reject(new Error(reply.error));
      else p?.resolve();
    });
    started.on('error', (err) => {
      worker = undefined;
      failAll(err);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`the record writer's thread exited (${code})`));
    });
    return (worker = started);
  }

  function send(message: WriterRequest, transfer: ArrayBuffer[] = []): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      pending.set(message.id, { resolve, reject });
      start().postMessage(message, transfer);
    });
  }

  return {
    append(file, batch, prune) {
      const message: WriterAppend = { t: 'append', id: nextId++, file, bytes: batch.bytes, length: batch.length, times: batch.times, deployments: batch.deployments };
      if (prune) message.prune = prune;
      return send(message, [batch.bytes]);
    },
    async close() {
      if (!worker) return;
      const closing = worker;
      await send({ t: 'close', id: nextId++ }).catch(() => undefined);
      worker = undefined;
      await closing.terminate();
    },
  };
}

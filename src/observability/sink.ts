import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { InvocationRecord } from './record.js';
import { encodeRecord } from './record-json.js';
import { createBatcher } from './batcher.js';
import type { RecordWriter } from './record-writer.js';

/** How long records are kept. @default 3 days */
export const RECORD_RETENTION_MS = 3 * 24 * 3600 * 1000;
/** Most bytes of records one account keeps; past it the oldest go first. @default 64 MiB */
export const RECORD_MAX_BYTES = 64 * 1024 * 1024;
/** Records waiting to be written; past it new ones are dropped (and counted) rather than grow memory. */
export const MAX_QUEUED_RECORDS = 10_000;

/** Options of a record sink. */
export interface RecordSinkOptions {
  /** The account's store file, written by `writer`. */
  file: string;
  writer: RecordWriter;
  clock: Clock;
  logger: Logger;
  /** Milliseconds records wait before they are written together. @default 250 */
  flushMs?: number;
  retentionMs?: number;
  maxBytes?: number;
}

/** Takes records off the event's path and writes them in batches; prunes by age and size as it goes. */
export interface RecordSink {
  write(record: InvocationRecord): void;
  /** Sends what waits now; resolves once every record sent so far is stored (a query that must see them, tests, a stop). */
  flush(): Promise<void>;
  /** Records dropped because the queue was full or the store failed. */
  readonly dropped: number;
}

/**
 * Creates a batched sink: a batch is encoded on this thread (record-json.ts) and stored by the record
 * writer's thread, one transaction per batch, so neither the event nor the main thread waits for SQLite.
 */
export function createRecordSink(options: RecordSinkOptions): RecordSink {
  const retentionMs = options.retentionMs ?? RECORD_RETENTION_MS;
  const maxBytes = options.maxBytes ?? RECORD_MAX_BYTES;
  let lastPrune = 0;
  let sinceLastPrune = 0;
  let failing = false;
  let failed = 0;
  let lastWrite: Promise<void> = Promise.resolve();
  const batcher = createBatcher<InvocationRecord>({
    flushMs: options.flushMs ?? 250,
    maxQueued: MAX_QUEUED_RECORDS,
    write(batch) {
      sinceLastPrune += batch.length;
      const now = options.clock.now();
      // Pruning reads the total size: once a minute, or sooner when many records arrived.
      let prune: { before: number; maxBytes: number } | undefined;
      if (now - lastPrune > 60_000 || sinceLastPrune > 5_000) {
        lastPrune = now;
        sinceLastPrune = 0;
        prune = { before: now - retentionMs, maxBytes };
      }
      const encoded = batch.map((record) => ({ time: record.time, deployment: record.deployment, json: encodeRecord(record) }));
      lastWrite = options.writer.append(options.file, encoded, prune).then(() => { failing = false; }, (err: Error) => {
        failed += batch.length;
        // Said once per failing stretch, not once per batch.
        if (!failing) options.logger.error(`invocation records could not be written (${batch.length} dropped): ${err.message}`);
        failing = true;
      });
    },
    onError(err, items) {
      options.logger.error(`invocation records could not be sent to the writer (${items} dropped): ${err.message}`);
    },
  });

  return {
    write(record) { batcher.add(record); },
    flush() {
      batcher.flush();
      return lastWrite;
    },
    get dropped() { return batcher.dropped + failed; },
  };
}

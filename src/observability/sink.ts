import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { RecordStoragePort } from '../storage/observability.js';
import type { InvocationRecord } from './record.js';

/** How long records are kept. @default 3 days */
export const RECORD_RETENTION_MS = 3 * 24 * 3600 * 1000;
/** Most bytes of records one account keeps; past it the oldest go first. @default 64 MiB */
export const RECORD_MAX_BYTES = 64 * 1024 * 1024;
/** Records waiting to be written; past it new ones are dropped (and counted) rather than grow memory. */
export const MAX_QUEUED_RECORDS = 10_000;

/** Options of a record sink. */
export interface RecordSinkOptions {
  store: () => RecordStoragePort<InvocationRecord>;
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
  /** Writes what waits now (tests, and a stop). */
  flush(): void;
  /** Records dropped because the queue was full or the store failed. */
  readonly dropped: number;
  close(): void;
}

/** Creates a batched sink: one transaction per batch, never on the event's path. */
export function createRecordSink(options: RecordSinkOptions): RecordSink {
  const flushMs = options.flushMs ?? 250;
  const retentionMs = options.retentionMs ?? RECORD_RETENTION_MS;
  const maxBytes = options.maxBytes ?? RECORD_MAX_BYTES;
  let queue: InvocationRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  let dropped = 0;
  let lastPrune = 0;
  let sinceLastPrune = 0;
  let failing = false;

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    try {
      const store = options.store();
      store.append(batch);
      sinceLastPrune += batch.length;
      const now = options.clock.now();
      // Pruning reads the total size: once a minute, or sooner when many records arrived.
      if (now - lastPrune > 60_000 || sinceLastPrune > 5_000) {
        lastPrune = now;
        sinceLastPrune = 0;
        store.prune(now - retentionMs, maxBytes);
      }
      failing = false;
    } catch (err) {
      dropped += batch.length;
      // Said once per failing stretch, not once per batch.
      if (!failing) options.logger.error(`invocation records could not be written (${batch.length} dropped): ${(err as Error).message}`);
      failing = true;
    }
  }

  return {
    write(record) {
      if (queue.length >= MAX_QUEUED_RECORDS) {
        dropped++;
        return;
      }
      queue.push(record);
      timer ??= setTimeout(flush, flushMs).unref();
    },
    flush,
    get dropped() { return dropped; },
    close() { flush(); },
  };
}

import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { InvocationRecord } from './record.js';
import { encodeRecord } from './record-json.js';
import type { RecordWriter } from './record-writer.js';

/** How long records are kept. @default 3 days */
export const RECORD_RETENTION_MS = 3 * 24 * 3600 * 1000;
/** Most bytes of records one account keeps; past it the oldest go first. @default 64 MiB */
export const RECORD_MAX_BYTES = 64 * 1024 * 1024;
/** Records waiting to be written (queued here or sent and not yet stored); past it new ones are dropped (and counted) rather than grow memory. */
export const MAX_QUEUED_RECORDS = 10_000;
/** Bytes of one batch buffer: a full buffer goes to the writer at once, without waiting for the timer. */
export const SEGMENT_BYTES = 256 * 1024;

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

/** One batch being filled: the records' JSON as UTF-8, a line each, and what files each record. */
interface Segment {
  bytes: Buffer;
  used: number;
  times: number[];
  deployments: string[];
}

/**
 * Creates a batched sink. Each record is encoded as it arrives (record-json.ts) straight into a byte buffer,
 * so what waits for the writer is bytes outside the JavaScript heap, not objects: a record kept for the 250 ms
 * of a batch would outlive the young generation and be copied into the old one, and that garbage collection
 * was most of what logging cost the platform's main thread (issue 17, item 6). The buffer is moved (not copied)
 * to the record writer's thread, which stores it, one transaction per batch, so neither the event nor the
 * main thread waits for SQLite.
 */
export function createRecordSink(options: RecordSinkOptions): RecordSink {
  const retentionMs = options.retentionMs ?? RECORD_RETENTION_MS;
  const maxBytes = options.maxBytes ?? RECORD_MAX_BYTES;
  const flushMs = options.flushMs ?? 250;
  let lastPrune = 0;
  let sinceLastPrune = 0;
  let failing = false;
  let failed = 0;
  let full = 0;
  /** Records queued in `current` or sent and not yet stored. */
  let waiting = 0;
  let current: Segment | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastWrite: Promise<void> = Promise.resolve();

  function send(): void {
    clearTimeout(timer);
    timer = undefined;
    const segment = current;
    current = undefined;
    if (!segment) return;
    const count = segment.times.length;
    sinceLastPrune += count;
    const now = options.clock.now();
    // Pruning reads the total size: once a minute, or sooner when many records arrived.
    let prune: { before: number; maxBytes: number } | undefined;
    if (now - lastPrune > 60_000 || sinceLastPrune > 5_000) {
      lastPrune = now;
      sinceLastPrune = 0;
      prune = { before: now - retentionMs, maxBytes };
    }
    const batch = { bytes: segment.bytes.buffer as ArrayBuffer, length: segment.used, times: segment.times, deployments: segment.deployments };
    let written: Promise<void>;
    try {
      written = options.writer.append(options.file, batch, prune);
    } catch (err) {
      written = Promise.reject(err as Error);
    }
    lastWrite = written.then(() => {
      waiting -= count;
      failing = false;
    }, (err: Error) => {
      waiting -= count;
      failed += count;
      // Said once per failing stretch, not once per batch.
      if (!failing) options.logger.error(`invocation records could not be written (${count} dropped): ${err.message}`);
      failing = true;
    });
  }

  return {
    write(record) {
      if (waiting >= MAX_QUEUED_RECORDS) {
        full++;
        return;
      }
      const json = encodeRecord(record);
      // At most 3 bytes of UTF-8 per UTF-16 unit (a lone surrogate is escaped, so pairs make 4 bytes of 2 units).
      const room = json.length * 3 + 1;
      if (current && current.bytes.length - current.used < room) send();
      // Buffer.alloc gives it its own ArrayBuffer (never a slice of the shared pool): the whole buffer is moved to the writer.
      const segment = (current ??= { bytes: Buffer.alloc(Math.max(SEGMENT_BYTES, room)), used: 0, times: [], deployments: [] });
      if (segment.used > 0) segment.bytes[segment.used++] = 0x0a;
      segment.used += segment.bytes.write(json, segment.used);
      segment.times.push(record.time);
      segment.deployments.push(record.deployment);
      waiting++;
      // unref'd: a batch waiting never holds the process open (flush() on a stop writes it).
      timer ??= setTimeout(send, flushMs).unref();
    },
    flush() {
      send();
      return lastWrite;
    },
    get dropped() { return full + failed; },
  };
}

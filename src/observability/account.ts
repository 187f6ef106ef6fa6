import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { openEmbeddedObservability, type ObservabilityStores } from '../storage/embedded-observability.js';
import type { InvocationRecord } from './record.js';
import { createNotifier, type Notifier, type NotifierOptions } from './notify.js';
import { createLiveFeed, type LiveFeed } from './live.js';
import { createRecordSink, type RecordSink } from './sink.js';
import { createIssueTracker, type IssueTracker } from './issues.js';
import { createRecordWriter, type RecordWriter } from './record-writer.js';

/** Options of an account's observability. */
export interface AccountObservabilityOptions {
  /** The account's store file (`accounts/<id>/observability.sqlite`, or `.ledge/observability.sqlite` in `ledge dev`). */
  file: string;
  clock: Clock;
  logger: Logger;
  /** @default 250 */
  flushMs?: number;
  /** @default RECORD_RETENTION_MS */
  retentionMs?: number;
  /** @default RECORD_MAX_BYTES */
  maxBytes?: number;
  /** The thread that stores records, shared by the accounts of a process; without it the account starts (and closes) its own. */
  writer?: RecordWriter;
  /** Webhook notifications of issues (`ledge serve`); without it there are none. */
  webhooks?: Omit<NotifierOptions, 'store' | 'clock' | 'logger'>;
}

/** One account's invocation records, live feed and issues, over one embedded store opened on first use. */
export interface AccountObservability {
  readonly live: LiveFeed;
  readonly records: RecordSink;
  readonly issues: IssueTracker;
  /** Issue notifications, when the account has webhooks. */
  readonly notifier: Notifier | undefined;
  /** The stores, opened on first use. */
  store(): ObservabilityStores<InvocationRecord>;
  /** Writes everything queued now; resolves once the records are stored. */
  flush(): Promise<void>;
  /** Writes what waits and closes the store (and the writer, when the account started its own). */
  close(): Promise<void>;
}

/** Opens an account's observability; nothing touches the disk until a record or a question arrives. */
export function openAccountObservability(options: AccountObservabilityOptions): AccountObservability {
  const embedded = openEmbeddedObservability<InvocationRecord>(options.file);
  const store = embedded.stores;
  const notifier = options.webhooks ? createNotifier({ ...options.webhooks, store: () => store().webhooks, clock: options.clock, logger: options.logger }) : undefined;
  const writer = options.writer ?? createRecordWriter();
  const records = createRecordSink({ file: options.file, writer, clock: options.clock, logger: options.logger, flushMs: options.flushMs, retentionMs: options.retentionMs, maxBytes: options.maxBytes });
  const issues = createIssueTracker({ store: () => store().issues, clock: options.clock, logger: options.logger, flushMs: options.flushMs, ...(notifier ? { onOccurrence: notifier.onOccurrence } : {}) });
  return {
    live: createLiveFeed(),
    records,
    issues,
    notifier,
    store,
    flush() {
      issues.flush();
      return records.flush();
    },
    async close() {
      notifier?.close();
      issues.flush();
      await records.flush();
      if (!options.writer) await writer.close();
      embedded.close();
    },
  };
}

/** What the record store reads of a record (the rest is kept as JSON and handed back as written): src/observability defines the record. */
export interface StoredRecord {
  id: string;
  /** When the event started (epoch ms). */
  time: number;
  deployment: string;
}

/** A record ready to be stored: its JSON, and the fields the store files it by. */
export interface EncodedRecord {
  time: number;
  deployment: string;
  json: string;
}

/** A time range and a page size for stored records. */
export interface RecordRange {
  deployment?: string;
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, exclusive. */
  to?: number;
}

/**
 * Where an account's invocation records live (docs/observability.md): appended in batches, read newest
 * first, pruned by age and by total size (oldest first).
 */
export interface RecordStoragePort<R extends StoredRecord = StoredRecord> {
  /** Appends records (already JSON: the caller encodes them) in one transaction. */
  append(records: readonly EncodedRecord[]): void;
  /** Records in the range, the last appended (the last to end) first, passed through `keep` until `limit` are found or `scanLimit` rows were read. */
  query(range: RecordRange, keep: (record: R) => boolean, limit: number, scanLimit: number): R[];
  /** Deletes records older than `before`, then the oldest until the total is at most `maxBytes`; returns how many went. */
  prune(before: number, maxBytes: number): number;
  /** Bytes the stored records take (their JSON). */
  size(): number;
}

/** Where an issue stands (docs/observability.md): a newer occurrence reopens a resolved issue; an ignored one stays ignored. */
export type IssueStatus = 'active' | 'resolved' | 'ignored';

/** One group of occurrences of the same error. */
export interface IssueRecord {
  id: string;
  deployment: string;
  fingerprint: string;
  /** Which rule grouped it: `stack`, `message` or `route`. */
  rule: string;
  type: string;
  /** The first occurrence's message (scrubbed). */
  message: string;
  culprit: string;
  status: IssueStatus;
  count: number;
  first_seen: number;
  last_seen: number;
  /** Versions it occurred in, oldest first. */
  versions: string[];
  /** When it was last marked resolved. */
  resolved_at: number | null;
}

/** One occurrence as kept: what the issue page shows of an event. */
export interface OccurrenceRecord {
  id: string;
  issue_id: string;
  time: number;
  version: string;
  request_id?: string;
  method?: string;
  url?: string;
  status?: number;
  outcome: string;
  /** The stack with application paths and lines (source-mapped). */
  stack?: string;
  message: string;
  logs: { time: number; level: string; message: string }[];
}

/** What `record` changed, for notifications. */
export interface OccurrenceResult {
  issue: IssueRecord;
  created: boolean;
  reopened: boolean;
  /** Milliseconds since the occurrence before this one (null for the first). */
  quietMs: number | null;
}

/** An account's issues, their occurrences and each deployment's switch. */
export interface IssueStoragePort {
  /** Adds an occurrence to the issue of its fingerprint (created if new); keeps at most `keep` occurrences per issue. */
  record(input: { deployment: string; fingerprint: string; rule: string; type: string; message: string; culprit: string; occurrence: Omit<OccurrenceRecord, 'id' | 'issue_id'> }, keep: number): OccurrenceResult;
  list(filter: { deployment?: string; status?: IssueStatus }): IssueRecord[];
  get(id: string): IssueRecord | null;
  occurrences(issueId: string, limit: number): OccurrenceRecord[];
  setStatus(id: string, status: IssueStatus, now: number): IssueRecord | null;
  /** Deletes occurrences older than `before`; issues stay. */
  pruneOccurrences(before: number): number;
  /** The issues switch of a deployment, and the version whose configuration last set it. */
  getSwitch(deployment: string): { enabled: boolean; applied_version: string | null; changed_at: number } | null;
  setSwitch(deployment: string, enabled: boolean, appliedVersion: string | null, now: number): void;
}

/** A webhook destination of an account: where issue notifications go, and when. */
export interface WebhookDestination {
  id: string;
  url: string;
  /** The signing secret, sealed under the platform key (never answered by the API after creation). */
  sealed_secret: string;
  on_new: boolean;
  /** Fire once when an issue's count reaches this many occurrences; null for never. */
  threshold: number | null;
  /** Fire when an issue recurs after this long without an occurrence (seconds); null for never. */
  quiet_period_seconds: number | null;
  created_at: number;
}

/** One notification to send (or sent), with its attempts. */
export interface WebhookDelivery {
  id: string;
  destination_id: string;
  issue_id: string;
  event: 'issue.new' | 'issue.threshold' | 'issue.recurred';
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_at: number;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

/** An account's webhook destinations and the record of their deliveries. */
export interface WebhookStoragePort {
  addDestination(destination: WebhookDestination): void;
  listDestinations(): WebhookDestination[];
  deleteDestination(id: string): boolean;
  enqueue(delivery: WebhookDelivery): void;
  /** Pending deliveries due at `now`, oldest first. */
  due(now: number, limit: number): WebhookDelivery[];
  update(delivery: WebhookDelivery): void;
  deliveries(destinationId: string, limit: number): WebhookDelivery[];
  /** Deletes delivery records older than `before`. */
  prune(before: number): number;
}

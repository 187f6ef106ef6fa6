/**
 * Storage ports: the only way anything above src/storage reaches stored data. The embedded adapters
 * (SQLite, files) implement them today; PostgreSQL and S3-compatible adapters implement the same
 * interfaces for scale-out. Every method is async so a networked adapter fits.
 */
import { LedgeError, hasCode } from '../platform/errors.js';
import type { VectorStoragePort } from './vectors.js';

export type { VectorStoragePort } from './vectors.js';

/** One stored key-value entry. `expiration` is in epoch seconds. */
export interface KvEntry {
  value: Uint8Array;
  expiration: number | null;
  /** JSON text of the metadata, or null. */
  metadata: string | null;
}

/** One key as `list` reports it. */
export interface KvListedKey {
  name: string;
  expiration: number | null;
  metadata: string | null;
}

/** Key-value namespaces. Keys sort in UTF-8 byte order; entries whose expiration is at or before `now` do not exist. */
export interface KvStoragePort {
  get(namespace: string, key: string, now: number): Promise<KvEntry | null>;
  put(namespace: string, key: string, entry: KvEntry): Promise<void>;
  delete(namespace: string, key: string): Promise<void>;
  /**
   * Scans up to `limit` stored keys after `after` (exclusive) that start with `prefix`, in byte order, and
   * returns the live ones. Expired keys not yet swept count toward the scan, as tombstones do on the edge,
   * so a page can be empty while more keys follow: `last` is the last key scanned and `more` says whether
   * the scan stopped at the limit.
   */
  list(namespace: string, options: { prefix: string; after: string | null; limit: number }, now: number): Promise<{ keys: KvListedKey[]; last: string | null; more: boolean }>;
}

/** A value bound to or read from a SQL statement. */
export type SqlValue = number | string | null | Uint8Array | bigint;

/** An error a SQL statement raised, with the index of the statement in its batch or script; code `sql_statement_failed`. */
export class SqlStatementError extends LedgeError {
  declare readonly code: 'sql_statement_failed';
  constructor(message: string, readonly index: number) {
    super('sql_statement_failed', message);
    // The name it always had: callers format it as a plain error.
    this.name = 'Error';
  }
}

/** True when `err` is a failed SQL statement (identified by code, not class). */
export function isSqlStatementError(err: unknown): err is SqlStatementError {
  return hasCode(err, 'sql_statement_failed') && typeof (err as { index?: unknown }).index === 'number';
}

/**
 * A store call that failed because the process serving the store ended before it answered (stopped at the time
 * limit, or killed): code `operation_failed`. Whatever the caller held open there (a transaction) is gone, so
 * state the caller keeps in memory about the store (a coordination object's instance) must be built again.
 */
export class StoreStoppedError extends LedgeError {
  declare readonly code: 'operation_failed';
  readonly storeStopped = true;
  constructor(message: string) {
    super('operation_failed', message);
  }
}

/** True when `err` is a StoreStoppedError. */
export function isStoreStopped(err: unknown): err is StoreStoppedError {
  return hasCode(err, 'operation_failed') && (err as { storeStopped?: unknown }).storeStopped === true;
}

/** One statement with its parameters. */
export interface SqlQuery {
  sql: string;
  params: SqlValue[];
}

/** What one statement produced; BLOB cells come back as arrays of byte values. */
export interface SqlResult {
  results: unknown[];
  columns: string[];
  meta: {
    served_by: string;
    duration: number;
    changes: number;
    last_row_id: number;
    changed_db: boolean;
    size_after: number;
    rows_read: number;
    rows_written: number;
  };
}

/** The outcome of a point-in-time restore: where the database now is, and the bookmark that undoes it. */
export interface SqlRestoreResult {
  bookmark: string;
  previous_bookmark: string;
}

/** One SQL database (SQLite dialect), with point-in-time restore. */
export interface SqlDatabasePort {
  /** Runs the statements; more than one run as one transaction (any failure rolls back all). */
  query(queries: SqlQuery[], format: 'objects' | 'rows'): Promise<SqlResult[]>;
  /** Runs whole statements in one transaction (migrations). */
  script(statements: string[]): Promise<void>;
  /** The bookmark of the current state. */
  bookmark(): Promise<string>;
  /** The bookmark of the state at `time` (epoch ms). */
  bookmarkAt(time: number): Promise<string>;
  /** Restores the database in place to `bookmark`. */
  restore(bookmark: string): Promise<SqlRestoreResult>;
}

/** SQL databases by id. */
export interface SqlStoragePort {
  database(id: string, options: { retentionDays: number }): SqlDatabasePort;
}

/** One stored object's metadata. Times are epoch milliseconds; checksums are hex. */
export interface StoredObject {
  bucket: string;
  key: string;
  version: string;
  size: number;
  etag: string;
  uploaded: number;
  httpMetadata: Record<string, string | number>;
  customMetadata: Record<string, string>;
  checksums: Record<string, string>;
  blobId: string;
}

/** A multipart upload in progress. */
export interface StoredUpload {
  bucket: string;
  key: string;
  uploadId: string;
  initiated: number;
  httpMetadata: Record<string, string | number>;
  customMetadata: Record<string, string>;
}

/** One uploaded part. */
export interface StoredPart {
  partNumber: number;
  size: number;
  /** Hex MD5 of the part. */
  md5: string;
  blobId: string;
}

/** Bytes being written to a new blob; nothing is visible until `finish()` and a commit. */
export interface BlobWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** Makes the blob durable and returns its id. */
  finish(): Promise<string>;
  abort(): Promise<void>;
}

/** Buckets of objects: metadata and bodies. Keys sort in UTF-8 byte order. */
export interface ObjectStoragePort {
  head(bucket: string, key: string): Promise<StoredObject | null>;
  read(blobId: string, offset: number, length: number): Promise<Uint8Array>;
  createBlob(): Promise<BlobWriter>;
  /** Concatenates blobs into a new one (multipart completion). */
  concatBlobs(blobIds: string[]): Promise<string>;
  /**
   * Makes `object` the current version of its key, in one atomic step, if `accept(existing)` agrees;
   * otherwise stores nothing, deletes the new blob and returns false. The replaced body is deleted.
   */
  commit(object: StoredObject, accept?: (existing: StoredObject | null) => boolean): Promise<boolean>;
  delete(bucket: string, keys: string[]): Promise<void>;
  list(bucket: string, options: { prefix: string; after: string | null; limit: number }): Promise<StoredObject[]>;
  createUpload(upload: StoredUpload): Promise<void>;
  getUpload(bucket: string, uploadId: string): Promise<StoredUpload | null>;
  putPart(uploadId: string, part: StoredPart): Promise<void>;
  listParts(uploadId: string): Promise<StoredPart[]>;
  /** Removes the upload and its parts (their blobs too unless `keepBlobs`). */
  deleteUpload(uploadId: string, keepBlobs?: boolean): Promise<void>;
  listUploads(bucket: string): Promise<StoredUpload[]>;
  getLifecycle(bucket: string): Promise<unknown[] | null>;
  setLifecycle(bucket: string, rules: unknown[]): Promise<void>;
}

/** Where each cron of a deployment stands: the last window that finished, and one that started but did not. */
export interface CronWindowState {
  lastWindow: number | null;
  started: number | null;
}

/** Cron window bookkeeping, so a restart neither loses a window nor gives it a second identity. */
export interface CronStatePort {
  get(deployment: string, cron: string): Promise<CronWindowState>;
  started(deployment: string, cron: string, window: number): Promise<void>;
  finished(deployment: string, cron: string, window: number): Promise<void>;
}

/** A message to store: visible to consumers from `visibleAt` (epoch ms). */
export interface QueueMessageInput {
  id: string;
  body: Uint8Array;
  contentType: string;
  visibleAt: number;
}

/** A message leased to one consumer batch until its lease expires or is settled. */
export interface LeasedMessage {
  /** Names this delivery; acks and retries quote it. */
  leaseId: string;
  id: string;
  body: Uint8Array;
  contentType: string;
  /** When the message was sent (epoch ms). */
  timestamp: number;
  /** Deliveries so far, this one included (starts at 1). */
  attempts: number;
}

/** Where a message goes once its deliveries are used up: another queue, or the dead state of its own. */
export interface DeliveryPolicy {
  /** Deliveries a message gets: `max_retries + 1`. */
  maxAttempts: number;
  deadLetterQueue: string | null;
}

/** The end of some deliveries: acks delete; retries make a message visible again at `visibleAt` unless its deliveries are used up. */
export interface QueueSettlement {
  acks: string[];
  retries: { leaseId: string; visibleAt: number }[];
}

/** What a settlement did. Stale retries (the lease was superseded) and acks of messages already gone are counted apart. */
export interface QueueSettleResult {
  acked: number;
  retried: number;
  /** Moved to the dead-letter queue. */
  deadLettered: number;
  /** Kept in the dead state (no dead-letter queue). */
  dead: number;
  /** Lease ids that named no current delivery. */
  stale: string[];
}

/** A queue's state at one instant. */
export interface QueueStats {
  /** Messages not yet acked and not dead: ready, delayed or in flight. */
  backlog: number;
  backlogBytes: number;
  /** Visible now and not leased. */
  ready: number;
  /** Leased to a consumer and not yet settled. */
  inFlight: number;
  /** Waiting for their delay or retry back-off. */
  delayed: number;
  dead: number;
  /** Send time of the oldest message in the backlog (epoch ms). */
  oldestTimestamp: number | null;
}

/** A message in the dead state. */
export interface DeadMessage {
  id: string;
  body: Uint8Array;
  contentType: string;
  timestamp: number;
  attempts: number;
  diedAt: number;
}

/**
 * Durable queues: messages stored on send, leased to one batch at a time, redelivered when a lease expires.
 * Every method that changes state is one transaction.
 */
export interface QueueStoragePort {
  /** Stores the messages, sent at `now` (epoch ms), in one transaction; returns the queue's backlog after it. */
  send(queue: string, messages: QueueMessageInput[], now: number): Promise<{ backlog: number; backlogBytes: number }>;
  /** How many messages (at most `limit`) are ready now, and when the earliest of them became visible. */
  peek(queue: string, now: number, limit: number): Promise<{ ready: number; firstVisibleAt: number | null; nextVisibleAt: number | null }>;
  /**
   * Leases up to `limit` ready messages until `now + leaseMs`, counting a delivery on each. A message whose
   * last delivery's lease expired (its consumer died) goes where `policy` says instead of being delivered again.
   */
  lease(queue: string, options: { limit: number; leaseMs: number; now: number; policy: DeliveryPolicy }): Promise<{ messages: LeasedMessage[]; deadLettered: number; dead: number }>;
  /** Keeps the named deliveries leased until `until` (a running batch renews its lease). */
  extend(queue: string, leaseIds: string[], until: number): Promise<void>;
  settle(queue: string, settlement: QueueSettlement, now: number, policy: DeliveryPolicy): Promise<QueueSettleResult>;
  stats(queue: string, now: number): Promise<QueueStats>;
  /** Every queue that holds or has held messages. */
  queues(): Promise<string[]>;
  listDead(queue: string, limit: number): Promise<DeadMessage[]>;
  /** Makes dead messages (all, or those with the given ids) ready again with fresh attempts; returns how many. */
  replayDead(queue: string, ids: string[] | null, now: number): Promise<number>;
  /** Deletes dead messages (all, or those with the given ids); returns how many. */
  purgeDead(queue: string, ids: string[] | null): Promise<number>;
  /** Calls `listener` when a message is sent to `queue` through this store; returns the unsubscribe function. */
  watch(queue: string, listener: () => void): () => void;
}

/** One stored response of the Cache API. Times are epoch milliseconds. */
export interface CacheEntry {
  status: number;
  statusText: string;
  /** Flat header list: name, value, name, value... */
  headers: string[];
  body: Uint8Array;
  expiresAt: number;
}

/**
 * The Cache API's store for one account (docs/cache.md): responses by cache name and URL, bounded in bytes
 * with least-recently-used eviction. Entries whose `expiresAt` is at or before `now` do not exist.
 */
export interface CacheStoragePort {
  /** The live entry, marked as used at `now`. */
  get(cache: string, url: string, now: number): Promise<CacheEntry | null>;
  /** Stores (or replaces) an entry, then evicts the least recently used entries until the store holds at most `maxBytes`. */
  put(cache: string, url: string, entry: CacheEntry, now: number, maxBytes: number): Promise<void>;
  /** Deletes a live entry; returns whether there was one. */
  delete(cache: string, url: string, now: number): Promise<boolean>;
  /** Deletes the entries for `urls` in every cache (or every entry when `urls` is null); returns how many. */
  purge(urls: string[] | null): Promise<number>;
  /** Entries and bytes stored (expired ones not yet swept included). */
  usage(): Promise<{ entries: number; bytes: number }>;
}

/** An instance's stored status; `waitingForPause` and `unknown` are only ever reported, never stored. */
export type WorkflowStatus = 'queued' | 'running' | 'waiting' | 'paused' | 'complete' | 'errored' | 'terminated';

/** One workflow instance as stored. Values are structured-clone bytes (v8.serialize). Times in epoch ms. */
export interface WorkflowInstanceRow {
  workflow: string;
  id: string;
  status: WorkflowStatus;
  /** `pause()` arrived while a run was in flight: it takes effect at the next step boundary. */
  pauseRequested: boolean;
  /** The fencing token of the run that owns the instance (SPEC: Task state, rule 1); every commit presents it. */
  generation: number;
  leaseUntil: number | null;
  /** Runs (claims) so far. */
  runs: number;
  /** When a queued or waiting instance may run (a timer, an event, a retry); null for none. */
  wakeAt: number | null;
  params: Uint8Array;
  /** JSON of `event.schedule` for a cron-started instance. */
  schedule: string | null;
  output: Uint8Array | null;
  error: { name: string; message: string } | null;
  createdAt: number;
  updatedAt: number;
  endedAt: number | null;
}

/** A step as stored: `do` (with attempts), `sleep`, or `event` (waitForEvent). */
export interface WorkflowStepRow {
  key: string;
  name: string;
  type: 'do' | 'sleep' | 'event';
  state: 'running' | 'retrying' | 'waiting' | 'done' | 'errored';
  attempts: number;
  value: Uint8Array | null;
  error: { name: string; message: string } | null;
  size: number;
  startedAt: number;
  endedAt: number | null;
  /** A sleep's end, a waitForEvent's deadline or a retry's time. */
  waitUntil: number | null;
  eventType: string | null;
}

/** One attempt of a `do` step. */
export interface WorkflowAttemptRow {
  key: string;
  attempt: number;
  startedAt: number;
  endedAt: number | null;
  error: { name: string; message: string } | null;
}

/**
 * Attempts of one step an instance's history keeps, the latest: a step may retry without end (`retries.limit` has
 * no maximum, `delay` may be 0), and a record of every attempt filled the disk and the describe answer.
 */
export const WORKFLOW_ATTEMPTS_KEPT = 100;

/** One event sent to an instance. */
export interface WorkflowEventRow {
  seq: number;
  type: string;
  payload: Uint8Array;
  sentAt: number;
}

/** Names the run that owns an instance: a write presenting an older generation is refused. */
export interface WorkflowFence {
  workflow: string;
  id: string;
  generation: number;
}

/** The fields a compare-and-set may change. */
export type WorkflowInstanceChange = Partial<Pick<WorkflowInstanceRow, 'status' | 'pauseRequested' | 'generation' | 'leaseUntil' | 'runs' | 'wakeAt' | 'output' | 'error' | 'endedAt'>>;

/**
 * Durable workflow instances (docs/bindings/workflows.md). Every method that changes state is one
 * transaction; the ones taking a fence change nothing (and say so) unless the instance is still running
 * under that generation, so a stalled engine can never commit over a newer one.
 */
export interface WorkflowStoragePort {
  /** Stores new queued instances, all or none: returns the ids that already exist (then nothing was stored), or `[]`. With `ifAbsent`, existing ids are skipped instead. */
  create(workflow: string, instances: { id: string; params: Uint8Array; schedule: string | null }[], now: number, options?: { ifAbsent?: boolean }): Promise<string[]>;
  get(workflow: string, id: string): Promise<WorkflowInstanceRow | null>;
  /** Instances newest first, after the cursor `before` (created_at, id). */
  list(workflow: string, options: { limit: number; status?: WorkflowStatus; before?: { createdAt: number; id: string } }): Promise<WorkflowInstanceRow[]>;
  /** Every workflow name with instances, and how many in each status. */
  workflows(): Promise<{ workflow: string; counts: Partial<Record<WorkflowStatus, number>> }[]>;
  steps(workflow: string, id: string): Promise<{ steps: WorkflowStepRow[]; attempts: WorkflowAttemptRow[] }>;
  step(workflow: string, id: string, key: string): Promise<WorkflowStepRow | null>;
  /** How many `do` and `event` steps the instance has (the steps limit counts these). */
  stepCount(workflow: string, id: string): Promise<number>;
  /** Instances ready to run now: queued or waiting and due, or running with an expired lease (`leaseBefore`). */
  due(workflow: string, now: number, leaseBefore: number, limit: number): Promise<WorkflowInstanceRow[]>;
  /** The earliest wake time of a queued or waiting instance, or the earliest lease expiry; null for none. */
  nextWake(workflow: string): Promise<number | null>;
  /**
   * Changes an instance if it is still in `expect` (status and generation): one transaction. `maxRunning`
   * refuses a move to running when that many instances of the store are running; `resetSteps` deletes the
   * instance's steps and events in the same transaction (restart).
   */
  cas(expect: { workflow: string; id: string; status: WorkflowStatus; generation: number }, next: WorkflowInstanceChange, now: number, options?: { maxRunning?: number; resetSteps?: boolean }): Promise<boolean>;
  renew(fence: WorkflowFence, until: number): Promise<boolean>;
  /**
   * Records a new attempt of a `do` step. The steps limit is checked in the same transaction: `limit` when it is
   * reached. Only the step's last WORKFLOW_ATTEMPTS_KEPT attempts are kept (its row counts them all).
   */
  beginAttempt(fence: WorkflowFence, step: { key: string; name: string }, attempt: number, now: number, maxSteps: number): Promise<'ok' | 'stale' | 'limit'>;
  /**
   * Ends an attempt: stores the value (done), or the error with the time of the next attempt (`retryAt`),
   * or the error as the step's final outcome (`retryAt: null`). `paused` when a pause was waiting for this
   * boundary: the instance is now paused and its run no longer owns it.
   */
  endAttempt(fence: WorkflowFence, key: string, attempt: number, now: number, outcome: { value: Uint8Array } | { error: { name: string; message: string }; retryAt: number | null }): Promise<'ok' | 'paused' | 'stale'>;
  /**
   * Records a sleep or a waitForEvent as waiting until `waitUntil`: `limit` when a waitForEvent would pass
   * `maxSteps` steps, or a sleep `maxSteps` sleeps (sleeps are counted apart from steps, each kind up to the limit).
   */
  beginWait(fence: WorkflowFence, step: { key: string; name: string; type: 'sleep' | 'event'; eventType: string | null; waitUntil: number }, now: number, maxSteps: number): Promise<'ok' | 'stale' | 'limit'>;
  /** The oldest event of `type` not yet taken by a step. */
  nextEvent(workflow: string, id: string, type: string): Promise<WorkflowEventRow | null>;
  /** Ends a wait: done with a value (taking event `eventSeq` if given) or errored. */
  endWait(fence: WorkflowFence, key: string, now: number, outcome: { value: Uint8Array; eventSeq?: number } | { error: { name: string; message: string } }): Promise<'ok' | 'paused' | 'stale'>;
  /**
   * The run stops and the instance waits until `wakeAt` (paused instead, if a pause is waiting). An event
   * that a waiting step wants and that is already stored makes it due at once.
   */
  suspend(fence: WorkflowFence, wakeAt: number, now: number): Promise<boolean>;
  /** Stores an event for the instance; wakes it when a waiting step wants that type. */
  sendEvent(workflow: string, id: string, type: string, payload: Uint8Array, now: number): Promise<'ok' | 'missing' | 'ended'>;
  /** Deletes instances that ended before `before`, with their steps and events; returns how many. */
  sweep(before: number): Promise<number>;
  /** Calls `listener` when an instance of `workflow` may have become due through this store; returns the unsubscribe function. */
  watch(workflow: string, listener: () => void): () => void;
}

/** Bounds for a coordination object's key-value list (the reference's `list` options). */
export interface CoordinationListOptions {
  start?: string;
  startAfter?: string;
  end?: string;
  prefix?: string;
  reverse?: boolean;
  limit?: number;
}

/** The result of one SQL statement run on an object's database: rows as arrays, in column order. */
export interface CoordinationSqlResult {
  columns: string[];
  rows: unknown[][];
  rowsRead: number;
  rowsWritten: number;
}

/** The answer of one read-only statement run on an object beside it (the operators' query): at most a bounded page of rows. */
export interface CoordinationQueryResult {
  columns: string[];
  /** Rows as arrays in column order, JSON-safe: BLOBs as `{ $bytes: base64 }`, integers past 2^53 as `{ $bigint }`. */
  rows: unknown[][];
  /** True when the statement had more rows than the answer holds. */
  more: boolean;
}

/**
 * One coordination object's storage: one SQLite database (its key-value pairs in a table of their own, its SQL
 * tables beside them) with point-in-time history, and its alarm. Values are the isolate's structured-clone
 * bytes; the store never decodes them. Only the object's one live instance holds a handle, so calls on a
 * handle never interleave except where a transaction is open (`begin` ... `commit`/`rollback`).
 */
export interface CoordinationObjectStore {
  get(keys: readonly string[]): Promise<Map<string, Uint8Array>>;
  list(options: CoordinationListOptions): Promise<[string, Uint8Array][]>;
  /**
   * Applies puts, then deletes, as one transaction (the instance's coalesced writes of one turn); returns how many
   * deleted keys existed. Keys over 2 KiB or values over 2 MB (the SQLite backend's bound; a KV-backed class's 128 KiB is the runtime's) refuse the whole write (docs/bindings/coordination.md, Limits).
   */
  write(puts: readonly (readonly [string, Uint8Array])[], deletes: readonly string[]): Promise<number>;
  /** Deletes every key-value pair and SQL table and the history (the storage is given back), but not the alarm (the reference's deleteAll keeps it); refused inside a transaction. */
  deleteAll(): Promise<void>;
  /** Runs one SQL statement (several separated by `;` run in order; the last one's rows are returned). Refuses BEGIN/SAVEPOINT/COMMIT. */
  exec(sql: string, params: readonly unknown[]): Promise<CoordinationSqlResult>;
  /** Opens a transaction over pairs and SQL; nested calls are savepoints. Until its commit or rollback the object's database stays open. */
  begin(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  /** Bytes of the object's database; 0 before its first write. */
  databaseSize(): Promise<number>;
  bookmark(): Promise<string>;
  bookmarkAt(time: number): Promise<string>;
  /** Restores in place to `bookmark` (`onNextSessionRestoreBookmark` applies it before the next instance starts); returns the bookmark that undoes it. */
  restore(bookmark: string): Promise<string>;
  getAlarm(): Promise<number | null>;
  /** Sets or (null) removes the alarm; `name` is the object's name, kept with it for the handler (`dueAlarms`). */
  setAlarm(time: number | null, name?: string): Promise<void>;
  /** Ends this handle (further calls are refused); the database itself is closed by the adapter's handle cache. */
  close(): Promise<void>;
}

/** Coordination objects by namespace (one class of one deployment's script, as `account/script/class`) and id (64 hex digits). */
export interface CoordinationStoragePort {
  open(namespace: string, id: string): Promise<CoordinationObjectStore>;
  /** Ids of the namespace's objects that have stored state, in id order, after `cursor`. */
  list(namespace: string, options: { cursor?: string; limit: number }): Promise<{ ids: string[]; cursor?: string }>;
  /**
   * Objects whose alarm is due at `now`, over every namespace, earliest first, with how often the alarm's handler
   * has failed so far (`retryCount`) and when it first came due (`scheduledTime`; `time` itself for a first run),
   * and the object's name when one was given with the alarm.
   */
  dueAlarms(now: number, limit: number): Promise<{ namespace: string; id: string; time: number; retryCount: number; scheduledTime: number; name?: string }[]>;
  /**
   * After a failed alarm handler: if the object's alarm is still `fired` (the handler neither set nor deleted it),
   * moves it to `next` counting one more retry (durably, so a restart continues the count), or removes it when
   * `next` is null. Setting an alarm through an object's store starts the count afresh. Returns whether it was still `fired`.
   */
  retryAlarm(namespace: string, id: string, fired: number, next: number | null): Promise<boolean>;
  /** Every namespace with objects (stored data or an alarm), with how many. */
  namespaces(): Promise<{ namespace: string; objects: number }[]>;
  /** Bytes every object's database of this store uses, as measured after each write. */
  usage(): Promise<number>;
  /**
   * Runs one read-only statement on the object's database for an operator, on a connection of its own that cannot
   * write, beside the live object (its writer is not blocked); bounded in rows, bytes and time. `not_found` when the
   * object has no database, `bad_argument` for a statement that is refused or fails.
   */
  query(namespace: string, id: string, sql: string, params?: readonly unknown[]): Promise<CoordinationQueryResult>;
  /** Deletes one object: its data, history and alarm (an operator's explicit delete). Returns whether it existed. */
  deleteObject(namespace: string, id: string): Promise<boolean>;
  /** Moves every object of a namespace to another (a `renamed_classes` migration). */
  renameNamespace(from: string, to: string): Promise<void>;
  /** Deletes every object of a namespace with its history (a `deleted_classes` migration, or an explicit delete). */
  deleteNamespace(namespace: string): Promise<void>;
}

/** Every port of one platform's state. */
export interface StoragePorts {
  kv: KvStoragePort;
  sql: SqlStoragePort;
  objects: ObjectStoragePort;
  cron: CronStatePort;
  queues: QueueStoragePort;
  cache: CacheStoragePort;
  workflows: WorkflowStoragePort;
  coordination: CoordinationStoragePort;
  vectors: VectorStoragePort;
  /**
   * The storage whose key-value namespaces, buckets, SQL databases, vector indexes, queues and workflows these ports
   * serve (the projects of one `ledge dev a/ b/` share the first one's): a write through either is heard by the
   * watchers of both (bindings/kv/writes.ts). @default these ports own what they serve
   */
  readonly sharedFrom?: StoragePorts;
  close(): void;
}

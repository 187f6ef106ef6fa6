/**
 * Storage ports: the only way anything above src/storage reaches stored data. The embedded adapters
 * (SQLite, files) implement them today; PostgreSQL and S3-compatible adapters implement the same
 * interfaces for scale-out. Every method is async so a networked adapter fits.
 */

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

/** An error a SQL statement raised, with the index of the statement in its batch or script. */
export class SqlStatementError extends Error {
  constructor(message: string, readonly index: number) {
    super(message);
  }
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

/** Every port of one platform's state. */
export interface StoragePorts {
  kv: KvStoragePort;
  sql: SqlStoragePort;
  objects: ObjectStoragePort;
  cron: CronStatePort;
  close(): void;
}

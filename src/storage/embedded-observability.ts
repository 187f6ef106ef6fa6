import type Database from 'better-sqlite3';
import { openDatabase } from './sqlite/open.js';
import { createSqliteRecordStorage } from './sqlite/record-storage.js';
import { createSqliteIssueStorage } from './sqlite/issue-storage.js';
import { createSqliteWebhookStorage } from './sqlite/webhook-storage.js';
import type { IssueStoragePort, RecordStoragePort, StoredRecord, WebhookStoragePort } from './observability.js';

/** The ports of one account's observability store. */
export interface ObservabilityStores<R extends StoredRecord = StoredRecord> {
  records: RecordStoragePort<R>;
  issues: IssueStoragePort;
  webhooks: WebhookStoragePort;
}

/** Opens an account's observability file for the record store alone (the record writer's own connection, on its thread). */
export function openEmbeddedRecordStore<R extends StoredRecord>(file: string): { records: RecordStoragePort<R>; close(): void } {
  const db = openDatabase(file);
  tuneForRecords(db);
  return { records: createSqliteRecordStorage<R>(db), close: () => db.close() };
}

/**
 * Records are diagnostics, not data: no fsync at WAL checkpoints, which would stall the writer's thread under
 * load. A process crash loses nothing committed; an operating-system crash may lose the last records.
 */
function tuneForRecords(db: Database.Database): void {
  db.pragma('synchronous = OFF');
  db.pragma('wal_autocheckpoint = 10000');
}

/** An account's observability store in one SQLite file, opened on the first call of `stores()` (again after `close()`). */
export function openEmbeddedObservability<R extends StoredRecord>(file: string): { stores(): ObservabilityStores<R>; close(): void } {
  let db: Database.Database | undefined;
  let stores: ObservabilityStores<R> | undefined;
  return {
    stores() {
      if (!stores) {
        db = openDatabase(file);
        tuneForRecords(db);
        stores = { records: createSqliteRecordStorage<R>(db), issues: createSqliteIssueStorage(db), webhooks: createSqliteWebhookStorage(db) };
      }
      return stores;
    },
    close() {
      db?.close();
      db = undefined;
      stores = undefined;
    },
  };
}

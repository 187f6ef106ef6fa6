import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Clock } from '../platform/clock.js';
import { SYSTEM_CLOCK } from '../platform/clock.js';
import type { LedgeError } from '../platform/errors.js';
import type { CacheStoragePort, CoordinationStoragePort, CronStatePort, KvStoragePort, ObjectStoragePort, QueueStoragePort, SqlStoragePort, StoragePorts, WorkflowStoragePort } from './ports.js';
import { SqliteDatabase } from './sqlite/sql-database.js';
import { createSqliteObjectStorage } from './sqlite/object-storage.js';
import { createSqliteCronState } from './sqlite/cron-state.js';
import { createSqliteKvStorage } from './sqlite/kv-storage.js';
import { createSqliteQueueStorage } from './sqlite/queue-storage.js';
import { createSqliteCacheStorage } from './sqlite/cache-storage.js';
import { createSqliteWorkflowStorage } from './sqlite/workflow-storage.js';
import { createSqliteVectorStorage } from './sqlite/vector-storage.js';
import type { VectorStoragePort } from './vectors.js';
import { createSqliteCoordinationStorage, type SqliteCoordinationStorage } from './sqlite/coordination-storage.js';
import { openDatabase } from './sqlite/open.js';
import { damagedFileError, isDamagedFile } from './sqlite/damage.js';

/** Options of the embedded storage. */
export interface EmbeddedStorageOptions {
  /** Told when a store's file turns out to be damaged (once, until it opens again). @default nothing */
  onDamage?(error: LedgeError): void;
  /** The most bytes the coordination objects may use together, asked at each write (an account's limit). @default no limit */
  coordinationMaxBytes?: () => number | undefined;
  /** The refusal's text past that limit. @default the account's (coordination_storage_mb, raised by the operator) */
  coordinationLimitMessage?: (limitBytes: number, usedBytes: number) => string;
  /** SQL databases served elsewhere (an account's store process, storage/process/); its owner closes it. @default SQLite files in this process */
  sql?: SqlStoragePort;
  /** Coordination objects served elsewhere (an account's coordination store process, storage/process/); its owner closes it. @default SQLite files in this process */
  coordination?: CoordinationStoragePort;
  /**
   * Another storage whose key-value namespaces, buckets, SQL databases, vector indexes, queues and workflows these
   * ports serve (the projects of one `ledge dev a/ b/` share the first one's, as the deployments of an account share
   * the account's); its owner closes it. Cron state, the Cache API and coordination objects stay this storage's own.
   * @default every store under this state directory
   */
  shared?: StoragePorts;
}

/**
 * The embedded default: SQLite files under the state directory. Each store opens on first access of its
 * port and on its own, so a damaged file fails only the ports it backs (with `store_damaged`), never the
 * others and never the caller that opened the storage. A store that failed is tried again on the next
 * access, so a file restored in place is picked up without a restart.
 */
export function openEmbeddedStorage(stateDir: string, clock: Clock = SYSTEM_CLOCK, options: EmbeddedStorageOptions = {}): StoragePorts {
  const damage = damageReporter(options.onDamage);
  const kv = lazyStore(path.join(stateDir, 'kv.sqlite'), 'the key-value store', damage, (db) => ({ kv: createSqliteKvStorage(db), cron: createSqliteCronState(db) }));
  const objects = lazyStore(path.join(stateDir, 'objects', 'objects.sqlite'), 'the object store metadata', damage,
    (db) => createSqliteObjectStorage(db, path.join(stateDir, 'objects', 'blobs')));
  // Queues have a file of their own so their write rate never waits on the key-value store's writer.
  const queues = lazyStore(path.join(stateDir, 'queues.sqlite'), 'the queue store', damage, (db) => createSqliteQueueStorage(db));
  // The Cache API's store is disposable and large: a file of its own, never in the way of the bindings' data.
  const cache = lazyStore(path.join(stateDir, 'cache.sqlite'), 'the cache store', damage, (db) => createSqliteCacheStorage(db));
  const workflows = lazyStore(path.join(stateDir, 'workflows.sqlite'), 'the workflow store', damage, (db) => createSqliteWorkflowStorage(db));
  // Vector indexes: a file of their own, so a large index's writes never wait behind another store's.
  const vectors = lazyStore(path.join(stateDir, 'vectors.sqlite'), 'the vector index store', damage, (db) => createSqliteVectorStorage(db));
  const databases = new Map<string, SqliteDatabase>();
  // Coordination objects: one database per object under coordination/, and the index of objects and alarms there.
  let coordination: SqliteCoordinationStorage | undefined;
  const shared = options.shared;
  return {
    ...(shared ? { sharedFrom: shared.sharedFrom ?? shared } : {}),
    get kv(): KvStoragePort { return shared ? shared.kv : kv.open().kv; },
    get cron(): CronStatePort { return kv.open().cron; },
    get objects(): ObjectStoragePort { return shared ? shared.objects : objects.open(); },
    get queues(): QueueStoragePort { return shared ? shared.queues : queues.open(); },
    get cache(): CacheStoragePort { return cache.open(); },
    get workflows(): WorkflowStoragePort { return shared ? shared.workflows : workflows.open(); },
    get vectors(): VectorStoragePort { return shared ? shared.vectors : vectors.open(); },
    get coordination(): CoordinationStoragePort {
      if (options.coordination) return options.coordination;
      const root = path.join(stateDir, 'coordination');
      coordination ??= damage.guard('the coordination objects index', path.join(root, 'index.sqlite'), () => createSqliteCoordinationStorage(root, { clock, maxBytes: options.coordinationMaxBytes, limitMessage: options.coordinationLimitMessage }));
      return coordination;
    },
    sql: shared?.sql ?? options.sql ?? {
      database(id, options) {
        let db = databases.get(id);
        if (!db) {
          const file = path.join(stateDir, 'sql', `${encodeURIComponent(id)}.sqlite`);
          db = damage.guard(`the SQL database ${id}`, file, () => new SqliteDatabase(file, { clock, retentionDays: options.retentionDays }));
          databases.set(id, db);
        }
        return db;
      },
    },
    close() {
      kv.close();
      objects.close();
      queues.close();
      cache.close();
      workflows.close();
      vectors.close();
      coordination?.close();
      coordination = undefined;
      for (const db of databases.values()) db.close();
      databases.clear();
    },
  };
}

/** Turns damage found while opening a file into `store_damaged`, told to `onDamage` once per file until it opens again. */
function damageReporter(onDamage: EmbeddedStorageOptions['onDamage']) {
  const reported = new Set<string>();
  return {
    guard<T>(what: string, file: string, open: () => T): T {
      try {
        const opened = open();
        reported.delete(file);
        return opened;
      } catch (err) {
        if (!isDamagedFile(err)) throw err;
        const damaged = damagedFileError(what, file, err);
        if (!reported.has(file)) onDamage?.(damaged);
        reported.add(file);
        throw damaged;
      }
    },
  };
}

/** One SQLite file and the ports built on it, opened when first needed. */
function lazyStore<T>(file: string, what: string, damage: ReturnType<typeof damageReporter>, create: (db: Database.Database) => T): { open(): T; close(): void } {
  let opened: { db: Database.Database; ports: T } | undefined;
  return {
    open() {
      if (opened) return opened.ports;
      opened = damage.guard(what, file, () => {
        const db = openDatabase(file);
        try {
          return { db, ports: create(db) };
        } catch (err) {
          db.close();
          throw err;
        }
      });
      return opened.ports;
    },
    close() {
      opened?.db.close();
      opened = undefined;
    },
  };
}

import path from 'node:path';
import type { Clock } from '../lib/clock.js';
import { SYSTEM_CLOCK } from '../lib/clock.js';
import type { StoragePorts } from './ports.js';
import { SqliteDatabase } from './sqlite/sql-database.js';
import { createSqliteObjectStorage } from './sqlite/object-storage.js';
import { createSqliteCronState } from './sqlite/cron-state.js';
import { createSqliteKvStorage } from './sqlite/kv-storage.js';
import { createSqliteQueueStorage } from './sqlite/queue-storage.js';
import { createSqliteCacheStorage } from './sqlite/cache-storage.js';
import { openDatabase } from './sqlite/open.js';

/** The embedded default: SQLite files under the state directory. */
export function openEmbeddedStorage(stateDir: string, clock: Clock = SYSTEM_CLOCK): StoragePorts {
  const kvDb = openDatabase(path.join(stateDir, 'kv.sqlite'));
  const objectsDb = openDatabase(path.join(stateDir, 'objects', 'objects.sqlite'));
  // Queues have a file of their own so their write rate never waits on the key-value store's writer.
  const queuesDb = openDatabase(path.join(stateDir, 'queues.sqlite'));
  // The Cache API's store is disposable and large: a file of its own, never in the way of the bindings' data.
  const cacheDb = openDatabase(path.join(stateDir, 'cache.sqlite'));
  const databases = new Map<string, SqliteDatabase>();
  return {
    kv: createSqliteKvStorage(kvDb),
    objects: createSqliteObjectStorage(objectsDb, path.join(stateDir, 'objects', 'blobs')),
    cron: createSqliteCronState(kvDb),
    queues: createSqliteQueueStorage(queuesDb),
    cache: createSqliteCacheStorage(cacheDb),
    sql: {
      database(id, options) {
        let db = databases.get(id);
        if (!db) {
          db = new SqliteDatabase(path.join(stateDir, 'sql', `${encodeURIComponent(id)}.sqlite`), { clock, retentionDays: options.retentionDays });
          databases.set(id, db);
        }
        return db;
      },
    },
    close() {
      kvDb.close();
      objectsDb.close();
      queuesDb.close();
      cacheDb.close();
      for (const db of databases.values()) db.close();
      databases.clear();
    },
  };
}

import path from 'node:path';
import type { StoragePorts } from './ports.js';
import { createSqliteKvStorage } from './sqlite/kv-storage.js';
import { openDatabase } from './sqlite/open.js';

/** The embedded default: SQLite files under the state directory. */
export function openEmbeddedStorage(stateDir: string): StoragePorts {
  const kvDb = openDatabase(path.join(stateDir, 'kv.sqlite'));
  return {
    kv: createSqliteKvStorage(kvDb),
    close() { kvDb.close(); },
  };
}

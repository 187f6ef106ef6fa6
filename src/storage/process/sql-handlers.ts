/**
 * The SQL databases of one account, inside its store process: the same SqliteDatabase (and so the same
 * point-in-time history) the embedded storage runs, opened by id under `<dir>/sql/` as openEmbeddedStorage does.
 */
import path from 'node:path';
import type { Clock } from '../../platform/clock.js';
import { LedgeError } from '../../platform/errors.js';
import type { SqlQuery } from '../ports.js';
import { SqliteDatabase } from '../sqlite/sql-database.js';
import { damagedFileError, isDamagedFile } from '../sqlite/damage.js';
import type { StoreCallEvents, StoreHandlers } from './protocol.js';

/** The file of the SQL database `id` under an account's directory (the embedded storage's layout). */
export function sqlDatabaseFile(dir: string, id: string): string {
  return path.join(dir, 'sql', `${encodeURIComponent(id)}.sqlite`);
}

/** The handlers of the `sql` kind: every method takes the database id and its retention days first. */
export function createSqlHandlers(dir: string, clock: Clock, events: StoreCallEvents): StoreHandlers {
  const databases = new Map<string, SqliteDatabase>();
  const open = (args: unknown[]): SqliteDatabase => {
    const [id, retentionDays] = args;
    if (typeof id !== 'string' || id === '' || typeof retentionDays !== 'number') throw new LedgeError('bad_argument', 'a SQL call names its database and retention');
    let db = databases.get(id);
    if (!db) {
      const file = sqlDatabaseFile(dir, id);
      try {
        db = new SqliteDatabase(file, { clock, retentionDays, onCommitted: events.committed });
      } catch (err) {
        throw isDamagedFile(err) ? damagedFileError(`the SQL database ${id}`, file, err) : err;
      }
      databases.set(id, db);
    }
    return db;
  };
  return {
    methods: {
      query: (args) => open(args).query(args[2] as SqlQuery[], args[3] === 'rows' ? 'rows' : 'objects'),
      script: (args) => open(args).script(args[2] as string[]),
      bookmark: (args) => open(args).bookmark(),
      bookmarkAt: (args) => open(args).bookmarkAt(args[2] as number),
      restore: (args) => open(args).restore(args[2] as string),
    },
    close() {
      for (const db of databases.values()) db.close();
      databases.clear();
    },
  };
}

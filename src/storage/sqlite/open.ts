import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Opens a SQLite file for embedded state: WAL mode (readers never wait for the writer), a busy timeout
 * instead of SQLITE_BUSY failures, and synchronous=NORMAL, which keeps every committed transaction
 * across a process crash (kill -9); only an operating-system crash can lose the last ones.
 */
export function openDatabase(file: string): Database.Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    // The first statement reads the header: a damaged file fails here (see damage.ts).
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

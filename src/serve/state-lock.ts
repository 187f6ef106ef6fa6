import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { LedgeError } from '../platform/errors.js';

/** The file whose lock a running `ledge serve` holds. */
export const LOCK_FILE = 'serve.lock';
/** The holder's process id, written once it has the lock. */
export const PID_FILE = 'serve.pid';

/** The hold of one `ledge serve` on its state directory. */
export interface StateLock {
  /** The process id the pid file named when the lock was free: a holder that died without releasing it. */
  readonly takenOverFrom: number | null;
  release(): void;
}

/**
 * Makes this process the only `ledge serve` of `stateDir`, or refuses with `state_locked` naming the holder's
 * process id. The lock is an exclusive SQLite (POSIX) lock on `serve.lock`, held until release or exit: the
 * kernel drops it when the holder dies however it dies, so a stale lock is taken over without guessing from
 * process ids (which get reused) and two processes starting at once can never both win.
 */
export function lockStateDir(stateDir: string): StateLock {
  mkdirSync(stateDir, { recursive: true });
  const lockFile = path.join(stateDir, LOCK_FILE);
  const pidFile = path.join(stateDir, PID_FILE);
  const recorded = readPid(pidFile);
  // timeout 0: a held lock answers SQLITE_BUSY at once instead of after the default five seconds.
  const db = new Database(lockFile, { timeout: 0 });
  try {
    // No journal file: the lock file never holds data, and nothing is left beside it after a crash.
    db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
    const holder = readPid(pidFile) ?? recorded;
    throw new LedgeError('state_locked', `the state directory ${stateDir} is in use by another ledge serve${holder === null ? '' : ` (pid ${holder})`}; stop it first, or give this one another --state (lock file ${lockFile})`);
  }
  writeFileSync(pidFile, `${process.pid}\n`);
  return {
    takenOverFrom: recorded !== null && recorded !== process.pid ? recorded : null,
    release() {
      if (!db.open) return;
      if (readPid(pidFile) === process.pid) rmSync(pidFile, { force: true });
      db.close(); // ends the transaction and with it the lock
    },
  };
}

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { LedgeError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { openDatabase } from '../storage/sqlite/open.js';
import { damagedFileError, isDamagedFile } from '../storage/sqlite/damage.js';

/** The control-plane state file of a state directory. */
export const CONTROL_FILE = 'control.sqlite';

/** What tells a state directory was used before: data of accounts, and modules of versions. */
const EARLIER_STATE = ['accounts', path.join('cache', 'versions')];

/**
 * Opens `control.sqlite` for `ledge serve` and builds the storage on it with `create`. A missing or empty
 * one (no tables) beside data of earlier starts is refused unless `resetControl`: starting afresh there
 * would silently orphan every account, print a new bootstrap token and answer 404 for every application.
 * A damaged one is `store_damaged`, never a SQLite stack trace.
 */
export function openControlState<T>(stateDir: string, options: { resetControl: boolean; logger: Logger }, create: (db: Database.Database) => T): T {
  const file = path.join(stateDir, CONTROL_FILE);
  const earlier = EARLIER_STATE.filter((dir) => hasEntries(path.join(stateDir, dir)));
  const existed = existsSync(file);
  // A missing file is refused before it is created, so a refused start leaves the directory as it was.
  if (!existed && earlier.length && !options.resetControl) throw missingControl(file, 'missing', earlier);
  let db: Database.Database | undefined;
  try {
    db = openDatabase(file);
    const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
    if (tables === 0 && earlier.length) {
      if (!options.resetControl) throw missingControl(file, existed ? 'empty' : 'missing', earlier);
      options.logger.warn(`--reset-control: starting with a new control state in ${file}; the data under ${earlier.join(' and ')} belongs to the accounts of the old one and stays there unused`);
    } else if (tables > 0 && options.resetControl) {
      throw new LedgeError('bad_argument', `--reset-control: ${file} holds the platform's accounts; it only starts afresh where that file is missing or empty (set the file aside first if you mean it)`);
    }
    return create(db);
  } catch (err) {
    db?.close();
    throw isDamagedFile(err) ? damagedControlError(file, err) : err;
  }
}

/** `store_damaged` for control.sqlite: nothing on the platform can run without it. */
export function damagedControlError(file: string, err: unknown): LedgeError {
  return damagedFileError('the control state', file, err, 'ledge serve cannot start without it: restore it from a backup');
}

function missingControl(file: string, state: 'missing' | 'empty', earlier: string[]): LedgeError {
  return new LedgeError('control_state_missing', `${file} is ${state}, but ${earlier.join(' and ')} hold data of an earlier start: starting afresh would lose every account, token and deployment. Restore ${CONTROL_FILE} from a backup (docs/operations.md), or pass --reset-control to start with a new control state`);
}

function hasEntries(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

import { LedgeError } from '../../platform/errors.js';

/** Runs a write; SQLite's unique and primary-key violations become `conflict` errors saying that `what` already exists. */
export function unlessTaken<T>(what: string, work: () => T): T {
  try {
    return work();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new LedgeError('conflict', `${what} already exists`);
    throw err;
  }
}

import { LedgeError } from '../../platform/errors.js';

/**
 * True when SQLite failed because the file itself cannot be read as a database: a garbled header
 * (`SQLITE_NOTADB`, "unsupported file format"), a file shorter than its header says or a broken page
 * (`SQLITE_CORRUPT*`, a short read). A busy file, a missing permission or a full disk are not damage.
 */
export function isDamagedFile(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB' || code === 'SQLITE_IOERR_SHORT_READ') return true;
  return code === 'SQLITE_ERROR' && /unsupported file format/.test((err as Error).message);
}

/** The default advice: an account's store can be restored, or set aside to start empty. */
const ACCOUNT_STORE_REMEDY = 'restore it from a backup, or set it aside to start that store empty';

/** The error for a damaged state file: what it holds, where it is, what SQLite said, and what to do (with the restore steps in the docs). */
export function damagedFileError(what: string, file: string, err: unknown, remedy = ACCOUNT_STORE_REMEDY): LedgeError {
  return new LedgeError(
    'store_damaged',
    `${what} ${file} is damaged (${(err as Error).message}); ${remedy} (docs/operations.md, "Restoring a damaged file")`,
    { cause: err },
  );
}

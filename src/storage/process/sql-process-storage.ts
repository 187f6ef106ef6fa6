/**
 * SQL databases served by the account's store process (store-process.ts): the same SqlStoragePort the embedded
 * storage gives, so the binding, migrations, the account API and point-in-time restore work unchanged above it,
 * while a statement that runs past the time limit is stopped by killing the process instead of freezing the host.
 */
import { hasCode, LedgeError } from '../../platform/errors.js';
import type { SqlDatabasePort, SqlQuery, SqlRestoreResult, SqlResult, SqlStoragePort } from '../ports.js';
import { StoreProcess, type StoreProcessSettings } from './store-process.js';

/** Options of the process-backed SQL storage of one account. */
export interface ProcessSqlStorageOptions extends StoreProcessSettings {
  /** Told when a database's file turns out to be damaged (once per message, as the embedded storage tells). */
  onDamage?(error: LedgeError): void;
}

/** The SQL storage of one account in its own process, with `close()` to stop that process (owned by the caller). */
export interface ProcessSqlStorage extends SqlStoragePort {
  /** The process id of the store process, when one runs. */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

/** The failure of a query or batch past the time limit: what it was, the limit, and that nothing it did was kept. */
export function sqlTimeLimitMessage(seconds: number): string {
  return `the query ran longer than ${seconds} s, the time limit of one query or batch, and was stopped; nothing it did was kept`;
}

/** Starts nothing until the first call: the account's store process starts on first use. */
export function createProcessSqlStorage(options: ProcessSqlStorageOptions): ProcessSqlStorage {
  const store = new StoreProcess({
    kind: 'sql', dir: options.dir, clock: options.clock, timeLimitMs: options.timeLimitMs, idleMs: options.idleMs, memoryBytes: options.memoryBytes, logger: options.logger,
    limitMessage: sqlTimeLimitMessage,
    stoppedMessage: 'another query of this account ran past the time limit, so the account\'s SQL process was stopped before this query finished; nothing it did was kept. Run it again.',
  });
  const reported = new Set<string>();
  const call = async (method: string, args: unknown[]): Promise<unknown> => {
    try {
      return await store.call(method, args);
    } catch (err) {
      if (!hasCode(err, 'store_damaged')) throw err;
      // The operator is told where the file is and what to do; the caller (application code) learns no path.
      if (!reported.has(err.message)) {
        reported.add(err.message);
        options.onDamage?.(err as LedgeError);
      }
      throw new LedgeError('store_damaged', `the SQL database ${String(args[0])} is damaged and cannot be used until the platform's operator restores it`);
    }
  };
  const databases = new Map<string, SqlDatabasePort>();
  return {
    get pid() { return store.pid; },
    database(id, { retentionDays }) {
      let found = databases.get(id);
      if (!found) databases.set(id, (found = processDatabase(id, retentionDays, call)));
      return found;
    },
    close: () => store.close(),
  };
}

function processDatabase(id: string, retentionDays: number, call: (method: string, args: unknown[]) => Promise<unknown>): SqlDatabasePort {
  return {
    async query(queries: SqlQuery[], format: 'objects' | 'rows'): Promise<SqlResult[]> {
      return checkResults(await call('query', [id, retentionDays, queries, format]), queries.length);
    },
    async script(statements: string[]): Promise<void> {
      await call('script', [id, retentionDays, statements]);
    },
    async bookmark(): Promise<string> {
      return checkString(await call('bookmark', [id, retentionDays]));
    },
    async bookmarkAt(time: number): Promise<string> {
      return checkString(await call('bookmarkAt', [id, retentionDays, time]));
    },
    async restore(bookmark: string): Promise<SqlRestoreResult> {
      const value = await call('restore', [id, retentionDays, bookmark]) as Partial<SqlRestoreResult> | null;
      if (typeof value?.bookmark !== 'string' || typeof value.previous_bookmark !== 'string') throw malformed('restore');
      return { bookmark: value.bookmark, previous_bookmark: value.previous_bookmark };
    },
  };
}

function malformed(what: string): Error {
  return new LedgeError('operation_failed', `the SQL process answered ${what} with something of the wrong shape`);
}

function checkString(value: unknown): string {
  if (typeof value !== 'string') throw malformed('a bookmark');
  return value;
}

/** The process's answer to a query: one result per statement, each with rows, columns and numeric meta. */
function checkResults(value: unknown, count: number): SqlResult[] {
  if (!Array.isArray(value) || value.length !== count) throw malformed('a query');
  for (const result of value as Partial<SqlResult>[]) {
    const meta = result?.meta as Record<string, unknown> | undefined;
    if (!Array.isArray(result?.results) || !Array.isArray(result.columns) || typeof meta !== 'object' || meta === null
      || typeof meta.changes !== 'number' || typeof meta.duration !== 'number' || typeof meta.changed_db !== 'boolean') throw malformed('a query');
  }
  return value as SqlResult[];
}

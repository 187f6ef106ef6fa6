import { isLedgeError, LedgeError } from '../../platform/errors.js';
import { isSqlStatementError, type SqlDatabasePort, type SqlResult, type SqlValue } from '../../storage/ports.js';
import { splitSql } from '../../storage/sql-tokens.js';

/** Which part of a query request a refusal is about: the SQL text or its parameters (the API points at it). */
export type SqlQueryField = 'sql' | 'params';

/** A query the operation refused or that failed, with the field it is about (code `bad_argument` or `operation_failed`). */
export type SqlAdminError = LedgeError & { field: SqlQueryField };

function refusal(code: 'bad_argument' | 'operation_failed', field: SqlQueryField, message: string): SqlAdminError {
  return Object.assign(new LedgeError(code, message), { field });
}

/** True when `err` is a refusal of a SQL admin operation (identified by its field, beside its code). */
export function isSqlAdminError(err: unknown): err is SqlAdminError {
  return isLedgeError(err) && ((err as { field?: unknown }).field === 'sql' || (err as { field?: unknown }).field === 'params');
}

/**
 * The SQL kind's admin surface: the operations `ledge db` (on the local state) and the account API (the
 * `sql.query`, `sql.bookmark` and `sql.restore` routes, which `ledge db --remote` calls) share, declared
 * once so both split, check and word failures alike (docs/bindings/sql.md).
 */
export const SQL_ADMIN = {
  /**
   * Runs the statements of `sql` in one transaction (a failure rolls back all). Parameters go with one
   * statement only. A failing statement is named by its number when there are several: `statement 2: ...
   * (nothing was changed)`.
   */
  async query(port: Pick<SqlDatabasePort, 'query'>, sql: string, params: readonly SqlValue[] = []): Promise<SqlResult[]> {
    const statements = splitSql(sql);
    if (statements.length === 0) throw refusal('bad_argument', 'sql', 'no SQL statements given');
    if (params.length && statements.length > 1) throw refusal('bad_argument', 'params', `give parameters with one statement only (sql holds ${statements.length})`);
    try {
      return await port.query(statements.map((text, i) => ({ sql: text, params: i === 0 ? [...params] : [] })), 'objects');
    } catch (err) {
      if (!isSqlStatementError(err)) throw err;
      const several = statements.length > 1;
      throw refusal('operation_failed', 'sql', `${several ? `statement ${err.index + 1}: ` : ''}${err.message}${several ? ' (nothing was changed)' : ''}`);
    }
  },

  /** The bookmark of the current state, or of the state at `at` (epoch milliseconds). */
  bookmark(port: Pick<SqlDatabasePort, 'bookmark' | 'bookmarkAt'>, at?: number): Promise<string> {
    return at === undefined ? port.bookmark() : port.bookmarkAt(at);
  },

  /** Restores the database in place to a bookmark, or to the state at a time (epoch milliseconds). */
  async restore(port: Pick<SqlDatabasePort, 'bookmarkAt' | 'restore'>, to: { bookmark: string } | { timestamp: number }) {
    return port.restore('bookmark' in to ? to.bookmark : await port.bookmarkAt(to.timestamp));
  },
};

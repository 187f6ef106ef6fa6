import { isSqlStatementError, type SqlDatabasePort } from '../../storage/ports.js';
import { hasCode } from '../../platform/errors.js';
import { BindingError } from '../plugin.js';
import type { CallHandlers } from '../protocol.js';
import type { SqlProtocol } from './protocol.js';
import type { SqlErrorPrefix } from './schema.js';

/** The host side of one SQL database binding. Errors reach application code in the `SQL_ERROR:` family (`D1_ERROR:` with `prefix` D1). */
export function createSqlHandlers(database: SqlDatabasePort, prefix: SqlErrorPrefix = 'SQL'): CallHandlers<SqlProtocol> {
  return {
    async query([queries, format, withBookmark]) {
      try {
        const results = await database.query(queries, format);
        return withBookmark ? { results, bookmark: await database.bookmark() } : { results };
      } catch (err) {
        throw new BindingError('Error', `${prefix}_ERROR: ${(err as Error).message}`, (err as Error).message);
      }
    },
    exec: ([sql]) => exec(database, sql, prefix),
  };
}

/**
 * `exec()`: one statement per line, as existing code expects (not SQL-aware; use migrations for
 * multi-line statements), all in one transaction.
 */
async function exec(database: SqlDatabasePort, sql: string, prefix: SqlErrorPrefix): Promise<{ count: number; duration: number }> {
  const lines = sql.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const started = performance.now();
  try {
    await database.script(lines);
  } catch (err) {
    if (isSqlStatementError(err)) {
      throw new BindingError('Error', `${prefix}_EXEC_ERROR: Error in line ${err.index + 1}: ${lines[err.index]}: ${err.message}`, err.message);
    }
    // A batch stopped as a whole (its store process killed at the time limit) names no line.
    if (hasCode(err, 'operation_failed')) throw new BindingError('Error', `${prefix}_EXEC_ERROR: ${err.message}`, err.message);
    throw err;
  }
  return { count: lines.length, duration: performance.now() - started };
}

import type { SqlQuery } from '../ports.js';
import { pragmaName, statementTokens } from '../sql-tokens.js';

/**
 * PRAGMAs application SQL may run: introspection and per-connection behaviour that cannot break Ledge's
 * guarantees. Anything else (journal_mode, wal_checkpoint, locking_mode, writable_schema, ...) could switch
 * off the WAL that point-in-time restore reads, or corrupt the file.
 */
export const ALLOWED_PRAGMAS = new Set([
  'table_list', 'table_info', 'table_xinfo', 'index_list', 'index_info', 'index_xinfo', 'foreign_key_list',
  'foreign_key_check', 'quick_check', 'integrity_check', 'defer_foreign_keys', 'optimize', 'case_sensitive_like',
  'ignore_check_constraints', 'legacy_alter_table', 'recursive_triggers', 'reverse_unordered_selects',
  'user_version', 'schema_version', 'page_count', 'page_size', 'freelist_count', 'collation_list', 'function_list',
  'pragma_list', 'compile_options', 'data_version',
]);

/** Limits of one statement, as existing application code expects them (reference: data-work.md, SQL database). */
export const SQL_LIMITS = { parameters: 100, statementBytes: 100_000, valueBytes: 2_000_000 } as const;

/**
 * Refuses statements that would reach outside the database (ATTACH, VACUUM INTO), take over the shared
 * connection's transactions (BEGIN, COMMIT, SAVEPOINT, ...: a batch is the unit of atomicity), or change
 * settings the storage relies on. The statement is read as SQLite lexes it (sql-tokens.ts): a store process is
 * not sandboxed, so an ATTACH that got past here could open any file the platform can (another account's
 * database, the control database). The messages read like SQLite's own so callers see one error family.
 */
export function checkStatement(sql: string): void {
  const tokens = statementTokens(sql);
  const first = tokens[0]?.kind === 'word' ? tokens[0].text.toUpperCase() : '';
  if (first === 'ATTACH' || first === 'DETACH') throw new Error(`${first} is not allowed: a binding reaches exactly one database`);
  if (['BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE'].includes(first)) {
    throw new Error(`${first} is not allowed: statements run in auto-commit, and batch() runs several in one transaction`);
  }
  if (first === 'VACUUM' && tokens.some((t) => t.kind === 'word' && t.text.toUpperCase() === 'INTO')) throw new Error('VACUUM INTO is not allowed: a binding reaches exactly one database');
  if (first === 'PRAGMA') {
    const name = pragmaName(tokens.slice(1));
    if (!ALLOWED_PRAGMAS.has(name)) throw new Error(`PRAGMA ${name} is not allowed (allowed: ${[...ALLOWED_PRAGMAS].join(', ')})`);
  }
}

/** The reference's statement length limit: 100 KB of SQL. */
export function checkLength(sql: string): void {
  if (Buffer.byteLength(sql) > SQL_LIMITS.statementBytes) throw new Error(`statement too long (${Buffer.byteLength(sql)} bytes; at most ${SQL_LIMITS.statementBytes}): SQLITE_TOOBIG`);
}

/** The reference's value limits: 100 bound parameters, 2 MB per string or BLOB value. */
export function checkValues(query: SqlQuery): void {
  if (query.params.length > SQL_LIMITS.parameters) throw new Error(`too many SQL variables (${query.params.length}; at most ${SQL_LIMITS.parameters}): SQLITE_ERROR`);
  for (const value of query.params) {
    const size = typeof value === 'string' ? Buffer.byteLength(value) : value instanceof Uint8Array ? value.byteLength : 0;
    if (size > SQL_LIMITS.valueBytes) throw new Error(`string or blob too big (${size} bytes; at most ${SQL_LIMITS.valueBytes}): SQLITE_TOOBIG`);
  }
}

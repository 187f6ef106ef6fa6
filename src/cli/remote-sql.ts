import path from 'node:path';
import { applyMigrations, DEFAULT_MIGRATIONS_TABLE, listMigrations, type MigrationTarget } from '../bindings/sql/migrations.js';
import type { SqlEntryConfig } from '../bindings/sql/schema.js';
import { LedgeError } from '../platform/errors.js';
import type { LocalSqlDatabase, SqlResult } from '../dev/local-platform.js';
import { accountPath, ApiResponseError, openPlatform, type PlatformOptions } from './api-client.js';

/** A project's SQL database as `ledge db` works on it: in the local state, or on a `ledge serve` through the account API. */
export type DatabaseHandle = Pick<LocalSqlDatabase, 'entry' | 'migrationsDir' | 'migrationsTable' | 'query' | 'listMigrations' | 'applyMigrations'>;

interface QueryAnswer { results: Record<string, unknown>[]; meta: SqlResult['meta'] }

/** A failed statement as the SQL port reports one (code `sql_statement_failed` with the statement's index), so migrations name it alike. */
function statementError(message: string, index: number): LedgeError {
  return Object.assign(new LedgeError('sql_statement_failed', message), { index });
}

/**
 * Finds the database by `database_name` or binding (or the only one) in the project's configuration and
 * answers a port whose statements run through `POST .../sql/databases/{database_id}/query`, several in one
 * transaction, so `applyMigrations` applies each file atomically there as it does locally.
 */
export async function openRemoteDatabase(opts: PlatformOptions, nameOrBinding: string): Promise<DatabaseHandle> {
  const session = await openPlatform(opts, true);
  const config = session.config as NonNullable<typeof session.config>;
  const entries = (config.bindings.sql_databases ?? []) as SqlEntryConfig[];
  const entry = entries.find((e) => e.database_name === nameOrBinding) ?? entries.find((e) => e.binding === nameOrBinding);
  if (!entry) {
    const known = entries.map((e) => `${e.database_name} (binding ${e.binding})`).join(', ');
    throw new LedgeError('bad_argument', `${config.name} has no SQL database named "${nameOrBinding}"${known ? ` (it has: ${known})` : ''}`);
  }
  const route = accountPath(session.account.id, 'sql', 'databases', entry.database_id, 'query');
  const send = async (sql: string, params: unknown[], count: number): Promise<QueryAnswer[]> => {
    try {
      return (await session.client.request<QueryAnswer[]>('POST', route, params.length ? { sql, params } : { sql })).result;
    } catch (err) {
      // A failing statement comes back as "statement N: ..." (or without the prefix for one statement).
      if (!(err instanceof ApiResponseError) || err.apiCode !== 1001 || err.errors[0]?.message === undefined) throw err;
      const message = err.errors[0].message;
      const match = /^statement (\d+): (.*?)(?: \(nothing was changed\))?$/s.exec(message);
      throw statementError(match ? match[2] as string : message, match ? Number(match[1]) - 1 : count - 1);
    }
  };
  const port = {
    async query(queries: { sql: string; params: unknown[] }[]): Promise<SqlResult[]> {
      if (queries.length !== 1 && queries.some((q) => q.params.length > 0)) throw new LedgeError('bad_argument', 'parameters go with one statement at a time');
      const answers = await send(joinStatements(queries.map((q) => q.sql)), queries.length === 1 ? (queries[0]?.params ?? []) : [], queries.length);
      return answers.map((a) => ({ results: a.results, meta: a.meta, columns: Object.keys(a.results[0] ?? {}) }) as SqlResult);
    },
    async script(statements: string[]): Promise<void> {
      await send(joinStatements(statements), [], statements.length);
    },
  };
  /** SQL text as a person gave it: the platform splits, checks and words failures with the kind's admin operation (bindings/sql/admin.ts). */
  const query = async (sql: string): Promise<SqlResult[]> => {
    try {
      const answers = (await session.client.request<QueryAnswer[]>('POST', route, { sql })).result;
      return answers.map((a) => ({ results: a.results, meta: a.meta, columns: Object.keys(a.results[0] ?? {}) }) as SqlResult);
    } catch (err) {
      if (!(err instanceof ApiResponseError) || err.apiCode !== 1001 || err.errors[0]?.message === undefined) throw err;
      throw new LedgeError('operation_failed', err.errors[0].message);
    }
  };
  const migrationsDir = path.resolve(config.dir, entry.migrations_dir ?? 'migrations');
  const migrationsTable = entry.migrations_table ?? DEFAULT_MIGRATIONS_TABLE;
  const target: MigrationTarget = port;
  return {
    entry,
    migrationsDir,
    migrationsTable,
    query,
    listMigrations: () => listMigrations(target, migrationsDir, migrationsTable),
    applyMigrations: (onApplied) => applyMigrations(target, migrationsDir, { table: migrationsTable, onApplied }),
  };
}

/** One text the platform splits back into the same statements: `;` on a line of its own ends even a statement whose last line is a comment. */
function joinStatements(statements: string[]): string {
  return statements.join('\n;\n');
}

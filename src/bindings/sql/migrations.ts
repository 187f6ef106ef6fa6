import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LedgeError } from '../../platform/errors.js';
import { isSqlStatementError, type SqlDatabasePort } from '../../storage/ports.js';
import { splitSql } from '../../storage/sql-tokens.js';

/** What migrations need of a database: the local store's port, or the platform's through the account API. */
export type MigrationTarget = Pick<SqlDatabasePort, 'query' | 'script'>;

/** Default table recording applied migrations. */
export const DEFAULT_MIGRATIONS_TABLE = 'ledge_migrations';

/** One migration file and whether it was applied. */
export interface MigrationStatus {
  name: string;
  file: string;
  applied: boolean;
  applied_at: string | null;
}

/** The `.sql` files of a migrations directory, in name order. */
export function migrationFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
}

/** Writes the next numbered migration file (`0003_add_users.sql`) and returns its path. */
export function createMigration(dir: string, name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
  if (!slug) throw new LedgeError('bad_argument', `migration name "${name}" has no letters or digits`);
  mkdirSync(dir, { recursive: true });
  const numbers = migrationFiles(dir).map((f) => Number(/^(\d+)/.exec(f)?.[1] ?? 0));
  const next = String(Math.max(0, ...numbers) + 1).padStart(4, '0');
  const file = path.join(dir, `${next}_${slug}.sql`);
  writeFileSync(file, `-- Migration ${next}: ${name}\n`, { flag: 'wx' });
  return file;
}

async function ensureTable(db: MigrationTarget, table: string): Promise<void> {
  await db.script([`CREATE TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE NOT NULL, applied_at TEXT NOT NULL)`]);
}

/** Every migration file with its state. */
export async function listMigrations(db: MigrationTarget, dir: string, table = DEFAULT_MIGRATIONS_TABLE): Promise<MigrationStatus[]> {
  await ensureTable(db, table);
  const [applied] = await db.query([{ sql: `SELECT name, applied_at FROM ${table}`, params: [] }], 'objects');
  const done = new Map((applied?.results as { name: string; applied_at: string }[]).map((r) => [r.name, r.applied_at]));
  return migrationFiles(dir).map((name) => ({ name, file: path.join(dir, name), applied: done.has(name), applied_at: done.get(name) ?? null }));
}

/**
 * Applies the pending migrations in order, each file in its own transaction together with its record in
 * the tracking table. A failing file leaves the database as it was before that file (earlier files stay
 * applied) and the error names the file and the statement.
 */
export async function applyMigrations(db: MigrationTarget, dir: string, options: { table?: string; now?: () => Date; onApplied?: (name: string) => void } = {}): Promise<string[]> {
  const table = options.table ?? DEFAULT_MIGRATIONS_TABLE;
  const pending = (await listMigrations(db, dir, table)).filter((m) => !m.applied);
  const applied: string[] = [];
  for (const migration of pending) {
    const statements = splitSql(readFileSync(migration.file, 'utf8'));
    const record = `INSERT INTO ${table} (name, applied_at) VALUES ('${migration.name.replace(/'/g, "''")}', '${(options.now?.() ?? new Date()).toISOString()}')`;
    try {
      await db.script([...statements, record]);
    } catch (err) {
      if (isSqlStatementError(err)) {
        const statement = statements[err.index] ?? record;
        throw new LedgeError('operation_failed', `migration ${migration.name} failed at statement ${err.index + 1} (${abbreviate(statement)}): ${err.message}; the database is as it was before ${migration.name}${applied.length ? ` (applied before it: ${applied.join(', ')})` : ''}`);
      }
      throw err;
    }
    applied.push(migration.name);
    options.onApplied?.(migration.name);
  }
  return applied;
}

function abbreviate(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

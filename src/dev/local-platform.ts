import path from 'node:path';
import { findConfigFile, loadConfig, type ProjectConfig } from '../config/load.js';
import { createBindingServices } from '../bindings/host-services.js';
import type { BindingService } from '../bindings/plugin.js';
import { serveProtocol } from '../bindings/host-protocol.js';
import { SYSTEM_CLOCK } from '../platform/clock.js';
import { LedgeError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { openEmbeddedStorage } from '../storage/embedded.js';
import { VECTORS_PLUGIN } from '../bindings/vectors/index.js';
import type { VectorAdmin } from '../bindings/vectors/admin.js';
import { readOnlyInspector } from '../storage/sqlite/coordination/read-only.js';
import type { CoordinationInspector } from '../storage/coordination-inspect.js';
import type { DeadMessage, QueueStats, SqlResult, SqlRestoreResult, WorkflowStoragePort } from '../storage/ports.js';
import { applyConfiguredRules } from '../bindings/objects/runner.js';
import { runLifecycle, type LifecycleOutcome } from '../bindings/objects/lifecycle.js';
import { DEFAULT_LIFECYCLE_RULE, type LifecycleRule } from '../bindings/objects/schema.js';
import type { BucketEntryConfig } from '../bindings/objects/schema.js';
import { DEFAULT_RETENTION_DAYS, type SqlEntryConfig } from '../bindings/sql/schema.js';
import { DEFAULT_MIGRATIONS_TABLE, applyMigrations, listMigrations, type MigrationStatus } from '../bindings/sql/migrations.js';
import type { ProducerConfig } from '../bindings/queues/schema.js';
import type { QueuesAdmin } from '../bindings/queues/admin.js';
import { QUEUES_PLUGIN } from '../bindings/queues/index.js';
import { SQL_PLUGIN } from '../bindings/sql/index.js';

// The CLI reads these shapes from here, not from the storage ports (it never touches storage: docs/architecture.md).
export type { DeadMessage, QueueStats, SqlResult, SqlRestoreResult };
/** How tools cut SQL text into statements: the same splitter the database uses for scripts. */
export { splitSql } from '../storage/sql-tokens.js';

/** One SQL database of the project, as tools use it: statements, migrations, bookmarks and restores. */
export interface LocalSqlDatabase {
  entry: SqlEntryConfig;
  migrationsDir: string;
  migrationsTable: string;
  /** Runs the statements of SQL text in one transaction: the kind's admin operation the account API's `sql.query` runs too (bindings/sql/admin.ts). */
  query(sql: string): Promise<SqlResult[]>;
  /** The migration files with whether each is applied. */
  listMigrations(): Promise<MigrationStatus[]>;
  /** Applies the pending migrations, each in its own transaction; returns their names. */
  applyMigrations(onApplied: (name: string) => void): Promise<string[]>;
  /** The bookmark of the current state, or of the state at `at` (epoch milliseconds). */
  bookmark(at?: number): Promise<string>;
  /** Restores in place to a bookmark or to the state at a time (epoch milliseconds). */
  restore(to: { bookmark: string } | { timestamp: number }): Promise<SqlRestoreResult>;
}

/** A bucket's lifecycle rules and runs, for tools. */
export interface BucketLifecycle {
  /** The stored rules (disabled ones included) and the default multipart rule. */
  rules(): Promise<LifecycleRule[]>;
  setRules(rules: LifecycleRule[]): Promise<void>;
  run(dryRun: boolean): Promise<LifecycleOutcome>;
}

/** A project's local state opened for tools: its configuration and the host-side services of its bindings. */
export interface LocalPlatform {
  config: ProjectConfig;
  warnings: string[];
  /** Which file was read, when it was the original platform's configuration. */
  notice: string | undefined;
  /** A SQL database of the project by `database_name` or binding name (or the only one), with its storage port. */
  sqlDatabase(nameOrBinding: string | undefined): LocalSqlDatabase;
  /** A bucket of the project by `bucket_name` or binding name (or the only one), with its lifecycle operations. */
  bucket(nameOrBinding: string | undefined): { entry: BucketEntryConfig; service: BindingService; lifecycle: BucketLifecycle };
  /** The service of the binding of `kind` named `name`, or of the only binding of that kind. */
  binding(kind: string, name: string | undefined): { name: string; service: BindingService };
  /** The configured producers, the consumers with their defaults applied, and the stored queues. */
  queues: QueuesAdmin;
  /** Removes stored Cache API responses for these URLs (in every cache), or all of them with null (docs/cache.md). */
  purgeCache(urls: string[] | null): Promise<number>;
  /** The workflow store (opened on first use). */
  readonly workflows: WorkflowStoragePort;
  /** The coordination objects, read without touching a running ledge dev (deletes go through the store). */
  readonly coordination: CoordinationInspector;
  /** The vector indexes of the local state: made, listed and deleted as `ledge vectors` does. */
  readonly vectors: VectorAdmin;
  /** The host side of a binding to the local index `name`, whether or not the configuration binds it (`ledge vectors query`). */
  vectorIndex(name: string): BindingService;
  close(): void;
}

/** Opens the local state of the project in `dir` (the same state `ledge dev` uses). */
export async function openLocalPlatform(options: { dir: string; state?: string; env?: string; logger: Logger }): Promise<LocalPlatform> {
  const { config, warnings, notice } = loadConfig(findConfigFile(options.dir), { env: options.env });
  const stateDir = path.resolve(options.state ?? path.join(config.projectDir, '.ledge'));
  const storage = openEmbeddedStorage(stateDir, SYSTEM_CLOCK);
  const bindings = createBindingServices(config, { storage, clock: SYSTEM_CLOCK, logger: options.logger });
  await applyConfiguredRules((config.bindings.buckets ?? []) as BucketEntryConfig[], storage.objects);
  const label = `${config.name}${config.environment ? ` (env ${config.environment})` : ''}`;
  return {
    config,
    warnings,
    notice,
    binding(kind, name) {
      const candidates = bindings.filter((b) => b.kind === kind);
      if (name !== undefined) {
        const found = candidates.find((b) => b.name === name);
        if (!found) throw new LedgeError('bad_argument', `--binding: ${label} has no ${kind} binding "${name}"${candidates.length ? ` (it has: ${candidates.map((b) => b.name).join(', ')})` : ''}`);
        return found;
      }
      if (candidates.length === 1) return candidates[0] as { name: string; service: BindingService };
      if (candidates.length === 0) throw new LedgeError('bad_argument', `${label} declares no ${kind} binding`);
      throw new LedgeError('bad_argument', `${label} has several ${kind} bindings (${candidates.map((b) => b.name).join(', ')}); choose one with --binding`);
    },
    sqlDatabase(nameOrBinding) {
      const found = findEntry((config.bindings.sql_databases ?? []) as SqlEntryConfig[], (e) => e.database_name, nameOrBinding, 'SQL database', label);
      const port = storage.sql.database(found.database_id, { retentionDays: found.retention_days ?? DEFAULT_RETENTION_DAYS });
      const migrationsDir = path.resolve(config.dir, found.migrations_dir ?? 'migrations');
      const migrationsTable = found.migrations_table ?? DEFAULT_MIGRATIONS_TABLE;
      return {
        entry: found,
        migrationsDir,
        migrationsTable,
        query: (sql) => SQL_PLUGIN.admin.query(port, sql),
        listMigrations: () => listMigrations(port, migrationsDir, migrationsTable),
        applyMigrations: (onApplied) => applyMigrations(port, migrationsDir, { table: migrationsTable, onApplied }),
        bookmark: (at) => SQL_PLUGIN.admin.bookmark(port, at),
        restore: (to) => SQL_PLUGIN.admin.restore(port, to),
      };
    },
    bucket(nameOrBinding) {
      const found = findEntry((config.bindings.buckets ?? []) as BucketEntryConfig[], (e) => e.bucket_name, nameOrBinding, 'bucket', label);
      const service = (bindings.find((b) => b.kind === 'objects' && b.name === found.binding) as { service: BindingService }).service;
      const bucket = found.bucket_name;
      return {
        entry: found,
        service,
        lifecycle: {
          rules: async () => [...(((await storage.objects.getLifecycle(bucket)) ?? []) as LifecycleRule[]), DEFAULT_LIFECYCLE_RULE],
          setRules: (rules) => storage.objects.setLifecycle(bucket, rules),
          run: (dryRun) => runLifecycle(storage.objects, bucket, SYSTEM_CLOCK.now(), { dryRun }),
        },
      };
    },
    purgeCache: (urls) => storage.cache.purge(urls),
    queues: QUEUES_PLUGIN.admin.open(storage.queues, SYSTEM_CLOCK, (config.bindings.queues ?? []) as ProducerConfig[], config.sections.queues),
    get workflows() { return storage.workflows; },
    get vectors() { return VECTORS_PLUGIN.admin.open(storage.vectors, SYSTEM_CLOCK); },
    vectorIndex: (name) => serveProtocol('vector index', VECTORS_PLUGIN.calls, VECTORS_PLUGIN.handlers({ binding: 'CLI', index_name: name }, { storage, clock: SYSTEM_CLOCK, logger: options.logger })),
    coordination: readOnlyInspector(path.join(stateDir, 'coordination'), () => storage.coordination),
    close: () => storage.close(),
  };
}

/** The entry named `nameOrBinding` (by its name, then by binding), or the only entry; a clear error otherwise. */
function findEntry<E extends { binding: string }>(entries: E[], nameOf: (entry: E) => string, nameOrBinding: string | undefined, what: string, label: string): E {
  const found = nameOrBinding === undefined
    ? (entries.length === 1 ? entries[0] : undefined)
    : entries.find((e) => nameOf(e) === nameOrBinding) ?? entries.find((e) => e.binding === nameOrBinding);
  if (found) return found;
  const known = entries.map((e) => `${nameOf(e)} (binding ${e.binding})`).join(', ');
  throw new LedgeError('bad_argument', nameOrBinding === undefined
    ? `${label} ${entries.length ? `has several ${what}s (${known}); name one` : `declares no ${what}s`}`
    : `${label} has no ${what} named "${nameOrBinding}"${known ? ` (it has: ${known})` : ''}`);
}


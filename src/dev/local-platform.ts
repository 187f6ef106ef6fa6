import path from 'node:path';
import { findConfigFile, loadConfig, type ProjectConfig } from '../config/load.js';
import { createBindingServices } from '../bindings/host-services.js';
import type { BindingService } from '../bindings/plugin.js';
import { SYSTEM_CLOCK } from '../lib/clock.js';
import { LedgeError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { openEmbeddedStorage } from '../storage/embedded.js';
import type { DeadMessage, QueueStats, QueueStoragePort, SqlResult, SqlRestoreResult, WorkflowStoragePort } from '../storage/ports.js';
import { applyConfiguredRules } from '../bindings/objects/runner.js';
import { runLifecycle, type LifecycleOutcome } from '../bindings/objects/lifecycle.js';
import { DEFAULT_LIFECYCLE_RULE, type LifecycleRule } from '../bindings/objects/schema.js';
import type { BucketEntryConfig } from '../bindings/objects/schema.js';
import { DEFAULT_RETENTION_DAYS, type SqlEntryConfig } from '../bindings/sql/schema.js';
import { DEFAULT_MIGRATIONS_TABLE, applyMigrations, listMigrations, type MigrationStatus } from '../bindings/sql/migrations.js';
import { consumersOf, type ConsumerConfig, type ProducerConfig } from '../bindings/queues/schema.js';
import { createQueueProducerHandlers } from '../bindings/queues/service.js';
import { QUEUES_CALLS } from '../bindings/queues/protocol.js';
import { serveProtocol } from '../bindings/host-protocol.js';

// The CLI reads these shapes from here, not from the storage ports (it never touches storage: docs/architecture.md).
export type { DeadMessage, QueueStats, SqlResult, SqlRestoreResult };
/** How tools cut SQL text into statements: the same splitter the database uses for scripts. */
export { splitSql } from '../storage/sql-split.js';

/** One SQL database of the project, as tools use it: statements, migrations, bookmarks and restores. */
export interface LocalSqlDatabase {
  entry: SqlEntryConfig;
  migrationsDir: string;
  migrationsTable: string;
  /** Runs the statements (no parameters) in one transaction. */
  execute(statements: string[]): Promise<SqlResult[]>;
  /** The migration files with whether each is applied. */
  listMigrations(): Promise<MigrationStatus[]>;
  /** Applies the pending migrations, each in its own transaction; returns their names. */
  applyMigrations(onApplied: (name: string) => void): Promise<string[]>;
  /** The bookmark of the current state, or of the state at `at` (epoch milliseconds). */
  bookmark(at?: number): Promise<string>;
  restore(bookmark: string): Promise<SqlRestoreResult>;
}

/** The project's queues, as tools use them: the configuration, what the store holds, and the dead letters. */
export interface LocalQueues {
  producers: readonly ProducerConfig[];
  consumers: readonly ConsumerConfig[];
  /** The queues the store holds messages of. */
  stored(): Promise<string[]>;
  stats(queue: string): Promise<QueueStats>;
  /** A producer service of `queue` (the queue's configured delivery delay, else 0), as a binding would call it. */
  producer(queue: string): BindingService;
  listDead(queue: string, limit: number): Promise<DeadMessage[]>;
  replayDead(queue: string, ids: string[] | null): Promise<number>;
  purgeDead(queue: string, ids: string[] | null): Promise<number>;
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
  queues: LocalQueues;
  /** Removes stored Cache API responses for these URLs (in every cache), or all of them with null (docs/cache.md). */
  purgeCache(urls: string[] | null): Promise<number>;
  /** The workflow store (opened on first use). */
  readonly workflows: WorkflowStoragePort;
  close(): void;
}

/** Opens the local state of the project in `dir` (the same state `ledge dev` uses). */
export async function openLocalPlatform(options: { dir: string; state?: string; env?: string; logger: Logger }): Promise<LocalPlatform> {
  const { config, warnings, notice } = loadConfig(findConfigFile(options.dir), { env: options.env });
  const storage = openEmbeddedStorage(path.resolve(options.state ?? path.join(config.dir, '.ledge')), SYSTEM_CLOCK);
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
        execute: (statements) => port.query(statements.map((sql) => ({ sql, params: [] })), 'objects'),
        listMigrations: () => listMigrations(port, migrationsDir, migrationsTable),
        applyMigrations: (onApplied) => applyMigrations(port, migrationsDir, { table: migrationsTable, onApplied }),
        bookmark: (at) => (at === undefined ? port.bookmark() : port.bookmarkAt(at)),
        restore: (bookmark) => port.restore(bookmark),
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
    queues: localQueues(storage.queues, (config.bindings.queues ?? []) as ProducerConfig[], consumersOf(config.sections.queues)),
    get workflows() { return storage.workflows; },
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

function localQueues(store: QueueStoragePort, producers: readonly ProducerConfig[], consumers: readonly ConsumerConfig[]): LocalQueues {
  return {
    producers,
    consumers,
    stored: () => store.queues(),
    stats: (queue) => store.stats(queue, SYSTEM_CLOCK.now()),
    producer(queue) {
      const delivery = producers.find((p) => p.queue === queue)?.delivery_delay ?? 0;
      // Checked against the producer's protocol like a binding's calls (host-protocol.ts).
      return serveProtocol('queues', QUEUES_CALLS, createQueueProducerHandlers({ queue, deliveryDelaySeconds: delivery, storage: store, clock: SYSTEM_CLOCK }));
    },
    listDead: (queue, limit) => store.listDead(queue, limit),
    replayDead: (queue, ids) => store.replayDead(queue, ids, SYSTEM_CLOCK.now()),
    purgeDead: (queue, ids) => store.purgeDead(queue, ids),
  };
}

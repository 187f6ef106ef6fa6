import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { createMigration } from '../../bindings/sql/migrations.js';
import { LedgeError } from '../../platform/errors.js';
import { localOptions, printJson, withLocalPlatform, type LocalOptions } from '../local.js';
import type { SqlResult } from '../../dev/local-platform.js';
import { openRemoteDatabase, type DatabaseHandle } from '../remote-sql.js';


const out = (text: string) => process.stdout.write(text);
const json = printJson;

/** Reads a time as ISO 8601 / RFC 3339 or a Unix timestamp (10 digits: seconds, otherwise milliseconds). */
export function parseTimestamp(value: string): number {
  if (/^\d+$/.test(value)) return value.length <= 10 ? Number(value) * 1000 : Number(value);
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new LedgeError('bad_argument', `--timestamp: invalid timestamp '${value}'; give a Unix timestamp or an ISO string such as 2026-11-01T12:00:00Z`);
  return ms;
}

function printResults(results: SqlResult[], asJson: boolean | undefined): void {
  if (asJson) {
    json(results.map((r) => ({ success: true, results: r.results, meta: r.meta })));
    return;
  }
  for (const result of results) {
    if (result.columns.length === 0) {
      out(`ok: ${result.meta.changes} row(s) changed\n`);
      continue;
    }
    const rows = result.results as Record<string, unknown>[];
    out(`${result.columns.join('\t')}\n`);
    for (const row of rows) out(`${result.columns.map((c) => (row[c] === null ? 'NULL' : typeof row[c] === 'object' ? JSON.stringify(row[c]) : String(row[c]))).join('\t')}\n`);
    out(`(${rows.length} row${rows.length === 1 ? '' : 's'})\n`);
  }
}

type DbOptions = LocalOptions & { remote?: boolean; account?: string };

/** `--remote` and `--account`: the database of the deployed project on a `ledge serve`, through the account API. */
function remoteOptions(command: Command): Command {
  return command
    .option('--remote', 'the database on the platform (ledge serve) through the account API, instead of the local state')
    .option('--account <id>', 'with --remote: account to act on (default: LEDGE_ACCOUNT_ID or the only one the token sees)');
}

/** Runs `work` on the project's database: on the platform with --remote, else in the local state. */
async function withDatabase(name: string, opts: DbOptions, work: (db: DatabaseHandle) => Promise<void>): Promise<void> {
  if (!opts.remote) {
    await withLocalPlatform(opts, (platform) => work(platform.sqlDatabase(name)));
    return;
  }
  if (opts.state !== undefined) throw new LedgeError('bad_argument', '--state names local state; it cannot go with --remote');
  await work(await openRemoteDatabase(opts, name));
}

/** `ledge db ...`: the SQL databases of a project's local state, or with --remote of its deployment on a ledge serve. */
export function registerDb(program: Command): void {
  const db = program.command('db').description("work with a project's SQL databases: the local state, or with --remote the platform's (name a database by database_name or binding)");

  remoteOptions(localOptions(db.command('execute').description('run SQL statements (in one transaction)').argument('<database>')))
    .option('--command <sql>', 'SQL to run')
    .option('--file <file>', 'file of SQL to run')
    .action((name: string, opts: DbOptions & { command?: string; file?: string }) => withDatabase(name, opts, async (database) => {
      if ((opts.command === undefined) === (opts.file === undefined)) throw new LedgeError('bad_argument', 'give exactly one of --command or --file');
      const sql = opts.command ?? readFileSync(opts.file as string, 'utf8');
      // Split, checked and worded by the SQL kind's admin operation, here or on the platform (--remote).
      printResults(await database.query(sql), opts.json);
    }));

  const migrations = db.command('migrations').description('create, list and apply migration files');
  localOptions(migrations.command('create').description('write the next numbered migration file').argument('<database>').argument('<name>'))
    .action((name: string, migration: string, opts: LocalOptions) => withLocalPlatform(opts, async (platform) => {
      const file = createMigration(platform.sqlDatabase(name).migrationsDir, migration);
      if (opts.json) json({ file });
      else out(`created ${path.relative(process.cwd(), file)}\n`);
    }));
  remoteOptions(localOptions(migrations.command('list').description('show which migrations are applied').argument('<database>')))
    .action((name: string, opts: DbOptions) => withDatabase(name, opts, async (database) => {
      const { migrationsDir } = database;
      const list = await database.listMigrations();
      if (opts.json) json(list.map(({ name: n, applied, applied_at }) => ({ name: n, applied, applied_at })));
      else if (list.length === 0) out(`no migrations in ${path.relative(process.cwd(), migrationsDir) || migrationsDir}\n`);
      else for (const m of list) out(`${m.applied ? 'applied' : 'pending'}  ${m.name}${m.applied_at ? `  (${m.applied_at})` : ''}\n`);
    }));
  remoteOptions(localOptions(migrations.command('apply').description('apply pending migrations, each in its own transaction').argument('<database>')))
    .action((name: string, opts: DbOptions) => withDatabase(name, opts, async (database) => {
      const applied = await database.applyMigrations((n) => { if (!opts.json) out(`applied ${n}\n`); });
      if (opts.json) json({ applied });
      else if (applied.length === 0) out('no migrations to apply\n');
    }));

  localOptions(db.command('bookmark').description('print the bookmark of the current state, or of the state at a time').argument('<database>'))
    .option('--timestamp <time>', 'ISO 8601 time or Unix timestamp')
    .action((name: string, opts: LocalOptions & { timestamp?: string }) => withLocalPlatform(opts, async (platform) => {
      const bookmark = await platform.sqlDatabase(name).bookmark(opts.timestamp === undefined ? undefined : parseTimestamp(opts.timestamp));
      if (opts.json) json({ bookmark });
      else out(`${bookmark}\n`);
    }));

  localOptions(db.command('restore').description('restore the database in place to a bookmark or a time (undo with the printed previous bookmark)').argument('<database>'))
    .option('--bookmark <bookmark>', 'bookmark to restore to')
    .option('--timestamp <time>', 'ISO 8601 time or Unix timestamp to restore to')
    .action((name: string, opts: LocalOptions & { bookmark?: string; timestamp?: string }) => withLocalPlatform(opts, async (platform) => {
      if (opts.bookmark !== undefined && opts.timestamp !== undefined) throw new LedgeError('bad_argument', 'use --bookmark or --timestamp, not both');
      if (opts.bookmark === undefined && opts.timestamp === undefined) throw new LedgeError('bad_argument', 'missing --bookmark or --timestamp');
      const database = platform.sqlDatabase(name);
      const { entry } = database;
      const result = await database.restore(opts.bookmark !== undefined ? { bookmark: opts.bookmark } : { timestamp: parseTimestamp(opts.timestamp as string) });
      if (opts.json) json(result);
      else out(`restored ${entry.database_name} to ${result.bookmark}\nto undo: ledge db restore ${entry.database_name} --bookmark ${result.previous_bookmark}\n`);
    }));
}

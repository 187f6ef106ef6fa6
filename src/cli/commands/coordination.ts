import type { Command } from 'commander';
import { COORDINATION_ADMIN, objectIdOf, type CoordinationClass, type CoordinationObjectDetail } from '../../bindings/coordination/admin.js';
import { LedgeError, hasCode } from '../../platform/errors.js';
import { accountPath, formatTable, openPlatform, type PlatformOptions } from '../api-client.js';
import { parseInteger } from '../options.js';
import { localOptions, printJson, withLocalPlatform, type LocalOptions } from '../local.js';

/** The rows of one read-only statement (docs/api.md, Coordination objects). */
interface CoordinationQueryAnswer { columns: string[]; rows: unknown[][]; more: boolean }

type Options = LocalOptions & PlatformOptions & { remote?: boolean; deployment?: string };
/** The account whose namespaces `ledge dev` keeps. */
const LOCAL_ACCOUNT = 'local';

/** The operations, on the local state or through the account API; `idOf` turns an id or a name into the object's id. */
interface Ops {
  deployment: string;
  classes(): Promise<CoordinationClass[]>;
  objects(className: string, page: { cursor?: string; limit: number }): Promise<{ ids: string[]; cursor?: string | null }>;
  show(className: string, id: string, limit: number): Promise<CoordinationObjectDetail>;
  delete(className: string, id: string): Promise<void>;
  query(className: string, id: string, sql: string): Promise<CoordinationQueryAnswer>;
  idOf(className: string, target: { id?: string; name?: string }): string;
}

const out = (text: string) => process.stdout.write(text);

/** Runs `work` on the project's local state (what `ledge dev` uses), or on the account API with `--remote`. */
async function withOps(opts: Options, work: (ops: Ops) => Promise<void>): Promise<void> {
  if (opts.remote) {
    const session = await openPlatform(opts, false);
    const deployment = opts.deployment ?? session.config?.name;
    if (!deployment) throw new LedgeError('bad_argument', 'which deployment? give --deployment NAME, or run in (or --dir to) a project directory with ledge.jsonc');
    const base = (...segments: string[]) => accountPath(session.account.id, 'coordination', 'classes', ...segments);
    const request = async <T>(method: string, path: string, body?: unknown) => (await session.client.request<T>(method, path, body)).result;
    return work({
      deployment,
      classes: () => request('GET', base()),
      objects: (className, page) => request('GET', `${base(deployment, className, 'objects')}?per_page=${page.limit}${page.cursor ? `&cursor=${encodeURIComponent(page.cursor)}` : ''}`),
      show: (className, id, limit) => request('GET', `${base(deployment, className, 'objects', id)}?keys=${limit}`),
      delete: async (className, id) => { await request('DELETE', base(deployment, className, 'objects', id)); },
      query: (className, id, sql) => request('POST', base(deployment, className, 'objects', id, 'query'), { sql }),
      idOf: (className, target) => objectIdOf(session.account.id, deployment, className, target),
    });
  }
  return withLocalPlatform(opts, (platform) => {
    const deployment = opts.deployment ?? platform.config.name;
    const view = platform.coordination;
    return work({
      deployment,
      classes: () => COORDINATION_ADMIN.classes(view, LOCAL_ACCOUNT),
      objects: (className, page) => COORDINATION_ADMIN.objects(view, LOCAL_ACCOUNT, deployment, className, page),
      show: (className, id, limit) => COORDINATION_ADMIN.show(view, LOCAL_ACCOUNT, deployment, className, id, limit),
      delete: (className, id) => COORDINATION_ADMIN.delete(view, LOCAL_ACCOUNT, deployment, className, id),
      query: async (className, id, sql) => {
        try {
          return await COORDINATION_ADMIN.query(view, LOCAL_ACCOUNT, deployment, className, id, sql);
        } catch (err) {
          // A refused statement names the option it came from (the account API points at /body/sql instead).
          if (hasCode(err, 'bad_argument')) throw new LedgeError('bad_argument', `--query: ${err.message}`);
          throw err;
        }
      },
      idOf: (className, target) => objectIdOf(LOCAL_ACCOUNT, deployment, className, target),
    });
  });
}

/** Both places a command can act on, and the deployment whose classes it means. */
function options(command: Command): Command {
  return localOptions(command)
    .option('--deployment <name>', 'the deployment that exports the class (default: the name in ledge.jsonc)')
    .option('--remote', 'act on the account API of ledge serve (ledge login) instead of the local state')
    .option('--account <id>', 'with --remote: the account to act on');
}

/** The object a command names: its id argument, or `--name` (hashed as idFromName does); exactly one. */
function target(id: string | undefined, name: string | undefined): { id?: string; name?: string } {
  if ((id === undefined) === (name === undefined)) throw new LedgeError('bad_argument', 'name the object by its id (64 hex digits) or by --name NAME (as idFromName), one of the two');
  return name !== undefined ? { name } : { id };
}

/** The alarm as people read it. */
const alarmText = (alarm: string | null) => alarm ?? 'none';

/** `ledge coordination classes | list | show | delete`: coordination objects (durable_objects) of a project. */
export function registerCoordination(program: Command): void {
  const coordination = program.command('coordination').description("a project's coordination objects (durable_objects): list classes and objects, show one read-only, delete one (local state, or --remote)");

  options(coordination.command('classes').description('every class with objects, with how many (all deployments of the account)'))
    .action((opts: Options) => withOps(opts, async (ops) => {
      const list = await ops.classes();
      if (opts.json) return printJson(list);
      if (!list.length) return void out('no coordination objects\n');
      out(formatTable(['DEPLOYMENT', 'CLASS', 'OBJECTS'], list.map((c) => [c.deployment, c.class, String(c.objects)])));
    }));

  options(coordination.command('list').description("a class's object ids, in id order").argument('<class>', 'class name (as in durable_objects.bindings[].class_name)'))
    .option('--limit <n>', 'at most this many (default: 100, at most 1000)', (v: string) => parseInteger('--limit', v))
    .option('--cursor <id>', 'continue after this id (printed at the end of a full page)')
    .action((className: string, opts: Options & { limit?: number; cursor?: string }) => withOps(opts, async (ops) => {
      const page = await ops.objects(className, { limit: opts.limit ?? 100, cursor: opts.cursor });
      if (opts.json) return printJson({ ids: page.ids, cursor: page.cursor ?? null });
      if (!page.ids.length) return void out(`${ops.deployment}/${className} has no objects\n`);
      out(`${page.ids.join('\n')}\n`);
      if (page.cursor) out(`more: --cursor ${page.cursor}\n`);
    }));

  options(coordination.command('show').description('one object, read-only: its key-value pairs (decoded), SQL tables with row counts, size and alarm').argument('<class>', 'class name').argument('[id]', 'object id (64 hex digits)'))
    .option('--name <name>', 'the object named NAME (the id idFromName(NAME) gives)')
    .option('--keys <n>', 'show at most this many pairs (default: 100, at most 1000)', (v: string) => parseInteger('--keys', v))
    .option('--query <sql>', 'instead: run one read-only SQL statement on the object (at most 1000 rows or 1 MiB, 5 s); the key-value pairs are the table _cf_KV')
    .action((className: string, id: string | undefined, opts: Options & { name?: string; keys?: number; query?: string }) => withOps(opts, async (ops) => {
      const found = ops.idOf(className, target(id, opts.name));
      if (opts.query !== undefined) {
        const result = await ops.query(className, found, opts.query);
        if (opts.json) return printJson(result);
        out(formatTable(result.columns.map((c) => c.toUpperCase()), result.rows.map((row) => row.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))))));
        if (result.more) out(`(only the first ${result.rows.length} rows: an answer holds at most 1000 rows or 1 MiB)\n`);
        return;
      }
      const d = await ops.show(className, found, opts.keys ?? 100);
      if (opts.json) return printJson(d);
      out(`${d.deployment}/${d.class} ${d.id}\nsize: ${d.size_bytes} bytes\nalarm: ${alarmText(d.alarm)}\n`);
      if (d.pairs.length) out(formatTable(['KEY', 'BYTES', 'VALUE'], d.pairs.map((p) => [p.key, String(p.bytes), JSON.stringify(p.value)])));
      else out('no key-value pairs\n');
      if (d.more_pairs) out(`(only the first ${d.pairs.length} pairs; --keys shows more)\n`);
      if (d.tables.length) out(formatTable(['TABLE', 'ROWS'], d.tables.map((t) => [t.name, String(t.rows)])));
    }));

  options(coordination.command('delete').description("delete one object's data, history and alarm (a running ledge dev must not hold it open)").argument('<class>', 'class name').argument('[id]', 'object id (64 hex digits)'))
    .option('--name <name>', 'the object named NAME (the id idFromName(NAME) gives)')
    .action((className: string, id: string | undefined, opts: Options & { name?: string }) => withOps(opts, async (ops) => {
      const found = ops.idOf(className, target(id, opts.name));
      await ops.delete(className, found);
      if (opts.json) printJson({ id: found, deleted: true });
      else out(`deleted ${ops.deployment}/${className} object ${found}\n`);
    }));
}

import type { Command } from 'commander';
import { createWorkflowAdmin, type WorkflowAdmin } from '../../bindings/workflows/admin.js';
import { SYSTEM_CLOCK } from '../../platform/clock.js';
import { LedgeError } from '../../platform/errors.js';
import { createConsoleSink, createLogger } from '../../platform/logger.js';
import type { WorkflowStatus } from '../../bindings/workflows/admin.js';
import { accountPath, formatTable, openPlatform, type PlatformOptions } from '../api-client.js';
import { parseInteger } from '../options.js';
import { localOptions, printJson, withLocalPlatform, type LocalOptions } from '../local.js';

type Options = LocalOptions & PlatformOptions & { remote?: boolean };
type Ops = Omit<WorkflowAdmin, 'describe' | 'instances' | 'list'> & {
  list(): Promise<{ name: string; instances: Record<string, number> }[]>;
  instances(workflow: string, options: { limit: number; status?: WorkflowStatus }): Promise<Record<string, unknown>[]>;
  describe(workflow: string, id: string): Promise<Record<string, unknown>>;
};

const out = (text: string) => process.stdout.write(text);

/** The same operations through the account API of `ledge serve` (`--remote`). */
async function remoteOps(opts: Options): Promise<Ops> {
  const session = await openPlatform(opts, false);
  const base = (...segments: string[]) => accountPath(session.account.id, 'workflows', ...segments);
  const request = async <T>(method: string, path: string, body?: unknown) => (await session.client.request<T>(method, path, body)).result;
  return {
    list: () => request('GET', base()),
    instances: (workflow, options) => request('GET', `${base(workflow, 'instances')}?per_page=${options.limit}${options.status ? `&status=${options.status}` : ''}`),
    describe: (workflow, id) => request('GET', base(workflow, 'instances', id)),
    trigger: async (workflow, options) => (await request<{ id: string }>('POST', base(workflow, 'instances'), { instance_id: options.id, params: options.params })).id,
    control: async (workflow, id, op) => { await request('PATCH', base(workflow, 'instances', id, 'status'), { status: op }); },
    sendEvent: async (workflow, id, type, payload) => { await request('POST', base(workflow, 'instances', id, 'events', type), payload); },
  };
}

/** Runs `work` on the project's local state (what `ledge dev` uses), or on the account API with `--remote`. */
async function withOps(opts: Options, work: (ops: Ops) => Promise<void>): Promise<void> {
  if (opts.remote) return work(await remoteOps(opts));
  return withLocalPlatform(opts, (platform) => work(createWorkflowAdmin(platform.workflows, SYSTEM_CLOCK, createLogger(createConsoleSink())) as unknown as Ops));
}

function jsonOption(value: string | undefined, option: string): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch (err) {
    throw new LedgeError('bad_argument', `${option}: not valid JSON (${(err as Error).message})`);
  }
}

const STATUSES = ['queued', 'running', 'waiting', 'paused', 'complete', 'errored', 'terminated'];

/** Both places a command can act on. */
function options(command: Command): Command {
  return localOptions(command)
    .option('--remote', 'act on the account API of ledge serve (ledge login) instead of the local state')
    .option('--account <id>', 'with --remote: the account to act on');
}

/** `ledge workflows list | instances | describe | trigger | pause | resume | terminate | restart | send-event`. */
export function registerWorkflows(program: Command): void {
  const workflows = program.command('workflows').description("a project's workflow instances: list, inspect, start, pause, resume, terminate and send events (local state, or --remote)");

  options(workflows.command('list').description('every workflow with instances, with how many are in each status'))
    .action((opts: Options) => withOps(opts, async (ops) => {
      const list = await ops.list();
      if (opts.json) return printJson(list);
      if (!list.length) return void out('no workflow instances\n');
      out(formatTable(['WORKFLOW', ...STATUSES.map((s) => s.toUpperCase())], list.map((w) => [w.name, ...STATUSES.map((s) => String(w.instances[s] ?? 0))])));
    }));

  options(workflows.command('instances').description("a workflow's instances, newest first").argument('<name>', 'workflow name'))
    .option('--status <status>', `only this status (${STATUSES.join(', ')})`)
    .option('--limit <n>', 'at most this many (default: 100)', (v: string) => parseInteger('--limit', v))
    .action((name: string, opts: Options & { status?: string; limit?: number }) => withOps(opts, async (ops) => {
      if (opts.status !== undefined && !STATUSES.includes(opts.status)) throw new LedgeError('bad_argument', `--status: expected one of ${STATUSES.join(', ')}`);
      const list = await ops.instances(name, { limit: opts.limit ?? 100, status: opts.status as WorkflowStatus | undefined });
      if (opts.json) return printJson(list);
      if (!list.length) return void out(`workflow ${name} has no instances\n`);
      out(formatTable(['ID', 'STATUS', 'CREATED', 'ENDED'], list.map((i) => [String(i.id), String(i.status), String(i.created_on), String(i.ended_on ?? '')])));
    }));

  options(workflows.command('describe').description('one instance: each step with its attempts, timings, result size and error, and the current wait').argument('<name>', 'workflow name').argument('<id>', 'instance id'))
    .action((name: string, id: string, opts: Options) => withOps(opts, async (ops) => {
      const d = await ops.describe(name, id);
      if (opts.json) return printJson(d);
      out(`${name} ${id}: ${String(d.status)}${d.error ? ` (${(d.error as { name: string; message: string }).name}: ${(d.error as { message: string }).message})` : ''}\n`);
      out(`created ${String(d.created_on)}${d.ended_on ? `, ended ${String(d.ended_on)}` : ''}\n`);
      for (const w of (d.waiting_for as { step: string; type: string; until: string; event_type?: string }[])) out(`waiting: ${w.type} "${w.step}"${w.event_type ? ` for event type "${w.event_type}"` : ''} until ${w.until}\n`);
      const steps = d.steps as { name: string; type: string; state: string; duration_ms: number; result_bytes: number; error?: { message: string }; attempts?: unknown[] }[];
      if (steps.length) out(formatTable(['STEP', 'TYPE', 'STATE', 'ATTEMPTS', 'MS', 'RESULT BYTES', 'ERROR'], steps.map((s) => [s.name, s.type, s.state, String(s.attempts?.length ?? '-'), String(s.duration_ms), String(s.result_bytes), s.error?.message ?? ''])));
      if (d.output !== undefined) out(`output: ${JSON.stringify(d.output)}\n`);
    }));

  options(workflows.command('trigger').description('start an instance now').argument('<name>', 'workflow name'))
    .option('--params <json>', 'the instance params, as JSON')
    .option('--id <id>', 'the instance id (default: a random UUID)')
    .action((name: string, opts: Options & { params?: string; id?: string }) => withOps(opts, async (ops) => {
      const id = await ops.trigger(name, { id: opts.id, params: jsonOption(opts.params, '--params') });
      if (opts.json) printJson({ id, status: 'queued' });
      else out(`started ${name} instance ${id}\n`);
    }));

  for (const op of ['pause', 'resume', 'terminate', 'restart'] as const) {
    options(workflows.command(op).description(`${op} an instance`).argument('<name>', 'workflow name').argument('<id>', 'instance id'))
      .action((name: string, id: string, opts: Options) => withOps(opts, async (ops) => {
        await ops.control(name, id, op);
        if (opts.json) printJson({ id, done: op });
        else out(`${op}: ${name} instance ${id}\n`);
      }));
  }

  options(workflows.command('send-event').description('send an event to an instance (its waitForEvent of that type takes it)').argument('<name>', 'workflow name').argument('<id>', 'instance id').argument('<type>', 'event type'))
    .option('--payload <json>', 'the event payload, as JSON')
    .action((name: string, id: string, type: string, opts: Options & { payload?: string }) => withOps(opts, async (ops) => {
      await ops.sendEvent(name, id, type, jsonOption(opts.payload, '--payload') ?? null);
      if (opts.json) printJson({ id, type, sent: true });
      else out(`sent "${type}" to ${name} instance ${id}\n`);
    }));
}

import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { createHash } from 'node:crypto';
import type { StoragePorts } from '../../storage/ports.js';
import type { BackgroundRunner, RunnerContext, RunnerCrons, RunnerCronSchedule } from '../plugin.js';
import { engineFor, type ClaimedRun, type WorkflowEngine } from './engine.js';
import { WORKFLOW_LIMITS } from './limits.js';
import { createPump } from '../pump.js';
import type { WorkflowRunEvent, WorkflowRunOutcome } from './protocol.js';
import type { WorkflowEntryConfig } from './schema.js';

/** Longest wait between looks at the store (instances made due by another process, or a slot freed by another workflow). */
const POLL_MS = 1_000;
/** Longest wait between looks when nothing is due soon. */
const IDLE_POLL_MS = 2_000;
/** How many instances one look claims at most. */
const CLAIM_BATCH = 50;
/** How often ended instances past their retention are deleted. */
const SWEEP_EVERY_MS = 3_600_000;

/** Options of a deployment's workflow runners. */
export interface WorkflowRunnersOptions {
  /** The deployment's name: it runs the workflows whose `script_name` is absent or names it. */
  deployment: string;
  entries: readonly WorkflowEntryConfig[];
  storage: Pick<StoragePorts, 'workflows'>;
  /** The host's cron scheduler, for `triggers.crons`. */
  crons: RunnerCrons;
  clock: Clock;
  logger: Logger;
  /** Runs one workflow event in the deployment's isolate. */
  run: (event: WorkflowRunEvent) => Promise<WorkflowRunOutcome>;
  /** Run by real timers (false in tests that call `tick()`). @default true */
  timers?: boolean;
}

/** A deployment's running workflow runners. */
export interface WorkflowRunners {
  /** Runs every instance due now, again until none is due; resolves with how many runs ended. */
  tick(): Promise<number>;
  /** Starts no new run; resolves once the runs in flight have ended (stop their isolate to cut them off). */
  stop(): Promise<void>;
}

/** The workflow kind's background work for one deployment version (`BindingPlugin.runner`). */
export function startWorkflowRunner(context: RunnerContext): Promise<BackgroundRunner> {
  return Promise.resolve(startWorkflowRunners({
    deployment: context.deployment, entries: (context.section ?? []) as WorkflowEntryConfig[], storage: context.storage, crons: context.crons,
    clock: context.clock, logger: context.logger, timers: context.timers, run: (event) => context.events.runWorkflow(event),
  }));
}

/**
 * Starts one runner per workflow this deployment defines. A runner claims due instances (queued, a timer
 * or event that came due, a lease that expired) on the task state model and runs each in the isolate;
 * waiting instances hold no isolate and no timer of their own, only a time in the store that the runner
 * looks for. At start it takes over every instance left running by a previous process of this store.
 */
export function startWorkflowRunners(options: WorkflowRunnersOptions): WorkflowRunners {
  const own = options.entries.filter((entry) => entry.script_name === undefined || entry.script_name === options.deployment);
  const runners = own.map((entry) => startRunner(entry, options));
  const schedulers = own.flatMap((entry) => (entry.triggers?.crons.length ? [startCronTrigger(entry, options)] : []));
  return {
    async tick() {
      for (const scheduler of schedulers) await scheduler.tick();
      let total = 0;
      for (const runner of runners) total += await runner.tick();
      return total;
    },
    async stop() {
      for (const scheduler of schedulers) scheduler.stop();
      await Promise.all(runners.map((runner) => runner.stop()));
    },
  };
}

/**
 * A workflow's crons (`workflows[].triggers.crons`): each window creates one instance whose id comes from
 * the window's firing identity (docs/cron.md), created only if absent, so a window fired again (after a
 * restart, or a retry) never starts a second instance.
 */
function startCronTrigger(entry: WorkflowEntryConfig, options: WorkflowRunnersOptions): RunnerCronSchedule {
  const { clock, logger } = options;
  return options.crons(`${options.deployment}/workflow:${entry.name}`, entry.triggers?.crons ?? [], async (firing) => {
    const id = `cron-${createHash('sha256').update(firing.firingId).digest('hex').slice(0, 40)}`;
    await engineFor(options.storage.workflows, clock, logger).create(entry.name, [{ id, params: {} }], { schedule: { cron: firing.cron, scheduledTime: firing.scheduledTime }, ifAbsent: true });
  });
}

function startRunner(entry: WorkflowEntryConfig, options: WorkflowRunnersOptions): WorkflowRunners {
  const { clock, logger } = options;
  const workflow = entry.name;
  const maxSteps = entry.limits?.steps ?? WORKFLOW_LIMITS.defaultSteps;
  const timers = options.timers !== false;
  let engine: WorkflowEngine | undefined;
  let unwatch: (() => void) | undefined;
  let tookOver = false;
  let ended = 0;
  let sweptAt = Number.NEGATIVE_INFINITY;
  const pumper = createPump({
    pumpOnce, timers, retryMs: POLL_MS,
    onError: (err) => logger.error(`workflow "${workflow}": the runner failed: ${(err as Error)?.stack ?? String(err)}`),
  });

  const open = (): WorkflowEngine => {
    if (!engine) {
      engine = engineFor(options.storage.workflows, clock, logger);
      unwatch = engine.storage.watch(workflow, () => { if (timers) void pumper.pump(); });
    }
    return engine;
  };

  /** Instances a previous process left running: their runs are gone, so they are recovered now, not after their leases. */
  async function takeOver(e: WorkflowEngine): Promise<void> {
    for (;;) {
      const rows = (await e.storage.due(workflow, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, CLAIM_BATCH)).filter((row) => row.status === 'running');
      let moved = 0;
      for (const row of rows) {
        const claimed = await e.claim(row, maxSteps, Number.MAX_SAFE_INTEGER, true);
        if (claimed) {
          moved++;
          await e.endRun(claimed.runId, { outcome: 'suspended' });
        }
      }
      if (moved === 0) return;
    }
  }

  async function pumpOnce(): Promise<void> {
    const e = open();
    if (!tookOver) {
      if (e.needsTakeover(workflow)) await takeOver(e);
      e.tookOver(workflow);
      tookOver = true;
    }
    if (clock.now() - sweptAt >= SWEEP_EVERY_MS) {
      sweptAt = clock.now();
      const deleted = await e.storage.sweep(sweptAt - WORKFLOW_LIMITS.retentionMs);
      if (deleted) logger.info(`workflows: deleted ${deleted} instance(s) that ended more than 30 days ago, with their state`);
    }
    while (!pumper.stopped) {
      const now = clock.now();
      const rows = await e.storage.due(workflow, now, now, CLAIM_BATCH);
      let claimed = 0;
      for (const row of rows) {
        if (pumper.stopped) break;
        const run = await e.claim(row, maxSteps, WORKFLOW_LIMITS.maxRunningPerAccount, false);
        if (!run) continue;
        claimed++;
        dispatch(e, run);
      }
      // Nothing claimed: nothing due, or the account runs as many instances as it may (the rest stay queued).
      if (claimed === 0) break;
    }
    await wakeLater(e);
  }

  function dispatch(e: WorkflowEngine, { runId, row }: ClaimedRun): void {
    const event: WorkflowRunEvent = {
      className: entry.class_name, binding: entry.binding, runId, instanceId: row.id, workflowName: workflow,
      timestamp: row.createdAt, payload: row.params, schedule: row.schedule === null ? null : JSON.parse(row.schedule) as WorkflowRunEvent['schedule'],
    };
    pumper.track(options.run(event)
      .then((outcome) => e.endRun(runId, outcome), (err: unknown) => e.endRun(runId, { outcome: 'failed', reason: (err as Error)?.message ?? String(err) }))
      .catch((err: unknown) => logger.error(`workflow "${workflow}" instance "${row.id}": ending the run failed: ${(err as Error)?.stack ?? String(err)}`))
      .finally(() => { ended++; }));
  }

  async function wakeLater(e: WorkflowEngine): Promise<void> {
    if (!timers || pumper.stopped) return;
    const next = await e.storage.nextWake(workflow);
    const now = clock.now();
    // Changes made by another process (`ledge workflows trigger` beside `ledge dev`) are seen within IDLE_POLL_MS.
    pumper.wakeIn(next === null ? IDLE_POLL_MS : next <= now ? POLL_MS : Math.min(next - now, IDLE_POLL_MS));
  }

  if (timers) void pumper.pump();

  return {
    async tick() {
      const before = ended;
      await pumper.drain();
      return ended - before;
    },
    async stop() {
      unwatch?.();
      await pumper.stop();
    },
  };
}

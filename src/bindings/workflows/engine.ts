import { randomBytes } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { transition, type Task } from '../../lib/tasks/model.js';
import type { WorkflowFence, WorkflowInstanceRow, WorkflowStoragePort } from '../../storage/ports.js';
import { BindingError } from '../plugin.js';
import { INSTANCE_ID, WORKFLOW_LIMITS } from './limits.js';
import type { CreateRequest, InstanceStatus, WorkflowRunOutcome } from './protocol.js';
import { answerStep, endAttempt, type ActiveRun } from './steps.js';

/** How long a run owns its instance without renewing; renewed every third of it while it runs. */
export const LEASE_MS = 30_000;
/** How long after an isolate failure (a limit, a crash) the instance runs again. */
const CRASH_BACKOFF_MS = 1_000;
/** Claims never exhaust a budget: every wake-up of an instance is a new claim of the same task. */
const RUN_BUDGET = { maxAttempts: Number.MAX_SAFE_INTEGER, baseMs: 0, maxDelayMs: 0 };

/** An instance as the task state model sees it (SPEC: Task state): running owns a lease and a generation. */
function asTask(row: WorkflowInstanceRow): Task {
  const state = row.status === 'running' ? 'running' : row.status === 'complete' || row.status === 'errored' ? 'done' : row.status === 'terminated' ? 'cancelled' : 'pending';
  return { id: row.id, state, generation: row.generation, attempts: row.runs, leaseUntil: row.leaseUntil, notBefore: null };
}

/** One claimed run, ready to send to the isolate. */
export interface ClaimedRun {
  runId: string;
  row: WorkflowInstanceRow;
}

const engines = new WeakMap<WorkflowStoragePort, WorkflowEngine>();

/** The one engine of a workflow store, shared by its bindings' services and its runners. */
export function engineFor(storage: WorkflowStoragePort, clock: Clock, logger: Logger): WorkflowEngine {
  let engine = engines.get(storage);
  if (!engine) {
    engine = new WorkflowEngine(storage, clock, logger);
    engines.set(storage, engine);
  }
  return engine;
}

/**
 * The workflow engine of one store: creates instances, claims them for runs on the task state model
 * (each claim a new generation and a lease), answers the steps of running instances and ends runs. Every
 * write of a run is fenced by its generation in the store, so a run that lost its instance (paused,
 * terminated, restarted, taken over after a restart) can no longer commit anything.
 */
export class WorkflowEngine {
  readonly #runs = new Map<string, ActiveRun>();
  readonly #takenOver = new Set<string>();
  #renewer: NodeJS.Timeout | undefined;

  constructor(readonly storage: WorkflowStoragePort, readonly clock: Clock, readonly logger: Logger) {}

  /** Creates instances, all or none (`createBatch`); returns their ids. */
  async create(workflow: string, requests: CreateRequest[], options: { schedule?: { cron: string; scheduledTime: number }; ifAbsent?: boolean } = {}): Promise<string[]> {
    if (requests.length > WORKFLOW_LIMITS.maxBatch) throw new BindingError('Error', `createBatch: ${requests.length} instances; at most ${WORKFLOW_LIMITS.maxBatch} per call`);
    const seen = new Set<string>();
    const instances = requests.map((request) => {
      const id = request.id ?? crypto.randomUUID();
      if (typeof id !== 'string' || id.length > WORKFLOW_LIMITS.maxIdLength || !INSTANCE_ID.test(id)) throw new BindingError('Error', 'Workflow instance has invalid id');
      if (seen.has(id)) throw new BindingError('Error', `instance.already_exists: the batch names instance "${id}" twice`);
      seen.add(id);
      return { id, params: toBytes(request.params, 'params', WORKFLOW_LIMITS.maxValueBytes), schedule: options.schedule ? JSON.stringify(options.schedule) : null };
    });
    const taken = await this.storage.create(workflow, instances, this.clock.now(), { ifAbsent: options.ifAbsent });
    if (taken.length) throw new BindingError('Error', `instance.already_exists: workflow "${workflow}" already has an instance "${taken[0]}"`);
    return instances.map((i) => i.id);
  }

  /** The instance, or the not-found error application code expects. */
  async get(workflow: string, id: string): Promise<WorkflowInstanceRow> {
    const row = typeof id === 'string' ? await this.storage.get(workflow, id) : null;
    if (!row) throw new BindingError('Error', `instance.not_found: workflow "${workflow}" has no instance "${String(id)}"`);
    return row;
  }

  /** What `instance.status()` reports. */
  async status(workflow: string, id: string): Promise<InstanceStatus> {
    const row = await this.get(workflow, id);
    const out: InstanceStatus = { status: row.status === 'running' && row.pauseRequested ? 'waitingForPause' : row.status };
    if (row.error) out.error = { name: row.error.name, message: row.error.message };
    if (row.output) out.output = deserialize(row.output) as unknown;
    return out;
  }

  /** pause, resume, terminate or restart: one compare-and-set, tried again if the instance moved meanwhile. */
  async control(workflow: string, id: string, op: 'pause' | 'resume' | 'terminate' | 'restart'): Promise<void> {
    for (;;) {
      const row = await this.get(workflow, id);
      const now = this.clock.now();
      const expect = { workflow, id, status: row.status, generation: row.generation };
      const refuse = (why: string) => new BindingError('Error', `Cannot ${op} instance "${id}": ${why}`);
      const ended = row.status === 'complete' || row.status === 'errored' || row.status === 'terminated';
      let changed: boolean;
      if (op === 'pause') {
        if (row.status === 'paused' || (row.status === 'running' && row.pauseRequested)) return;
        if (ended) throw refuse(`it is ${row.status}`);
        // A running instance pauses at its next step boundary (`waitingForPause`); the others at once.
        changed = await this.storage.cas(expect, row.status === 'running' ? { pauseRequested: true } : { status: 'paused' }, now);
      } else if (op === 'resume') {
        if (row.status === 'running' && row.pauseRequested) changed = await this.storage.cas(expect, { pauseRequested: false }, now);
        else if (row.status !== 'paused') throw refuse(`it is ${row.status}, not paused`);
        // Runs at once: the run finds what it waits for still pending (and suspends again) or arrived while paused.
        else changed = await this.storage.cas(expect, { status: 'queued', wakeAt: now }, now);
      } else if (op === 'terminate') {
        if (ended) throw refuse(`it is already ${row.status}`);
        // Cancel moves the generation on (task model): a run in flight can no longer commit.
        const next = transition(asTask(row), { type: 'cancel' }, RUN_BUDGET);
        changed = await this.storage.cas(expect, { status: 'terminated', generation: next.generation, leaseUntil: null, wakeAt: null, pauseRequested: false, endedAt: now }, now);
      } else {
        changed = await this.storage.cas(expect, { status: 'queued', generation: Math.max(row.generation + 1, now), leaseUntil: null, wakeAt: now, pauseRequested: false, output: null, error: null, endedAt: null }, now, { resetSteps: true });
      }
      if (changed) return;
    }
  }

  /** Stores an event for an instance (`sendEvent`). */
  async sendEvent(workflow: string, id: string, event: { type: string; payload: unknown }): Promise<void> {
    if (typeof event?.type !== 'string' || event.type.length === 0) throw new BindingError('TypeError', 'sendEvent({ type, payload }): type must be a non-empty string');
    const payload = toBytes(event.payload, 'the event payload', WORKFLOW_LIMITS.maxEventBytes);
    const result = await this.storage.sendEvent(workflow, id, event.type, payload, this.clock.now());
    if (result === 'missing') throw new BindingError('Error', `instance.not_found: workflow "${workflow}" has no instance "${id}"`);
    if (result === 'ended') throw new BindingError('Error', `Cannot send an event to instance "${id}": it has ended`);
  }

  /**
   * Claims one due instance for a run: a new generation and a lease, in one compare-and-set that also
   * refuses when the account already runs `maxRunning` instances. A running instance whose lease expired
   * (or any running one, when `takeover`: this process just started and owns the store) is recovered first.
   */
  async claim(row: WorkflowInstanceRow, maxSteps: number, maxRunning: number, takeover: boolean): Promise<ClaimedRun | null> {
    const now = this.clock.now();
    let task = asTask(row);
    // A takeover acts as of the old lease's end: the model permits recovery only then (rule 2).
    const at = takeover && task.state === 'running' ? Math.max(now, task.leaseUntil ?? now) : now;
    if (task.state === 'running') task = transition(task, { type: 'recover', now: at, idempotent: true }, RUN_BUDGET);
    const claimed = transition(task, { type: 'claim', now: at, leaseMs: LEASE_MS }, RUN_BUDGET);
    const ok = await this.storage.cas({ workflow: row.workflow, id: row.id, status: row.status, generation: row.generation },
      { status: 'running', generation: claimed.generation, leaseUntil: claimed.leaseUntil, runs: claimed.attempts, wakeAt: null }, now, { maxRunning });
    if (!ok) return null;
    // A random part the run's isolate alone is told: the rest is known to whoever holds a binding of the workflow
    // (the generation is about the claim's time), and a run id is all a `step` or `attemptEnd` call must quote, so
    // another deployment that binds the workflow (script_name) could otherwise answer the run's steps for it.
    const runId = `${row.workflow}/${row.id}/${claimed.generation}/${randomBytes(16).toString('hex')}`;
    this.#runs.set(runId, { fence: { workflow: row.workflow, id: row.id, generation: claimed.generation }, startedAt: now, wakeAt: null, maxSteps });
    this.#startRenewing();
    return { runId, row: { ...row, status: 'running', generation: claimed.generation } };
  }

  /** Answers one step of a run (see steps.ts). A run the engine does not know is told to stop. */
  async step(workflow: string, runId: string, request: Parameters<typeof answerStep>[2]): ReturnType<typeof answerStep> {
    const run = this.#runs.get(runId);
    if (!run || run.fence.workflow !== workflow) return { kind: 'stop' };
    return answerStep(this, run, request);
  }

  /** Ends one attempt of a `do` step. */
  async attemptEnd(workflow: string, runId: string, key: string, attempt: number, outcome: Parameters<typeof endAttempt>[4]): Promise<'ok' | 'stop'> {
    const run = this.#runs.get(runId);
    if (!run || run.fence.workflow !== workflow) return 'stop';
    return endAttempt(this, run, key, attempt, outcome);
  }

  /** A run is over: its outcome is stored under its fence (nothing, if it lost the instance meanwhile). */
  async endRun(runId: string, outcome: WorkflowRunOutcome | { outcome: 'failed'; reason: string }): Promise<void> {
    const run = this.#runs.get(runId);
    if (!run) return;
    this.#runs.delete(runId);
    const { fence } = run;
    const now = this.clock.now();
    const expect = { ...fence, status: 'running' as const };
    switch (outcome.outcome) {
      case 'complete':
        await this.storage.cas(expect, { status: 'complete', output: outcome.output, leaseUntil: null, pauseRequested: false, endedAt: now }, now);
        break;
      case 'errored':
      case 'no-class':
        if (outcome.outcome === 'no-class') this.logger.error(`workflow "${fence.workflow}": ${outcome.error.message}`);
        await this.storage.cas(expect, { status: 'errored', error: outcome.error, leaseUntil: null, pauseRequested: false, endedAt: now }, now);
        break;
      case 'suspended':
        await this.storage.suspend(fence, run.wakeAt ?? now, now);
        break;
      case 'failed':
        // The isolate stopped under the run (a limit, a crash, shutdown): the instance runs again; an attempt in flight is retried.
        this.logger.error(`workflow "${fence.workflow}" instance "${fence.id}": the run was cut off (${outcome.reason}); it continues from its last stored step`);
        await this.storage.suspend(fence, now + CRASH_BACKOFF_MS, now);
        break;
    }
    if (this.#runs.size === 0) this.#stopRenewing();
  }

  /**
   * Whether the instances a previous process left running still need taking over: done once per store and
   * workflow, so a runner started again in this process (a reload) never fences out the runs in flight.
   */
  needsTakeover(workflow: string): boolean {
    return !this.#takenOver.has(workflow);
  }

  /** Records that `workflow` was taken over in this process. */
  tookOver(workflow: string): void {
    this.#takenOver.add(workflow);
  }

  /** Runs in flight. */
  get running(): number { return this.#runs.size; }

  #startRenewing(): void {
    if (this.#renewer) return;
    this.#renewer = setInterval(() => {
      const until = this.clock.now() + LEASE_MS;
      for (const run of this.#runs.values()) {
        this.storage.renew(run.fence, until).catch((err: unknown) => this.logger.error(`workflow lease renewal failed: ${(err as Error).message}`));
      }
    }, LEASE_MS / 3);
    this.#renewer.unref();
  }

  #stopRenewing(): void {
    clearInterval(this.#renewer);
    this.#renewer = undefined;
  }
}

/** Fence of a run, for storage calls. */
export type { WorkflowFence };

/** Structured-clone bytes of a value (v8.serialize), within `limit`. */
export function toBytes(value: unknown, what: string, limit: number): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = serialize(value);
  } catch (err) {
    throw new BindingError('TypeError', `${what} cannot be stored: ${(err as Error).message}`);
  }
  if (bytes.byteLength > limit) throw new BindingError('Error', `${what} is ${bytes.byteLength} bytes; the limit is ${limit} bytes (1 MiB)`);
  return bytes;
}

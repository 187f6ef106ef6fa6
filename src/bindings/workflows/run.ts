/**
 * The isolate side of one workflow run: builds `event` and `step`, calls the class's `run()`, and ends as
 * complete, errored or suspended. Every step asks the engine first: a step whose result is stored returns
 * it without running (so `run()` can be replayed from the top after any restart); a new attempt is recorded
 * before its callback runs and its result is stored before the step returns. A step that must wait (sleep,
 * event, retry back-off) never resolves in this run: once nothing else can progress the run ends as
 * suspended, the isolate lets go of it, and the engine starts a new run when the wait is over.
 */
import { deserialize, serialize } from 'node:v8';
import { typedCall, type BindingCall } from '../protocol.js';
import { NON_RETRYABLE_BRAND } from './brand.js';
import { STEP_DEFAULTS, WORKFLOW_LIMITS, durationMs, retryDelayMs } from './limits.js';
import type { AttemptOutcome, StepAnswer, StepRequest, WorkflowErrorInfo, WorkflowRunEvent, WorkflowRunOutcome, WorkflowsProtocol } from './protocol.js';

type WorkflowCaller = BindingCall<WorkflowsProtocol>;

/** What a run needs from the isolate. */
export interface WorkflowRunContext {
  /** The application module's exports. */
  exports: Record<string, unknown>;
  env: Record<string, unknown>;
  /** Sends one call on a binding's channel. */
  call: (binding: string, method: string, args: readonly unknown[]) => Promise<unknown>;
  /** Keeps the run's event alive for `promise` (`this.ctx.waitUntil`); the isolate logs its rejection for the deployment. */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The deployment's loopback bindings, `this.ctx.exports` (docs/runtime.md, `exports`). */
  loopback: Readonly<Record<string, unknown>>;
}

interface StepConfig {
  retries?: { limit?: number; delay?: string | number; backoff?: 'constant' | 'linear' | 'exponential' };
  timeout?: string | number;
}

/** Runs one workflow event; resolves with how it ended (never rejects). */
export function runWorkflow(event: WorkflowRunEvent, context: WorkflowRunContext): Promise<WorkflowRunOutcome> {
  const Class = context.exports[event.className] as (new (ctx: unknown, env: unknown) => { run?: unknown }) | undefined;
  if (typeof Class !== 'function' || typeof (Class.prototype as { run?: unknown } | undefined)?.run !== 'function') {
    return Promise.resolve({ outcome: 'no-class', error: { name: 'Error', message: `the module exports no class ${event.className} with a run() method (workflows[].class_name)` } });
  }
  const caller = typedCall<WorkflowsProtocol>((method, args) => context.call(event.binding, method, args));
  return new Promise<WorkflowRunOutcome>((resolve) => {
    let ended = false;
    let active = 0;
    let waits = 0;
    const finish = (outcome: WorkflowRunOutcome) => {
      if (ended) return;
      ended = true;
      resolve(outcome);
    };
    // Suspends once every step still pending waits: checked after a turn, so a step just resolving can go on.
    const check = () => {
      if (ended || active > 0 || waits === 0) return;
      setTimeout(() => { if (active === 0 && waits > 0) finish({ outcome: 'suspended' }); }, 0);
    };
    const never = <T>(): Promise<T> => new Promise<T>(() => undefined);
    const tracked = async <T>(work: () => Promise<T>): Promise<T> => {
      if (ended) return never<T>();
      active++;
      try {
        return await work();
      } finally {
        active--;
        check();
      }
    };
    const wait = <T>(): Promise<T> => {
      waits++;
      check();
      return never<T>();
    };
    const stop = <T>(): Promise<T> => {
      finish({ outcome: 'suspended' });
      return never<T>();
    };
    const step = createStep(caller, event.runId, { tracked, wait, stop, isEnded: () => ended });
    const payload = deserialize(event.payload) as unknown;
    const runEvent = Object.freeze({
      payload,
      timestamp: new Date(event.timestamp),
      instanceId: event.instanceId,
      workflowName: event.workflowName,
      ...(event.schedule ? { schedule: Object.freeze({ ...event.schedule }) } : {}),
    });
    // Work handed to waitUntil (from run() or a step's callback) outlives the run's outcome as a request's does; a
    // rejection is logged as for any event, never swallowed.
    const ctx = { waitUntil(promise: unknown) { context.waitUntil(Promise.resolve(promise)); }, passThroughOnException() { /* no response to pass through */ }, props: {}, exports: context.loopback };
    Promise.resolve()
      .then(() => {
        const instance = new Class(ctx, context.env) as { run: (event: unknown, step: unknown) => unknown };
        return instance.run(runEvent, step);
      })
      .then((output) => {
        let bytes: Uint8Array;
        try {
          bytes = serialize(output);
        } catch (err) {
          finish({ outcome: 'errored', error: { name: 'Error', message: `the value run() returned cannot be stored: ${(err as Error).message}` } });
          return;
        }
        if (bytes.byteLength > WORKFLOW_LIMITS.maxValueBytes) finish({ outcome: 'errored', error: { name: 'Error', message: `the value run() returned is ${bytes.byteLength} bytes; the limit is ${WORKFLOW_LIMITS.maxValueBytes} bytes (1 MiB)` } });
        else finish({ outcome: 'complete', output: bytes });
      }, (err: unknown) => finish({ outcome: 'errored', error: errorInfo(err) }));
  });
}

interface RunControl {
  tracked: <T>(work: () => Promise<T>) => Promise<T>;
  wait: <T>() => Promise<T>;
  stop: <T>() => Promise<T>;
  isEnded: () => boolean;
}

/** The `step` object of one run. */
function createStep(caller: WorkflowCaller, runId: string, control: RunControl) {
  const counts = new Map<string, number>();
  const keyOf = (name: unknown, what: string): { key: string; name: string; count: number } => {
    if (typeof name !== 'string' || name.length === 0) throw new TypeError(`${what}: the step name must be a non-empty string`);
    if (name.length > WORKFLOW_LIMITS.maxStepNameLength) throw new TypeError(`${what}: the step name is ${name.length} characters; the limit is ${WORKFLOW_LIMITS.maxStepNameLength}`);
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    return { key: `${count}:${name}`, name, count };
  };
  const ask = (request: StepRequest): Promise<StepAnswer> => control.tracked(() => caller('step', [runId, request]));
  /** The answers every kind of step treats alike; undefined for `run`. */
  const settle = <T>(answer: StepAnswer, fromValue: (value: unknown) => T): Promise<T> | undefined => {
    switch (answer.kind) {
      case 'value': return Promise.resolve(fromValue(deserialize(answer.value)));
      case 'error': return Promise.reject(toError(answer.error, answer.nonRetryable));
      case 'wait': return control.wait<T>();
      case 'stop': return control.stop<T>();
      case 'run': return undefined;
    }
  };

  // Extensible, as the original's step: libraries add methods to it (the Agents SDK's AgentWorkflow adds
  // reportComplete, reportError, ...); the step's own methods stay fixed (fixedMethods).
  return fixedMethods({
    async do<T>(name: string, configOrCallback: StepConfig | ((ctx: unknown) => Promise<T> | T), maybeCallback?: (ctx: unknown) => Promise<T> | T): Promise<T> {
      const callback = typeof configOrCallback === 'function' ? configOrCallback : maybeCallback;
      const config: StepConfig = typeof configOrCallback === 'function' ? {} : configOrCallback ?? {};
      if (typeof callback !== 'function') throw new TypeError('step.do(name, [config], callback): the callback must be a function');
      const policy = stepPolicy(config);
      const { key, count } = keyOf(name, 'step.do');
      for (;;) {
        const answer = await ask({ type: 'do', key, name });
        const settled = settle<T>(answer, (value) => value as T);
        if (settled) return settled;
        const attempt = (answer as { attempt: number }).attempt;
        const ended = await control.tracked(async () => {
          const outcome = await attemptOnce(() => callback({ step: { name, count }, attempt, config: policy.config }), policy, name, attempt);
          return { outcome, ack: await caller('attemptEnd', [runId, key, attempt, outcome]) };
        });
        if (ended.ack === 'stop') return control.stop<T>();
        const { outcome } = ended;
        if ('value' in outcome) return deserialize(outcome.value) as T;
        if (outcome.retryDelayMs === null) throw toError(outcome.error, outcome.nonRetryable);
        // Retried: the engine answers `wait` until the back-off is over, then `run` with the next attempt.
      }
    },
    async sleep(name: string, duration: string | number): Promise<void> {
      const ms = durationMs(duration);
      if (ms === null) throw new TypeError(`step.sleep("${String(name)}"): the duration must be milliseconds or a string such as "10 seconds", not ${JSON.stringify(duration)}`);
      if (ms > WORKFLOW_LIMITS.maxSleepMs) throw new RangeError(`step.sleep("${name}"): the longest sleep is 365 days`);
      const { key } = keyOf(name, 'step.sleep');
      return settle<undefined>(await ask({ type: 'sleep', key, name, durationMs: ms }), () => undefined) as Promise<undefined>;
    },
    async sleepUntil(name: string, timestamp: Date | number): Promise<void> {
      const until = timestamp instanceof Date ? timestamp.getTime() : timestamp;
      if (typeof until !== 'number' || !Number.isFinite(until)) throw new TypeError(`step.sleepUntil("${String(name)}"): the time must be a Date or epoch milliseconds`);
      const { key } = keyOf(name, 'step.sleepUntil');
      return settle<undefined>(await ask({ type: 'sleepUntil', key, name, until }), () => undefined) as Promise<undefined>;
    },
    async waitForEvent<T>(name: string, options: { type: string; timeout?: string | number }): Promise<{ payload: T; timestamp: Date; type: string }> {
      if (typeof options?.type !== 'string' || options.type.length === 0) throw new TypeError(`step.waitForEvent("${String(name)}"): options.type must be a non-empty string`);
      const timeoutMs = options.timeout === undefined ? WORKFLOW_LIMITS.defaultEventTimeoutMs : durationMs(options.timeout);
      if (timeoutMs === null || timeoutMs > WORKFLOW_LIMITS.maxSleepMs) throw new TypeError(`step.waitForEvent("${name}"): the timeout must be milliseconds or a string such as "1 hour", at most 365 days`);
      const { key } = keyOf(name, 'step.waitForEvent');
      return settle(await ask({ type: 'event', key, name, eventType: options.type, timeoutMs }), (value) => value as { payload: T; timestamp: Date; type: string }) as Promise<{ payload: T; timestamp: Date; type: string }>;
    },
  });
}

/** `object` with each of its own properties made read-only and permanent, while new ones may still be added. */
function fixedMethods<T extends object>(object: T): T {
  for (const key of Reflect.ownKeys(object)) Object.defineProperty(object, key, { writable: false, configurable: false });
  return object;
}

interface StepPolicy {
  limit: number;
  delayMs: number;
  backoff: 'constant' | 'linear' | 'exponential';
  timeoutMs: number;
  config: { retries: { limit: number; delay: string | number; backoff: string }; timeout: string | number };
}

/** The step's config with the reference's defaults, checked. */
function stepPolicy(config: StepConfig): StepPolicy {
  const retries = { ...STEP_DEFAULTS.retries, ...config.retries };
  const delayMs = durationMs(retries.delay);
  const timeoutMs = durationMs(config.timeout ?? STEP_DEFAULTS.timeout);
  if (!Number.isInteger(retries.limit) || retries.limit < 0) throw new TypeError('step.do: retries.limit must be a whole number, 0 or more');
  if (delayMs === null) throw new TypeError(`step.do: retries.delay must be milliseconds or a string such as "10 seconds", not ${JSON.stringify(retries.delay)}`);
  if (!['constant', 'linear', 'exponential'].includes(retries.backoff)) throw new TypeError('step.do: retries.backoff must be "constant", "linear" or "exponential"');
  if (timeoutMs === null || timeoutMs <= 0) throw new TypeError(`step.do: timeout must be milliseconds or a string such as "10 minutes", not ${JSON.stringify(config.timeout)}`);
  return { limit: retries.limit, delayMs, backoff: retries.backoff, timeoutMs, config: { retries, timeout: config.timeout ?? STEP_DEFAULTS.timeout } };
}

/** Runs one attempt within its timeout and turns its result into what the engine stores. */
async function attemptOnce(callback: () => unknown, policy: StepPolicy, name: string, attempt: number): Promise<AttemptOutcome> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      Promise.resolve().then(callback),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`step "${name}" attempt ${attempt} timed out after ${policy.timeoutMs} ms`)), policy.timeoutMs); }),
    ]);
    const bytes = serialize(value);
    if (bytes.byteLength > WORKFLOW_LIMITS.maxValueBytes) throw new Error(`step "${name}" returned ${bytes.byteLength} bytes; a step result is at most ${WORKFLOW_LIMITS.maxValueBytes} bytes (1 MiB)`);
    return { value: bytes };
  } catch (err) {
    const nonRetryable = isNonRetryable(err);
    const final = nonRetryable || attempt > policy.limit;
    return { error: errorInfo(err), nonRetryable, retryDelayMs: final ? null : retryDelayMs(attempt, policy.delayMs, policy.backoff) };
  } finally {
    clearTimeout(timer);
  }
}

function isNonRetryable(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[NON_RETRYABLE_BRAND] === true;
}

function errorInfo(err: unknown): WorkflowErrorInfo {
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: 'Error', message: String(err) };
}

/** The stored error as thrown into run(): same name and message; a NonRetryableError stays one. */
function toError(info: WorkflowErrorInfo, nonRetryable: boolean): Error {
  const err = new Error(info.message);
  err.name = info.name;
  if (nonRetryable) Object.defineProperty(err, NON_RETRYABLE_BRAND, { value: true });
  return err;
}

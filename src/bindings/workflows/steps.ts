import { deserialize, serialize } from 'node:v8';
import type { Clock } from '../../platform/clock.js';
import type { WorkflowFence, WorkflowStepRow, WorkflowStoragePort } from '../../storage/ports.js';
import { RUN_SLICE_MS, WORKFLOW_LIMITS } from './limits.js';
import type { AttemptOutcome, StepAnswer, StepRequest, WorkflowErrorInfo } from './protocol.js';

/** What a step needs of the engine (engine.ts): its store and its clock. */
interface StepEngine {
  readonly storage: WorkflowStoragePort;
  readonly clock: Clock;
}

/** A run the engine has claimed and not yet ended. */
export interface ActiveRun {
  fence: WorkflowFence;
  startedAt: number;
  /** The earliest time a step of this run told to wait may go on; where the instance's timer is set when the run suspends. */
  wakeAt: number | null;
  maxSteps: number;
}

const UNDEFINED_BYTES = serialize(undefined);

const sleepLimitError = (max: number): StepAnswer => ({
  kind: 'error', nonRetryable: true,
  error: { name: 'Error', message: `The limit of ${max} sleeps has been reached (sleeps are counted apart from steps, up to the same limit). This limit can be changed in your worker configuration.` },
});

const limitError = (max: number): StepAnswer => ({
  kind: 'error', nonRetryable: true,
  error: { name: 'Error', message: `The limit of ${max} steps has been reached. This limit can be changed in your worker configuration.` },
});

/** A stored error, as thrown again into run(). */
function storedError(row: WorkflowStepRow): StepAnswer {
  const error = row.error as (WorkflowErrorInfo & { nonRetryable?: boolean }) | null;
  return { kind: 'error', error: { name: error?.name ?? 'Error', message: error?.message ?? 'the step failed' }, nonRetryable: error?.nonRetryable === true };
}

function wait(run: ActiveRun, until: number): StepAnswer {
  run.wakeAt = run.wakeAt === null ? until : Math.min(run.wakeAt, until);
  return { kind: 'wait', until };
}

/**
 * Answers one step of a run. A stored result or error is returned as is (replay); otherwise the step's
 * next move is recorded in one fenced transaction before the answer, so a restart finds it.
 */
export async function answerStep(engine: StepEngine, run: ActiveRun, request: StepRequest): Promise<StepAnswer> {
  const { fence } = run;
  const { storage } = engine;
  const now = engine.clock.now();
  if (typeof request?.key !== 'string' || typeof request.name !== 'string' || request.name.length > WORKFLOW_LIMITS.maxStepNameLength) return { kind: 'stop' };
  const row = await storage.step(fence.workflow, fence.id, request.key);
  if (row?.state === 'done') return { kind: 'value', value: row.value ?? UNDEFINED_BYTES };
  if (row?.state === 'errored') return storedError(row);
  // A long run ends at a step boundary and goes on in a fresh event (limits apply per event).
  if (now - run.startedAt > RUN_SLICE_MS) return wait(run, now);
  switch (request.type) {
    case 'do': {
      if (row?.state === 'retrying' && row.waitUntil !== null && row.waitUntil > now) return wait(run, row.waitUntil);
      const attempt = (row?.attempts ?? 0) + 1;
      const begun = await storage.beginAttempt(fence, { key: request.key, name: request.name }, attempt, now, run.maxSteps);
      if (begun === 'stale') return { kind: 'stop' };
      if (begun === 'limit') return limitError(run.maxSteps);
      return { kind: 'run', attempt };
    }
    case 'sleep':
    case 'sleepUntil': {
      let until = row?.waitUntil ?? null;
      if (!row) {
        until = request.type === 'sleep' ? now + Math.min(Math.max(0, Number(request.durationMs) || 0), WORKFLOW_LIMITS.maxSleepMs) : Number(request.until);
        if (!Number.isFinite(until)) return { kind: 'stop' };
        if (request.type === 'sleepUntil' && until < now) return { kind: 'error', nonRetryable: false, error: { name: 'Error', message: "You can't sleep until a time in the past, time-traveler" } };
        const begun = await storage.beginWait(fence, { key: request.key, name: request.name, type: 'sleep', eventType: null, waitUntil: until }, now, run.maxSteps);
        if (begun !== 'ok') return begun === 'limit' ? sleepLimitError(run.maxSteps) : { kind: 'stop' };
      }
      if ((until ?? now) > now) return wait(run, until ?? now);
      return (await storage.endWait(fence, request.key, now, { value: UNDEFINED_BYTES })) === 'ok' ? { kind: 'value', value: UNDEFINED_BYTES } : { kind: 'stop' };
    }
    case 'event': {
      let until = row?.waitUntil ?? null;
      const type = row?.eventType ?? request.eventType;
      if (!row) {
        if (typeof request.eventType !== 'string') return { kind: 'stop' };
        until = now + Math.min(Math.max(0, Number(request.timeoutMs) || 0), WORKFLOW_LIMITS.maxSleepMs);
        const begun = await storage.beginWait(fence, { key: request.key, name: request.name, type: 'event', eventType: request.eventType, waitUntil: until }, now, run.maxSteps);
        if (begun !== 'ok') return begun === 'limit' ? limitError(run.maxSteps) : { kind: 'stop' };
      }
      const event = await storage.nextEvent(fence.workflow, fence.id, type);
      if (event) {
        const value = serialize({ payload: deserialize(event.payload) as unknown, timestamp: new Date(event.sentAt), type: event.type });
        return (await storage.endWait(fence, request.key, now, { value, eventSeq: event.seq })) === 'ok' ? { kind: 'value', value } : { kind: 'stop' };
      }
      if ((until ?? now) > now) return wait(run, until ?? now);
      const error = { name: 'Error', message: `waitForEvent "${request.name}" timed out: no event of type "${type}" arrived` };
      return (await storage.endWait(fence, request.key, now, { error })) === 'ok' ? { kind: 'error', error, nonRetryable: false } : { kind: 'stop' };
    }
    default:
      return { kind: 'stop' };
  }
}

/** Stores how an attempt ended: the result (checked again here: the isolate is not trusted), or the error and when to try again. */
export async function endAttempt(engine: StepEngine, run: ActiveRun, key: string, attempt: number, outcome: AttemptOutcome): Promise<'ok' | 'stop'> {
  if (typeof outcome !== 'object' || outcome === null) return 'stop';
  const now = engine.clock.now();
  let stored: { value: Uint8Array } | { error: { name: string; message: string }; retryAt: number | null };
  if ('value' in outcome) {
    stored = outcome.value instanceof Uint8Array && outcome.value.byteLength <= WORKFLOW_LIMITS.maxValueBytes
      ? { value: outcome.value }
      : { error: { name: 'Error', message: `a step result is at most ${WORKFLOW_LIMITS.maxValueBytes} bytes (1 MiB)` }, retryAt: null };
  } else {
    const error = {
      name: cut(String(outcome.error?.name ?? 'Error'), WORKFLOW_LIMITS.maxErrorNameLength),
      message: cut(String(outcome.error?.message ?? ''), WORKFLOW_LIMITS.maxErrorMessageLength),
      ...(outcome.nonRetryable ? { nonRetryable: true } : {}),
    };
    const delay = outcome.retryDelayMs;
    stored = { error, retryAt: delay === null || outcome.nonRetryable ? null : now + Math.max(0, Number(delay) || 0) };
  }
  const result = await engine.storage.endAttempt(run.fence, key, attempt, now, stored);
  return result === 'ok' ? 'ok' : 'stop';
}

/** `text` cut to `max` characters, saying how many were left out. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}... (${text.length - max} more characters not kept)`;
}

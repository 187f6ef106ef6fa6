/**
 * The calls between the isolate side of workflows (the binding in `env` and the `step` object of a run) and
 * the host-side handlers (service.ts), declared once: both sides type their calls by `WorkflowsProtocol`, and
 * the host checks every incoming call against `WORKFLOWS_CALLS` before a handler sees it (host-protocol.ts).
 * Values cross as structured clones; step results and outputs as v8.serialize bytes. The isolate imports
 * this file's types only.
 */
import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';
import { WORKFLOW_LIMITS } from './limits.js';

/** Statuses `status()` reports (reference: data-work.md 6.2). */
export type InstanceStatusName = 'queued' | 'running' | 'paused' | 'errored' | 'terminated' | 'complete' | 'waiting' | 'waitingForPause' | 'unknown';

/** An error as a workflow reports it. */
export interface WorkflowErrorInfo {
  name: string;
  message: string;
}

/** What `instance.status()` resolves with. */
export interface InstanceStatus {
  status: InstanceStatusName;
  error?: WorkflowErrorInfo;
  output?: unknown;
}

/** One step as the run meets it; `key` is the name plus its occurrence count, so loops get one key per pass. */
export type StepRequest =
  | { type: 'do'; key: string; name: string }
  | { type: 'sleep'; key: string; name: string; durationMs: number }
  | { type: 'sleepUntil'; key: string; name: string; until: number }
  | { type: 'event'; key: string; name: string; eventType: string; timeoutMs: number };

/** What the engine answers about a step. */
export type StepAnswer =
  /** Stored earlier: the result (replay never runs the step again). */
  | { kind: 'value'; value: Uint8Array }
  /** Stored earlier as failed: the same error is thrown again. */
  | { kind: 'error'; error: WorkflowErrorInfo; nonRetryable: boolean }
  /** Run attempt `attempt` now (recorded before the answer). */
  | { kind: 'run'; attempt: number }
  /** Not before `until`: the run suspends once nothing else can progress, and the engine wakes it. */
  | { kind: 'wait'; until: number }
  /** The run no longer owns the instance (paused, terminated, restarted, or taken over): stop, commit nothing. */
  | { kind: 'stop' };

/** How one attempt of a `do` step ended. */
export type AttemptOutcome =
  | { value: Uint8Array }
  /** `retryAt` null: no more attempts (retries used up, or NonRetryableError). */
  | { error: WorkflowErrorInfo; nonRetryable: boolean; retryDelayMs: number | null };

/** One instance to create. */
export interface CreateRequest {
  id?: string;
  params?: unknown;
}

/** Every call, by method: its arguments and its result (isolate: binding.ts and run.ts; host: service.ts). */
export interface WorkflowsProtocol {
  create: { args: [instances: CreateRequest[]]; result: string[] };
  get: { args: [id: string]; result: string };
  status: { args: [id: string]; result: InstanceStatus };
  pause: { args: [id: string]; result: null };
  resume: { args: [id: string]; result: null };
  terminate: { args: [id: string]; result: null };
  restart: { args: [id: string]; result: null };
  sendEvent: { args: [id: string, event: { type: string; payload: unknown }]; result: null };
  step: { args: [runId: string, step: StepRequest]; result: StepAnswer };
  attemptEnd: { args: [runId: string, key: string, attempt: number, outcome: AttemptOutcome]; result: 'ok' | 'stop' };
}

const ID = z.string();
const STEP_NAME = z.string().max(WORKFLOW_LIMITS.maxStepNameLength);
const STEP_KEY = z.string().max(WORKFLOW_LIMITS.maxStepNameLength + 12);
const ERROR_INFO = z.strictObject({ name: z.string(), message: z.string() });

const STEP_REQUEST = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('do'), key: STEP_KEY, name: STEP_NAME }),
  z.strictObject({ type: z.literal('sleep'), key: STEP_KEY, name: STEP_NAME, durationMs: z.number().min(0) }),
  z.strictObject({ type: z.literal('sleepUntil'), key: STEP_KEY, name: STEP_NAME, until: z.number() }),
  z.strictObject({ type: z.literal('event'), key: STEP_KEY, name: STEP_NAME, eventType: z.string().min(1), timeoutMs: z.number().min(0) }),
]);

const ATTEMPT_OUTCOME = z.union([
  z.strictObject({ value: z.instanceof(Uint8Array) }),
  z.strictObject({ error: ERROR_INFO, nonRetryable: z.boolean(), retryDelayMs: z.number().min(0).nullable() }),
]);

/** The argument schemas the host checks every workflow call against; the engine still checks ids, sizes and limits. */
export const WORKFLOWS_CALLS = {
  create: z.tuple([z.array(z.strictObject({ id: ID.optional(), params: z.unknown() })).min(1).max(WORKFLOW_LIMITS.maxBatch)]),
  get: z.tuple([ID]),
  status: z.tuple([ID]),
  pause: z.tuple([ID]),
  resume: z.tuple([ID]),
  terminate: z.tuple([ID]),
  restart: z.tuple([ID]),
  sendEvent: z.tuple([ID, z.strictObject({ type: z.string().min(1), payload: z.unknown() })]),
  step: z.tuple([ID, STEP_REQUEST]),
  attemptEnd: z.tuple([ID, STEP_KEY, z.number().int().min(1), ATTEMPT_OUTCOME]),
} satisfies CallSchemas<WorkflowsProtocol>;

/** The run event the host sends the isolate (runtime protocol `workflow`). */
export interface WorkflowRunEvent {
  /** The exported class that extends WorkflowEntrypoint. */
  className: string;
  /** The binding whose channel carries this run's step calls. */
  binding: string;
  /** Names this run (instance and generation); every step call quotes it. */
  runId: string;
  instanceId: string;
  workflowName: string;
  /** When the instance was created (epoch ms). */
  timestamp: number;
  /** v8.serialize bytes of `params`. */
  payload: Uint8Array;
  /** A cron-started instance: the cron and its window's time. */
  schedule: { cron: string; scheduledTime: number } | null;
}

/** How a run ended in the isolate. */
export type WorkflowRunOutcome =
  | { outcome: 'complete'; output: Uint8Array }
  | { outcome: 'errored'; error: WorkflowErrorInfo }
  /** Every remaining step waits (sleep, event, retry) or the engine said stop: nothing to commit. */
  | { outcome: 'suspended' }
  /** The module exports no such class, or it has no run(). */
  | { outcome: 'no-class'; error: WorkflowErrorInfo };

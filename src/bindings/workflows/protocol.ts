/**
 * The calls between the isolate side of workflows (the binding in `env` and the `step` object of a run) and
 * the host-side service, as one typed map both sides import: a change on one side the other does not follow
 * fails to compile. Values cross as structured clones; step results and outputs as v8.serialize bytes.
 */
import type { BindingCall } from '../isolate-registry.js';

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

/** Every call, by method: its arguments and its result. */
export interface WorkflowCalls {
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

/** A workflow method name. */
export type WorkflowMethod = keyof WorkflowCalls;

/** A typed caller over a binding's call channel. */
export type WorkflowCaller = <M extends WorkflowMethod>(method: M, ...args: WorkflowCalls[M]['args']) => Promise<WorkflowCalls[M]['result']>;

/** Wraps the untyped channel of a binding. */
export function workflowCaller(call: BindingCall): WorkflowCaller {
  return (method, ...args) => call(method, args) as Promise<never>;
}

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

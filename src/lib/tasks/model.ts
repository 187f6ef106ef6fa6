/**
 * The task state model of the reference (SPEC: States and transitions, Task state), as pure functions.
 * A transition either returns the next task or an error that says why it is refused; nothing else moves.
 */
import { LedgeError, isLedgeError } from '../../platform/errors.js';

/** The six states, with the reference's meaning. */
export const TASK_STATES = ['pending', 'running', 'done', 'retryable', 'uncertain', 'cancelled'] as const;
/** A task's state. */
export type TaskState = (typeof TASK_STATES)[number];

/** What can happen to a task. */
export type TaskTrigger =
  | { type: 'claim'; now: number; leaseMs: number }
  | { type: 'complete'; generation: number }
  | { type: 'fail'; generation: number; now: number; retryable: true }
  | { type: 'outcome_unknown'; generation: number }
  | { type: 'recover'; now: number; idempotent: boolean }
  | { type: 'reconcile'; outcome: 'done' | 'retryable' | 'cancelled'; now: number }
  | { type: 'cancel' };

/** A task as the model sees it. Times in epoch ms. */
export interface Task {
  id: string;
  state: TaskState;
  /**
   * Only increases; each claim (and each takeover) gets a new one, so a late executor's commit is refused.
   * A claim's generation is at least its time in epoch ms, so one is never issued twice, even after the
   * database is restored to an earlier point.
   */
  generation: number;
  attempts: number;
  leaseUntil: number | null;
  /** Earliest time a retryable task may be claimed again (back-off). */
  notBefore: number | null;
}

/** Retry policy: exponential back-off from `baseMs`, at most `maxAttempts` attempts in all. */
export interface RetryBudget {
  maxAttempts: number;
  baseMs: number;
  maxDelayMs: number;
}

/** Default retry budget: 5 attempts, 1 s doubling up to 5 minutes. */
export const DEFAULT_BUDGET: RetryBudget = { maxAttempts: 5, baseMs: 1000, maxDelayMs: 300_000 };

/** The codes of a refused transition (docs/tasks.md), each in the one error table (src/platform/errors.ts). */
export const TASK_TRANSITION_CODES = ['wrong_state', 'stale_generation', 'lease_valid', 'not_yet', 'budget_exhausted'] as const;
/** Why a transition was refused. */
export type TaskTransitionCode = (typeof TASK_TRANSITION_CODES)[number];

/** A refused transition, with a code for programs and a message for people. */
export class TaskTransitionError extends LedgeError {
  declare readonly code: TaskTransitionCode;
  constructor(code: TaskTransitionCode, message: string) {
    super(code, message);
    this.name = 'TaskTransitionError';
  }
}

/** True when `err` is a refused transition, identified by its code (errors cross threads, so not by class). */
export function isTaskTransitionError(err: unknown): err is { code: TaskTransitionCode; message: string } {
  return isLedgeError(err) && (TASK_TRANSITION_CODES as readonly string[]).includes(err.code);
}

/** The back-off before attempt `attempts + 1`. */
export function backoffMs(attempts: number, budget: RetryBudget): number {
  return Math.min(budget.maxDelayMs, budget.baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Applies `trigger` to `task`: the next task, or a TaskTransitionError saying why not. */
export function transition(task: Task, trigger: TaskTrigger, budget: RetryBudget = DEFAULT_BUDGET): Task {
  const refuse = (code: TaskTransitionError['code'], why: string): never => {
    throw new TaskTransitionError(code, `task ${task.id}: ${trigger.type} refused in state ${task.state}: ${why}`);
  };
  const own = (generation: number) => {
    if (task.state !== 'running') refuse('wrong_state', 'only a running task can be committed');
    if (generation !== task.generation) refuse('stale_generation', `generation ${generation} is not the current ${task.generation}; a newer attempt owns the task`);
  };
  switch (trigger.type) {
    case 'claim':
      if (task.state !== 'pending' && task.state !== 'retryable') refuse('wrong_state', 'only pending or retryable tasks can be claimed');
      if (task.state === 'retryable' && task.attempts >= budget.maxAttempts) refuse('budget_exhausted', `all ${budget.maxAttempts} attempts are used; cancel it, or create a new task`);
      if (task.notBefore !== null && trigger.now < task.notBefore) refuse('not_yet', `back-off until ${new Date(task.notBefore).toISOString()}`);
      // The new generation is at least the claim time (epoch ms): a point-in-time restore rolls the stored
      // generation back, and counting on from there would hand out a token an earlier executor still holds.
      return { ...task, state: 'running', generation: Math.max(task.generation + 1, Math.floor(trigger.now)), attempts: task.attempts + 1, leaseUntil: trigger.now + trigger.leaseMs, notBefore: null };
    case 'complete':
      own(trigger.generation);
      return { ...task, state: 'done', leaseUntil: null };
    case 'fail':
      own(trigger.generation);
      return { ...task, state: 'retryable', leaseUntil: null, notBefore: trigger.now + backoffMs(task.attempts, budget) };
    case 'outcome_unknown':
      // A non-idempotent external operation timed out and its result cannot be queried: stop blind retries.
      own(trigger.generation);
      return { ...task, state: 'uncertain', leaseUntil: null };
    case 'recover':
      // Rule 2: lease expiry only permits recovery to be considered; it proves neither that the old executor
      // stopped nor that its effect did not happen. The generation moves so the old executor can no longer commit.
      if (task.state !== 'running') refuse('wrong_state', 'only a running task can be recovered');
      if (task.leaseUntil !== null && trigger.now < task.leaseUntil) refuse('lease_valid', `the lease runs until ${new Date(task.leaseUntil).toISOString()}`);
      return { ...task, state: trigger.idempotent ? 'retryable' : 'uncertain', generation: task.generation + 1, leaseUntil: null, notBefore: trigger.idempotent ? trigger.now + backoffMs(task.attempts, budget) : null };
    case 'reconcile':
      // Rule 4: an unknown outcome is resolved only by an explicit reconciliation, never rewritten silently.
      if (task.state !== 'uncertain') refuse('wrong_state', 'only an uncertain task is reconciled');
      return { ...task, state: trigger.outcome, generation: task.generation + 1, notBefore: trigger.outcome === 'retryable' ? trigger.now : null };
    case 'cancel':
      if (task.state === 'done' || task.state === 'cancelled') refuse('wrong_state', 'the task has already ended');
      // Rule 4: an unknown outcome is resolved by reconciliation (which may end in cancelled), never by a plain cancel.
      if (task.state === 'uncertain') refuse('wrong_state', 'an uncertain task is resolved with reconcile(), which can cancel it');
      return { ...task, state: 'cancelled', generation: task.generation + 1, leaseUntil: null };
  }
}

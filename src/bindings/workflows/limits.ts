/** Workflow limits and defaults (reference: data-work.md 6; docs/bindings/workflows.md). 1 MiB = 1,048,576 bytes. */
export const WORKFLOW_LIMITS = {
  /** Steps (`step.do` and `step.waitForEvent`) one instance may record, unless `limits.steps` says otherwise. */
  defaultSteps: 1024,
  /** The highest `limits.steps` a configuration may set. */
  maxSteps: 25_000,
  /** Largest step result, run output and `create` params, structured-clone bytes. */
  maxValueBytes: 1_048_576,
  /** Largest `sendEvent` payload, structured-clone bytes. */
  maxEventBytes: 1_048_576,
  /**
   * Longest error name and message an attempt's failure is stored with, in characters (cut past it, saying so):
   * the isolate sends whatever it threw, and a step retrying a 4 MB message wrote gigabytes a minute.
   */
  maxErrorNameLength: 256,
  maxErrorMessageLength: 4096,
  /** Longest step name. */
  maxStepNameLength: 256,
  /** Longest instance id (the newer docs; local validation of the original allows 100). */
  maxIdLength: 64,
  /** Longest workflow name. */
  maxNameLength: 64,
  /** Instances in one `createBatch`. */
  maxBatch: 100,
  /** Longest sleep, and longest waitForEvent timeout: 365 days. */
  maxSleepMs: 365 * 24 * 3600 * 1000,
  /** Instances of one account running at once; more wait as `queued`. */
  maxRunningPerAccount: 100,
  /** How long a complete, errored or terminated instance is kept, then deleted with its state: 30 days. */
  retentionMs: 30 * 24 * 3600 * 1000,
  /** waitForEvent's timeout when none is given: 24 hours. */
  defaultEventTimeoutMs: 24 * 3600 * 1000,
} as const;

/** A run that has gone on this long ends at its next step and goes on in a new run (a fresh event for the CPU and wall-time limits). */
export const RUN_SLICE_MS = 60_000;

/** `step.do` defaults: 5 retries 10 s apart, doubling; 10 minutes per attempt. */
export const STEP_DEFAULTS = { retries: { limit: 5, delay: 10_000, backoff: 'exponential' as const }, timeout: 10 * 60 * 1000 };

/** Instance ids: a letter, digit or _ first, then letters, digits, - and _. */
export const INSTANCE_ID = /^[a-zA-Z0-9_][a-zA-Z0-9-_]*$/;

const UNIT_MS: Record<string, number> = {
  millisecond: 1, ms: 1, second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000, month: 2_592_000_000, year: 31_536_000_000,
};

/**
 * A duration in milliseconds: a number is milliseconds (as the original's types and local engine read it;
 * its docs page says seconds, and Ledge chose milliseconds: docs/bindings/workflows.md), a string is
 * `"<n> <unit>[s]"` with unit millisecond, second, minute, hour, day, week, month (30 days) or year (365 days).
 * Returns null for anything else.
 */
export function durationMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+?)s?\s*$/i.exec(value);
  if (!match) return null;
  const unit = UNIT_MS[(match[2] as string).toLowerCase()];
  return unit === undefined ? null : Number(match[1]) * unit;
}

/** The wait before attempt `attempt + 1` after `attempt` failed (reference: lib/retries.ts). */
export function retryDelayMs(attempt: number, delayMs: number, backoff: 'constant' | 'linear' | 'exponential'): number {
  if (backoff === 'constant') return delayMs;
  if (backoff === 'linear') return delayMs * attempt;
  return delayMs * 2 ** (attempt - 1);
}

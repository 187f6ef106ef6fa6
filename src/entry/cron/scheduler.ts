import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { ScheduledFiring, ScheduledOutcome } from '../../runtime/protocol.js';
import type { CronStatePort } from '../../storage/ports.js';
import { cronWindow, nextWindow, previousWindow } from '../../config/cron-expression.js';

/** A window firing this long after its time is marked late. */
const LATE_AFTER_MS = 60_000;
/** Attempts of a window whose handler throws, unless it called `controller.noRetry()`. */
const ATTEMPTS = 3;

/** What happened to one window. */
export interface FiringResult {
  firing: ScheduledFiring;
  outcome: ScheduledOutcome;
  attempts: number;
}

/** Options of a deployment's cron scheduler. */
export interface CronSchedulerOptions {
  deployment: string;
  crons: readonly string[];
  catchUp: 'latest' | 'none';
  clock: Clock;
  state: CronStatePort;
  run: (firing: ScheduledFiring) => Promise<ScheduledOutcome>;
  logger: Logger;
  /** Fire by real timers (false in tests that drive `tick()` with a manual clock). @default true */
  timers?: boolean;
  /** Pause before retrying a failed window. @default 1000 */
  retryDelayMs?: number;
  /** Crons with a window in flight, shared by the schedulers of one deployment so a reload never fires a window twice. */
  running?: Set<string>;
}

/** The identity of a window: the same (deployment, cron, scheduled time) always gives the same id (SPEC: Events 2). */
export function firingId(deployment: string, cron: string, scheduledTime: number): string {
  return `${deployment}:${cron}:${new Date(scheduledTime).toISOString()}`;
}

/**
 * Fires a deployment's cron windows in UTC. Each window is recorded as started before its handler runs and
 * as finished after, so a restart re-fires an unfinished window under the same identity (at least once) and
 * never gives a window a second identity. After downtime, `catch_up: "latest"` fires the most recent missed
 * window once, marked late; `"none"` skips missed windows.
 */
export function createCronScheduler(options: CronSchedulerOptions) {
  const { deployment, crons, clock, state, logger } = options;
  const running = options.running ?? new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let starting: Promise<Promise<FiringResult>[]> | undefined;

  async function fire(cron: string, scheduledTime: number, late: boolean, record: boolean): Promise<FiringResult> {
    const firing: ScheduledFiring = { cron, scheduledTime, window: cronWindow(cron, scheduledTime), firingId: firingId(deployment, cron, scheduledTime), late };
    if (record) await state.started(deployment, cron, scheduledTime);
    let attempts = 0;
    let outcome: ScheduledOutcome;
    let cutOff = false;
    for (;;) {
      attempts++;
      try {
        outcome = await options.run(firing);
        cutOff = false;
      } catch (err) {
        // The isolate stopped under the handler (a limit, or shutdown): the window did not run to its end.
        cutOff = true;
        outcome = { outcome: 'exception', noRetry: false, error: { name: 'Error', message: (err as Error).message } };
      }
      if (outcome.outcome !== 'exception' || outcome.noRetry || attempts >= ATTEMPTS || stopped) break;
      await new Promise((resolve) => setTimeout(resolve, (options.retryDelayMs ?? 1000) * attempts));
    }
    // A window cut off by shutdown stays started, so the next start fires it again under the same identity.
    if (record && !(stopped && cutOff)) await state.finished(deployment, cron, scheduledTime);
    logger.info(`cron "${cron}" window ${new Date(scheduledTime).toISOString()}${late ? ' (late)' : ''}: ${outcome.outcome}${attempts > 1 ? ` after ${attempts} attempts` : ''}`);
    return { firing, outcome, attempts };
  }

  /** Starts the windows due now; resolves with their promises once they are started. */
  async function tickOnce(): Promise<Promise<FiringResult>[]> {
    const now = clock.now();
    const firings: Promise<FiringResult>[] = [];
    for (const cron of new Set(crons)) {
      if (running.has(cron)) continue;
      const known = await state.get(deployment, cron);
      const due = previousWindow(cron, now);
      let window: number | undefined;
      let late = false;
      if (known.started !== null) {
        // Started before a restart and never finished: the same window again, under the same identity.
        window = known.started;
        late = true;
      } else if (known.lastWindow === null) {
        // First sight of this cron: windows before it existed are not missed; one falling on this instant fires.
        if (due === now) window = due;
        else await state.finished(deployment, cron, due);
      } else if (due > known.lastWindow) {
        late = now - due > LATE_AFTER_MS || previousWindow(cron, due - 1) > known.lastWindow;
        if (late && options.catchUp === 'none') {
          logger.info(`cron "${cron}": skipped missed windows up to ${new Date(due).toISOString()} (catch_up: none)`);
          await state.finished(deployment, cron, due);
        } else {
          window = due;
        }
      }
      if (window === undefined) continue;
      running.add(cron);
      firings.push(fire(cron, window, late, true).finally(() => {
        running.delete(cron);
        // A window may have come due while this one ran (or this was a re-fire after a restart): look again now.
        if (!stopped) void tick();
      }));
    }
    return firings;
  }

  function scheduleNext(): void {
    if (stopped || options.timers === false || crons.length === 0) return;
    const now = clock.now();
    const next = Math.min(...crons.map((cron) => nextWindow(cron, now)));
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), Math.min(Math.max(0, next - now), 2 ** 31 - 1));
    timer.unref();
  }

  /**
   * Starts every window that is due now and resolves when those have finished. Scheduling goes on as soon as
   * they are started, so a slow handler never holds back another cron's windows.
   */
  async function tick(): Promise<FiringResult[]> {
    starting ??= tickOnce().catch((err: unknown) => {
      logger.error(`cron scheduler failed: ${(err as Error)?.stack ?? String(err)}`);
      return [] as Promise<FiringResult>[];
    }).finally(() => {
      starting = undefined;
      scheduleNext();
    });
    return Promise.all(await starting);
  }

  return {
    tick,
    /** Fires one window by hand (not recorded in the window bookkeeping). */
    trigger(cron: string, scheduledTime: number): Promise<FiringResult> {
      return fire(cron, scheduledTime, false, false);
    },
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** A deployment's cron scheduler. */
export type CronScheduler = ReturnType<typeof createCronScheduler>;

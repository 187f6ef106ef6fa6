import { previousWindow } from '../platform/cron-syntax.js';
import type { CronWindow } from '../runtime/protocol.js';

export { cronProblem, nextWindow, previousWindow } from '../platform/cron-syntax.js';

/**
 * The logical window a firing at `scheduledTime` stands for (SPEC: Events 2): `[start, end)` in UTC, from the
 * cron's previous time up to the firing's own. It depends on nothing but the expression and the time, so a
 * re-fired window (after a restart, a retry, a manual trigger of that time) carries the same window.
 */
export function cronWindow(expression: string, scheduledTime: number): CronWindow {
  return { start: previousWindow(expression, scheduledTime - 1), end: scheduledTime };
}

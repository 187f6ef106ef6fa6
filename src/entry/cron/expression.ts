import { CronExpressionParser } from 'cron-parser';

/** Why a cron expression is not a standard five-field expression, or undefined when it is. */
export function cronProblem(expression: string): string | undefined {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return `"${expression}" has ${fields.length} field(s); expected five (minute hour day-of-month month day-of-week)`;
  try {
    CronExpressionParser.parse(expression, { tz: 'UTC' });
    return undefined;
  } catch (err) {
    return `"${expression}" is not a valid cron expression: ${(err as Error).message}`;
  }
}

/** The latest window of `expression` at or before `time` (epoch ms), in UTC. */
export function previousWindow(expression: string, time: number): number {
  return CronExpressionParser.parse(expression, { tz: 'UTC', currentDate: new Date(time + 1) }).prev().getTime();
}

/** The first window of `expression` after `time` (epoch ms), in UTC. */
export function nextWindow(expression: string, time: number): number {
  return CronExpressionParser.parse(expression, { tz: 'UTC', currentDate: new Date(time) }).next().getTime();
}

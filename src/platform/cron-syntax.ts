/**
 * Cron expressions as the edge writes them (five fields, Quartz weekday numbers), on cron-parser: a library
 * with no Ledge types, so configuration, the scheduler and a binding kind's schema (workflow triggers) share it.
 */
import { CronExpressionParser } from 'cron-parser';

/**
 * The expression in the parser's syntax. The edge numbers weekdays as Quartz does (1 = Sunday ... 7 =
 * Saturday, so `mon-fri` is `2-6`; reference: data-work.md, Cron Triggers); cron-parser numbers them POSIX
 * style (0 = Sunday). Every weekday number that is a value (not a step after `/` or an occurrence after `#`)
 * moves down by one; names are left alone. Throws for a weekday number outside 1-7.
 */
function toParserSyntax(expression: string): string {
  const fields = expression.trim().split(/\s+/);
  // SPEC, Limits: the cron time base is UTC. A time zone prefix (cron(8)'s CRON_TZ=, or TZ=) would otherwise be
  // reported as a sixth field, which hides that no time zone can be given here.
  const zone = /^(CRON_TZ|TZ)=(\S*)/.exec(expression.trim());
  if (zone) return `"${expression}" names the time zone ${zone[2] || '(empty)'}: cron triggers fire on UTC time and take no time zone; write the UTC times, and state the local rule (its time zone and daylight-saving handling) in the task (docs/cron.md)`;
  if (fields.length !== 5) return expression;
  fields[4] = (fields[4] as string).replace(/(^|[,-])(\d+)/g, (_match, before: string, digits: string) => {
    const day = Number(digits);
    if (day < 1 || day > 7) throw new Error(`day of week ${digits} is outside 1-7 (1 = Sunday, 7 = Saturday, as on the edge; or use names such as SUN or MON-FRI)`);
    return `${before}${day - 1}`;
  });
  return fields.join(' ');
}

/** Why a cron expression is not a standard five-field expression, or undefined when it is. */
export function cronProblem(expression: string): string | undefined {
  const fields = expression.trim().split(/\s+/);
  // SPEC, Limits: the cron time base is UTC. A time zone prefix (cron(8)'s CRON_TZ=, or TZ=) would otherwise be
  // reported as a sixth field, which hides that no time zone can be given here.
  const zone = /^(CRON_TZ|TZ)=(\S*)/.exec(expression.trim());
  if (zone) return `"${expression}" names the time zone ${zone[2] || '(empty)'}: cron triggers fire on UTC time and take no time zone; write the UTC times, and state the local rule (its time zone and daylight-saving handling) in the task (docs/cron.md)`;
  if (fields.length !== 5) return `"${expression}" has ${fields.length} field(s); expected five (minute hour day-of-month month day-of-week)`;
  try {
    CronExpressionParser.parse(toParserSyntax(expression), { tz: 'UTC' });
    return undefined;
  } catch (err) {
    return `"${expression}" is not a valid cron expression: ${(err as Error).message}`;
  }
}

/** The latest window of `expression` at or before `time` (epoch ms), in UTC. */
export function previousWindow(expression: string, time: number): number {
  return CronExpressionParser.parse(toParserSyntax(expression), { tz: 'UTC', currentDate: new Date(time + 1) }).prev().getTime();
}

/** The first window of `expression` after `time` (epoch ms), in UTC. */
export function nextWindow(expression: string, time: number): number {
  return CronExpressionParser.parse(toParserSyntax(expression), { tz: 'UTC', currentDate: new Date(time) }).next().getTime();
}

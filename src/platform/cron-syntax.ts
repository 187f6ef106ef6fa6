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

/**
 * The day of month `15W` (the weekday nearest the 15th) or `LW` (the month's last weekday), as the edge allows it
 * (reference: data-work.md, Cron Triggers; the original's docs give `59 23 LW * *`). cron-parser has no `W`, so such
 * an expression is evaluated a month at a time: that month's weekday found here, the other fields by cron-parser.
 */
const NEAREST_WEEKDAY = /^(L|[1-9]|[12]\d|3[01])W$/i;

/** The day of month `NW`/`LW` means in that month (`month` 0-11, UTC), or undefined when the month has no such day (`31W` in April). */
function nearestWeekday(year: number, month: number, day: string): number | undefined {
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const wanted = day.toUpperCase() === 'L' ? last : Number(day);
  if (wanted > last) return undefined;
  // Quartz's rule: Saturday moves to Friday and Sunday to Monday, never into another month.
  const weekday = new Date(Date.UTC(year, month, wanted)).getUTCDay();
  if (weekday === 6) return wanted === 1 ? 3 : wanted - 1;
  if (weekday === 0) return wanted === last ? wanted - 2 : wanted + 1;
  return wanted;
}

/** The `NW`/`LW` of the day-of-month field, or undefined when the expression has none. */
function nearestWeekdayOf(expression: string): string | undefined {
  const day = expression.trim().split(/\s+/)[2] ?? '';
  return /W/i.test(day) ? day.slice(0, -1) : undefined;
}

/** The expression with its day of month set to `day` (a number), for cron-parser. */
function onDay(expression: string, day: number): string {
  const fields = expression.trim().split(/\s+/);
  fields[2] = String(day);
  return toParserSyntax(fields.join(' '));
}

const DAY_MS = 86_400_000;
/** How far a `W` expression is searched (its month field may allow one month a year): 40 years. */
const W_SEARCH_MONTHS = 480;

/** Why a cron expression is not a standard five-field expression, or undefined when it is. */
export function cronProblem(expression: string): string | undefined {
  const fields = expression.trim().split(/\s+/);
  // SPEC, Limits: the cron time base is UTC. A time zone prefix (cron(8)'s CRON_TZ=, or TZ=) would otherwise be
  // reported as a sixth field, which hides that no time zone can be given here.
  const zone = /^(CRON_TZ|TZ)=(\S*)/.exec(expression.trim());
  if (zone) return `"${expression}" names the time zone ${zone[2] || '(empty)'}: cron triggers fire on UTC time and take no time zone; write the UTC times, and state the local rule (its time zone and daylight-saving handling) in the task (docs/cron.md)`;
  if (fields.length !== 5) return `"${expression}" has ${fields.length} field(s); expected five (minute hour day-of-month month day-of-week)`;
  try {
    if (/W/i.test(fields[2] as string)) {
      if (!NEAREST_WEEKDAY.test(fields[2] as string)) throw new Error(`day of month "${fields[2]}": W follows one day (1-31) or L, alone in the field (15W, LW)`);
      if (fields[4] !== '*' && fields[4] !== '?') throw new Error(`day of month "${fields[2]}" names a weekday itself: the day of week must be *`);
      CronExpressionParser.parse(onDay(expression, 1), { tz: 'UTC' });
      return undefined;
    }
    CronExpressionParser.parse(toParserSyntax(expression), { tz: 'UTC' });
    return undefined;
  } catch (err) {
    return `"${expression}" is not a valid cron expression: ${(err as Error).message}`;
  }
}

/** The latest window of `expression` at or before `time` (epoch ms), in UTC. */
export function previousWindow(expression: string, time: number): number {
  const weekday = nearestWeekdayOf(expression);
  if (weekday === undefined) return CronExpressionParser.parse(toParserSyntax(expression), { tz: 'UTC', currentDate: new Date(time + 1) }).prev().getTime();
  const at = new Date(time);
  for (let i = 0; i < W_SEARCH_MONTHS; i++) {
    const [year, month] = [at.getUTCFullYear(), at.getUTCMonth() - i];
    const day = nearestWeekday(year, month, weekday);
    const start = day === undefined ? Infinity : Date.UTC(year, month, day);
    if (start > time) continue;
    const found = windowWithin(() => CronExpressionParser.parse(onDay(expression, new Date(start).getUTCDate()), { tz: 'UTC', currentDate: new Date(Math.min(time + 1, start + DAY_MS)), startDate: new Date(start) }).prev().getTime());
    if (found !== undefined && found >= start) return found;
  }
  throw new Error(`"${expression}" has no window in the ${W_SEARCH_MONTHS / 12} years before ${at.toISOString()}`);
}

/** The first window of `expression` after `time` (epoch ms), in UTC. */
export function nextWindow(expression: string, time: number): number {
  const weekday = nearestWeekdayOf(expression);
  if (weekday === undefined) return CronExpressionParser.parse(toParserSyntax(expression), { tz: 'UTC', currentDate: new Date(time) }).next().getTime();
  const at = new Date(time);
  for (let i = 0; i < W_SEARCH_MONTHS; i++) {
    const [year, month] = [at.getUTCFullYear(), at.getUTCMonth() + i];
    const day = nearestWeekday(year, month, weekday);
    const start = day === undefined ? -Infinity : Date.UTC(year, month, day);
    if (start + DAY_MS <= time + 1) continue;
    const found = windowWithin(() => CronExpressionParser.parse(onDay(expression, new Date(start).getUTCDate()), { tz: 'UTC', currentDate: new Date(Math.max(time, start - 1)), endDate: new Date(start + DAY_MS - 1) }).next().getTime());
    if (found !== undefined && found < start + DAY_MS) return found;
  }
  throw new Error(`"${expression}" has no window in the ${W_SEARCH_MONTHS / 12} years after ${at.toISOString()}`);
}

/** A window cron-parser finds within one day, or undefined when the other fields allow none that day (it throws past its bound). */
function windowWithin(find: () => number): number | undefined {
  try {
    return find();
  } catch {
    return undefined;
  }
}

import { LedgeError } from '../platform/errors.js';
import { parseFilter, type RecordFilter } from './filter.js';

/** Most records one query returns. */
export const MAX_QUERY_RECORDS = 1000;
/** Records read at most by one query before it answers with what it found. */
export const QUERY_SCAN_LIMIT = 100_000;

/** A query of stored records: a time range, the filters, and how many. */
export interface LogQuery {
  filter: RecordFilter;
  from?: number;
  to?: number;
  limit: number;
}

/** The query parameters `ledge logs` sends and the API and `ledge dev` read. */
export interface LogQueryInput {
  deployment?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  status?: string | undefined;
  outcome?: string | undefined;
  method?: string | undefined;
  search?: string | undefined;
  limit?: string | number | undefined;
}

/** Parses a query, naming the first bad value. */
export function parseLogQuery(input: LogQueryInput, now: number): LogQuery {
  const query: LogQuery = { filter: parseFilter(input), limit: 100 };
  if (input.since) query.from = parseTime('since', input.since, now);
  if (input.until) query.to = parseTime('until', input.until, now);
  if (input.limit !== undefined && input.limit !== '') {
    const limit = Number(input.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_QUERY_RECORDS) throw new LedgeError('bad_argument', `limit "${input.limit}": expected a whole number from 1 to ${MAX_QUERY_RECORDS}`);
    query.limit = limit;
  }
  return query;
}

/** A time as an ISO date, epoch milliseconds, or an age (`30s`, `15m`, `2h`, `7d`) before now. */
export function parseTime(what: string, value: string, now: number): number {
  const age = /^(\d+)(s|m|h|d)$/.exec(value);
  if (age) return now - Number(age[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[age[2] as 's' | 'm' | 'h' | 'd'];
  if (/^\d+$/.test(value)) return Number(value);
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw new LedgeError('bad_argument', `${what} "${value}": expected an ISO time, epoch milliseconds, or an age such as 15m, 2h or 1d`);
  return parsed;
}

/** Parses the tail's sampling rate (`0` to `1`). */
export function parseSampling(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new LedgeError('bad_argument', `sampling rate "${value}": expected a number from 0 to 1`);
  return rate;
}

import { LedgeError } from '../platform/errors.js';
import { OUTCOMES, type InvocationRecord, type Outcome } from './record.js';

/** Which records a reader wants: the same filters for `ledge tail` and `ledge logs` (docs/observability.md). */
export interface RecordFilter {
  /** Only this deployment's records. */
  deployment?: string;
  /** Exact statuses (`404`) or classes (`5xx`); any of them matches. */
  statuses?: readonly string[];
  outcomes?: readonly Outcome[];
  /** Upper-case methods; any of them matches. */
  methods?: readonly string[];
  /** Text the URL, a console line or the error contains (case-insensitive). */
  search?: string;
}

const STATUS = /^(?:[1-5]\d\d|[1-5]xx)$/;

/** Parses the filter values people type (`--status 5xx,404 --outcome exception --method GET`), naming the first bad one. */
export function parseFilter(input: { deployment?: string | undefined; status?: string | undefined; outcome?: string | undefined; method?: string | undefined; search?: string | undefined }): RecordFilter {
  const filter: RecordFilter = {};
  if (input.deployment) filter.deployment = input.deployment;
  const list = (value: string | undefined) => (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  const statuses = list(input.status).map((s) => s.toLowerCase());
  const badStatus = statuses.find((s) => !STATUS.test(s));
  if (badStatus !== undefined) throw new LedgeError('bad_argument', `status "${badStatus}": expected a status such as 404 or a class such as 5xx`);
  if (statuses.length) filter.statuses = statuses;
  const outcomes = list(input.outcome);
  const badOutcome = outcomes.find((o) => !OUTCOMES.includes(o as Outcome));
  if (badOutcome !== undefined) throw new LedgeError('bad_argument', `outcome "${badOutcome}": expected one of ${OUTCOMES.join(', ')}`);
  if (outcomes.length) filter.outcomes = outcomes as Outcome[];
  const methods = list(input.method).map((m) => m.toUpperCase());
  const badMethod = methods.find((m) => !/^[A-Z]+$/.test(m));
  if (badMethod !== undefined) throw new LedgeError('bad_argument', `method "${badMethod}": expected an HTTP method such as GET`);
  if (methods.length) filter.methods = methods;
  if (input.search) filter.search = input.search;
  return filter;
}

/** True when the record passes every filter given. */
export function matchesFilter(record: InvocationRecord, filter: RecordFilter): boolean {
  if (filter.deployment !== undefined && record.deployment !== filter.deployment) return false;
  if (filter.outcomes && !filter.outcomes.includes(record.outcome)) return false;
  if (filter.methods && (record.method === undefined || !filter.methods.includes(record.method))) return false;
  if (filter.statuses) {
    const status = record.status === undefined ? '' : String(record.status);
    if (!filter.statuses.some((s) => (s.endsWith('xx') ? status[0] === s[0] : status === s))) return false;
  }
  if (filter.search !== undefined) {
    const needle = filter.search.toLowerCase();
    const hay = [record.url ?? '', record.trigger ?? '', record.error?.message ?? '', record.error?.stack ?? '', ...record.logs.map((l) => l.message)];
    if (!hay.some((text) => text.toLowerCase().includes(needle))) return false;
  }
  return true;
}

import { isLedgeError } from '../platform/errors.js';
import type { DispatchRequest, DispatchResponse } from '../runtime/isolate.js';
import type { AccountObservability } from './account.js';
import { matchesFilter } from './filter.js';
import { tailStream } from './live.js';
import { parseLogQuery, parseSampling, QUERY_SCAN_LIMIT } from './query.js';

/** `ledge dev`'s live tail: `GET /__ledge/tail?status=&outcome=&method=&search=&sampling_rate=` (NDJSON). */
export const DEV_TAIL_PATH = '/__ledge/tail';
/** `ledge dev`'s stored records: `GET /__ledge/logs?since=&until=&status=&outcome=&method=&search=&limit=` (JSON). */
export const DEV_LOGS_PATH = '/__ledge/logs';

/** Answers the dev-only observability routes, or undefined for any other path. */
export function devObservabilityRoute(observability: AccountObservability, request: DispatchRequest, url: URL): Promise<DispatchResponse> | undefined {
  if (url.pathname !== DEV_TAIL_PATH && url.pathname !== DEV_LOGS_PATH) return undefined;
  return answer(observability, request, url);
}

async function answer(observability: AccountObservability, request: DispatchRequest, url: URL): Promise<DispatchResponse> {
  if (request.method !== 'GET') return json(405, { error: 'method_not_allowed', message: `${request.method} is not allowed here; use GET` });
  const params = Object.fromEntries(url.searchParams);
  try {
    if (url.pathname === DEV_TAIL_PATH) {
      const filter = parseLogQuery(params, Date.now()).filter;
      const body = tailStream(observability.live, filter, parseSampling(params.sampling_rate));
      return { status: 200, statusText: '', headers: ['content-type', 'application/x-ndjson; charset=utf-8', 'cache-control', 'no-store'], body, origin: 'platform' };
    }
    const query = parseLogQuery(params, Date.now());
    await observability.records.flush();
    const range = { ...(query.filter.deployment ? { deployment: query.filter.deployment } : {}), ...(query.from === undefined ? {} : { from: query.from }), ...(query.to === undefined ? {} : { to: query.to }) };
    const records = observability.store().records.query(range, (r) => matchesFilter(r, query.filter), query.limit, QUERY_SCAN_LIMIT);
    return json(200, { records });
  } catch (err) {
    if (isLedgeError(err) && err.code === 'bad_argument') return json(400, { error: 'bad_argument', message: err.message });
    throw err;
  }
}

function json(status: number, value: unknown): DispatchResponse {
  return { status, statusText: '', headers: ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store'], body: JSON.stringify(value), origin: 'platform' };
}

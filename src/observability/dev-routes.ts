import { isLedgeError } from '../platform/errors.js';
import type { DispatchRequest, DispatchResponse } from '../runtime/isolate.js';
import type { AccountObservability } from './account.js';
import type { IssueRecord, IssueStatus, IssueStoragePort } from '../storage/observability.js';
import { matchesFilter } from './filter.js';
import { tailStream, type LiveFeed } from './live.js';
import { parseLogQuery, parseSampling, QUERY_SCAN_LIMIT } from './query.js';

/** `ledge dev`'s live tail: `GET /__ledge/tail?status=&outcome=&method=&search=&sampling_rate=` (NDJSON). */
export const DEV_TAIL_PATH = '/__ledge/tail';
/** `ledge dev`'s stored records: `GET /__ledge/logs?since=&until=&status=&outcome=&method=&search=&limit=` (JSON). */
export const DEV_LOGS_PATH = '/__ledge/logs';

/**
 * `ledge dev`'s issues: `GET /__ledge/issues?deployment=&status=` lists them, `GET /__ledge/issues/<id>` shows one with
 * its recent occurrences, `PATCH /__ledge/issues/<id>` with `{"status": "resolved" | "ignored" | "active"}` changes it
 * (a method no cross-site page can send without a preflight, which ledge dev never grants). Answers as the account API's
 * `result`: the same shapes `ledge issues` prints.
 */
export const DEV_ISSUES_PATH = '/__ledge/issues';

const ISSUE_STATUSES: readonly IssueStatus[] = ['active', 'resolved', 'ignored'];
/** Largest body the issue route reads: `{"status":"resolved"}` needs 21 bytes. */
const ISSUE_BODY_LIMIT = 1024;

/**
 * Answers the dev-only observability routes, or undefined for any other path. `projects` are the observability of
 * every project of this ledge dev (`ledge dev a/ b/`: each keeps its own store); the routes answer for all of them.
 */
export function devObservabilityRoute(projects: () => readonly AccountObservability[], request: DispatchRequest, url: URL): Promise<DispatchResponse> | undefined {
  if (url.pathname === DEV_ISSUES_PATH || url.pathname.startsWith(`${DEV_ISSUES_PATH}/`)) return issuesRoute(projects(), request, url);
  if (url.pathname !== DEV_TAIL_PATH && url.pathname !== DEV_LOGS_PATH) return undefined;
  return answer(projects(), request, url);
}

async function issuesRoute(projects: readonly AccountObservability[], request: DispatchRequest, url: URL): Promise<DispatchResponse> {
  const rest = url.pathname.slice(DEV_ISSUES_PATH.length + 1);
  // Occurrences still queued are part of the answer (and belong to the time before a status change).
  for (const project of projects) project.issues.flush();
  if (rest === '') {
    if (request.method !== 'GET') return json(405, { error: 'method_not_allowed', message: `${request.method} is not allowed here; use GET` });
    const status = url.searchParams.get('status');
    if (status !== null && !ISSUE_STATUSES.includes(status as IssueStatus)) return json(400, { error: 'bad_argument', message: `status "${status}": expected active, resolved or ignored` });
    const deployment = url.searchParams.get('deployment');
    const filter = { ...(deployment ? { deployment } : {}), ...(status ? { status: status as IssueStatus } : {}) };
    // Each store lists its issues most recently seen first; so does the union.
    const issues = projects.flatMap((project) => project.store().issues.list(filter));
    if (projects.length > 1) issues.sort((a, b) => b.last_seen - a.last_seen);
    return json(200, { result: issues });
  }
  let id: string;
  try {
    id = decodeURIComponent(rest);
  } catch {
    return json(400, { error: 'bad_argument', message: 'the issue id is not valid percent-encoding' });
  }
  let store: IssueStoragePort | undefined;
  let issue: IssueRecord | null | undefined;
  for (const project of id.includes('/') ? [] : projects) {
    store = project.store().issues;
    issue = store.get(id);
    if (issue) break;
  }
  if (!issue || !store) return json(404, { error: 'object_not_found', message: `no issue ${id}` });
  if (request.method === 'GET') return json(200, { result: { ...issue, occurrences: store.occurrences(issue.id, 20) } });
  if (request.method !== 'PATCH') return json(405, { error: 'method_not_allowed', message: `${request.method} is not allowed here; use GET or PATCH` });
  const body = await readJson(request.body, ISSUE_BODY_LIMIT);
  const status = (body as { status?: unknown } | undefined)?.status;
  if (typeof status !== 'string' || !ISSUE_STATUSES.includes(status as IssueStatus)) return json(400, { error: 'bad_argument', message: 'body: expected {"status": "active" | "resolved" | "ignored"}' });
  return json(200, { result: store.setStatus(issue.id, status as IssueStatus, Date.now()) });
}

/** The body as JSON, or undefined when it is missing, too large or not JSON. */
async function readJson(body: AsyncIterable<Uint8Array> | null, limit: number): Promise<unknown> {
  if (!body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The live feeds of several projects as one: a tail subscribes to each. */
function joinedFeed(projects: readonly AccountObservability[]): LiveFeed {
  return {
    get active() { return projects.some((project) => project.live.active); },
    subscribe(subscriber) {
      const leave = projects.map((project) => project.live.subscribe(subscriber));
      return () => { for (const unsubscribe of leave) unsubscribe(); };
    },
    publish(record) { for (const project of projects) project.live.publish(record); },
  };
}

async function answer(projects: readonly AccountObservability[], request: DispatchRequest, url: URL): Promise<DispatchResponse> {
  if (request.method !== 'GET') return json(405, { error: 'method_not_allowed', message: `${request.method} is not allowed here; use GET` });
  const params = Object.fromEntries(url.searchParams);
  try {
    if (url.pathname === DEV_TAIL_PATH) {
      const filter = parseLogQuery(params, Date.now()).filter;
      const body = tailStream(projects.length === 1 ? (projects[0] as AccountObservability).live : joinedFeed(projects), filter, parseSampling(params.sampling_rate));
      return { status: 200, statusText: '', headers: ['content-type', 'application/x-ndjson; charset=utf-8', 'cache-control', 'no-store'], body, origin: 'platform' };
    }
    const query = parseLogQuery(params, Date.now());
    await Promise.all(projects.map((project) => project.records.flush()));
    const range = { ...(query.filter.deployment ? { deployment: query.filter.deployment } : {}), ...(query.from === undefined ? {} : { from: query.from }), ...(query.to === undefined ? {} : { to: query.to }) };
    const records = projects.flatMap((project) => project.store().records.query(range, (r) => matchesFilter(r, query.filter), query.limit, QUERY_SCAN_LIMIT));
    // Each store answers newest first; the union is ordered by time the same way and cut to the limit.
    if (projects.length > 1) records.sort((a, b) => b.time - a.time).splice(query.limit);
    return json(200, { records });
  } catch (err) {
    if (isLedgeError(err) && err.code === 'bad_argument') return json(400, { error: 'bad_argument', message: err.message });
    throw err;
  }
}

function json(status: number, value: unknown): DispatchResponse {
  return { status, statusText: '', headers: ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store'], body: JSON.stringify(value), origin: 'platform' };
}

import { z } from 'zod';
import { ApiError } from '../api-error.js';
import { defineRoute, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import { ACCOUNT_PARAMS, DNS_LABEL } from './accounts.js';
import { matchesFilter, tailStream } from '../../observability/index.js';
import { parseLogQuery, parseSampling, QUERY_SCAN_LIMIT } from '../../observability/query.js';
import type { IssueRecord } from '../../storage/observability.js';
import { INVOCATION_RECORD, ISSUE, ISSUE_WITH_OCCURRENCES, OBSERVABILITY_SETTINGS } from '../results.js';

const DEPLOYMENT_PARAMS = ACCOUNT_PARAMS.extend({ name: DNS_LABEL });
const ISSUE_PARAMS = DEPLOYMENT_PARAMS.extend({ issue_id: z.string().uuid({ error: 'expected an issue id (a UUID)' }) });
const FILTER_QUERY = {
  status: z.string().optional().describe('statuses or classes, comma-separated: 500,5xx'),
  outcome: z.string().optional().describe('outcomes, comma-separated: exception,exceeded_cpu'),
  method: z.string().optional().describe('methods, comma-separated: GET,POST'),
  search: z.string().max(200).optional().describe('text in the URL, a console line or the error (case-insensitive)'),
};
const LOGS_QUERY = z.object({
  ...FILTER_QUERY,
  since: z.string().optional().describe('ISO time, epoch ms, or an age: 15m, 2h, 1d'),
  until: z.string().optional().describe('ISO time, epoch ms, or an age'),
  limit: z.string().optional().describe('records, 1-1000; default 100'),
});
const TAIL_QUERY = z.object({ ...FILTER_QUERY, sampling_rate: z.string().optional().describe('share of matching records sent, 0-1') });
const ISSUE_STATUS = z.enum(['active', 'resolved', 'ignored']);

const auth = (group: 'observability:read' | 'observability:write') => ({ group, resource: (p: { name: string }) => ({ kind: 'deployment' as const, name: p.name }) });

/** An issue of the deployment, or 404. */
function issueOf(services: ControlServices, accountId: string, deployment: string, id: string): IssueRecord {
  const issue = services.observability(accountId).store().issues.get(id);
  if (!issue || issue.deployment !== deployment) throw new ApiError('object_not_found', `${deployment} has no issue ${id}`);
  return issue;
}

/**
 * Invocation logs, live tails and issues of a deployment (docs/observability.md). Reading needs
 * `observability:read` on the deployment; changing an issue or the issues switch, `observability:write`.
 */
export const OBSERVABILITY_ROUTES: readonly RouteDefinition[] = [
  defineRoute({
    id: 'observability.logs', result: z.array(INVOCATION_RECORD), method: 'GET', path: '/accounts/{account_id}/deployments/{name}/logs', summary: "Query a deployment's stored invocation records, newest first",
    auth: auth('observability:read'), params: DEPLOYMENT_PARAMS, query: LOGS_QUERY,
    async handler({ services, account, params, query }) {
      const parsed = parseLogQuery({ ...query, deployment: params.name }, services.clock.now());
      const observability = services.observability(account.id);
      await observability.records.flush();
      const range = { deployment: params.name, ...(parsed.from === undefined ? {} : { from: parsed.from }), ...(parsed.to === undefined ? {} : { to: parsed.to }) };
      return { result: observability.store().records.query(range, (r) => matchesFilter(r, parsed.filter), parsed.limit, QUERY_SCAN_LIMIT) };
    },
  }),
  defineRoute({
    id: 'observability.tail', result: z.null(), method: 'GET', path: '/accounts/{account_id}/deployments/{name}/tail', summary: "Stream a deployment's invocation records live, as NDJSON (one JSON object per line)",
    auth: auth('observability:read'), params: DEPLOYMENT_PARAMS, query: TAIL_QUERY,
    async handler({ services, account, params, query }) {
      const filter = parseLogQuery({ ...query, deployment: params.name }, services.clock.now()).filter;
      const body = tailStream(services.observability(account.id).live, filter, parseSampling(query.sampling_rate));
      return { result: null, stream: { body, contentType: 'application/x-ndjson; charset=utf-8' } };
    },
  }),
  defineRoute({
    id: 'observability.settings.get', result: OBSERVABILITY_SETTINGS, method: 'GET', path: '/accounts/{account_id}/deployments/{name}/observability', summary: "A deployment's issues switch",
    auth: auth('observability:read'), params: DEPLOYMENT_PARAMS,
    async handler({ services, account, params }) {
      return { result: { issues: { enabled: services.observability(account.id).issues.enabled(params.name) } } };
    },
  }),
  defineRoute({
    id: 'observability.settings.patch', result: OBSERVABILITY_SETTINGS, method: 'PATCH', path: '/accounts/{account_id}/deployments/{name}/observability', summary: "Switch a deployment's issues feature on or off; a later deploy without observability.issues.enabled leaves it so",
    auth: auth('observability:write'), params: DEPLOYMENT_PARAMS, body: z.strictObject({ issues: z.strictObject({ enabled: z.boolean() }) }),
    async handler({ services, account, params, body }) {
      services.observability(account.id).issues.setSwitch(params.name, body.issues.enabled);
      return { result: { issues: { enabled: body.issues.enabled } } };
    },
  }),
  defineRoute({
    id: 'issues.list', result: z.array(ISSUE), method: 'GET', path: '/accounts/{account_id}/deployments/{name}/issues', summary: "List a deployment's issues, most recently seen first",
    auth: auth('observability:read'), params: DEPLOYMENT_PARAMS, query: z.object({ status: ISSUE_STATUS.optional() }),
    async handler({ services, account, params, query }) {
      const observability = services.observability(account.id);
      observability.issues.flush();
      return { result: observability.store().issues.list({ deployment: params.name, ...(query.status ? { status: query.status } : {}) }) };
    },
  }),
  defineRoute({
    id: 'issues.get', result: ISSUE_WITH_OCCURRENCES, method: 'GET', path: '/accounts/{account_id}/deployments/{name}/issues/{issue_id}', summary: 'An issue with its recent occurrences (stack with application paths, request, logs)',
    auth: auth('observability:read'), params: ISSUE_PARAMS,
    async handler({ services, account, params }) {
      services.observability(account.id).issues.flush();
      const issue = issueOf(services, account.id, params.name, params.issue_id);
      return { result: { ...issue, occurrences: services.observability(account.id).store().issues.occurrences(issue.id, 20) } };
    },
  }),
  defineRoute({
    id: 'issues.patch', result: ISSUE, method: 'PATCH', path: '/accounts/{account_id}/deployments/{name}/issues/{issue_id}', summary: 'Resolve, ignore or reopen an issue',
    auth: auth('observability:write'), params: ISSUE_PARAMS, body: z.strictObject({ status: ISSUE_STATUS }),
    async handler({ services, account, params, body }) {
      issueOf(services, account.id, params.name, params.issue_id);
      const observability = services.observability(account.id);
      // Occurrences still queued belong to the time before this change.
      observability.issues.flush();
      return { result: observability.store().issues.setStatus(params.issue_id, body.status, services.clock.now()) };
    },
  }),
];

import type { Command } from 'commander';
import { LedgeError } from '../../platform/errors.js';
import type { IssueRecord, IssueStatus, OccurrenceRecord } from '../../observability/index.js';
import { accountPath, deploymentName, deploymentOption, formatTable, openPlatform, platformOptions, type PlatformOptions } from '../api-client.js';
import { printJson } from '../local.js';
import { DEV_ISSUES_PATH } from '../../observability/dev-routes.js';
import { DEV_URL } from '../observability-output.js';

type IssueOptions = PlatformOptions & { deployment?: string; dev?: string | true };
type IssueWithOccurrences = IssueRecord & { occurrences: OccurrenceRecord[] };

/** Where the issues are read and changed: the account API of ledge serve, or a running ledge dev. */
interface IssueSource {
  list(status: string | undefined): Promise<IssueRecord[]>;
  get(id: string): Promise<IssueWithOccurrences>;
  setStatus(id: string, status: IssueStatus): Promise<IssueRecord>;
}

/** The issues of a running `ledge dev` (its dev-only routes, src/observability/dev-routes.ts). */
function devSource(opts: IssueOptions): IssueSource {
  const base = new URL(DEV_ISSUES_PATH, opts.dev === true || opts.dev === undefined ? DEV_URL : opts.dev);
  const call = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const url = new URL(`${base.pathname}${path}`, base);
    let res: Response;
    try {
      res = await fetch(url, init);
    } catch {
      throw new LedgeError('api_unreachable', `no ledge dev answers at ${url.origin} (start one, or pass --dev URL)`);
    }
    const body = (await res.json().catch(() => ({}))) as { result?: T; error?: string; message?: string };
    if (res.status === 404 && body.error === 'object_not_found') throw new LedgeError('not_found', body.message ?? 'no such issue');
    if (!res.ok || body.result === undefined) throw new LedgeError('bad_argument', body.message ?? `ledge dev answered ${res.status}`);
    return body.result;
  };
  const query = (status: string | undefined) => {
    const params = new URLSearchParams();
    if (opts.deployment) params.set('deployment', opts.deployment);
    if (status) params.set('status', status);
    return params.size ? `?${params}` : '';
  };
  return {
    list: (status) => call<IssueRecord[]>(query(status)),
    get: (id) => call<IssueWithOccurrences>(`/${encodeURIComponent(id)}`),
    setStatus: (id, status) => call<IssueRecord>(`/${encodeURIComponent(id)}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status }) }),
  };
}

/** `ledge issues list | show | resolve | ignore | reopen`: a deployment's grouped errors on the account API (docs/observability.md). */
export function registerIssues(program: Command): void {
  const issues = program.command('issues').description("a deployment's issues: errors of new traffic grouped by fingerprint (needs observability.issues.enabled or the API switch)");
  const source = async (opts: IssueOptions): Promise<IssueSource> => {
    if (opts.dev !== undefined) return devSource(opts);
    const s = await openPlatform(opts, opts.deployment === undefined);
    const base = accountPath(s.account.id, 'deployments', deploymentName(opts, s.config), 'issues');
    return {
      list: (status) => s.client.get<IssueRecord[]>(`${base}${status ? `?status=${status}` : ''}`),
      get: (id) => s.client.get<IssueWithOccurrences>(`${base}/${encodeURIComponent(id)}`),
      setStatus: async (id, status) => (await s.client.request<IssueRecord>('PATCH', `${base}/${encodeURIComponent(id)}`, { status })).result,
    };
  };
  const options = (command: Command) => deploymentOption(platformOptions(command)).option('--dev [url]', `read and change the issues of a running ledge dev instead of the account API (default ${DEV_URL})`);

  options(issues.command('list').description('list issues, most recently seen first'))
    .option('--status <status>', 'only active, resolved or ignored issues')
    .action(async (opts: IssueOptions & { status?: string }) => {
      if (opts.status !== undefined && !['active', 'resolved', 'ignored'].includes(opts.status)) throw new LedgeError('bad_argument', `--status "${opts.status}": expected active, resolved or ignored`);
      const list = await (await source(opts)).list(opts.status);
      if (opts.json) return printJson(list);
      if (list.length === 0) {
        process.stdout.write('no issues\n');
        return;
      }
      process.stdout.write(formatTable(['ID', 'STATUS', 'COUNT', 'LAST SEEN', 'ERROR', 'WHERE'], list.map((i) => [i.id, i.status, String(i.count), new Date(i.last_seen).toISOString(), `${i.type}: ${i.message}`.slice(0, 80), i.culprit])));
    });

  options(issues.command('show').description('an issue with its most recent occurrence: the stack with your files and lines, the request and its logs').argument('<id>', 'issue id'))
    .action(async (id: string, opts: IssueOptions) => {
      const issue = await (await source(opts)).get(id);
      if (opts.json) return printJson(issue);
      const out = [
        `${issue.type}: ${issue.message}`,
        `  where      ${issue.culprit}`,
        `  status     ${issue.status}`,
        `  seen       ${issue.count} times, first ${new Date(issue.first_seen).toISOString()}, last ${new Date(issue.last_seen).toISOString()}`,
        `  versions   ${issue.versions.join(', ')}`,
      ];
      const latest = issue.occurrences[0];
      if (latest) {
        out.push('', `latest occurrence ${new Date(latest.time).toISOString()} (version ${latest.version}${latest.request_id ? `, request ${latest.request_id}` : ''})`);
        if (latest.method || latest.url) out.push(`  ${latest.method ?? ''} ${latest.url ?? ''} → ${latest.status ?? '-'} ${latest.outcome}`);
        if (latest.stack) out.push('', latest.stack);
        if (latest.logs.length) out.push('', 'logs:', ...latest.logs.map((l) => `  (${l.level}) ${l.message}`));
      } else out.push('', 'occurrence details are kept 7 days; none is left');
      process.stdout.write(`${out.join('\n')}\n`);
    });

  for (const [command, status, what] of [['resolve', 'resolved', 'mark an issue resolved (a newer occurrence reopens it)'], ['ignore', 'ignored', 'ignore an issue (it stays ignored; occurrences are still counted)'], ['reopen', 'active', 'make an issue active again']] as const) {
    options(issues.command(command).description(what).argument('<id>', 'issue id'))
      .action(async (id: string, opts: IssueOptions) => {
        const changed = await (await source(opts)).setStatus(id, status satisfies IssueStatus);
        if (opts.json) return printJson(changed);
        process.stdout.write(`issue ${id} is ${changed.status}\n`);
      });
  }
}

import type { Command } from 'commander';
import { LedgeError } from '../../platform/errors.js';
import type { IssueRecord, IssueStatus, OccurrenceRecord } from '../../observability/index.js';
import { accountPath, deploymentName, deploymentOption, formatTable, openPlatform, platformOptions, type PlatformOptions } from '../api-client.js';
import { printJson } from '../local.js';

type IssueOptions = PlatformOptions & { deployment?: string };

/** `ledge issues list | show | resolve | ignore | reopen`: a deployment's grouped errors on the account API (docs/observability.md). */
export function registerIssues(program: Command): void {
  const issues = program.command('issues').description("a deployment's issues: errors of new traffic grouped by fingerprint (needs observability.issues.enabled or the API switch)");
  const session = async (opts: IssueOptions) => {
    const s = await openPlatform(opts, opts.deployment === undefined);
    return { client: s.client, base: accountPath(s.account.id, 'deployments', deploymentName(opts, s.config), 'issues') };
  };

  deploymentOption(platformOptions(issues.command('list').description('list issues, most recently seen first')))
    .option('--status <status>', 'only active, resolved or ignored issues')
    .action(async (opts: IssueOptions & { status?: string }) => {
      if (opts.status !== undefined && !['active', 'resolved', 'ignored'].includes(opts.status)) throw new LedgeError('bad_argument', `--status "${opts.status}": expected active, resolved or ignored`);
      const { client, base } = await session(opts);
      const list = await client.get<IssueRecord[]>(`${base}${opts.status ? `?status=${opts.status}` : ''}`);
      if (opts.json) return printJson(list);
      if (list.length === 0) {
        process.stdout.write('no issues\n');
        return;
      }
      process.stdout.write(formatTable(['ID', 'STATUS', 'COUNT', 'LAST SEEN', 'ERROR', 'WHERE'], list.map((i) => [i.id, i.status, String(i.count), new Date(i.last_seen).toISOString(), `${i.type}: ${i.message}`.slice(0, 80), i.culprit])));
    });

  deploymentOption(platformOptions(issues.command('show').description('an issue with its most recent occurrence: the stack with your files and lines, the request and its logs').argument('<id>', 'issue id')))
    .action(async (id: string, opts: IssueOptions) => {
      const { client, base } = await session(opts);
      const issue = await client.get<IssueRecord & { occurrences: OccurrenceRecord[] }>(`${base}/${encodeURIComponent(id)}`);
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
    deploymentOption(platformOptions(issues.command(command).description(what).argument('<id>', 'issue id')))
      .action(async (id: string, opts: IssueOptions) => {
        const { client, base } = await session(opts);
        const answer = await client.request<IssueRecord>('PATCH', `${base}/${encodeURIComponent(id)}`, { status: status satisfies IssueStatus });
        if (opts.json) return printJson(answer.result);
        process.stdout.write(`issue ${id} is ${answer.result.status}\n`);
      });
  }
}

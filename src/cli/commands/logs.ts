import type { Command } from 'commander';
import { LedgeError } from '../../platform/errors.js';
import { DEV_LOGS_PATH } from '../../observability/dev-routes.js';
import type { InvocationRecord } from '../../observability/record.js';
import { accountPath, openPlatform, platformOptions, type PlatformOptions } from '../api-client.js';
import { DEV_URL, filterOptions, filterParams, printRecord, type FilterOptions } from '../observability-output.js';

/** `ledge logs [deployment]`: stored invocation records by time range and filters (docs/observability.md). */
export function registerLogs(program: Command): void {
  filterOptions(platformOptions(program.command('logs')
    .description("query a deployment's stored invocation records (newest first): from the account API of ledge serve, or a running ledge dev with --dev")
    .argument('[deployment]', 'deployment name (default: the name in ledge.jsonc)')))
    .option('--since <time>', 'from: an ISO time, epoch ms, or an age such as 15m, 2h, 1d')
    .option('--until <time>', 'up to: an ISO time, epoch ms, or an age')
    .option('--limit <n>', 'most records, 1 to 1000', '100')
    .action(async (deployment: string | undefined, opts: PlatformOptions & FilterOptions & { since?: string; until?: string; limit: string }) => {
      const params = filterParams(opts, { since: opts.since, until: opts.until, limit: opts.limit });
      let records: InvocationRecord[];
      if (opts.dev !== undefined) {
        const url = `${new URL(DEV_LOGS_PATH, opts.dev === true ? DEV_URL : opts.dev).href}?${params}`;
        let res: Response;
        try {
          res = await fetch(url);
        } catch {
          throw new LedgeError('api_unreachable', `no ledge dev answers at ${new URL(url).origin} (start one, or pass --dev URL)`);
        }
        const body = (await res.json()) as { records?: InvocationRecord[]; message?: string };
        if (!res.ok) throw new LedgeError('bad_argument', body.message ?? `ledge dev answered ${res.status}`);
        records = body.records ?? [];
      } else {
        const session = await openPlatform(opts, deployment === undefined);
        const name = deployment ?? session.config?.name ?? '';
        records = await session.client.get<InvocationRecord[]>(`${accountPath(session.account.id, 'deployments', name, 'logs')}?${params}`);
      }
      // Oldest first on a terminal, as a log reads; JSON keeps the API's newest-first order.
      const ordered = opts.format === 'pretty' ? [...records].reverse() : records;
      for (const record of ordered) printRecord(record, opts.format);
      if (opts.format === 'pretty' && records.length === 0) process.stderr.write('ledge: no records match (are logs on? observability.logs.enabled in ledge.jsonc)\n');
    });
}

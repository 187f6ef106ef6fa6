import type { Command } from 'commander';
import { LedgeError } from '../platform/errors.js';
import type { InvocationRecord } from '../observability/record.js';

/** The filter options `ledge tail` and `ledge logs` share. */
export interface FilterOptions {
  status?: string;
  outcome?: string;
  method?: string;
  search?: string;
  format: 'pretty' | 'json';
  dev?: string | true;
}

/** Default address of a running `ledge dev`. */
export const DEV_URL = 'http://127.0.0.1:8787';

/** Adds the shared filter and output options. */
export function filterOptions(command: Command): Command {
  return command
    .option('--status <list>', 'statuses or classes, comma-separated (500,5xx)')
    .option('--outcome <list>', 'outcomes, comma-separated: ok, exception, exceeded_cpu, exceeded_memory, exceeded_wall_time, canceled, unknown')
    .option('--method <list>', 'HTTP methods, comma-separated (GET,POST)')
    .option('--search <text>', 'text in the URL, a console line or the error (case-insensitive)')
    .option('--format <format>', 'pretty for a terminal, json for programs (one record per line)', 'pretty')
    .option('--dev [url]', `read a running ledge dev instead of the account API (default ${DEV_URL})`);
}

/** The filters as query parameters (the API and `ledge dev` read the same names). */
export function filterParams(opts: FilterOptions, extra: Record<string, string | undefined> = {}): URLSearchParams {
  if (opts.format !== 'pretty' && opts.format !== 'json') throw new LedgeError('bad_argument', `--format "${opts.format as string}": expected pretty or json`);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ status: opts.status, outcome: opts.outcome, method: opts.method, search: opts.search, ...extra })) {
    if (value !== undefined) params.set(name, value);
  }
  return params;
}

/** One record as a person reads it: a line for the event, then its console lines and its error. */
export function formatRecord(record: InvocationRecord): string {
  const what = record.kind === 'fetch' ? `${record.method ?? ''} ${record.url ?? ''}` : `${record.kind} ${record.trigger ?? ''}`;
  const status = record.status === undefined ? '' : ` ${record.status}`;
  const origin = record.origin && record.origin !== 'application' ? ` (${record.origin})` : '';
  const lines = [`${new Date(record.time).toISOString()} ${record.deployment} ${what}${status} ${record.outcome}${origin}  cpu ${record.cpu_ms} ms, wall ${record.wall_ms} ms${record.subrequests ? `, ${record.subrequests} subrequests` : ''}${record.request_id ? `  [${record.request_id}]` : ''}`];
  for (const line of record.logs) lines.push(`  (${line.level}) ${line.message.replace(/\n/g, '\n    ')}`);
  if (record.dropped_logs) lines.push(`  … ${record.dropped_logs} more console lines not kept`);
  if (record.error) lines.push(`  ! ${(record.error.stack ?? `${record.error.name}: ${record.error.message}`).replace(/\n/g, '\n    ')}`);
  return `${lines.join('\n')}\n`;
}

/** Prints a record in the chosen format. */
export function printRecord(record: InvocationRecord, format: 'pretty' | 'json'): void {
  process.stdout.write(format === 'json' ? `${JSON.stringify(record)}\n` : formatRecord(record));
}

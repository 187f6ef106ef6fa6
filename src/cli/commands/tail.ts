import type { Command } from 'commander';
import { LedgeError } from '../../platform/errors.js';
import { DEV_TAIL_PATH } from '../../observability/dev-routes.js';
import type { InvocationRecord } from '../../observability/record.js';
import { accountPath, openPlatform, platformOptions, type PlatformOptions } from '../api-client.js';
import { resolveCredentials } from '../credentials.js';
import { DEV_URL, filterOptions, filterParams, printRecord, type FilterOptions } from '../observability-output.js';

/** `ledge tail [deployment]`: a deployment's invocation records as they happen (docs/observability.md). */
export function registerTail(program: Command): void {
  filterOptions(platformOptions(program.command('tail')
    .description("stream a deployment's invocation records live: from the account API of ledge serve, or from a running ledge dev with --dev")
    .argument('[deployment]', 'deployment name (default: the name in ledge.jsonc)')))
    .option('--sampling-rate <rate>', 'share of matching records to show, 0 to 1', '1')
    .action(async (deployment: string | undefined, opts: PlatformOptions & FilterOptions & { samplingRate: string }) => {
      const params = filterParams(opts, { sampling_rate: opts.samplingRate });
      let url: string;
      let headers: Record<string, string> = {};
      if (opts.dev !== undefined) {
        url = `${new URL(DEV_TAIL_PATH, opts.dev === true ? DEV_URL : opts.dev).href}?${params}`;
      } else {
        const session = await openPlatform(opts, deployment === undefined);
        const name = deployment ?? session.config?.name ?? '';
        url = `${session.client.baseUrl}${accountPath(session.account.id, 'deployments', name, 'tail')}?${params}`;
        headers = { authorization: `Bearer ${resolveCredentials().token}` };
      }
      await follow(url, headers, opts.format);
    });
}

/** Reads NDJSON lines until the stream ends or the process is stopped. */
async function follow(url: string, headers: Record<string, string>, format: 'pretty' | 'json'): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { headers });
  } catch {
    throw new LedgeError('api_unreachable', `nothing answers at ${new URL(url).origin} (start ledge dev or ledge serve, or check the address)`);
  }
  if (!res.ok || !res.body) {
    const text = await res.text();
    let message = text;
    try {
      const body = JSON.parse(text) as { errors?: { message: string }[]; message?: string };
      message = body.errors?.map((e) => e.message).join('; ') ?? body.message ?? text;
    } catch { /* not JSON: the text as it is */ }
    throw new LedgeError(res.status === 400 ? 'bad_argument' : res.status === 403 || res.status === 401 ? 'api_auth_failed' : 'api_request_failed', `the tail was refused (${res.status}): ${message}`);
  }
  process.stderr.write('ledge: tailing; stop with Ctrl+C\n');
  const decoder = new TextDecoder();
  let buffered = '';
  const reader = res.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let at: number;
    while ((at = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      if (line.trim() === '') continue;
      const message = JSON.parse(line) as { type: string; record?: InvocationRecord; count?: number };
      if (message.type === 'record' && message.record) printRecord(message.record, format);
      else if (message.type === 'dropped') process.stderr.write(`ledge: ${message.count} records were dropped (the terminal read too slowly)\n`);
    }
  }
}

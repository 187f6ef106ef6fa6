import type { Command } from 'commander';
import { ApiResponseError, createApiClient, verifyToken, type TokenStatus } from '../api-client.js';
import { resolveCredentials, type Account, type ResolvedCredentials } from '../credentials.js';
import { printJson } from '../local.js';

/** Where a token came from, for people; never its value. */
function origin(c: ResolvedCredentials): string {
  return c.source === 'env' ? 'LEDGE_API_TOKEN' : (c.file as string);
}

/** `ledge whoami`: the token in use (where it came from, its status and expiry) and the accounts it sees. */
export function registerWhoami(program: Command): void {
  program
    .command('whoami')
    .description('show the API token in use (where it came from, its status and expiry) and the accounts it sees')
    .option('--json', 'print JSON for scripts')
    .action(async (opts: { json?: boolean }) => {
      const credentials = resolveCredentials();
      if (credentials.warning) process.stderr.write(`ledge: warning: ${credentials.warning}\n`);
      const client = createApiClient(credentials);
      let token: TokenStatus;
      let accounts: Account[];
      try {
        token = await verifyToken(client);
        accounts = await client.listAll<Account>('/accounts');
      } catch (err) {
        // Say which token was refused, so a stale LEDGE_API_TOKEN is not mistaken for the stored one.
        // The client's own class (it never crosses a thread): only the API's refusals get the token's origin.
        if (err instanceof ApiResponseError) throw new ApiResponseError(err.code, `${err.message} (token from ${origin(credentials)})`, err.httpStatus, err.errors);
        throw err;
      }
      if (opts.json) {
        printJson({ api_url: client.baseUrl, source: credentials.source, credentials_file: credentials.file ?? null, token, accounts });
        return;
      }
      const rows: [string, string][] = [
        ['api', client.baseUrl],
        ['token', `${token.id} (${token.status})`],
        ['from', origin(credentials)],
        ['account', token.account_id],
        ['not before', token.not_before ?? '-'],
        ['expires', token.expires_on ?? 'never'],
      ];
      const out = rows.map(([k, v]) => `${k.padEnd(11)}${v}`);
      out.push(`accounts   ${accounts.length === 0 ? '(none)' : ''}`.trimEnd());
      for (const a of accounts) out.push(`  ${a.id}  ${a.name}${a.subdomain ? `  (${a.subdomain})` : ''}`);
      process.stdout.write(`${out.join('\n')}\n`);
    });
}

import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { LedgeError } from '../../platform/errors.js';
import { createApiClient, verifyToken } from '../api-client.js';
import { apiUrl, credentialsFile, writeCredentials, type Account, checkTokenText } from '../credentials.js';
import { printJson } from '../local.js';

/** `ledge login [--api-url URL]`: verify an API token and store it for the platform commands. */
export function registerLogin(program: Command): void {
  program
    .command('login')
    .description('verify an API token and store it (readable only by you) for deploy and the other platform commands')
    .option('--api-url <url>', 'the account API (default: LEDGE_API_URL, else http://127.0.0.1:8788/api/v1)')
    .option('--json', 'print JSON for scripts')
    .action(async (opts: { apiUrl?: string; json?: boolean }) => {
      const url = apiUrl(opts.apiUrl ?? process.env.LEDGE_API_URL);
      const token = process.stdin.isTTY ? await promptHidden('API token: ') : await readStdin();
      if (token === '') throw new LedgeError('bad_argument', process.stdin.isTTY ? 'no token given; nothing was stored' : 'no token on standard input; pipe it in (ledge login < token-file) or run ledge login in a terminal');
      const client = createApiClient({ apiUrl: url, token: checkTokenText(token, process.stdin.isTTY ? 'the token typed' : 'the token on standard input') });
      // A refused token throws here, before anything is written.
      const status = await verifyToken(client);
      const accounts = await client.listAll<Account>('/accounts');
      const file = credentialsFile();
      writeCredentials(file, { api_url: url, token });
      const account = accounts.find((a) => a.id === status.account_id);
      if (opts.json) {
        printJson({ api_url: url, token: { id: status.id, status: status.status, account_id: status.account_id, expires_on: status.expires_on }, accounts, credentials_file: file });
      } else {
        process.stdout.write(`logged in to ${url} with token ${status.id} (account ${status.account_id}${account ? ` "${account.name}"` : ''})\n`);
        process.stdout.write(`credentials saved to ${file} (mode 0600)\n`);
      }
      if (process.env.LEDGE_API_TOKEN?.trim()) process.stderr.write('ledge: note: LEDGE_API_TOKEN is set in this environment and is used instead of the stored token\n');
    });
}

/** Reads a line from the terminal without echoing it: readline draws into a muted stream while the terminal is in raw mode. */
export function promptHidden(prompt: string, cancelled = 'login cancelled; nothing was stored'): Promise<string> {
  process.stderr.write(prompt);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  return new Promise<string>((resolve, reject) => {
    rl.once('line', (line) => resolve(line.trim()));
    rl.once('SIGINT', () => reject(new LedgeError('operation_failed', cancelled)));
    rl.once('close', () => resolve(''));
  }).finally(() => {
    rl.close();
    process.stderr.write('\n');
  });
}

/** The first non-empty line of standard input (a pipe or a file), so scripts and tests can hand the token over. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/).map((l) => l.trim()).find((l) => l !== '') ?? '';
}

import type { Command } from 'commander';
import { credentialsFile, removeCredentials } from '../credentials.js';
import { printJson } from '../local.js';

/** `ledge logout`: remove the stored token. */
export function registerLogout(program: Command): void {
  program
    .command('logout')
    .description('remove the token `ledge login` stored (the token itself stays valid until it expires or is revoked)')
    .option('--json', 'print JSON for scripts')
    .action((opts: { json?: boolean }) => {
      const file = credentialsFile();
      const removed = removeCredentials(file);
      const envSet = Boolean(process.env.LEDGE_API_TOKEN?.trim());
      if (opts.json) {
        printJson({ removed, credentials_file: file, env_token_set: envSet });
      } else {
        process.stdout.write(removed ? `logged out: removed ${file}\n` : `not logged in: there is no ${file}\n`);
        if (removed) process.stdout.write('the token itself stays valid until it expires or is revoked (DELETE /accounts/{account_id}/tokens/{token_id})\n');
      }
      if (envSet) process.stderr.write('ledge: note: LEDGE_API_TOKEN is still set in this environment; platform commands keep using it\n');
    });
}

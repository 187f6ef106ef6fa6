import type { Command } from 'commander';
import { cacheKeyOf, MAX_PURGE_URLS } from '../../bindings/cache/limits.js';
import { LedgeError } from '../../platform/errors.js';
import { accountPath, openPlatform } from '../api-client.js';
import { localOptions, printJson, withLocalPlatform, type LocalOptions } from '../local.js';

interface PurgeOptions extends LocalOptions { url?: string[]; all?: boolean; remote?: boolean; account?: string }

/** `ledge cache purge`: removes Cache API entries (docs/cache.md), from the local state or through the account API. */
export function registerCache(program: Command): void {
  const cache = program.command('cache').description('the Cache API\'s stored responses');
  localOptions(cache.command('purge').description('remove stored responses for some URLs (in every cache), or all of them'))
    .option('--url <url>', 'a URL to purge (repeat for several)', (value: string, previous: string[] = []) => [...previous, value])
    .option('--all', 'purge every stored response')
    .option('--remote', 'purge through the account API of `ledge serve` (needs cache:write) instead of the local state')
    .option('--account <id>', 'with --remote: account to act on (default: LEDGE_ACCOUNT_ID, account_id in ledge.jsonc, or the only one the token sees)')
    .action(async (opts: PurgeOptions) => {
      const urls = opts.url ?? [];
      if ((urls.length > 0) === (opts.all === true)) throw new LedgeError('bad_argument', 'give --url <url> (one or more) or --all');
      if (urls.length > MAX_PURGE_URLS) throw new LedgeError('bad_argument', `--url: at most ${MAX_PURGE_URLS} URLs per purge`);
      const keys = urls.map((url) => {
        const key = cacheKeyOf(url);
        if (key === null) throw new LedgeError('bad_argument', `--url: ${JSON.stringify(url)} is not an http: or https: URL`);
        return key;
      });
      let purged: number;
      if (opts.remote) {
        const session = await openPlatform(opts, false);
        purged = (await session.client.request<{ purged: number }>('POST', accountPath(session.account.id, 'cache', 'purge'), opts.all ? { purge_everything: true } : { files: keys })).result.purged;
      } else {
        if (opts.account !== undefined) throw new LedgeError('bad_argument', '--account needs --remote');
        purged = await withLocalPlatform(opts, (platform) => platform.purgeCache(opts.all ? null : keys));
      }
      if (opts.json) printJson({ purged });
      else process.stdout.write(`purged ${purged} stored response${purged === 1 ? '' : 's'}\n`);
    });
}

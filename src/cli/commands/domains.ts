import type { Command } from 'commander';
import { LedgeError } from '../../platform/errors.js';
import { accountPath, deploymentName, deploymentOption, formatTable, openPlatform, platformOptions, type Domain, type PlatformOptions } from '../api-client.js';
import { printJson } from '../local.js';

/** `ledge domains add | list | remove`: the account's custom domains. */
export function registerDomains(program: Command): void {
  const domains = program.command('domains').description("the account's custom domains on the account API");

  deploymentOption(platformOptions(domains.command('add').description('bind a hostname to a deployment (default: the project\'s)').argument('<hostname>')))
    .action(async (hostname: string, opts: PlatformOptions & { deployment?: string }) => {
      const session = await openPlatform(opts, opts.deployment === undefined);
      const deployment = deploymentName(opts, session.config);
      const domain = (await session.client.request<Domain>('POST', accountPath(session.account.id, 'domains'), { hostname: hostname.toLowerCase(), deployment })).result;
      if (opts.json) printJson(domain);
      else process.stdout.write(`added ${domain.hostname} → ${domain.deployment} (${domain.id})\n`);
    });

  platformOptions(domains.command('list').description('list the custom domains the token can see'))
    .action(async (opts: PlatformOptions) => {
      const session = await openPlatform(opts, false);
      const list = await session.client.listAll<Domain>(accountPath(session.account.id, 'domains'));
      if (opts.json) printJson(list);
      else if (list.length === 0) process.stdout.write('no custom domains\n');
      else process.stdout.write(formatTable(['HOSTNAME', 'SERVED BY', 'ID', 'CREATED'], list.map((d) => [d.hostname, d.deployment ?? `tunnel ${d.tunnel_id ?? '?'}`, d.id, d.created_on ?? ''])));
    });

  platformOptions(domains.command('remove').description('unbind a hostname').argument('<hostname>'))
    .action(async (hostname: string, opts: PlatformOptions) => {
      const session = await openPlatform(opts, false);
      const base = accountPath(session.account.id, 'domains');
      const wanted = hostname.toLowerCase();
      const domain = (await session.client.listAll<Domain>(base)).find((d) => d.hostname === wanted);
      if (!domain) throw new LedgeError('not_found', `no custom domain ${wanted} in account ${session.account.name} (${session.account.id}) that this token can see`);
      await session.client.request('DELETE', `${base}/${encodeURIComponent(domain.id)}`);
      if (opts.json) printJson({ id: domain.id, hostname: domain.hostname, removed: true });
      else process.stdout.write(`removed ${domain.hostname} (was bound to ${domain.deployment})\n`);
    });
}

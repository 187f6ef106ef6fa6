import type { Command } from 'commander';
import { accountPath, deploymentName, deploymentOption, formatTable, getIfExists, openPlatform, platformOptions, type Deployment, type PlatformOptions, type Version } from '../api-client.js';
import { LedgeError } from '../../platform/errors.js';
import { printJson } from '../local.js';

/** `ledge versions list`: a deployment's versions, newest first, the current one marked. */
export function registerVersions(program: Command): void {
  const versions = program.command('versions').description("a deployment's versions on the account API");
  deploymentOption(platformOptions(versions.command('list').description('list the versions, newest first; * marks the one serving')))
    .action(async (opts: PlatformOptions & { deployment?: string }) => {
      const session = await openPlatform(opts, opts.deployment === undefined);
      const name = deploymentName(opts, session.config);
      const base = accountPath(session.account.id, 'deployments', name);
      const deployment = await getIfExists<Deployment>(session.client, base);
      if (!deployment) throw new LedgeError('not_found', `no deployment "${name}" in account ${session.account.name} (${session.account.id})`);
      const list = await session.client.listAll<Version>(`${base}/versions`);
      if (opts.json) {
        printJson({ deployment: name, current_version_id: deployment.current_version_id, versions: list });
        return;
      }
      const rows = list.map((v) => [
        v.id === deployment.current_version_id ? '*' : '',
        `#${v.number}`,
        v.id,
        v.created_on,
        v.message ?? '',
      ]);
      process.stdout.write(formatTable(['', 'NUMBER', 'ID', 'CREATED', 'MESSAGE'], rows));
    });
}

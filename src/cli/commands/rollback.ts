import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { LedgeError } from '../../platform/errors.js';
import { accountPath, deploymentName, deploymentOption, getIfExists, openPlatform, platformOptions, type ApiClient, type Deployment, type PlatformOptions, type Version } from '../api-client.js';
import { printJson } from '../local.js';

interface RollbackOptions extends PlatformOptions { deployment?: string; yes?: boolean }

/** `ledge rollback [VERSION]`: point a deployment back at an earlier version's code and configuration (data stays as it is). */
export function registerRollback(program: Command): void {
  deploymentOption(platformOptions(program.command('rollback')
    .description("point the deployment back at an earlier version's code and configuration; data written since is not rolled back")
    .argument('[version]', 'version id, its first characters, or #number (default: the version before the current one)')))
    .option('--yes', 'do not ask for confirmation (needed when there is no terminal)')
    .action(async (version: string | undefined, opts: RollbackOptions) => {
      const session = await openPlatform(opts, opts.deployment === undefined);
      const name = deploymentName(opts, session.config);
      const base = accountPath(session.account.id, 'deployments', name);
      const deployment = await getIfExists<Deployment>(session.client, base);
      if (!deployment) throw new LedgeError('not_found', `no deployment "${name}" in account ${session.account.name} (${session.account.id})`);
      const target = version === undefined ? undefined : await findVersion(session.client, base, version);
      const what = target ? `version #${target.number} (${target.id})` : 'the version before the current one';
      if (!opts.yes) await confirm(`roll back ${name} to ${what}? Data written since is not rolled back. [y/N] `);
      const body = target ? { version_id: target.id } : {};
      const answer = await session.client.request<{ deployment: Deployment; version: Version }>('POST', `${base}/rollback`, body);
      if (opts.json) {
        printJson({ ...answer.result, messages: answer.messages });
        return;
      }
      const v = answer.result.version;
      process.stdout.write(`rolled back ${name}: now serving version ${v.id} (#${v.number})\n`);
      for (const m of answer.messages) process.stdout.write(`note: ${m.message}\n`);
    });
}

/** A version by id, unique id prefix (at least 4 characters) or `#number` (a bare number could be an id prefix). */
async function findVersion(client: ApiClient, base: string, ref: string): Promise<Version> {
  const list = await client.listAll<Version>(`${base}/versions`);
  const number = /^#(\d+)$/.exec(ref);
  const found = number
    ? list.filter((v) => v.number === Number(number[1]))
    : list.filter((v) => v.id === ref || (ref.length >= 4 && v.id.startsWith(ref)));
  if (found.length === 1) return found[0] as Version;
  if (found.length > 1) throw new LedgeError('bad_argument', `version "${ref}" matches ${found.length} versions; give more of the id`);
  throw new LedgeError('not_found', `no version "${ref}" of this deployment (see ledge versions list)`);
}

/** Asks on the terminal; without one, --yes is required. */
async function confirm(question: string): Promise<void> {
  if (!process.stdin.isTTY) throw new LedgeError('bad_argument', 'rollback changes what the deployment serves; add --yes to confirm (there is no terminal to ask on)');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await rl.question(question)).trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') throw new LedgeError('operation_failed', 'rollback cancelled; nothing was changed');
  } finally {
    rl.close();
  }
}

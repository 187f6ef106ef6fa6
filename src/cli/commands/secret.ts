import type { Command } from 'commander';
import { LedgeError } from '../../platform/errors.js';
import { accountPath, deploymentName, deploymentOption, formatTable, openPlatform, platformOptions, type PlatformOptions } from '../api-client.js';
import { printJson } from '../local.js';
import { promptHidden } from './login.js';
import type { Secret } from '../../control/results.js';

/** A secret as the API lists it: never its value. */
type SecretView = Secret;

type SecretOptions = PlatformOptions & { deployment?: string };

/** `ledge secret put | list | delete`: a deployment's secrets on the account API (write-only; values never come back). */
export function registerSecret(program: Command): void {
  const secret = program.command('secret').description("a deployment's secrets on the account API: strings in env, sealed at rest, never shown again");

  deploymentOption(platformOptions(secret.command('put')
    .description('set a secret (its value from standard input, or typed without echo in a terminal; trailing whitespace is trimmed)')
    .argument('<name>', 'the name code reads from env')))
    .action(async (name: string, opts: SecretOptions) => {
      // Read before any network call, so a prompt is not cut through by other output.
      const value = process.stdin.isTTY ? await promptHidden('Enter a secret value: ', 'cancelled; no secret was set') : await readAllStdin();
      if (value === '') throw new LedgeError('bad_argument', process.stdin.isTTY ? 'no value given; no secret was set' : 'no value on standard input; pipe it in (ledge secret put NAME < file) or run the command in a terminal');
      const session = await openPlatform(opts, opts.deployment === undefined);
      const deployment = deploymentName(opts, session.config);
      const stored = (await session.client.request<SecretView>('PUT', accountPath(session.account.id, 'deployments', deployment, 'secrets'), { name, text: value, type: 'secret_text' })).result;
      if (opts.json) printJson({ deployment, ...stored });
      else process.stdout.write(`set secret ${stored.name} of ${deployment}; its next request sees it\n`);
    });

  deploymentOption(platformOptions(secret.command('list').description("list a deployment's secrets: names and dates, never values")))
    .action(async (opts: SecretOptions) => {
      const session = await openPlatform(opts, opts.deployment === undefined);
      const deployment = deploymentName(opts, session.config);
      const list = await session.client.listAll<SecretView>(accountPath(session.account.id, 'deployments', deployment, 'secrets'));
      if (opts.json) printJson({ deployment, secrets: list });
      else if (list.length === 0) process.stdout.write(`${deployment} has no secrets\n`);
      else process.stdout.write(formatTable(['NAME', 'TYPE', 'CREATED', 'MODIFIED'], list.map((s) => [s.name, s.type, s.created_on, s.modified_on])));
    });

  deploymentOption(platformOptions(secret.command('delete').description('delete a secret').argument('<name>')))
    .action(async (name: string, opts: SecretOptions) => {
      const session = await openPlatform(opts, opts.deployment === undefined);
      const deployment = deploymentName(opts, session.config);
      await session.client.request('DELETE', accountPath(session.account.id, 'deployments', deployment, 'secrets', name));
      if (opts.json) printJson({ deployment, name, deleted: true });
      else process.stdout.write(`deleted secret ${name} of ${deployment}\n`);
    });
}

/** All of standard input, trailing whitespace trimmed (as the original tool does). */
async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trimEnd();
}

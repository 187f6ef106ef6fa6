#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { registerDev } from './commands/dev.js';
import { registerInit } from './commands/init.js';
import { registerKv } from './commands/kv.js';
import { registerDb } from './commands/db.js';
import { registerObjects } from './commands/objects.js';
import { registerCron } from './commands/cron.js';
import { registerQueues } from './commands/queues.js';
import { registerWorkflows } from './commands/workflows.js';
import { registerCoordination } from './commands/coordination.js';
import { registerServe } from './commands/serve.js';
import { registerTunnel } from './commands/tunnel.js';
import { registerLogin } from './commands/login.js';
import { registerLogout } from './commands/logout.js';
import { registerWhoami } from './commands/whoami.js';
import { registerDeploy } from './commands/deploy.js';
import { registerVersions } from './commands/versions.js';
import { registerRollback } from './commands/rollback.js';
import { registerDomains } from './commands/domains.js';
import { registerCache } from './commands/cache.js';
import { registerConfig } from './commands/config.js';
import { registerSecret } from './commands/secret.js';
import { registerDesign } from './commands/design.js';
import { registerTail } from './commands/tail.js';
import { registerLogs } from './commands/logs.js';
import { registerIssues } from './commands/issues.js';
import { registerVectors } from './commands/vectors.js';
import { reportCliError } from './errors.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** Builds the `ledge` command; each subcommand lives in its own file under commands/. */
export function createProgram(): Command {
  const program = new Command()
    .name('ledge')
    .description('Ledge: a self-hostable edge platform')
    .version(pkg.version)
    .showHelpAfterError()
    .exitOverride();
  registerInit(program);
  registerDev(program);
  registerKv(program);
  registerDb(program);
  registerObjects(program);
  registerCron(program);
  registerQueues(program);
  registerWorkflows(program);
  registerCoordination(program);
  registerVectors(program);
  registerServe(program);
  registerTunnel(program);
  registerLogin(program);
  registerLogout(program);
  registerWhoami(program);
  registerDeploy(program);
  registerVersions(program);
  registerRollback(program);
  registerDomains(program);
  registerCache(program);
  registerConfig(program);
  registerSecret(program);
  registerDesign(program);
  registerTail(program);
  registerLogs(program);
  registerIssues(program);
  return program;
}

try {
  await createProgram().parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Help and version exit 0; a wrong argument is a usage error.
    process.exitCode = err.exitCode === 0 ? 0 : 2;
  } else {
    process.exitCode = reportCliError(err);
  }
}

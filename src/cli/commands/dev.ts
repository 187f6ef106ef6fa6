import type { Command } from 'commander';
import { listenForStop } from '../signals.js';
import { startDevServer } from '../../dev/dev-server.js';
import { createConsoleSink, createLogger } from '../../platform/logger.js';
import { parsePort, parseSeconds } from '../options.js';
import { collect, parseIsolation } from './serve.js';

/** `ledge dev [dir]`: serve one project locally, reloading on change. */
export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('serve a project locally on its embedded state, reloading when its code or configuration changes')
    .argument('[dir]', "project directory (holds ledge.jsonc, or the original platform's wrangler file)", '.')
    .option('--port <n>', 'port to listen on; 0 picks a free one', parsePort, 8787)
    .option('--ip <addr>', 'address to listen on', '127.0.0.1')
    .option('--state <dir>', 'local state directory (default: <dir>/.ledge)')
    .option('--env <name>', 'environment section of ledge.jsonc to use')
    .option('--lifecycle-interval <seconds>', 'seconds between lifecycle runs of the buckets', parseSeconds, 3600)
    .option('--isolation <mode>', 'thread: a worker thread (trusted code, fastest reload); process: a sandbox process, as ledge serve runs code', parseIsolation, 'thread')
    .option('--egress-allow <cidr|host>', 'with --isolation process: let the project fetch or connect() to this range, address or host name beyond the public internet (repeatable)', collect, [])
    .option('--verbose', 'print debug logs')
    .action(async (dir: string, opts: { port: number; ip: string; state?: string; env?: string; verbose?: boolean; lifecycleInterval: number; isolation: 'thread' | 'process'; egressAllow: string[] }) => {
      const logger = createLogger(createConsoleSink({ verbose: opts.verbose }));
      const signals = listenForStop(logger);
      const server = await startDevServer({ dir, port: opts.port, ip: opts.ip, stateDir: opts.state, env: opts.env, logger, lifecycleIntervalMs: opts.lifecycleInterval * 1000, isolation: opts.isolation, egressAllow: opts.egressAllow });
      logger.info(`${server.config.name} ready on ${server.url}`);
      await signals.until(() => server.close());
    });
}

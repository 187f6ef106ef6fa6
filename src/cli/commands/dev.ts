import { Option, type Command } from 'commander';
import { listenForStop } from '../signals.js';
import { startDevServer, type DevServer } from '../../dev/dev-server.js';
import type { DeploymentRuntime } from '../../runtime/deployment.js';
import type { AccountObservability } from '../../observability/index.js';
import { createConsoleSink, createLogger } from '../../platform/logger.js';
import { parseInteger, parsePort, parseSeconds } from '../options.js';
import { LedgeError } from '../../platform/errors.js';
import { DEFAULT_SQL_TIME_LIMIT_MS } from '../../serve/platform.js';
import { collect, parseIsolation, parseSqlTimeLimit } from './serve.js';

/** `ledge dev [dirs...]`: serve a project locally, reloading on change; further projects run beside it for its service bindings. */
export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('serve a project locally on its embedded state, reloading when its code or configuration changes. With several directories (ledge dev a/ b/), all start together, reach each other through service bindings by their names and share the first one\'s key-value namespaces, SQL databases, buckets, vector indexes, queues and workflows by id; only the first listens on --port, the others answer only through bindings (as the original\'s multi-project dev)')
    .argument('[dirs...]', "project directories (each holds ledge.jsonc, or the original platform's wrangler file); the first is served", ['.'])
    .option('--port <n>', 'port to listen on; 0 picks a free one', parsePort, 8787)
    .option('--ip <addr>', 'address to listen on', '127.0.0.1')
    .option('--state <dir>', 'local state directory of the first project (default: <dir>/.ledge; every other project keeps its own <dir>/.ledge)')
    .option('--env <name>', 'environment section of ledge.jsonc to use')
    .option('--lifecycle-interval <seconds>', 'seconds between lifecycle runs of the buckets', parseSeconds, 3600)
    .option('--isolation <mode>', 'thread: a worker thread (trusted code, fastest reload); process: a sandbox process, as ledge serve runs code', parseIsolation, 'thread')
    .option('--egress-allow <cidr|host>', 'with --isolation process: let the project fetch or connect() to this range, address or host name beyond the public internet (repeatable)', collect, [])
    .addOption(new Option('--sql-time-limit <seconds>', 'with --isolation process: how long one SQL query or batch, or one storage call of a coordination object, may run; past it the project\'s store process is stopped and the call fails (nothing it did is kept)')
      .argParser(parseSqlTimeLimit).default(DEFAULT_SQL_TIME_LIMIT_MS, String(DEFAULT_SQL_TIME_LIMIT_MS / 1000)))
    .option('--coordination-storage-mb <n>', 'MiB all coordination objects of a project may use together (as an account\'s coordination_storage_mb under ledge serve); past it, writes that would grow an object\'s database are refused (default: 1024)', (v: string) => parseInteger('--coordination-storage-mb', v))
    .option('--test-scheduled', 'also fire a scheduled event at /__scheduled?cron=<expr>, as the original\'s wrangler dev --test-scheduled (/cdn-cgi/handler/scheduled and /__ledge/scheduled always do)')
    .option('--verbose', 'print debug logs')
    .action(async (dirs: string[], opts: { port: number; ip: string; state?: string; env?: string; verbose?: boolean; testScheduled?: boolean; lifecycleInterval: number; isolation: 'thread' | 'process'; egressAllow: string[]; coordinationStorageMb?: number; sqlTimeLimit: number }, command: Command) => {
      // Under threads the project's SQL runs on the dev server's own thread, where no statement can be stopped:
      // a limit given there would be a promise nothing keeps, so it is refused rather than ignored.
      if (opts.isolation !== 'process' && command.getOptionValueSource('sqlTimeLimit') === 'cli') {
        throw new LedgeError('bad_argument', '--sql-time-limit needs --isolation process: with threads the project\'s SQL runs in the dev server\'s own process, where a query cannot be stopped');
      }
      const logger = createLogger(createConsoleSink({ verbose: opts.verbose }));
      const signals = listenForStop(logger);
      const peers = new Map<string, DeploymentRuntime>();
      // Every project's records and issues, so `ledge logs|tail|issues --dev` at the first one's port sees them all.
      const observed = new Map<string, AccountObservability>();
      const started: DevServer[] = [];
      // The others before the first: they use its queue and workflow stores, which it closes.
      const stopAll = async () => {
        const [first, ...rest] = started;
        await Promise.all(rest.map((s) => s.close()));
        await first?.close();
      };
      try {
        for (const [i, dir] of (dirs.length ? dirs : ['.']).entries()) {
          const first = i === 0;
          // One queue and one workflow store for all, the first project's: what one produces to, another may
          // consume; a workflow one creates, the one that defines it runs (docs/cli.md).
          const sharedStorage = started[0]?.storage;
          started.push(await startDevServer({ dir, port: opts.port, ip: opts.ip, stateDir: first ? opts.state : undefined, env: opts.env, logger, lifecycleIntervalMs: opts.lifecycleInterval * 1000, isolation: opts.isolation, egressAllow: opts.egressAllow, coordinationStorageMb: opts.coordinationStorageMb, sqlTimeLimitMs: opts.sqlTimeLimit, peers, observed, listen: first, sharedStorage, testScheduled: opts.testScheduled ?? false }));
        }
      } catch (err) {
        await stopAll();
        throw err;
      }
      const [server, ...others] = started as [DevServer, ...DevServer[]];
      for (const other of others) logger.info(`${other.config.name} ready (reachable through service bindings only)`);
      logger.info(`${server.config.name} ready on ${server.url}`);
      await signals.until(stopAll);
    });
}

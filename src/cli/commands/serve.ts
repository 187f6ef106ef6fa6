import path from 'node:path';
import { Option, type Command } from 'commander';
import { listenForStop } from '../signals.js';
import { parseSeconds as parsePositiveSeconds } from '../options.js';
import { LedgeError } from '../../platform/errors.js';
import { createConsoleSink, createLogger } from '../../platform/logger.js';
import { DEFAULT_PLATFORM_DOMAIN, DEFAULT_SQL_TIME_LIMIT_MS, startPlatform, type ListenAddress } from '../../serve/platform.js';
import { DEFAULT_DRAIN_MS } from '../../entry/shutdown.js';
import type { PublicScheme } from '../../entry/request-target.js';
import type { IsolationMode } from '../../serve/isolation.js';
import { DEFAULT_MAX_SANDBOXES } from '../../runtime/sandbox/pool.js';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS_PER_CLIENT, DEFAULT_REQUEST_TIMEOUT_MS, defaultMaxConnections } from '../../entry/connection-limits.js';

/** Parses `--isolation`. */
export function parseIsolation(value: string): IsolationMode {
  if (value !== 'process' && value !== 'thread') throw new LedgeError('bad_argument', `--isolation: expected process or thread, got "${value}"`);
  return value;
}

/** Collects a repeatable option. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new LedgeError('bad_argument', `--max-sandboxes: expected a whole number from 1 to 10000, got "${value}"`);
  return n;
}

/** Parses `ADDR:PORT` (`127.0.0.1:8787`, `[::1]:8787`, `:8787`), naming the option in the error. */
export function parseListen(option: string, value: string): ListenAddress {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(value);
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535) throw new LedgeError('bad_argument', `${option}: expected ADDR:PORT (e.g. 127.0.0.1:8787, [::1]:8787; port 0 picks a free one), got "${value}"`);
  return { host: m[1] ?? (m[2] || '127.0.0.1'), port };
}

/** Parses a number of seconds for `option` (0 to 3600, fractions allowed) into milliseconds. */
export function parseSeconds(option: string, value: string): number {
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (!(seconds <= 3600)) throw new LedgeError('bad_argument', `${option}: expected seconds from 0 to 3600, got "${value}"`);
  return Math.round(seconds * 1000);
}

/** Parses a bound on connections for `option`: a whole number from 0 (no bound) to 1,000,000. */
export function parseConnectionBound(option: string, value: string): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n <= 1_000_000)) throw new LedgeError('bad_argument', `${option}: expected a whole number from 0 (no bound) to 1000000, got "${value}"`);
  return n;
}

/** Parses a time a client has to send part of a request (`option`), seconds from 0.1 to 3600, into milliseconds (0 too when `zero` says what it means). */
export function parseClientTime(option: string, value: string, zero?: string): number {
  const ms = /^\d+(\.\d+)?$/.test(value) ? Math.round(Number(value) * 1000) : NaN;
  if (!((ms >= 100 && ms <= 3_600_000) || (ms === 0 && zero !== undefined))) {
    throw new LedgeError('bad_argument', `${option}: expected seconds from 0.1 to 3600${zero === undefined ? '' : ` (or 0: ${zero})`}, got "${value}"`);
  }
  return ms;
}

/** Parses `--sql-time-limit` (seconds, 0.1 to 3600) into milliseconds. */
export function parseSqlTimeLimit(value: string): number {
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : NaN;
  if (!(ms >= 100 && ms <= 3_600_000)) throw new LedgeError('bad_argument', `--sql-time-limit: expected seconds from 0.1 to 3600, got "${value}"`);
  return Math.round(ms);
}

/** Parses `--public-scheme`: `http` or `https`. */
export function parsePublicScheme(value: string): PublicScheme {
  if (value !== 'http' && value !== 'https') throw new LedgeError('bad_argument', `--public-scheme: expected http or https, got "${value}"`);
  return value;
}

/** `ledge serve`: the platform for many accounts, with the account API. */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('run the platform: deployments of many accounts by hostname, and the account API')
    .option('--state <dir>', 'platform state directory', '.ledge-platform')
    // The default's description is the form the option takes (--help printed the parsed object's JSON).
    .addOption(new Option('--listen <addr:port>', 'address of the application listener')
      .argParser((v: string) => parseListen('--listen', v)).default({ host: '127.0.0.1', port: 8787 }, '127.0.0.1:8787'))
    .addOption(new Option('--api-listen <addr:port>', 'address of the account API listener')
      .argParser((v: string) => parseListen('--api-listen', v)).default({ host: '127.0.0.1', port: 8788 }, '127.0.0.1:8788'))
    .option('--platform-domain <domain>', 'domain of default and preview hostnames', DEFAULT_PLATFORM_DOMAIN)
    .option('--public-scheme <scheme>', 'scheme of the request URLs applications see: https when clients reach the application listener through a TLS-terminating proxy (the listener itself speaks plain HTTP)', parsePublicScheme, 'http')
    .option('--isolation <mode>', 'process: each account\'s code in its own sandbox process (bubblewrap); thread: threads of this process, for trusted code only', parseIsolation, 'process')
    .option('--trust-all-code', 'accept --isolation thread with several accounts (their code can reach this process and each other)')
    .option('--egress-allow <cidr|host>', 'let application code fetch or connect(), and the platform reach identity providers, at this range, address or host name beyond the public internet (repeatable)', collect, [])
    .option('--max-sandboxes <n>', 'sandbox processes that may run at once; past it the least recently used stops', parseCount, DEFAULT_MAX_SANDBOXES)
    .addOption(new Option('--drain-timeout <seconds>', 'on SIGINT/SIGTERM, how long to wait for requests in flight and tunnel connectors before closing them')
      .argParser((v: string) => parseSeconds('--drain-timeout', v)).default(DEFAULT_DRAIN_MS, String(DEFAULT_DRAIN_MS / 1000)))
    .addOption(new Option('--sql-time-limit <seconds>', 'how long one SQL query or batch, or one storage call of a coordination object, may run; past it the account\'s store process is stopped and the call fails (nothing it did is kept)')
      .argParser(parseSqlTimeLimit).default(DEFAULT_SQL_TIME_LIMIT_MS, String(DEFAULT_SQL_TIME_LIMIT_MS / 1000)))
    .addOption(new Option('--max-connections <n>', 'connections each listener holds at once; past it a new connection is closed at once (0: no bound; the default is a quarter of the open-file limit, 64 to 10000)')
      .argParser((v: string) => parseConnectionBound('--max-connections', v)).default(undefined, String(defaultMaxConnections())))
    .addOption(new Option('--max-client-connections <n>', 'connections one client address (an IPv6 /64) holds at once on each listener; past it that client\'s new connection is closed at once (0: no bound, for a proxy in front whose connections all come from one address)')
      .argParser((v: string) => parseConnectionBound('--max-client-connections', v)).default(DEFAULT_MAX_CONNECTIONS_PER_CLIENT))
    .addOption(new Option('--header-timeout <seconds>', 'how long a client has to send a request\'s headers (from its connection, or its previous request\'s end); past it the connection gets 408 and is closed')
      .argParser((v: string) => parseClientTime('--header-timeout', v)).default(DEFAULT_HEADERS_TIMEOUT_MS, String(DEFAULT_HEADERS_TIMEOUT_MS / 1000)))
    .addOption(new Option('--request-timeout <seconds>', 'how long a client has to send a whole request, body included; past it the connection gets 408 (if no answer started) and is closed')
      .argParser((v: string) => parseClientTime('--request-timeout', v, 'no bound')).default(DEFAULT_REQUEST_TIMEOUT_MS, String(DEFAULT_REQUEST_TIMEOUT_MS / 1000)))
    .option('--lifecycle-interval <seconds>', 'seconds between lifecycle runs of the buckets current versions bind', parsePositiveSeconds, 3600)
    .option('--reset-control', 'start with a new control state where control.sqlite is missing or empty beside accounts\' data (a new administrator account and bootstrap token)')
    .option('--verbose', 'print debug logs')
    .option('--webhooks-to-private-addresses', 'let issue webhooks reach loopback, private and link-local addresses (a receiver on this machine or network)')
    .action(async (opts: { state: string; listen: ListenAddress; apiListen: ListenAddress; platformDomain: string; publicScheme: PublicScheme; drainTimeout: number; lifecycleInterval: number; resetControl?: boolean; verbose?: boolean; isolation: IsolationMode; trustAllCode?: boolean; egressAllow: string[]; maxSandboxes: number; webhooksToPrivateAddresses?: boolean; sqlTimeLimit: number; maxConnections?: number; maxClientConnections: number; headerTimeout: number; requestTimeout: number }) => {
      if (!/^(?=.{1,200}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(opts.platformDomain)) throw new LedgeError('bad_argument', `--platform-domain: expected a domain name, got "${opts.platformDomain}"`);
      if (opts.requestTimeout > 0 && opts.headerTimeout > opts.requestTimeout) {
        throw new LedgeError('bad_argument', `--header-timeout (${opts.headerTimeout / 1000} s) is longer than --request-timeout (${opts.requestTimeout / 1000} s), which includes the headers`);
      }
      const logger = createLogger(createConsoleSink({ verbose: opts.verbose }));
      const signals = listenForStop(logger);
      const platform = await startPlatform({
        stateDir: opts.state, listen: opts.listen, apiListen: opts.apiListen, platformDomain: opts.platformDomain, publicScheme: opts.publicScheme, logger,
        isolation: opts.isolation, trustAllCode: opts.trustAllCode, egressAllow: opts.egressAllow, maxSandboxes: opts.maxSandboxes,
        drainMs: opts.drainTimeout, resetControl: opts.resetControl === true, lifecycleIntervalMs: opts.lifecycleInterval * 1000, webhooksToPrivateAddresses: opts.webhooksToPrivateAddresses === true,
        sqlTimeLimitMs: opts.sqlTimeLimit,
        connections: {
          ...(opts.maxConnections === undefined ? {} : { maxConnections: opts.maxConnections }),
          maxConnectionsPerClient: opts.maxClientConnections, headersTimeoutMs: opts.headerTimeout, requestTimeoutMs: opts.requestTimeout,
        },
      });
      if (platform.bootstrap) {
        // Written straight to the terminal, never through the logger: this is the one place a secret is printed.
        process.stdout.write(`[ledge] created the administrator account ${platform.bootstrap.accountId} (subdomain "admin")\n`);
        process.stdout.write(`[ledge] bootstrap token (shown once, store it now): ${platform.bootstrap.token}\n`);
      }
      logger.info(`state in ${path.resolve(opts.state)}`);
      logger.info(`applications on ${platform.appUrl} (hostnames under ${platform.platformDomain})`);
      logger.info(`API on ${platform.apiUrl}`);
      await signals.until(() => platform.close());
    });
}

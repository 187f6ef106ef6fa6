import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { SYSTEM_CLOCK, type Clock } from '../platform/clock.js';
import { LedgeError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { createNodeHandler } from '../entry/node-http.js';
import { createUpgradeHandler, type UpgradeHandler } from '../entry/websocket-upgrade.js';
import { createFetchAdapter } from '../entry/fetch-adapter.js';
import { listenHttp, type ListenAddress } from '../entry/listen.js';
import { defaultConnectionLimits, type ConnectionLimits } from '../entry/connection-limits.js';
import { madeByPlatform } from '../entry/response-origin.js';
import type { Dispatcher } from '../entry/serve.js';
import type { PublicScheme } from '../entry/request-target.js';
import type { DispatchResponse } from '../runtime/isolate.js';
import { isDamagedFile } from '../storage/sqlite/damage.js';
import { createSqliteControlStorage } from '../storage/sqlite/control-storage.js';
import { openEmbeddedStorage } from '../storage/embedded.js';
import { createProcessCoordinationStorage, createProcessSqlStorage, STORE_PROCESS_DEFAULTS, type ProcessCoordinationStorage, type ProcessSqlStorage } from '../storage/process/index.js';
import { DEFAULT_COORDINATION_STORAGE_MB } from '../storage/account-limits.js';
import type { StoragePorts } from '../storage/ports.js';
import type { ControlStoragePort } from '../storage/control.js';
import { API_BASE, createControlPlane, type ControlServices } from '../control/index.js';
import { hashToken, newTokenValue } from '../control/auth.js';
import { permissionGroupsOf } from '../control/permissions.js';
import { BINDINGS, type BindingRegistry } from '../bindings/registry.js';
import { newAccountId } from '../control/routes/accounts.js';
import { newTokenId } from '../control/routes/tokens.js';
import { createHosting, type Hosting } from './hosting.js';
import { openAssetContentStore, type AssetContentStore } from '../storage/asset-content.js';
import { deploymentSecrets, openSecretVault } from '../control/secret-vault.js';
import { createSqliteTunnelStorage } from '../storage/sqlite/tunnel-storage.js';
import { createConnectorRegistry } from '../entry/tunnel/registry.js';
import { CONNECT_PATH } from '../entry/tunnel/protocol.js';
import { buildRouteTable, TEAM_LABEL, type RouteTable } from './route-table.js';
import { createSqliteAccessStorage } from '../storage/sqlite/access-storage.js';
import type { AccessStoragePort } from '../storage/access.js';
import { createKeyring } from '../identity/keys.js';
import { CALLBACK_PATH, createAccessGateway, withoutClientIdentityHeaders, type TeamInfo } from '../identity/gateway.js';
import { CERTS_PATH, createTeamDomain, LOGIN_PATH } from '../identity/team.js';
import { createSqliteAccountLimits } from '../storage/sqlite/account-limits-storage.js';
import { DEFAULT_ACCOUNT_MEMORY_MB } from '../runtime/sandbox/pool.js';
import { createIsolation, type Isolation, type IsolationOptions } from './isolation.js';
import { buildUpload } from '../runtime/sandbox/build.js';
import { createBuildQueue } from './build-queue.js';
import { lockStateDir, type StateLock } from './state-lock.js';
import { CONTROL_FILE, damagedControlError, openControlState } from './control-state.js';
import { DEFAULT_DRAIN_MS, drainListeners } from '../entry/shutdown.js';
import { createRecordWriter, openAccountObservability, type AccountObservability } from '../observability/index.js';
import { webhookSecretContext } from '../control/routes/webhooks.js';

/** The platform domain when none is given: `*.localhost` resolves to the loopback address. */
export const DEFAULT_PLATFORM_DOMAIN = 'ledge.localhost';

/** How long one SQL query or batch may run when `sqlTimeLimitMs` is not given (reference/data-work.md §1: 30 s). */
export const DEFAULT_SQL_TIME_LIMIT_MS = STORE_PROCESS_DEFAULTS.timeLimitMs;

/** An address to listen on. */
export type { ListenAddress } from '../entry/listen.js';

/** Options of `ledge serve`. */
export interface PlatformOptions extends IsolationOptions {
  stateDir: string;
  /** The application listener. @default 127.0.0.1:8787 */
  listen?: ListenAddress;
  /** The account API listener. @default 127.0.0.1:8788 */
  apiListen?: ListenAddress;
  /** @default "ledge.localhost" */
  platformDomain?: string;
  /**
   * The scheme of the request URLs applications see on the application listener: `https` when clients reach it
   * through a TLS-terminating proxy, as request URLs on the original platform always are. @default "http"
   */
  publicScheme?: PublicScheme;
  logger: Logger;
  clock?: Clock;
  /** Fire crons and push queue batches by real timers. @default true */
  timers?: boolean;
  /** Milliseconds between lifecycle runs of the buckets of current versions (as `ledge dev --lifecycle-interval`). @default 3600000 */
  lifecycleIntervalMs?: number;
  /** Largest application request body. @default 104857600 */
  maxRequestBytes?: number;
  /** Let issue webhooks reach loopback, private and link-local addresses (`--webhooks-to-private-addresses`). @default false */
  webhooksToPrivateAddresses?: boolean;
  /** Start with a new control state where `control.sqlite` is missing or empty beside accounts' data (refused otherwise). @default false */
  resetControl?: boolean;
  /** How long a stop waits for requests in flight and tunnel connectors to finish before it closes them. @default 10000 */
  drainMs?: number;
  /** Milliseconds a client may take to accept any of a response's pending bytes before it is disconnected. @default 30000 */
  writeTimeoutMs?: number;
  /** The binding kinds deployments may use: deploys, resource routes, permission groups and the hosting all follow this list. @default BINDINGS */
  bindings?: BindingRegistry;
  /** Milliseconds one SQL query or batch may run in its account's store process before that process is killed (`--sql-time-limit`). @default 30000 */
  sqlTimeLimitMs?: number;
  /**
   * What each listener lets clients hold (`--max-connections`, `--max-client-connections`, `--header-timeout`,
   * `--request-timeout`); what is not given takes its default (entry/connection-limits.ts).
   */
  connections?: Partial<ConnectionLimits>;
}

/** A running `ledge serve`. */
export interface Platform {
  /** `http://host:port` of the application listener. */
  readonly appUrl: string;
  /** `{base_url}` of the account API. */
  readonly apiUrl: string;
  readonly platformDomain: string;
  /** The bootstrap token, only on the first start of a state directory (shown once). */
  readonly bootstrap: { accountId: string; token: string } | null;
  /** An application request without a socket (the Host header picks the deployment). */
  app(request: Request): Promise<Response>;
  /** An account API request without a socket. */
  api(request: Request): Promise<Response>;
  readonly hosting: Hosting;
  /** Where accounts' code runs (sandbox processes or threads) and the egress policy. */
  readonly isolation: Isolation;
  /** The process id of an account's SQL store process, when one runs (tests kill it). */
  sqlProcessPid(accountId: string): number | undefined;
  /** The process id of an account's coordination store process, when one runs (tests kill it). */
  coordinationProcessPid(accountId: string): number | undefined;
  /** Logs, once per token, service tokens that expire within 7 days (also hourly by timer). */
  checkServiceTokenExpiries(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts the platform: control state, the account API, hostname routing and the deployments it serves.
 * One platform per state directory: a second one is refused (`state_locked`) while the first runs.
 */
export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const stateDir = path.resolve(options.stateDir);
  const lock = lockStateDir(stateDir);
  if (lock.takenOverFrom !== null) options.logger.info(`took over the state directory from pid ${lock.takenOverFrom}, which stopped without releasing it`);
  try {
    return await startLocked(options, stateDir, lock);
  } catch (err) {
    lock.release();
    // Nothing else is opened before the listeners are up: SQLite damage here is control.sqlite's.
    throw isDamagedFile(err) ? damagedControlError(path.join(stateDir, CONTROL_FILE), err) : err;
  }
}

async function startLocked(options: PlatformOptions, stateDir: string, lock: StateLock): Promise<Platform> {
  const { logger } = options;
  if (options.sqlTimeLimitMs !== undefined && !(Number.isFinite(options.sqlTimeLimitMs) && options.sqlTimeLimitMs > 0)) {
    throw new LedgeError('bad_argument', `sqlTimeLimitMs: expected a positive number of milliseconds, got ${String(options.sqlTimeLimitMs)}`);
  }
  const clock = options.clock ?? SYSTEM_CLOCK;
  const platformDomain = (options.platformDomain ?? DEFAULT_PLATFORM_DOMAIN).toLowerCase();
  const registry = options.bindings ?? BINDINGS;
  const { store, tunnels, access, limitStore } = openControlState(stateDir, { resetControl: options.resetControl ?? false, logger }, (db) => ({
    store: createSqliteControlStorage(db), tunnels: createSqliteTunnelStorage(db), access: createSqliteAccessStorage(db),
    limitStore: createSqliteAccountLimits(db),
  }));
  const connectors = createConnectorRegistry({ tunnels, clock, logger: logger.child('tunnels') });
  const keyring = createKeyring(access, clock);
  const accessLogger = logger.child('access');
  const gateway = createAccessGateway({ store: access, keyring, clock, logger: accessLogger });
  let connectUrl = '';
  const accountData = new Map<string, StoragePorts>();
  // Each account's SQL runs in a store process of its own, so a statement that never ends is stopped by killing
  // that process, never by waiting on the platform's thread (docs/bindings/sql.md, Limits).
  const sqlProcesses = new Map<string, ProcessSqlStorage>();
  // Its coordination objects' storage likewise, in a process of its own: an object's endless statement through
  // ctx.storage.sql.exec is stopped at the same limit (docs/bindings/coordination.md, Limits).
  const coordinationProcesses = new Map<string, ProcessCoordinationStorage>();
  const data = (accountId: string): StoragePorts => {
    let ports = accountData.get(accountId);
    if (!ports) {
      // Each store opens on first use and on its own: a damaged file fails that account's bindings, never the platform.
      const onDamage = (err: Error) => logger.error(`account ${accountId}: ${err.message}; its applications that bind it answer 503 until then`);
      // The account's coordination storage limit is read at each write, so an operator's change applies at once.
      const coordinationMaxBytes = () => (limits.get(accountId)?.coordination_storage_mb ?? DEFAULT_COORDINATION_STORAGE_MB) * 1_048_576;
      const dir = path.join(stateDir, 'accounts', accountId);
      const sql = createProcessSqlStorage({ dir, clock, timeLimitMs: options.sqlTimeLimitMs, logger: logger.child('sql'), onDamage });
      sqlProcesses.set(accountId, sql);
      const coordination = createProcessCoordinationStorage({ dir, clock, timeLimitMs: options.sqlTimeLimitMs, logger: logger.child('coordination'), maxBytes: coordinationMaxBytes, onDamage });
      coordinationProcesses.set(accountId, coordination);
      accountData.set(accountId, (ports = openEmbeddedStorage(dir, clock, { onDamage, sql, coordination })));
    }
    return ports;
  };
  const assetStores = new Map<string, AssetContentStore>();
  const assetContent = (accountId: string): AssetContentStore => {
    let found = assetStores.get(accountId);
    if (!found) assetStores.set(accountId, (found = openAssetContentStore(path.join(stateDir, 'accounts', accountId, 'assets'))));
    return found;
  };
  const vault = openSecretVault(stateDir, logger);
  const limits = limitStore.list();
  let isolation: Isolation;
  try {
    isolation = createIsolation({
      ...options, stateDir, logger, accountCount: (await store.listAccounts()).length,
      // A team domain's keys are public (SPEC, Authentication): applications verifying access assertions fetch
      // them, and the platform answers that in-process, since its own listeners stay refused to outbound fetch.
      platformAnswers: async (url, method) => {
        if ((method !== 'GET' && method !== 'HEAD') || url.pathname !== CERTS_PATH) return null;
        const target = routes.resolve(url.hostname);
        if (target?.kind !== 'team') return null;
        return { status: 200, headers: ['content-type', 'application/json; charset=utf-8', 'cache-control', 'public, max-age=300'], body: JSON.stringify(await keyring.jwks(target.accountId)) };
      },
      accountMemoryMb: (accountId) => limits.get(accountId)?.memory_mb ?? DEFAULT_ACCOUNT_MEMORY_MB,
    });
  } catch (err) {
    // Refused at start (no bubblewrap, thread isolation for several accounts): nothing else is open yet.
    await connectors.close();
    store.close();
    throw err;
  }
  const accountObservability = new Map<string, AccountObservability>();
  // One thread stores the invocation records of every account (docs/observability.md, Cost).
  const recordWriter = createRecordWriter();
  const observability = (accountId: string): AccountObservability => {
    let found = accountObservability.get(accountId);
    if (!found) {
      const webhooks = { accountId, allowPrivate: options.webhooksToPrivateAddresses ?? false, timers: options.timers, openSecret: (sealed: string, id: string) => vault.open(sealed, webhookSecretContext(accountId, id)) };
      accountObservability.set(accountId, (found = openAccountObservability({ file: path.join(stateDir, 'accounts', accountId, 'observability.sqlite'), clock, logger: logger.child('observability'), webhooks, writer: recordWriter })));
    }
    return found;
  };
  const hosting = createHosting({
    store, clock, logger, cacheDir: path.join(stateDir, 'cache', 'versions'), data, assetContent, timers: options.timers, lifecycleIntervalMs: options.lifecycleIntervalMs, observability,
    secrets: (accountId, deployment) => deploymentSecrets(store, vault, accountId, deployment), spawnerFor: isolation.spawnerFor, bindings: registry,
  });
  const rebuildRoutes = async () => {
    const table = await buildRouteTable(store, platformDomain, await access.listApps(), registry);
    for (const problem of table.damaged) logger.error(`routes: ${problem}`);
    return table;
  };
  let routes: RouteTable;
  try {
    routes = await rebuildRoutes();
    for (const account of await store.listAccounts()) await hosting.sync(account.id);
  } catch (err) {
    await hosting.close();
    await isolation.close();
    await connectors.close();
    store.close();
    throw err;
  }
  const team = createTeamDomain({
    store: access, keyring, clock, logger: accessLogger, fetch: isolation.egressFetch,
    servesApp: (url, app) => {
      const target = routes.resolve(url.hostname);
      return target !== null && routes.protection(target, url.pathname)?.id === app.id;
    },
  });
  const subdomainOf = new Map<string, string>();
  const teamInfo = async (accountId: string, requestUrl: URL): Promise<TeamInfo> => {
    let subdomain = subdomainOf.get(accountId);
    if (subdomain === undefined) subdomainOf.set(accountId, (subdomain = (await store.getAccount(accountId))?.subdomain ?? accountId));
    const host = `${subdomain}.${TEAM_LABEL}.${platformDomain}`;
    return { accountId, issuer: `https://${host}`, loginUrl: `${requestUrl.protocol}//${host}${requestUrl.port ? `:${requestUrl.port}` : ''}${LOGIN_PATH}` };
  };
  // Builds of uploads take a process each: one account's flood of deploys holds one slot (build-queue.ts).
  const builds = createBuildQueue({ total: Math.max(2, Math.floor(availableParallelism() / 2)), perAccount: 1 });
  const services: ControlServices = {
    store, tunnels, access, keyring, connectors, clock, platformDomain, data, assetContent, connectUrl: () => connectUrl, vault, observability, bindings: registry,
    secretsChanged: async (accountId, deployment) => hosting.restart(accountId, deployment),
    accountCreationRefusal: isolation.accountCreationRefusal,
    buildUpload: ({ account, ...input }) => builds.run(account, () => buildUpload({ ...input, sandboxed: isolation.mode === 'process' })),
    accountLimits: {
      defaultMemoryMb: DEFAULT_ACCOUNT_MEMORY_MB,
      defaultCoordinationStorageMb: DEFAULT_COORDINATION_STORAGE_MB,
      get: (accountId) => limits.get(accountId),
      set(accountId, value) {
        limitStore.set(accountId, value);
        limits.set(accountId, value);
        isolation.refreshLimits(accountId);
      },
    },
    async changed(accountId) {
      routes = await rebuildRoutes();
      await hosting.sync(accountId);
    },
  };

  const appDispatch: Dispatcher = async function platformApp(request) {
    const url = new URL(request.url);
    const target = routes.resolve(url.hostname);
    if (!target) return notFound(request.requestId);
    if (target.kind === 'team') return madeByPlatform(await team.handle(request, await teamInfo(target.accountId, url)));
    if (url.pathname === CALLBACK_PATH) {
      const guardians = routes.guardians(target);
      if (guardians.length) return madeByPlatform(await team.callback(request, guardians, await teamInfo(target.accountId, url)));
    }
    // SPEC, Authentication 8: every hostname of a protected deployment or tunnel goes through the gateway.
    const app = routes.protection(target, url.pathname);
    let forwarded = withoutClientIdentityHeaders(request);
    if (app) {
      const info = await teamInfo(app.account_id, url);
      const outcome = await gateway.guard(request, app, info);
      if ('response' in outcome) return madeByPlatform(outcome.response);
      forwarded = outcome.forward;
    }
    // A tunnel's answers are labelled `upstream` by the registry; an application's carry no label of the platform's.
    if (target.kind === 'tunnel') return connectors.forward(target.tunnelId, forwarded);
    return hosting.dispatch(target.versionId, forwarded);
  };
  const controlPlane = createControlPlane(services, logger.child('api'));
  const apiDispatch: Dispatcher = async function platformApi(request) {
    return madeByPlatform(await controlPlane(request));
  };

  const servers: Server[] = [];
  let expiries: { stop(): void } | undefined = undefined;
  let appUpgrades: UpgradeHandler | undefined;
  const cleanup = async () => {
    // Upgraded connections are out of node:http's reach (its close would wait for them): closed first, with 1001.
    appUpgrades?.closeAll();
    await drainListeners({ servers, connectors, drainMs: options.drainMs ?? DEFAULT_DRAIN_MS, logger });
    expiries?.stop();
    await hosting.close();
    await isolation.close();
    for (const ports of accountData.values()) ports.close();
    await Promise.all([...sqlProcesses.values(), ...coordinationProcesses.values()].map((store) => store.close()));
    await Promise.all([...accountObservability.values()].map((account) => account.close()));
    await recordWriter.close();
    store.close();
    lock.release();
  };
  let appAddress: AddressInfo;
  let apiAddress: AddressInfo;
  const connections = { ...defaultConnectionLimits(), ...options.connections };
  try {
    // Applications' WebSocket upgrades take the same route as requests (websocket-upgrade.ts).
    appUpgrades = createUpgradeHandler({ dispatch: appDispatch, logger, scheme: options.publicScheme });
    const appServer = await listenHttp({ request: createNodeHandler({ dispatch: appDispatch, logger, maxRequestBytes: options.maxRequestBytes, writeTimeoutMs: options.writeTimeoutMs, scheme: options.publicScheme }), upgrade: appUpgrades }, options.listen ?? { host: '127.0.0.1', port: 8787 }, '--listen', logger, connections);
    servers.push(appServer);
    appAddress = appServer.address() as AddressInfo;
    // Tunnel connectors dial the API listener and upgrade to a WebSocket on one path.
    const apiServer = await listenHttp({
      request: createNodeHandler({ dispatch: apiDispatch, logger, writeTimeoutMs: options.writeTimeoutMs }),
      upgrade: (req, socket, head) => {
        if (new URL(req.url ?? '/', 'http://x').pathname === CONNECT_PATH) connectors.upgrade(req, socket, head);
        else socket.destroy();
      },
    }, options.apiListen ?? { host: '127.0.0.1', port: 8788 }, '--api-listen', logger, connections);
    servers.push(apiServer);
    apiAddress = apiServer.address() as AddressInfo;
  } catch (err) {
    await cleanup();
    throw err;
  }
  // Application code never reaches the platform's own listeners, whatever the operator allows.
  for (const address of [appAddress, apiAddress]) isolation.policy.addListener({ address: address.address, port: address.port });
  expiries = startExpiryWarnings({ access, clock, logger: accessLogger, timers: options.timers });
  // Only once both listeners are up: a start that fails must not use up the one showing of the bootstrap token.
  const bootstrap = await bootstrapIfEmpty(store, clock, registry);
  const url = (a: AddressInfo) => `http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`;
  connectUrl = `${url(apiAddress).replace(/^http/, 'ws')}${CONNECT_PATH}`;
  return {
    appUrl: url(appAddress),
    apiUrl: `${url(apiAddress)}${API_BASE}`,
    platformDomain,
    bootstrap,
    app: createFetchAdapter(appDispatch, logger, options.maxRequestBytes),
    api: createFetchAdapter(apiDispatch, logger),
    hosting,
    isolation,
    sqlProcessPid: (accountId) => sqlProcesses.get(accountId)?.pid,
    coordinationProcessPid: (accountId) => coordinationProcesses.get(accountId)?.pid,
    checkServiceTokenExpiries: () => checkExpiries(access, clock, accessLogger),
    close: cleanup,
  };
}

/** On a state directory without accounts: the administrator account and a token over every account, shown once. */
async function bootstrapIfEmpty(store: ControlStoragePort, clock: Clock, registry: BindingRegistry): Promise<{ accountId: string; token: string } | null> {
  if ((await store.listAccounts()).length > 0) return null;
  const now = new Date(clock.now()).toISOString();
  const accountId = newAccountId();
  const token = newTokenValue();
  await store.createAccount(
    { id: accountId, name: 'admin', subdomain: 'admin', created_on: now },
    [{ id: randomUUID().replace(/-/g, ''), account_id: accountId, email: 'admin@localhost', roles: ['administrator'], created_on: now }],
    [{
      id: newTokenId(), account_id: accountId, name: 'bootstrap', hash: hashToken(token),
      policies: [{ effect: 'allow', permission_groups: [...permissionGroupsOf(registry)], resources: { 'com.ledge.api.account.*': '*' } }],
      not_before: null, expires_on: null, issued_on: now, last_used_on: null, revoked_on: null,
    }],
  );
  return { accountId, token };
}

/** How long before expiry a service token's warning is logged. */
const EXPIRY_WARNING_MS = 7 * 24 * 3_600_000;

/** Logs each service token that expires within 7 days, once; returns how many were logged. */
async function checkExpiries(access: AccessStoragePort, clock: Clock, logger: Logger): Promise<number> {
  const now = clock.now();
  let warned = 0;
  for (const token of await access.listServiceTokens()) {
    const expires = Date.parse(token.expires_at);
    if (token.expiry_warned_at !== null || expires - now > EXPIRY_WARNING_MS) continue;
    const days = Math.max(0, Math.round((expires - now) / 86_400_000));
    logger.warn(`access: service token "${token.name}" (${token.client_id}) ${expires <= now ? 'expired' : `expires in ${days} day(s)`} at ${token.expires_at}; refresh it or issue a new one`, { credential: token.name });
    await access.updateServiceToken({ ...token, expiry_warned_at: new Date(now).toISOString() });
    warned++;
  }
  return warned;
}

/** Runs checkExpiries at start and hourly (not with timers off: tests call it). */
function startExpiryWarnings(options: { access: AccessStoragePort; clock: Clock; logger: Logger; timers?: boolean }): { stop(): void } | undefined {
  if (options.timers === false) return undefined;
  const run = () => void checkExpiries(options.access, options.clock, options.logger).catch((err: unknown) => options.logger.error(`service token expiry check failed: ${(err as Error).message}`));
  run();
  const timer = setInterval(run, 3_600_000).unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * The platform's own 404: no deployment answers for the hostname (never an application's answer). Its body repeats
 * the event's id, as every platform error body does (docs/errors.md).
 */
function notFound(requestId: string | undefined): DispatchResponse {
  return {
    status: 404,
    statusText: '',
    headers: ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store', 'x-content-type-options', 'nosniff', 'ledge-origin', 'platform'],
    body: JSON.stringify({ error: 'not_found', message: 'No deployment answers for this hostname.', ...(requestId === undefined ? {} : { request_id: requestId }) }),
    origin: 'platform',
  };
}

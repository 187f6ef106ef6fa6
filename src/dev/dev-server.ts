import { randomUUID } from 'node:crypto';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { findConfigFile, loadConfig, type ProjectConfig } from '../config/load.js';
import { createFetchAdapter } from '../entry/fetch-adapter.js';
import { createNodeHandler } from '../entry/node-http.js';
import { listenHttp } from '../entry/listen.js';
import { devRouteRefusal } from './local-guard.js';
import { createUpgradeHandler } from '../entry/websocket-upgrade.js';
import { SYSTEM_CLOCK, type Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { createBundler, type Bundler } from '../runtime/bundle.js';
import { projectBundleOptions } from '../config/bundle-options.js';
import { runBuildCommand } from '../runtime/build-command.js';
import { DeploymentRuntime, type DeploymentVersion } from '../runtime/deployment.js';
import { buildVersion } from '../host/version.js';
import { openEmbeddedStorage } from '../storage/embedded.js';
import type { StoragePorts } from '../storage/ports.js';
import { createProcessCoordinationStorage, createProcessSqlStorage } from '../storage/process/index.js';
import { DEFAULT_COORDINATION_STORAGE_MB, MAX_COORDINATION_STORAGE_MB } from '../storage/account-limits.js';
import { startBindingRunners, type BindingRunners } from '../bindings/runners.js';
import { BindingError, type DeploymentScope } from '../bindings/plugin.js';
import { migrateDeployment } from '../bindings/coordination/migrations.js';
import { classExportProblems, withClassSections } from '../bindings/coordination/exported-classes.js';
import { directoryFor } from '../bindings/coordination/directory.js';
import { BINDINGS, type BindingRegistry } from '../bindings/registry.js';
import { OBJECTS_PLUGIN } from '../bindings/objects/index.js';
import { QUEUES_PLUGIN } from '../bindings/queues/index.js';
import { WORKFLOWS_PLUGIN } from '../bindings/workflows/index.js';
import { runnerCrons } from '../host/runner-crons.js';
import { createCronScheduler, type CronScheduler, type FiringResult } from '../entry/cron/scheduler.js';
import { cronProblem, previousWindow } from '../config/cron-expression.js';
import type { Dispatcher } from '../entry/serve.js';
import type { DispatchRequest, DispatchResponse } from '../runtime/isolate.js';
import { consumersOf } from '../bindings/queues/schema.js';
import { createPullApi, type ApiAnswer } from '../bindings/queues/pull.js';
import { createDevSandbox } from './dev-isolation.js';
import { drainListeners } from '../entry/shutdown.js';
import { openDevAssets, type DevAssets } from './assets.js';
import { isSecretsFileName, readLocalSecrets } from './local-secrets.js';
import { createVersionObserver, openAccountObservability, type AccountObservability } from '../observability/index.js';
import { devObservabilityRoute } from '../observability/dev-routes.js';
import { syncDevWebhooks } from '../observability/dev-webhooks.js';
import { createDeploymentDirectory } from '../runtime/rpc/directory.js';
import { LedgeError } from '../platform/errors.js';

/** The refusal past ledge dev's coordination storage limit: it names the flag that raises it. */
const devLimitMessage = (limit: number, used: number) =>
  `ledge dev's coordination storage limit (--coordination-storage-mb: ${Math.floor(limit / 1_048_576)} MiB) is reached: the project's objects use ${used} bytes; delete data or start ledge dev with a larger --coordination-storage-mb`;

/** Options of `ledge dev`. */
export interface DevServerOptions {
  /** Project directory. */
  dir: string;
  /** @default 8787; 0 picks a free port. */
  port?: number;
  /** @default "127.0.0.1" */
  ip?: string;
  /** Local state directory. @default "<dir>/.ledge" */
  stateDir?: string;
  /** Environment section of ledge.jsonc to use. */
  env?: string;
  logger: Logger;
  clock?: Clock;
  /** Reload when a source file or the configuration changes. @default true */
  watch?: boolean;
  /** Largest request body in bytes. @default 104857600 */
  maxRequestBytes?: number;
  /** Milliseconds a client may take to accept any of a response's pending bytes before it is disconnected. @default 30000 */
  writeTimeoutMs?: number;
  /** Milliseconds between lifecycle runs of the project's buckets. @default 3600000 */
  lifecycleIntervalMs?: number;
  /** The binding kinds the project may use. @default BINDINGS (src/bindings/registry.ts) */
  bindings?: BindingRegistry;
  /** Fire cron windows by real timers; tests that drive a manual clock call `cron.tick()` instead. @default true */
  cronTimers?: boolean;
  /** `process` runs the project in a sandbox process, as `ledge serve` does (docs/architecture.md). @default "thread" */
  isolation?: 'thread' | 'process';
  /** Milliseconds one SQL query or batch may run under `isolation: 'process'` before its store process is killed. @default 30000 */
  sqlTimeLimitMs?: number;
  /** Ranges, addresses or host names outbound fetch may reach beyond the public internet (with `isolation: 'process'`). */
  egressAllow?: readonly string[];
  /**
   * MiB every coordination object of the project's state may use together, as an account's `coordination_storage_mb`
   * under ledge serve: past it, writes that would grow an object's database are refused. @default DEFAULT_COORDINATION_STORAGE_MB (1024)
   */
  coordinationStorageMb?: number;
  /**
   * Run the bindings' background runners (queue consumers, workflow instances and their crons, bucket
   * lifecycle) by real timers; tests that drive a manual clock call `queues.tick()`, `workflows.tick()` or
   * `tickRunners()` instead. @default true
   */
  runnerTimers?: boolean;
  /** Milliseconds a coordination object's instance stays in memory with no event (docs/bindings/coordination.md). @default 60000 */
  objectIdleMs?: number;
  /** Answer `/__scheduled?cron=` by firing a scheduled event, as the original's `wrangler dev --test-scheduled` does (docs/cron.md). @default false */
  testScheduled?: boolean;
  /**
   * The projects started together in one `ledge dev` (`ledge dev a/ b/`), by name: each registers its own
   * runtime here, and service bindings reach the others through it. @default this project alone
   */
  peers?: Map<string, DeploymentRuntime>;
  /**
   * The observability of the projects started together, by name: the listening project's dev routes (`ledge logs`,
   * `ledge tail`, `ledge issues` with `--dev`) answer for all of them. @default this project alone
   */
  observed?: Map<string, AccountObservability>;
  /** Listen for requests; false for the projects after the first of a `ledge dev a/ b/`, reachable only through service bindings. @default true */
  listen?: boolean;
  /**
   * The storage of the first project of a `ledge dev a/ b/` (its `storage`): this project's key-value namespaces,
   * buckets, SQL databases, vector indexes, queues and workflows are that project's, by id, so two projects naming
   * the same namespace see the same data, a queue one produces to is the queue another consumes, and a workflow one
   * creates instances of (`script_name`) is run by the project that defines it: as for the deployments of one
   * account under ledge serve, and in the original's multi-project dev. Cron state, the Cache API and coordination
   * objects stay this project's own. Its owner closes it. @default this project's own (in its state directory)
   */
  sharedStorage?: StoragePorts;
}

/** A running `ledge dev`. */
export interface DevServer {
  readonly url: string;
  readonly port: number;
  readonly config: ProjectConfig;
  /** Sends a request to the deployment without a socket. */
  request(request: Request): Promise<Response>;
  /** The project's cron triggers: `tick()` fires due windows, `trigger()` fires one by hand. */
  readonly cron: { tick(): Promise<FiringResult[]>; trigger(cron?: string, time?: number): Promise<FiringResult> };
  /** The project's queue consumers: `tick()` delivers every batch due now and waits until they are settled. */
  readonly queues: { tick(): Promise<void> };
  /** The project's workflows: `tick()` runs every instance due now, again until none is due. */
  readonly workflows: { tick(): Promise<number> };
  /** Runs the buckets' lifecycle rules now (they also run every `lifecycleIntervalMs`). */
  runLifecycle(): Promise<void>;
  /** Runs what the bindings' background runners of `kind` (every kind when absent) have due now; resolves with how much ran. */
  tickRunners(kind?: string): Promise<number>;
  /** Rebuilds and swaps in the current code; resolves once the new version serves (rejects, keeping the old one, on failure). */
  reload(): Promise<void>;
  /** The project's invocation records, live feed and issues (docs/observability.md). */
  readonly observability: AccountObservability;
  /** The project's storage, which the other projects of the same `ledge dev` share (`DevServerOptions.sharedStorage`). */
  readonly storage: StoragePorts;
  close(): Promise<void>;
}

/** Starts `ledge dev`: validates the configuration, bundles the entry, starts the isolate and listens. */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const logger = options.logger;
  const registry = options.bindings ?? BINDINGS;
  const clock = options.clock ?? SYSTEM_CLOCK;
  const file = findConfigFile(options.dir);
  let noticed = false;
  const loadOnce = () => {
    const loaded = loadConfig(file, { env: options.env, clock, bindings: registry });
    // Which file was read (the original platform's) is said once, not again on every reload.
    if (loaded.notice && !noticed) logger.info(loaded.notice);
    noticed = true;
    for (const warning of loaded.warnings) logger.warn(warning);
    return loaded.config;
  };
  let config = loadOnce();
  // Service bindings reach the projects of this ledge dev by name (docs/bindings/services.md).
  const peers = options.peers ?? new Map<string, DeploymentRuntime>();
  if (peers.has(config.name)) throw new LedgeError('config_invalid', `two projects of this ledge dev are named "${config.name}"; each needs its own name (the name service bindings call it by)`);
  const stateDir = path.resolve(options.stateDir ?? path.join(config.projectDir, '.ledge'));
  const buildDir = path.join(stateDir, 'build');
  const sandbox = options.isolation === 'process' ? createDevSandbox({ stateDir, logger, egressAllow: options.egressAllow }) : undefined;
  const runtime = new DeploymentRuntime({ logger: logger.child(config.name), spawn: sandbox?.spawn });
  peers.set(config.name, runtime);
  const deployments = createDeploymentDirectory({ find: async (name) => (name === config.name ? runtime : peers.get(name)) });
  const storageMb = options.coordinationStorageMb ?? DEFAULT_COORDINATION_STORAGE_MB;
  if (!Number.isInteger(storageMb) || storageMb < 1 || storageMb > MAX_COORDINATION_STORAGE_MB) {
    throw new LedgeError('bad_argument', `--coordination-storage-mb: expected an integer from 1 to ${MAX_COORDINATION_STORAGE_MB}, got ${String(storageMb)}`);
  }
  // The same rule as an account's limit under ledge serve (docs/bindings/coordination.md, Operating objects).
  // Trusted local code keeps its SQL in this process; under --isolation process it runs in a store process, as
  // under ledge serve, so a statement that never ends is stopped at the time limit (docs/bindings/sql.md, Limits).
  const sqlProcess = options.isolation === 'process' && !options.sharedStorage ? createProcessSqlStorage({ dir: stateDir, clock, timeLimitMs: options.sqlTimeLimitMs, logger: logger.child('sql') }) : undefined;
  // Its coordination objects' storage too, so an object's endless statement is stopped at the same limit.
  const coordinationMaxBytes = () => storageMb * 1_048_576;
  const coordinationProcess = options.isolation === 'process'
    ? createProcessCoordinationStorage({ dir: stateDir, clock, timeLimitMs: options.sqlTimeLimitMs, logger: logger.child('coordination'), maxBytes: coordinationMaxBytes, limitMessage: devLimitMessage })
    : undefined;
  const storage = openEmbeddedStorage(stateDir, clock, { coordinationMaxBytes, coordinationLimitMessage: devLimitMessage, sql: sqlProcess, coordination: coordinationProcess, shared: options.sharedStorage });
  // Invocation records, live tails and issues of the project (docs/observability.md). Issue notifications go to the
  // destinations ledge.jsonc lists, signed with the current value of the secret each names; a receiver on this
  // machine is the usual one, so private addresses are allowed (this is the developer's own machine).
  let devSecrets: Record<string, string> = {};
  const observabilityFile = path.join(stateDir, 'observability.sqlite');
  const observability = openAccountObservability({
    file: observabilityFile, clock, logger,
    webhooks: {
      accountId: 'local', allowPrivate: true,
      openSecret: (name) => {
        const value = devSecrets[name];
        if (value === undefined) throw new Error(`the secret ${name} that observability.issues.webhooks names is not set (.dev.vars or .env)`);
        return value;
      },
    },
  });
  const observed = options.observed ?? new Map<string, AccountObservability>();
  observed.set(config.name, observability);
  let secretsSeen = '';
  const toVersion = (cfg: ProjectConfig, bundleFile: string, number: number): DeploymentVersion => {
    // Secrets files override vars of the same name, as in the original's local development; only names are logged.
    const secrets = readLocalSecrets(cfg);
    const left = secrets.excluded.length ? `; left out, as secrets.required does not list them: ${secrets.excluded.join(', ')}` : '';
    const seen = secrets.files.length ? `secrets from ${secrets.files.join(', ')}: ${Object.keys(secrets.values).join(', ') || 'none'} (values hidden)${left}` : '';
    if (seen !== secretsSeen && seen) logger.info(seen);
    secretsSeen = seen;
    // ledge dev has no API switch: the configuration is the issues switch, off unless it says true.
    observability.issues.applyDeployed(cfg.name, null, cfg.observability.issues?.enabled ?? false);
    devSecrets = secrets.values;
    const webhooks = cfg.observability.issues?.webhooks ?? [];
    // The store is opened only when there is something to keep or to remove.
    if (webhooks.length || existsSync(observabilityFile)) syncDevWebhooks(observability.store().webhooks, webhooks, clock.now());
    return buildVersion({
      // As the original's local development: each reload is a version with a fresh id, no tag, and the reload's time.
      id: String(number), name: cfg.name, config: cfg, bundleFile, secrets: secrets.values, metadata: { id: randomUUID(), tag: '', timestamp: new Date(clock.now()).toISOString() }, services: { storage, clock, logger, scope: devScope(cfg.name), deployments }, assets: assets?.server, registry,
      observe: createVersionObserver({ account: observability, deployment: cfg.name, version: String(number), config: cfg.observability, secrets: Object.values(secrets.values).map(String), bundleFile }),
    });
  };
  // Coordination objects of the project live in its own isolate; ledge dev runs one project (account `local`).
  const devScope = (name: string): DeploymentScope => ({
    account: 'local',
    deployment: name,
    objectHost: (script) => (script === name ? runtime.objectHost() : Promise.reject(new BindingError('Error', `the deployment ${script} is not running in this ledge dev (durable_objects.bindings[].script_name)`))),
  });
  const closing = new AbortController();
  let building = false;
  let bundler: Bundler | undefined;
  let version = 1;
  let inputs: string[] = [];
  let assets: DevAssets | undefined;
  // Coordination-object migrations apply before the version runs; a refusal names the class (docs/bindings/coordination.md).
  // The store's directory of live instances, made here first so it takes this server's idle time.
  directoryFor(storage.coordination, { logger, idleMs: options.objectIdleMs });
  const migrate = async (cfg: ProjectConfig): Promise<void> => {
    await migrateDeployment(storage.coordination, 'local', cfg.name, cfg);
  };
  // Every build is checked against the classes the migrations leave: a class the module stopped exporting (or never
  // did) refuses the version, naming it, and the version before goes on serving (docs/runtime.md, `exports`).
  const checkClasses = (cfg: ProjectConfig, exportNames: readonly string[]): void => {
    const problems = classExportProblems(cfg.migrations, exportNames);
    if (problems.length) throw new LedgeError('config_invalid', `the coordination classes of ${cfg.name} cannot be served:\n  ${problems.join('\n  ')}`);
  };
  try {
    await migrate(config);
    await runProjectBuild(config);
    // The build may write the assets directory: read it after the build.
    assets = await openDevAssets(config, logger, options.watch !== false);
    bundler = await newBundler(config);
    if (bundler) {
      const built = await bundler.rebuild(version);
      inputs = built.inputs;
      checkClasses(config, built.exports);
      await runtime.load(toVersion(config, built.file, version));
    }
  } catch (err) {
    peers.delete(config.name);
    assets?.close();
    await bundler?.dispose();
    await runtime.close();
    await sandbox?.close();
    storage.close();
    await sqlProcess?.close();
    await coordinationProcess?.close();
    if (observed.get(config.name) === observability) observed.delete(config.name);
    await observability.close();
    throw err;
  }
  let currentBundler: Bundler | undefined = bundler;

  // Background work of the bindings (queue consumers, workflows, bucket lifecycle), started and stopped through their plugins, as under ledge serve.
  const runnerTimers = options.runnerTimers !== false;
  // A class its migrations alone declare has alarms too (exported-classes.ts).
  const startRunners = (cfg: ProjectConfig): Promise<BindingRunners> => startBindingRunners(withClassSections(cfg.sections, cfg.migrations), {
    deployment: cfg.name, storage, clock, logger, timers: runnerTimers, intervalMs: options.lifecycleIntervalMs, scope: devScope(cfg.name),
    crons: runnerCrons({ storage, clock, logger, timers: runnerTimers }),
    events: { runQueue: (batch) => runtime.runQueue(batch), runWorkflow: (run) => runtime.runWorkflow(run) },
  }, registry);
  let runners = await startRunners(config);
  const cronRunning = new Set<string>();
  const newScheduler = (cfg: ProjectConfig): CronScheduler => createCronScheduler({
    deployment: cfg.name, crons: cfg.triggers.crons, catchUp: cfg.triggers.catch_up, clock, state: storage.cron,
    run: (firing) => runtime.runScheduled(firing), logger, timers: options.cronTimers, running: cronRunning,
  });
  let scheduler = newScheduler(config);
  let pullApi = createPullApi({ consumers: consumersOf(config.sections.queues), storage: storage.queues, clock, logger });
  // Without a time, the most recent window of the cron: the same identity a scheduled firing of it would have.
  const trigger = (cron?: string, time?: number) => {
    const expression = cron ?? config.triggers.crons[0] ?? '* * * * *';
    return scheduler.trigger(expression, time ?? previousWindow(expression, clock.now()));
  };
  const toRuntime: Dispatcher = runtime.dispatch.bind(runtime);
  // Assets are answered on the host before the isolate is asked (docs/assets.md); a project without `main` has only them.
  const application: Dispatcher = (request) => (assets ? assets.server.handle(request, config.main === undefined ? undefined : toRuntime) : toRuntime(request));
  const dispatch = withDevRoutes(options.ip, options.testScheduled ?? false, application, trigger, () => pullApi, (request, url) => devObservabilityRoute(() => [observability, ...[...observed.values()].filter((other) => other !== observability)], request, url));
  let server: Server | undefined;
  const upgrades = createUpgradeHandler({ dispatch, logger });
  try {
    if (options.listen !== false) server = await listenHttp({ request: createNodeHandler({ dispatch, logger, maxRequestBytes: options.maxRequestBytes, writeTimeoutMs: options.writeTimeoutMs }), upgrade: upgrades }, { host: options.ip ?? '127.0.0.1', port: options.port ?? 8787 }, '--port', logger);
  } catch (err) {
    peers.delete(config.name);
    assets?.close();
    await currentBundler?.dispose();
    await runtime.close();
    await sandbox?.close();
    storage.close();
    await sqlProcess?.close();
    await coordinationProcess?.close();
    if (observed.get(config.name) === observability) observed.delete(config.name);
    await observability.close();
    throw err;
  }
  const port = server ? (server.address() as AddressInfo).port : 0;
  if (server) sandbox?.policy.addListener({ address: (server.address() as AddressInfo).address, port });
  const host = (options.ip ?? '127.0.0.1').includes(':') ? `[${options.ip}]` : options.ip ?? '127.0.0.1';

  let reloading: Promise<void> | undefined;
  let again = false;
  let configChanged = false;
  let buildNeeded = false;
  async function reloadNow(): Promise<void> {
    if (configChanged) {
      configChanged = false;
      const next = loadOnce();
      await migrate(next);
      // A new configuration may name another build or entry: run the build before bundling it.
      await runProjectBuild(next);
      buildNeeded = false;
      await currentBundler?.dispose();
      currentBundler = await newBundler(next);
      const nextAssets = await openDevAssets(next, logger, options.watch !== false);
      assets?.close();
      assets = nextAssets;
      config = next;
      scheduler.stop();
      scheduler = newScheduler(config);
      void scheduler.tick();
      // Running batches finish on the old consumers; new runners follow the new configuration.
      const previous = runners;
      runners = await startRunners(config);
      pullApi = createPullApi({ consumers: consumersOf(config.sections.queues), storage: storage.queues, clock, logger });
      void previous.stop();
    }
    if (buildNeeded) {
      buildNeeded = false;
      await runProjectBuild(config);
    }
    if (!currentBundler) {
      await assets?.site.rescan();
      logger.info(`reloaded ${config.name} (assets only)`);
      refreshWatchers();
      return;
    }
    const built = await currentBundler.rebuild(++version);
    inputs = built.inputs;
    checkClasses(config, built.exports);
    await runtime.load(toVersion(config, built.file, version));
    logger.info(`reloaded ${config.name} (version ${version})`);
    refreshWatchers();
  }
  function reload(): Promise<void> {
    if (reloading) {
      again = true;
      return reloading;
    }
    reloading = reloadNow().finally(() => {
      reloading = undefined;
      if (again) {
        again = false;
        void reload().catch(reportReloadFailure);
      }
    });
    return reloading;
  }
  function reportReloadFailure(err: unknown): void {
    logger.error(`reload failed; still serving the previous version:\n${(err as Error).message}`);
  }

  const watchers = new Map<string, FSWatcher>();
  let debounce: NodeJS.Timeout | undefined;
  function onChange(dir: string, name: string | null): void {
    const changed = name ? path.join(dir, name) : dir;
    if (changed === file) configChanged = true;
    else if (config.build?.watchDirs.some((watched) => isInside(changed, watched))) {
      // What the build itself writes while it runs does not start it again.
      if (building) return;
      buildNeeded = true;
    } else if (name && !inputs.includes(changed) && !(dir === path.dirname(file) && isSecretsFileName(name))) return;
    clearTimeout(debounce);
    debounce = setTimeout(() => void reload().catch(reportReloadFailure), 50);
  }
  // Watch only the directories holding the bundle's own sources (never node_modules) and the configuration.
  function refreshWatchers(): void {
    if (options.watch === false) return;
    const buildDirs = config.build?.watchDirs ?? [];
    const dirs = new Set([path.dirname(file), ...inputs.map((input) => path.dirname(input)), ...buildDirs]);
    for (const [dir, watcher] of watchers) if (!dirs.has(dir)) { watcher.close(); watchers.delete(dir); }
    for (const dir of dirs) {
      if (watchers.has(dir)) continue;
      try {
        // The build's watch directories are watched with everything below them, as a build tool reads them.
        const watcher = watch(dir, { recursive: buildDirs.includes(dir) }, (_event, name) => onChange(dir, name));
        watcher.on('error', () => { watcher.close(); watchers.delete(dir); });
        watchers.set(dir, watcher);
      } catch {
        // A directory that vanished is watched again after the next successful build.
      }
    }
  }
  refreshWatchers();
  void scheduler.tick();

  return {
    url: server ? `http://${host}:${port}` : '',
    port,
    get config() { return config; },
    request: createFetchAdapter(dispatch, logger, options.maxRequestBytes),
    async runLifecycle() {
      await runners.tick(OBJECTS_PLUGIN.kind);
    },
    tickRunners: (kind) => runners.tick(kind),
    cron: { tick: () => scheduler.tick(), trigger },
    queues: {
      // Until a round delivers nothing: a dead-lettered message is due on its new queue in the same tick.
      async tick() {
        while ((await runners.tick(QUEUES_PLUGIN.kind)) > 0);
      },
    },
    workflows: { tick: () => runners.tick(WORKFLOWS_PLUGIN.kind) },
    reload,
    async close() {
      clearTimeout(debounce);
      closing.abort();
      scheduler.stop();
      const stopping = runners.stop();
      for (const watcher of watchers.values()) watcher.close();
      upgrades.closeAll();
      assets?.close();
      // Requests in flight finish before the isolate stops: cut off, they would be logged as 503s nobody received.
      if (server) await drainListeners({ servers: [server], drainMs: DEV_DRAIN_MS, logger });
      if (peers.get(config.name) === runtime) peers.delete(config.name);
      await runtime.close();
      await sandbox?.close();
      // Batches cut off by the isolate's end are settled (put back at once) before the store closes.
      await stopping;
      await currentBundler?.dispose();
      storage.close();
      await sqlProcess?.close();
      await coordinationProcess?.close();
      if (observed.get(config.name) === observability) observed.delete(config.name);
      await observability.close();
    },
    observability,
    storage,
  };

  async function newBundler(cfg: ProjectConfig): Promise<Bundler | undefined> {
    if (cfg.main === undefined) return undefined;
    const created = await createBundler({ ...projectBundleOptions(cfg), entry: cfg.main, outDir: buildDir, mode: 'development' });
    for (const warning of created.warnings) logger.warn(`${path.basename(file)}: ${warning}`);
    return created;
  }

  /** The project's own build (`build.command`), its output logged line by line under "build". */
  async function runProjectBuild(cfg: ProjectConfig): Promise<void> {
    const build = cfg.build;
    if (!build) return;
    const log = logger.child('build');
    log.info(`running the build: ${build.command} (in ${path.relative(cfg.dir, build.cwd) || '.'})`);
    const started = Date.now();
    building = true;
    try {
      await runBuildCommand({ command: build.command, cwd: build.cwd, projectDir: cfg.dir, produces: cfg.main, signal: closing.signal, onLine: (line) => log.info(line) });
    } finally {
      building = false;
    }
    log.info(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The dev-only path that fires a scheduled event by hand: `/__ledge/scheduled?cron=<expr>&time=<ms or ISO>`. */
export const DEV_SCHEDULED_PATH = '/__ledge/scheduled';
/**
 * The paths the original's local development fires a scheduled event on, answered the way it answers them (the
 * outcome as text, 500 when the handler threw): Miniflare's, always there, and its older one. Its docs and
 * templates tell users to curl them (reference: data-work.md, Cron Triggers, Local testing).
 */
const ORIGINAL_SCHEDULED_PATHS: ReadonlySet<string> = new Set(['/cdn-cgi/handler/scheduled', '/cdn-cgi/mf/scheduled']);
/** The path `wrangler dev --test-scheduled` adds (`ledge dev --test-scheduled` too); without the flag it is the application's. */
const TEST_SCHEDULED_PATH = '/__scheduled';
/** On stop, how long requests in flight may take to finish before their connections are closed (docs/cli.md). */
export const DEV_DRAIN_MS = 2_000;
/** The local API of pull consumers: `POST /__ledge/queues/<queue>/messages/pull` and `.../messages/ack`. */
const PULL_PATH = /^\/__ledge\/queues\/([^/]+)\/messages\/(pull|ack)$/;
/** Largest body the local API reads. */
const API_BODY_LIMIT = 1 << 20;

type PullApi = ReturnType<typeof createPullApi>;

/** Answers the dev-only routes before the application sees the request. */
function withDevRoutes(listenHost: string | undefined, testScheduled: boolean, dispatch: Dispatcher, trigger: (cron?: string, time?: number) => Promise<FiringResult>, pullApi: () => PullApi, observabilityRoute: (request: DispatchRequest, url: URL) => Promise<DispatchResponse> | undefined): Dispatcher {
  return async function devDispatch(request) {
    if (!request.url.includes('/__ledge/') && !request.url.includes('/cdn-cgi/') && !(testScheduled && request.url.includes(TEST_SCHEDULED_PATH))) return dispatch(request);
    const url = new URL(request.url);
    const original = ORIGINAL_SCHEDULED_PATHS.has(url.pathname) || (testScheduled && url.pathname === TEST_SCHEDULED_PATH);
    if (url.pathname.startsWith('/__ledge/') || original) {
      const refusal = devRouteRefusal(request, listenHost);
      // The pull routes answer in the API envelope (docs/bindings/queues.md), the others as `{error, message}`.
      if (refusal) return json(403, PULL_PATH.test(url.pathname) ? { success: false, errors: [{ code: 'forbidden_origin', message: refusal }], messages: [], result: null } : { error: 'forbidden_origin', message: refusal });
    }
    if (url.pathname === DEV_SCHEDULED_PATH) return scheduledRoute(url, trigger);
    if (original) return originalScheduledRoute(url, trigger, url.pathname === TEST_SCHEDULED_PATH);
    const observed = observabilityRoute(request, url);
    if (observed) return observed;
    const pull = PULL_PATH.exec(url.pathname);
    if (pull) return pullRoute(request, decodeURIComponent(pull[1] as string), pull[2] as 'pull' | 'ack', pullApi());
    return dispatch(request);
  };
}

async function scheduledRoute(url: URL, trigger: (cron?: string, time?: number) => Promise<FiringResult>): Promise<DispatchResponse> {
  const cron = url.searchParams.get('cron') ?? undefined;
  const timeParam = url.searchParams.get('time');
  const time = timeParam === null ? undefined : /^\d+$/.test(timeParam) ? Number(timeParam) : Date.parse(timeParam);
  const problem = cron !== undefined ? cronProblem(cron) : undefined;
  const body = problem ?? (time !== undefined && Number.isNaN(time) ? `time: expected epoch milliseconds or an ISO time, got "${timeParam}"` : undefined);
  if (body) return json(400, { error: 'bad_argument', message: body });
  const result = await trigger(cron, time);
  return json(result.outcome.outcome === 'ok' ? 200 : 500, { outcome: result.outcome.outcome, cron: result.firing.cron, scheduledTime: result.firing.scheduledTime, window: result.firing.window, firingId: result.firing.firingId, attempts: result.attempts });
}

/**
 * `/cdn-cgi/handler/scheduled?cron=<expr>&time=<ms>` as the original's local development answers it: the outcome
 * (`ok`, `exception`, ...) as text, 200 or 500; `/__scheduled` answers `Ran scheduled event` when the handler
 * succeeded. A bad expression or time is a 400 naming it, before anything runs.
 */
async function originalScheduledRoute(url: URL, trigger: (cron?: string, time?: number) => Promise<FiringResult>, testScheduled: boolean): Promise<DispatchResponse> {
  const cron = url.searchParams.get('cron') ?? undefined;
  const timeParam = url.searchParams.get('time');
  const time = timeParam === null ? undefined : /^\d+$/.test(timeParam) ? Number(timeParam) : Date.parse(timeParam);
  const problem = (cron !== undefined ? cronProblem(cron) : undefined) ?? (time !== undefined && Number.isNaN(time) ? `time: expected epoch milliseconds or an ISO time, got "${timeParam}"` : undefined);
  if (problem) return text(400, problem);
  const { outcome } = (await trigger(cron, time)).outcome;
  if (outcome === 'ok') return text(200, testScheduled ? 'Ran scheduled event' : 'ok');
  return text(500, outcome);
}

async function pullRoute(request: DispatchRequest, queue: string, action: 'pull' | 'ack', api: PullApi): Promise<DispatchResponse> {
  const refuse = (status: number, code: string, message: string): DispatchResponse => json(status, { success: false, errors: [{ code, message }], messages: [], result: null });
  if (request.method !== 'POST') return { ...refuse(405, 'method_not_allowed', `${request.method} is not allowed here; use POST`), headers: ['content-type', 'application/json; charset=utf-8', 'allow', 'POST'] };
  let text = '';
  if (request.body) {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of request.body) {
      size += chunk.byteLength;
      if (size > API_BODY_LIMIT) return refuse(413, 'body_too_large', `the body is larger than ${API_BODY_LIMIT} bytes`);
      chunks.push(chunk);
    }
    text = Buffer.concat(chunks).toString('utf8');
  }
  let body: unknown = {};
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(400, 'invalid_json', 'the body is not valid JSON');
    }
  }
  const answer: ApiAnswer = action === 'pull' ? await api.pull(queue, body) : await api.ack(queue, body);
  return json(answer.status, answer.body);
}

/** An answer of the dev-only routes: the platform's own, never the application's. */
function json(status: number, value: unknown): DispatchResponse {
  return { status, statusText: '', headers: ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store'], body: JSON.stringify(value), origin: 'platform' };
}

/** A plain-text answer of the dev-only routes. */
function text(status: number, body: string): DispatchResponse {
  return { status, statusText: '', headers: ['content-type', 'text/plain; charset=utf-8', 'cache-control', 'no-store'], body, origin: 'platform' };
}

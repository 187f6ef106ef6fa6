import path from 'node:path';
import type { Clock } from '../platform/clock.js';
import { LedgeError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { DeploymentRuntime } from '../runtime/deployment.js';
import type { IsolateSpawner } from '../runtime/isolate-worker.js';
import type { DispatchRequest, DispatchResponse } from '../runtime/isolate.js';
import { buildVersion } from '../host/version.js';
import { startBindingRunners, type BindingRunners } from '../bindings/runners.js';
import { BindingError, type DeploymentScope } from '../bindings/plugin.js';
import { QUEUES_PLUGIN } from '../bindings/queues/index.js';
import { WORKFLOWS_PLUGIN } from '../bindings/workflows/index.js';
import { runnerCrons } from '../host/runner-crons.js';
import { createCronScheduler, type CronScheduler } from '../entry/cron/scheduler.js';
import { storedDeployConfig, storedVersionConfig } from '../config/deploy.js';
import { withClassSections } from '../bindings/coordination/exported-classes.js';
import { BINDINGS, type BindingRegistry } from '../bindings/registry.js';
import type { ControlStoragePort, VersionRecord } from '../storage/control.js';
import type { StoragePorts } from '../storage/ports.js';
import type { AssetContentStore } from '../storage/asset-content.js';
import { AssetServer } from '../entry/assets/handler.js';
import { ContentCache } from '../entry/assets/content.js';
import { ASSET_MANIFEST_MODULE, siteFromManifest, type StoredManifest } from '../entry/assets/manifest.js';
import { prepareModules } from './module-cache.js';
import { createVersionObserver, type AccountObservability } from '../observability/index.js';
import { createDeploymentDirectory } from '../runtime/rpc/directory.js';
import type { DeploymentCalls } from '../bindings/plugin.js';

/** Options of the hosting of many deployments' versions. */
export interface HostingOptions {
  store: ControlStoragePort;
  clock: Clock;
  logger: Logger;
  /** Where uploaded modules are written to be loaded. */
  cacheDir: string;
  /** The binding data of an account. */
  data(accountId: string): StoragePorts;
  /** The asset files of an account by content hash. */
  assetContent(accountId: string): AssetContentStore;
  /** Fire crons and push queue batches by real timers, and sweep idle versions every minute. @default true */
  timers?: boolean;
  /** Milliseconds between lifecycle runs of the buckets of current versions. @default 3600000 */
  lifecycleIntervalMs?: number;
  /** A version with no event for this long gives its isolate back (it starts again on the next event). @default 600000 */
  idleMs?: number;
  /** Where an account's isolates run: its sandbox process (`--isolation process`), or threads here. @default threads */
  spawnerFor?(accountId: string): IsolateSpawner;
  /** A deployment's secrets, opened, given to its code as strings in `env` beside the vars. @default none */
  secrets?(accountId: string, deployment: string): Promise<Record<string, string>>;
  /** An account's invocation records, live tails and issues (docs/observability.md). @default none */
  observability?(accountId: string): AccountObservability;
  /** The binding kinds versions may use: their stored configuration is parsed, served and run with these. @default BINDINGS */
  bindings?: BindingRegistry;
}

/** A version with a runtime: started on its first event, counted while events use it. */
interface RunningVersion {
  accountId: string;
  deployment: string;
  runtime: Promise<DeploymentRuntime>;
  lastUsed: number;
  /** Events being dispatched through `use` right now. */
  active: number;
  /** The runtime once started: its open WebSockets keep the version from counting as idle. */
  started?: DeploymentRuntime;
}

/** A version's asset server, and whether the version has an application behind it. */
interface VersionAssets {
  server: AssetServer;
  hasWorker: boolean;
}

/** The background work of a deployment's current version: its cron windows and its bindings' runners (push consumers, bucket lifecycle). */
interface BackgroundWork {
  versionId: string;
  /** None when the version has no crons. */
  scheduler: CronScheduler | undefined;
  runners: BindingRunners;
}

/** Versions running on the platform, started on first use, and the crons and queue consumers of current versions. */
export interface Hosting {
  /** Runs a fetch event on a version (started if it is not running). */
  dispatch(versionId: string, request: DispatchRequest): Promise<DispatchResponse>;
  /** Brings an account's background work and running versions in line with its deployments after a change. */
  sync(accountId: string): Promise<void>;
  /** Delivers every queue batch due now on every account and waits for it (tests drive it with a manual clock). */
  tickQueues(): Promise<void>;
  /** Runs what the bindings' runners of `kind` have due now on every current version (every kind when absent); resolves with how much ran. */
  tickRunners(kind?: string): Promise<number>;
  /** Runs every workflow instance due now on every account, again until none is due (tests with timers off). */
  tickWorkflows(): Promise<void>;
  /** Stops the isolates of versions idle for longer than `idleMs` (every minute by timer); returns how many. */
  sweepIdle(): number;
  /** How many versions have an isolate now. */
  running(): number;
  /** Replaces a deployment's running isolates (after its secrets changed): requests in flight finish, the next event starts a fresh one. */
  restart(accountId: string, deployment: string): void;
  close(): Promise<void>;
}

/** Creates the hosting layer of `ledge serve`. */
export function createHosting(options: HostingOptions): Hosting {
  const { store, clock, logger } = options;
  const registry = options.bindings ?? BINDINGS;
  const runtimes = new Map<string, RunningVersion>();
  const idleMs = options.idleMs ?? 600_000;
  const background = new Map<string, BackgroundWork>();
  const cronRunning = new Map<string, Set<string>>();
  const retiring = new Set<Promise<DeploymentRuntime>>();
  /** Each version's asset server, read once from its stored manifest (null: the version has no assets). Bounded: the oldest are read again when needed. */
  const assetServers = new Map<string, Promise<VersionAssets | null>>();
  /** One memory budget for the asset bytes of every version on the platform. */
  const assetCache = new ContentCache();
  let closed = false;
  const stopped = (version: VersionRecord) => Promise.reject(new LedgeError('isolate_failed', `version ${version.id} of ${version.deployment} was not started: the platform is stopping`));
  const sweeper = options.timers === false ? undefined : setInterval(() => hosting.sweepIdle(), 60_000).unref();

  /** A version stops being served: its isolates stop as soon as their events in flight finish, and the CPU it used is logged. */
  function retire(versionId: string, entry: RunningVersion, why: 'replaced' | 'deleted' | 'idle' | 'secrets changed'): void {
    runtimes.delete(versionId);
    const { runtime } = entry;
    retiring.add(runtime);
    void runtime.then(async (r) => {
      await r.retire();
      const { cpuMs, backgroundMs } = r.cpu;
      logger.child(entry.deployment).info(`version ${versionId} stopped (${why}) once its events in flight finished; it used ${Math.round(cpuMs)} ms of CPU, ${Math.round(backgroundMs)} ms of it with no event in flight`, { version: versionId, cpu_used_ms: Math.round(cpuMs), background_cpu_ms: Math.round(backgroundMs) });
    }, () => undefined).finally(() => retiring.delete(runtime));
  }

  /** The entry of a running version (started if needed), marked as used now. */
  function entryFor(version: VersionRecord) {
    let entry = runtimes.get(version.id);
    if (!entry) {
      // An event that arrives while the platform stops (an object's socket closing with it) starts no isolate that
      // nothing would stop: it fails, as a request to a stopping platform does.
      if (closed) return { accountId: version.account_id, deployment: version.deployment, runtime: stopped(version), lastUsed: clock.now(), active: 0 };
      const runtime = start(version);
      entry = { accountId: version.account_id, deployment: version.deployment, runtime, lastUsed: clock.now(), active: 0 };
      runtimes.set(version.id, entry);
      runtime.then((started) => { (entry as RunningVersion).started = started; }, () => runtimes.delete(version.id));
    }
    entry.lastUsed = clock.now();
    return entry;
  }

  /** Each account's deployments as its service bindings reach them: by name, in that account only. */
  const directories = new Map<string, DeploymentCalls>();
  function directoryOf(accountId: string): DeploymentCalls {
    let directory = directories.get(accountId);
    if (!directory) {
      directory = createDeploymentDirectory({
        async find(name) {
          const deployment = await store.getDeployment(accountId, name);
          const version = deployment && await store.getVersion(deployment.current_version_id);
          if (!version || version.account_id !== accountId) return undefined;
          return { runRpc: (call) => use(entryFor(version), (r) => r.runRpc(call)) };
        },
      });
      directories.set(accountId, directory);
    }
    return directory;
  }

  /** Runs one event on a version, counted so an idle sweep never stops a version while it works. */
  async function use<T>(entry: RunningVersion, work: (runtime: DeploymentRuntime) => Promise<T>): Promise<T> {
    entry.active++;
    try {
      return await work(await entry.runtime);
    } finally {
      entry.active--;
      entry.lastUsed = clock.now();
    }
  }

  async function start(version: VersionRecord): Promise<DeploymentRuntime> {
    const dir = await prepareModules({ cacheDir: options.cacheDir, version, store, logger });
    const config = storedVersionConfig(version, registry);
    let secrets: Record<string, string> = {};
    try {
      secrets = await options.secrets?.(version.account_id, version.deployment) ?? {};
    } catch (err) {
      // The message names the key file, never a value.
      logger.error(`version ${version.id} of ${version.deployment} failed to start: its secrets could not be opened: ${(err as Error).message}`);
      throw new LedgeError('isolate_failed', `version ${version.id} of ${version.deployment} failed to start`);
    }
    const runtime = new DeploymentRuntime({ logger: logger.child(version.deployment), spawn: options.spawnerFor?.(version.account_id) });
    try {
      const assets = (await assetsOf(version))?.server;
      const bundleFile = path.join(dir, version.main_module);
      await runtime.load(buildVersion({
        id: version.id, name: version.deployment, config, bundleFile, secrets, metadata: { id: version.id, tag: '', timestamp: version.created_on },
        services: { storage: options.data(version.account_id), clock, logger, scope: scopeOf(version), deployments: directoryOf(version.account_id) }, assets, registry,
        observe: options.observability && createVersionObserver({ account: options.observability(version.account_id), deployment: version.deployment, version: version.id, config: storedDeployConfig(version, registry).observability, secrets: Object.values(secrets), bundleFile }),
      }));
    } catch (err) {
      await runtime.close();
      logger.error(`version ${version.id} of ${version.deployment} failed to start: ${(err as Error).message}`);
      throw new LedgeError('isolate_failed', `version ${version.id} of ${version.deployment} failed to start`);
    }
    return runtime;
  }

  /**
   * The current version of each deployment whose coordination objects were called, by `<account>/<deployment>`:
   * read from the store on the first call, not on every one (two queries and the version's configuration parsed),
   * and forgotten whenever the account's deployments change (`sync`, which every deploy, rollback and delete
   * runs), as the route table is rebuilt then. A deployment not found is not remembered.
   */
  const objectVersions = new Map<string, Promise<VersionRecord | null>>();
  function objectVersionOf(accountId: string, script: string): Promise<VersionRecord | null> {
    const key = `${accountId}/${script}`;
    let found = objectVersions.get(key);
    if (!found) {
      const lookup = (async () => {
        const deployment = await store.getDeployment(accountId, script);
        return deployment && await store.getVersion(deployment.current_version_id);
      })();
      found = lookup;
      objectVersions.set(key, lookup);
      lookup.then((current) => { if (!current && objectVersions.get(key) === lookup) objectVersions.delete(key); }, () => { if (objectVersions.get(key) === lookup) objectVersions.delete(key); });
    }
    return found;
  }
  function forgetObjectVersions(accountId: string): void {
    for (const key of objectVersions.keys()) if (key.startsWith(`${accountId}/`)) objectVersions.delete(key);
  }

  /** The deployment a version belongs to: its coordination objects' classes run in the current version of the deployment that exports them. */
  function scopeOf(version: VersionRecord): DeploymentScope {
    return {
      account: version.account_id,
      deployment: version.deployment,
      async objectHost(script) {
        const current = await objectVersionOf(version.account_id, script);
        if (!current) throw new BindingError('Error', `the deployment ${script} does not exist in this account (durable_objects.bindings[].script_name)`);
        return use(entryFor(current), (r) => r.objectHost());
      },
    };
  }

  /** The asset server of a version, or null when it has none. */
  function assetsOf(version: VersionRecord): Promise<VersionAssets | null> {
    let found = assetServers.get(version.id);
    if (!found) {
      found = loadAssets(version);
      found.catch(() => assetServers.delete(version.id));
      assetServers.set(version.id, found);
      if (assetServers.size > 256) assetServers.delete(assetServers.keys().next().value as string);
    }
    return found;
  }

  async function loadAssets(version: VersionRecord): Promise<VersionAssets | null> {
    const assets = storedVersionConfig(version, registry).assets;
    const module = (await store.getModules(version.id)).find((m) => m.name === ASSET_MANIFEST_MODULE);
    if (!module) return null;
    const manifest = JSON.parse(new TextDecoder().decode(module.content)) as StoredManifest;
    const content = options.assetContent(version.account_id);
    const { site } = siteFromManifest(manifest, content);
    const server = new AssetServer(() => site, {
      notFound: assets?.not_found_handling ?? 'none',
      html: assets?.html_handling ?? 'auto-trailing-slash',
      runWorkerFirst: assets?.run_worker_first ?? false,
    }, assetCache);
    return { server, hasWorker: version.main_module !== ASSET_MANIFEST_MODULE };
  }

  async function versionOrFail(versionId: string): Promise<VersionRecord> {
    const version = await store.getVersion(versionId);
    if (!version) throw new LedgeError('isolate_failed', `version ${versionId} does not exist`);
    return version;
  }

  async function startBackground(version: VersionRecord): Promise<BackgroundWork> {
    const config = storedVersionConfig(version, registry);
    const crons = config.triggers.crons;
    const log = logger.child(version.deployment);
    // Each runner opens only the stores its work needs, and a damaged one fails this version's background
    // work as a whole (store_damaged) before its crons start.
    const data = options.data(version.account_id);
    const cronState = crons.length ? data.cron : undefined;
    const timers = options.timers !== false;
    // A class its migrations alone declare has alarms too (exported-classes.ts).
    const runners = await startBindingRunners(withClassSections(config.sections, config.migrations), {
      deployment: version.deployment, storage: data, clock, logger: log, timers, intervalMs: options.lifecycleIntervalMs, scope: scopeOf(version),
      crons: runnerCrons({ storage: data, clock, logger: log, timers }),
      events: {
        runQueue: (batch) => use(entryFor(version), (r) => r.runQueue(batch)),
        runWorkflow: (run) => use(entryFor(version), (r) => r.runWorkflow(run)),
      },
    }, registry);
    const key = `${version.account_id}/${version.deployment}`;
    let running = cronRunning.get(key);
    if (!running) cronRunning.set(key, (running = new Set()));
    const scheduler = cronState && createCronScheduler({
      deployment: version.deployment, crons, catchUp: config.triggers.catch_up, clock, state: cronState,
      run: (firing) => use(entryFor(version), (r) => r.runScheduled(firing)), logger: log, timers: options.timers, running,
    });
    void scheduler?.tick();
    return { versionId: version.id, scheduler, runners };
  }

  /** A version became current: its `observability.issues.enabled`, when set, is the deployment's switch from now on (SPEC: Events 3). */
  function applyIssuesSwitch(version: VersionRecord): void {
    try {
      options.observability?.(version.account_id).issues.applyDeployed(version.deployment, version.id, storedDeployConfig(version, registry).observability?.issues?.enabled);
    } catch (err) {
      logger.error(`the issues switch of ${version.deployment} could not be set from version ${version.id}: ${(err as Error).message}`);
    }
  }

  async function stopBackground(work: BackgroundWork): Promise<void> {
    work.scheduler?.stop();
    await work.runners.stop();
  }


  async function syncNow(accountId: string): Promise<void> {
    const deployments = await store.listDeployments(accountId);
    const current = new Set(deployments.map((d) => d.current_version_id));
    for (const deployment of deployments) {
      const key = `${accountId}/${deployment.name}`;
      const work = background.get(key);
      if (work?.versionId === deployment.current_version_id) continue;
      if (work) await stopBackground(work);
      const version = await store.getVersion(deployment.current_version_id);
      if (!version) continue;
      applyIssuesSwitch(version);
      try {
        background.set(key, await startBackground(version));
      } catch (err) {
        // A damaged store of this account: its crons and consumers wait for the next change or start; nothing else stops.
        background.delete(key);
        logger.error(`the crons and background runners (queue consumers, bucket lifecycle) of ${key} (version ${version.id}) did not start: ${(err as Error).message}`);
      }
    }
    for (const [key, work] of background) {
      if (key.startsWith(`${accountId}/`) && !current.has(work.versionId)) {
        background.delete(key);
        await stopBackground(work);
      }
    }
    // Versions no longer current stop as soon as their events in flight finish; a preview request starts one again.
    const named = new Set(deployments.map((d) => d.name));
    for (const [versionId, entry] of runtimes) {
      if (entry.accountId !== accountId || current.has(versionId)) continue;
      retire(versionId, entry, named.has(entry.deployment) ? 'replaced' : 'deleted');
    }
  }

  const syncing = new Map<string, Promise<void>>();
  const hosting: Hosting = {
    async dispatch(versionId, request) {
      const toRuntime = async (req: DispatchRequest) => use(runtimes.get(versionId) ?? entryFor(await versionOrFail(versionId)), (r) => r.dispatch(req));
      const assets = await (assetServers.get(versionId) ?? assetsOf(await versionOrFail(versionId)));
      if (!assets) return toRuntime(request);
      // Assets are answered here, without starting the version's isolate (docs/assets.md); a version of assets only has none.
      return assets.server.handle(request, assets.hasWorker ? toRuntime : undefined);
    },
    sweepIdle() {
      let stopped = 0;
      for (const [versionId, entry] of runtimes) {
        if (entry.started?.openSockets) entry.lastUsed = clock.now();
        if (entry.active > 0 || clock.now() - entry.lastUsed < idleMs) continue;
        retire(versionId, entry, 'idle');
        stopped++;
      }
      return stopped;
    },
    running() {
      return runtimes.size;
    },
    restart(accountId, deployment) {
      for (const [versionId, entry] of runtimes) {
        if (entry.accountId === accountId && entry.deployment === deployment) retire(versionId, entry, 'secrets changed');
      }
    },
    sync(accountId) {
      // At once, before the sync's turn comes: a call to an object from now on reads the deployment's version again.
      forgetObjectVersions(accountId);
      // One sync at a time per account: two overlapping ones would both start background work for one version.
      const next = (syncing.get(accountId) ?? Promise.resolve()).then(() => syncNow(accountId), () => syncNow(accountId));
      syncing.set(accountId, next);
      return next;
    },
    async tickQueues() {
      // Until a round delivers nothing: a dead-lettered message is due on its new queue in the same tick.
      while ((await hosting.tickRunners(QUEUES_PLUGIN.kind)) > 0);
    },
    async tickWorkflows() {
      while ((await hosting.tickRunners(WORKFLOWS_PLUGIN.kind)) > 0);
    },
    async tickRunners(kind) {
      return (await Promise.all([...background.values()].map((w) => w.runners.tick(kind)))).reduce((sum, n) => sum + n, 0);
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      const works = [...background.values()];
      background.clear();
      for (const work of works) work.scheduler?.stop();
      const stopping = Promise.all(works.map((w) => w.runners.stop()));
      const all = [...[...runtimes.values()].map((e) => e.runtime), ...retiring];
      runtimes.clear();
      retiring.clear();
      await Promise.all(all.map((runtime) => runtime.then((r) => r.close(), () => undefined)));
      await stopping;
    },
  };
  return hosting;
}

import type { VersionConfig } from '../config/deploy.js';
import type { ServiceContext } from '../bindings/plugin.js';
import { createBindingServices } from '../bindings/host-services.js';
import type { BindingRegistry } from '../bindings/registry.js';
import { assetsBindings } from '../bindings/assets/index.js';
import { loopbackBindings } from '../bindings/services/loopback.js';
import { unboundClassBindings } from '../bindings/coordination/exported-classes.js';
import { createCacheService } from '../bindings/cache/service.js';
import { directoryFor } from '../bindings/coordination/directory.js';
import type { AssetServer } from '../entry/assets/handler.js';
import type { DeploymentVersion } from '../runtime/deployment.js';
import type { EventObserver } from '../runtime/event-trace.js';
import { createRedactor } from '../observability/redact.js';

/** The original's `WorkerVersionMetadata`: the version's id, tag (Ledge versions have none: `""`) and upload time (ISO 8601). */
export interface VersionMetadata {
  id: string;
  tag: string;
  timestamp: string;
}

/** What a version is built from, the same under `ledge dev` (a reload) and `ledge serve` (a stored version). */
export interface VersionSource {
  /** The reload number under `ledge dev`, the version id under `ledge serve`. */
  id: string;
  /** The project's or deployment's name. */
  name: string;
  /** The fields a project's configuration (dev) and a stored version's (serve) share. */
  config: Pick<VersionConfig, 'compatibility_date' | 'compatibility_flags' | 'vars' | 'version_metadata' | 'limits' | 'bindings' | 'migrations'> & { readonly assets?: { readonly binding?: string } | undefined };
  /** What `version_metadata` gives the code: a version id (a UUID), its tag and its upload time. */
  metadata: VersionMetadata;
  /** The bundled module the isolate loads. */
  bundleFile: string;
  /** Secrets, given to the code as strings in `env`; a secret overrides a var of the same name. */
  secrets: Record<string, string>;
  /** Storage, clock and logger of the binding services. */
  services: ServiceContext;
  /** The version's asset server, when it has assets (the assets binding answers from it). */
  assets: AssetServer | undefined;
  /** The binding kinds the version's configuration may use (BINDINGS unless a test adds its own). */
  registry?: BindingRegistry;
  /** Told how each event of the version went (invocation logs and issues, src/observability). */
  observe?: EventObserver;
}

/** A deployment version ready for `DeploymentRuntime.load`: its configuration, bundle and the services of its bindings. */
export function buildVersion(source: VersionSource): DeploymentVersion {
  const { config } = source;
  return {
    id: source.id,
    name: source.name,
    ...(source.services.scope ? { account: source.services.scope.account } : {}),
    compatibilityDate: config.compatibility_date,
    bundleFile: source.bundleFile,
    // The version metadata is a JSON value in env like a var; configuration refuses a var of the same name.
    vars: { ...config.vars, ...source.secrets, ...(config.version_metadata ? { [config.version_metadata.binding]: { ...source.metadata } } : {}) },
    limits: config.limits,
    compatibilityFlags: config.compatibility_flags,
    // The loopback binding: `exports` of the runtime module reaches the deployment's own entrypoints through it; and
    // the namespaces there of the classes its migrations created that no binding names.
    bindings: [
      ...createBindingServices(config, source.services, source.registry), ...assetsBindings(config.assets?.binding, source.assets), ...loopbackBindings(source.services),
      ...unboundClassBindings(config.migrations, (config.bindings['durable_objects'] ?? []) as readonly { binding: string; class_name: string; script_name?: string }[], source.services),
    ],
    observe: source.observe,
    // What the platform logs of the code (console lines, exceptions) is scrubbed of the secrets as its records are.
    ...(Object.keys(source.secrets).length > 0 ? { redact: createRedactor(Object.values(source.secrets).map(String)) } : {}),
    // The account's Cache API store (`caches.default`, `caches.open`), opened on first use.
    cache: createCacheService({ storage: () => source.services.storage.cache, clock: source.services.clock }),
    // The instances of coordination objects its isolates hold reach their storage through the store's directory.
    objectStorage: objectStorageOf(source),
  };
}

function objectStorageOf(source: VersionSource): DeploymentVersion['objectStorage'] {
  const port = source.services.storage.coordination;
  if (!source.services.scope) return undefined;
  const directory = directoryFor(port, { logger: source.services.logger });
  return (owner) => directory.storageService(owner);
}

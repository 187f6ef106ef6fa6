import type { z } from 'zod';
import { bindingsOf, checkSection, DEFAULT_LIMITS, deepFreeze, type ProjectConfig } from './load.js';
import { COMPATIBILITY_DATE, environmentSchemaFor, type Route } from './schema.js';
import { LedgeError } from '../platform/errors.js';
import { BINDINGS, type BindingRegistry } from '../bindings/registry.js';

/**
 * The configuration a deployment version carries: one `ledge.jsonc` section with environments resolved,
 * without `name`, `main`, `account_id` and `env` (the deployment's name is in the path, the module is uploaded)
 * and without the build's paths (`tsconfig`, `base_dir`, `find_additional_modules`).
 */
export const DEPLOY_CONFIG_SCHEMA = deploySchemaOf(BINDINGS);

/** A deployment configuration as uploaded. */
export type DeployConfig = z.infer<typeof DEPLOY_CONFIG_SCHEMA>;

function deploySchemaOf(registry: BindingRegistry) {
  // Paths of the deploying machine mean nothing to the platform: the uploaded module was built with them already.
  return environmentSchemaFor(registry).omit({ name: true, main: true, account_id: true, tsconfig: true, base_dir: true, find_additional_modules: true }).extend({ compatibility_date: COMPATIBILITY_DATE });
}

const deploySchemas = new WeakMap<BindingRegistry, typeof DEPLOY_CONFIG_SCHEMA>([[BINDINGS, DEPLOY_CONFIG_SCHEMA]]);

/**
 * The schema of an uploaded configuration for a list of binding kinds: its binding keys are those of the
 * list's plugins (DEPLOY_CONFIG_SCHEMA for Ledge's own), so a kind added to the list is accepted by a deploy
 * and by a stored version's check alike.
 */
export function deployConfigSchemaFor(registry: BindingRegistry): typeof DEPLOY_CONFIG_SCHEMA {
  let schema = deploySchemas.get(registry);
  if (!schema) deploySchemas.set(registry, (schema = deploySchemaOf(registry)));
  return schema;
}

/** What the platform runs a version with: the configuration with defaults applied, frozen (the fields a project's configuration shares with it). */
export type VersionConfig = Pick<ProjectConfig, 'compatibility_date' | 'compatibility_flags' | 'edge_dev' | 'preview_urls' | 'routes' | 'vars' | 'version_metadata' | 'limits' | 'triggers' | 'bindings' | 'sections' | 'migrations'> & {
  /** How the version's assets are served (its files are in its stored manifest; `directory` meant the deploying machine's). */
  assets: DeployConfig['assets'];
};

/**
 * Why a version is refused when its deployment lacks secrets its code needs (`secrets.required`): the platform's
 * answer to the upload and `ledge deploy`'s own check before it (also under --dry-run) say the same, names only.
 * The first sentence is the original's tool's.
 */
export function missingSecretsMessage(deployment: string, missing: readonly string[]): string {
  return `The following required secrets have not been set: ${missing.join(', ')}. Set each on ${deployment} first (ledge secret put <NAME> --deployment ${deployment}, or PUT .../deployments/${deployment}/secrets), then deploy again; nothing was changed`;
}

/** The code of a deploy answer's message that warns about its configuration (docs/api.md); `ledge.jsonc` gets the same text. */
export const CONFIG_WARNING_MESSAGE = 10103;

/**
 * What an uploaded configuration breaks beyond its schema, and what it is warned about (an unknown compatibility
 * flag, a consumer without a dead-letter queue): the same rules and texts `ledge.jsonc` gets. Each text starts with
 * the dotted path of its key (`compatibility_date: ...`, `triggers.crons[0]: ...`).
 */
export function checkDeployConfig(config: DeployConfig, today: string, registry: BindingRegistry = BINDINGS): { problems: string[]; warnings: string[] } {
  return checkSection(config, '', today, registry);
}

/**
 * The JSON pointer under `base` of the key a `checkSection` text names (`triggers.crons[0]: ...` is
 * `<base>/triggers/crons/0`), so an API error points at the field itself; `base` when the text names none.
 */
export function problemPointer(problem: string, base: string): string {
  const key = /^([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*|\[\d+\])*):\s/.exec(problem)?.[1];
  if (!key) return base;
  return base + key.split(/\.|\[(\d+)\]/).filter((part) => part !== undefined && part !== '').map((part) => `/${part}`).join('');
}

/** Applies the defaults to a validated deployment configuration. */
export function toVersionConfig(config: DeployConfig, registry: BindingRegistry = BINDINGS): VersionConfig {
  const { bindings, sections } = bindingsOf(config as Record<string, unknown>, registry);
  return deepFreeze({
    compatibility_date: config.compatibility_date,
    compatibility_flags: config.compatibility_flags ?? [],
    edge_dev: config.edge_dev ?? false,
    preview_urls: config.preview_urls ?? false,
    routes: config.routes ?? [],
    vars: config.vars ?? {},
    version_metadata: config.version_metadata,
    limits: { ...DEFAULT_LIMITS, ...config.limits },
    triggers: { crons: config.triggers?.crons ?? [], catch_up: config.triggers?.catch_up ?? 'latest' },
    bindings,
    sections,
    assets: config.assets,
    migrations: config.migrations ?? [],
  });
}

/**
 * The configuration a stored version was accepted with, parsed again with the same schema (never cast): a record
 * that no longer matches it (a hand-edited or damaged control state) fails that version alone with `store_damaged`.
 */
export function storedDeployConfig(version: { id: string; config: unknown }, registry: BindingRegistry = BINDINGS): DeployConfig {
  const result = deployConfigSchemaFor(registry).safeParse(version.config);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the configuration';
    throw new LedgeError('store_damaged', `version ${version.id}: its stored configuration does not match the schema (${where}: ${issue?.message ?? 'invalid'}); redeploy it`);
  }
  return result.data;
}

/** The configuration a stored version runs with: `storedDeployConfig` with the defaults applied. */
export function storedVersionConfig(version: { id: string; config: unknown }, registry: BindingRegistry = BINDINGS): VersionConfig {
  return toVersionConfig(storedDeployConfig(version, registry), registry);
}

/** The hostname a route binds as a custom domain (`shop.example.com` or `shop.example.com/*`), or a reason it cannot. */
export function routeHostname(route: Route): { hostname: string } | { problem: string } {
  const pattern = (typeof route === 'string' ? route : route.pattern).trim().toLowerCase();
  const host = pattern.replace(/\/\*?$/, '');
  if (host.includes('/') || host.includes('*')) return { problem: `"${pattern}": ledge serve binds whole hostnames; use "host" or "host/*" without other paths or wildcards` };
  if (!HOSTNAME.test(host)) return { problem: `"${pattern}": not a valid hostname` };
  return { hostname: host };
}

/** A DNS hostname: labels of letters, digits and dashes, no port. */
export const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError, fieldError } from '../api-error.js';
import { DELETED_NAME, DEPLOYED, DEPLOYMENT, ROLLED_BACK, VERSION } from '../results.js';
import { defineRoute, paginate, PAGE_QUERY, type RouteContext, type RouteDefinition } from '../router.js';
import type { PermissionGroup, ResourceKindKey } from '../permissions.js';
import type { ControlServices } from '../services.js';
import { checkDeployConfig, CONFIG_WARNING_MESSAGE, DEPLOY_CONFIG_SCHEMA, deployConfigSchemaFor, missingSecretsMessage, problemPointer, routeHostname, storedDeployConfig, storedVersionConfig, toVersionConfig, type DeployConfig, type VersionConfig } from '../../config/deploy.js';
import { migrateDeployment } from '../../bindings/coordination/migrations.js';
import { classExportProblems } from '../../bindings/coordination/exported-classes.js';
import { moduleExportNames } from '../../runtime/module-exports.js';
import { BINDINGS, type BindingRegistry } from '../../bindings/registry.js';
import { sectionEntries } from '../../bindings/plugin.js';
import type { AccountRecord, ControlStoragePort, DeploymentRecord, DomainRecord, ResourceKind, VersionRecord } from '../../storage/control.js';
import { ACCOUNT_PARAMS, DNS_LABEL } from './accounts.js';
import { defaultHostname, previewHostname } from '../../entry/hostnames.js';
import { customDomainProblem } from '../../entry/custom-domains.js';
import { ASSET_MANIFEST_MODULE, type StoredManifest } from '../../entry/assets/manifest.js';
import { ASSET_LIMITS } from '../../entry/assets/scan.js';
import { parseHeaders, parseRedirects } from '../../entry/assets/rules.js';
import { CONTENT_HASH } from '../../storage/asset-content.js';
import { hasCode, isLedgeError } from '../../platform/errors.js';
import { envNames } from './secrets.js';

/** Largest sum of uploaded module sizes. */
const MODULES_LIMIT = 25 * 1024 * 1024;

const NAME_PARAMS = ACCOUNT_PARAMS.extend({ name: DNS_LABEL });
const MODULE_NAME = z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/, { error: 'expected a file name of letters, digits, _, . and - (no directories)' });

/** A version's static assets: URL path → content hash and size (uploaded before through the assets routes), and the rule files. */
const ASSETS_BODY = z.strictObject({
  files: z.record(z.string().regex(/^\/.{0,1023}$/s, { error: 'expected a URL path starting with "/"' }).refine((p) => !p.includes('\0'), { error: 'a path may not hold a NUL character' }), z.strictObject({
    hash: z.string().regex(CONTENT_HASH, { error: 'expected a SHA-256 in lowercase hex' }),
    size: z.number().int().min(0).max(ASSET_LIMITS.fileBytes),
  })),
  headers: z.string().max(1024 * 1024).optional(),
  redirects: z.string().max(4 * 1024 * 1024).optional(),
});

/** The body of a deploy, whose configuration takes the binding kinds of `registry`. */
function putBody(registry: BindingRegistry) {
  return z.strictObject({
    /** Absent for a version of static assets only. */
    main_module: MODULE_NAME.optional(),
    modules: z.array(z.strictObject({ name: MODULE_NAME, content_base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'expected base64' }) })).max(50),
    assets: ASSETS_BODY.optional(),
    config: registry === BINDINGS ? DEPLOY_CONFIG_SCHEMA : deployConfigSchemaFor(registry),
    message: z.string().max(1000).optional(),
  });
}
const PUT_BODY = putBody(BINDINGS);

/** One resource a binding or a consumer points at, with its place in the configuration and the permission that lets a token bind it. */
interface ResourceUse { kind: ResourceKind; ref: string; binding: string; pointer: string; read: PermissionGroup; keyKind: ResourceKindKey }

/** The resources a configuration points at, as each binding kind's plugin declares them (its bindings, and e.g. the queues consumers read). */
function resourceUses(config: DeployConfig, registry: BindingRegistry): ResourceUse[] {
  const uses: ResourceUse[] = [];
  for (const plugin of registry) {
    const section = (config as Record<string, unknown>)[plugin.configKey];
    const { key, area, field, api } = plugin.resource;
    // Resources the account API does not create (workflows) exist once a deployment defines them.
    if (!api) continue;
    const facts = { kind: key, read: `${area}:read` as PermissionGroup, keyKind: key as ResourceKindKey };
    for (const { entry, path } of sectionEntries(plugin, section)) {
      uses.push({ ...facts, ref: plugin.resourceId(entry), binding: entry.binding, pointer: `/body/config/${plugin.configKey}${toPointer(path)}/${field}` });
    }
    for (const use of section === undefined ? [] : plugin.extraResources?.(section) ?? []) {
      uses.push({ ...facts, ref: use.ref, binding: use.binding, pointer: `/body/config/${plugin.configKey}${toPointer(use.path)}` });
    }
  }
  return uses;
}

/**
 * A service binding calls a deployment of the same account only (SPEC, Authentication 7: the caller's
 * identity comes from that relation): the deployment it names must exist in this account (or be the one
 * deployed, calling itself), and the deploying token must be able to read it, since the binding hands the
 * code a way into it. Deployments of other accounts have no name here, so they are refused the same way.
 */
async function checkServiceBindings(store: ControlStoragePort, ctx: Pick<RouteContext<{ name: string }, unknown, unknown>, 'account' | 'params' | 'can'>, config: DeployConfig): Promise<void> {
  const { account, params } = ctx;
  const entries = ((config as Record<string, unknown>).services ?? []) as { binding: string; service: string }[];
  for (const [i, entry] of entries.entries()) {
    const pointer = `/body/config/services/${i}/service`;
    if (entry.service !== params.name && !(await store.getDeployment(account.id, entry.service))) {
      throw fieldError(pointer, `${entry.binding}: no deployment "${entry.service}" in this account; a service binding calls deployments of the same account only (deploy "${entry.service}" in this account first)`);
    }
    if (!ctx.can('deployments:read', 'deployment', entry.service)) throw new ApiError('forbidden', `${entry.binding}: the token lacks "deployments:read" on the deployment "${entry.service}" it binds`, { pointer });
  }
}

/** `[0]` → `/0`, `.producers[1]` → `/producers/1`. */
function toPointer(path: string): string {
  return path.replace(/\[(\d+)\]/g, '/$1').replace(/\./g, '/');
}

/** Every resource the current versions of an account's deployments point at, with the deployment. */
export async function boundResources(store: ControlStoragePort, accountId: string, registry: BindingRegistry): Promise<(ResourceUse & { deployment: string })[]> {
  const out: (ResourceUse & { deployment: string })[] = [];
  for (const deployment of await store.listDeployments(accountId)) {
    const version = await store.getVersion(deployment.current_version_id);
    if (version) out.push(...resourceUses(storedDeployConfig(version, registry), registry).map((u) => ({ ...u, deployment: deployment.name })));
  }
  return out;
}

/**
 * Deployments, their immutable versions, rollback, and custom domains; deploys are checked against the binding
 * kinds of `registry` (a list of routes per list of kinds, holding no services: handlers get them per request).
 */
export function deploymentRoutes(registry: BindingRegistry): RouteDefinition[] {
  const body = registry === BINDINGS ? PUT_BODY : putBody(registry);

  async function deploymentView({ store, platformDomain }: ControlServices, account: AccountRecord, deployment: DeploymentRecord): Promise<Record<string, unknown>> {
    const version = await store.getVersion(deployment.current_version_id);
    const config = version ? storedVersionConfig(version, registry) : null;
    const custom = (await store.listDomains(account.id)).filter((d) => d.deployment === deployment.name).map((d) => d.hostname);
    return {
      name: deployment.name, account_id: account.id, current_version_id: deployment.current_version_id,
      edge_dev: config?.edge_dev ?? false, preview_urls: config?.preview_urls ?? false,
      hostnames: {
        default: defaultHostname(deployment.name, account.subdomain, platformDomain),
        preview: previewHostname(deployment.current_version_id, deployment.name, account.subdomain, platformDomain),
        custom,
      },
      created_on: deployment.created_on, modified_on: deployment.modified_on,
    };
  }
  const versionView = ({ platformDomain }: ControlServices, account: AccountRecord, v: VersionRecord) => ({
    id: v.id, number: v.number, deployment: v.deployment, message: v.message, created_on: v.created_on, main_module: v.main_module, config: v.config, bundle_sha256: v.bundle_sha256 ?? null,
    preview_hostname: previewHostname(v.id, v.deployment, account.subdomain, platformDomain),
  });
  const mustFind = async ({ store }: ControlServices, accountId: string, name: string) => {
    const found = await store.getDeployment(accountId, name);
    if (!found) throw new ApiError('object_not_found', `no deployment ${name} in this account`);
    return found;
  };

  return [
    defineRoute({
      id: 'deployments.list', method: 'GET', path: '/accounts/{account_id}/deployments', summary: 'List deployments', result: z.array(DEPLOYMENT),
      auth: { group: 'deployments:read', resource: 'any' }, params: ACCOUNT_PARAMS, query: PAGE_QUERY,
      async handler({ services, account, query, can }) {
        const visible = (await services.store.listDeployments(account.id)).filter((d) => can('deployments:read', 'deployment', d.name));
        return paginate(await Promise.all(visible.map((d) => deploymentView(services, account, d))), query);
      },
    }),
    defineRoute({
      id: 'deployments.get', method: 'GET', path: '/accounts/{account_id}/deployments/{name}', summary: 'Get a deployment', result: DEPLOYMENT,
      auth: { group: 'deployments:read', resource: (p) => ({ kind: 'deployment', name: p.name }) }, params: NAME_PARAMS,
      async handler({ services, account, params }) { return { result: await deploymentView(services, account, await mustFind(services, account.id, params.name)) }; },
    }),
    defineRoute({
      id: 'deployments.put', method: 'PUT', path: '/accounts/{account_id}/deployments/{name}', summary: 'Upload a new immutable version and point the deployment at it', result: DEPLOYED,
      auth: { group: 'deployments:write', resource: (p) => ({ kind: 'deployment', name: p.name }) }, params: NAME_PARAMS, body,
      async handler(ctx) {
        const { services, account, params, body, now } = ctx;
        const { store } = services;
        const modules = decodeModules(body);
        const manifest = assetManifest(services, account.id, body);
        if (manifest) modules.push({ name: ASSET_MANIFEST_MODULE, content: new TextEncoder().encode(JSON.stringify(manifest)) });
        const { problems, warnings } = checkDeployConfig(body.config, now.slice(0, 10), registry);
        // The first problem's key is the pointer (SPEC, Errors: name what is wrong and where); all are in the message.
        if (problems.length) throw new ApiError('invalid_field', problems.join('; '), { pointer: problemPointer(problems[0] as string, '/body/config') });
        const secrets = new Set((await store.listSecrets(account.id, params.name)).map((s) => s.name));
        // secrets.required: a version that would start without a secret its code needs is refused, naming each (never a value).
        const required = body.config.secrets?.required ?? [];
        const missing = required.filter((n) => !secrets.has(n));
        if (missing.length) {
          throw fieldError(`/body/config/secrets/required/${required.indexOf(missing[0] as string)}`, missingSecretsMessage(params.name, missing));
        }
        const clash = envNames(body.config, registry).find((n) => secrets.has(n.name));
        if (clash) throw fieldError(clash.pointer, `"${clash.name}" is a secret of ${params.name}; a var or binding needs another name (or delete the secret: ledge secret delete ${clash.name})`);
        for (const use of resourceUses(body.config, registry)) {
          if (!(await store.getResource(account.id, use.kind, use.ref))) throw fieldError(use.pointer, `${use.binding}: no ${use.kind} resource "${use.ref}" in this account; create it first`);
          // A binding hands code a capability: the deploying token must be able to see what it hands out.
          const { read: group, keyKind } = use;
          if (!ctx.can(group, keyKind, use.ref)) throw new ApiError('forbidden', `${use.binding}: the token lacks "${group}" on the ${use.kind} resource "${use.ref}" it binds`, { pointer: use.pointer });
        }
        await checkServiceBindings(store, ctx, body.config);
        const id = randomUUID();
        const domains = await routeDomains(services, ctx, body.config);
        // What runs is what the platform built from the upload, never the upload as it came (SPEC: What the service does 4).
        // The asset manifest is the platform's own record, stored beside the built module, not built.
        const code = modules.filter((m) => m.name !== ASSET_MANIFEST_MODULE);
        const built = body.main_module === undefined ? undefined : await buildOrRefuse(services, account.id, code, body.main_module, body.config);
        const builtName = body.main_module === undefined ? undefined : builtModuleName(body.main_module);
        const stored = built && builtName !== undefined ? [
          { name: builtName, content: built.content },
          // Beside the module, where the issue grouping reads it (src/observability/stack.ts).
          ...(built.map ? [{ name: `${builtName}.map`, content: built.map }] : []),
          ...modules.filter((m) => m.name === ASSET_MANIFEST_MODULE),
        ] : modules;
        // Coordination-object migrations apply at deploy, in order, recorded per deployment; a class dropped without a
        // deleted_classes or renamed_classes migration refuses the deploy, naming it (docs/bindings/coordination.md).
        const versionConfig = toVersionConfig(body.config);
        // Each class the migrations leave is served by the built module, bound or not (it is in `exports`): checked
        // before any migration applies, so a refusal changes nothing (docs/runtime.md, `exports`).
        await refuseUnexportedClasses(versionConfig.migrations, body.main_module === undefined ? { content: new Uint8Array() } : built);
        try {
          await migrateDeployment(services.data(account.id).coordination, account.id, params.name, versionConfig);
        } catch (err) {
          if (hasCode(err, 'config_invalid')) throw new ApiError('invalid_field', err.message, { pointer: '/body/config/migrations' });
          throw err;
        }
        const version: VersionRecord = { id, account_id: account.id, deployment: params.name, number: 0, message: body.message ?? null, created_on: now, main_module: builtName ?? ASSET_MANIFEST_MODULE, config: body.config as Record<string, unknown>, bundle_sha256: built?.sha256 ?? null };
        const deployment = await store.writeVersion({ version, modules: stored, domains });
        await services.changed(account.id);
        const written = await store.getVersion(id) as VersionRecord;
        return {
          result: { deployment: await deploymentView(services, account, deployment), version: versionView(services, account, written) },
          // What `ledge.jsonc` would be warned about (an unknown compatibility flag has no effect) reaches an API client too.
          ...(warnings.length ? { messages: warnings.map((message) => ({ code: CONFIG_WARNING_MESSAGE, message })) } : {}),
        };
      },
    }),
    defineRoute({
      id: 'deployments.delete', method: 'DELETE', path: '/accounts/{account_id}/deployments/{name}', summary: 'Delete a deployment, its versions and its custom domains (its data stays)', result: DELETED_NAME,
      auth: { group: 'deployments:write', resource: (p) => ({ kind: 'deployment', name: p.name }) }, params: NAME_PARAMS,
      async handler({ services, account, params }) {
        if (!(await services.store.deleteDeployment(account.id, params.name))) throw new ApiError('object_not_found', `no deployment ${params.name} in this account`);
        await services.changed(account.id);
        return { result: { name: params.name } };
      },
    }),
    defineRoute({
      id: 'versions.list', method: 'GET', path: '/accounts/{account_id}/deployments/{name}/versions', summary: 'List the versions of a deployment, newest first', result: z.array(VERSION),
      auth: { group: 'deployments:read', resource: (p) => ({ kind: 'deployment', name: p.name }) }, params: NAME_PARAMS, query: PAGE_QUERY,
      async handler({ services, account, params, query }) {
        await mustFind(services, account.id, params.name);
        return paginate((await services.store.listVersions(account.id, params.name)).map((v) => versionView(services, account, v)), query);
      },
    }),
    defineRoute({
      id: 'versions.get', method: 'GET', path: '/accounts/{account_id}/deployments/{name}/versions/{version_id}', summary: 'Get a version', result: VERSION,
      auth: { group: 'deployments:read', resource: (p) => ({ kind: 'deployment', name: p.name }) }, params: NAME_PARAMS.extend({ version_id: z.string() }),
      async handler({ services, account, params }) {
        const version = await services.store.getVersion(params.version_id);
        if (!version || version.account_id !== account.id || version.deployment !== params.name) throw new ApiError('object_not_found', `no version ${params.version_id} of ${params.name}`);
        return { result: versionView(services, account, version) };
      },
    }),
    defineRoute({
      id: 'deployments.rollback', method: 'POST', path: '/accounts/{account_id}/deployments/{name}/rollback', summary: "Point the deployment back at an earlier version's code and configuration (data is not rolled back)",
      result: ROLLED_BACK, auth: { group: 'deployments:write', resource: (p) => ({ kind: 'deployment', name: p.name }) }, params: NAME_PARAMS,
      body: z.strictObject({ version_id: z.string().optional() }),
      async handler({ services, account, params, body, now }) {
        const current = await mustFind(services, account.id, params.name);
        const versions = await services.store.listVersions(account.id, params.name);
        const currentNumber = versions.find((v) => v.id === current.current_version_id)?.number ?? Infinity;
        const wanted = body.version_id;
        const target = wanted === undefined
          ? versions.find((v) => v.number < currentNumber)
          : versions.find((v) => v.id === wanted || (wanted.length >= 8 && v.id.startsWith(wanted)));
        if (!target) {
          if (body.version_id === undefined) throw new ApiError('conflict', `${params.name} has no version before the current one to roll back to`);
          throw fieldError('/body/version_id', `no version ${body.version_id} of ${params.name}`);
        }
        if (target.id === current.current_version_id) throw fieldError('/body/version_id', `version ${target.id} is already the current version of ${params.name}`);
        const deployment = await services.store.pointAt(account.id, params.name, target.id, now) as DeploymentRecord;
        await services.changed(account.id);
        return {
          result: { deployment: await deploymentView(services, account, deployment), version: versionView(services, account, target), rolled_back_from: current.current_version_id },
          messages: [{ code: 10100, message: `Rolled back the code and configuration of ${params.name} to version ${target.number} (${target.id}). Data is not rolled back: rows, keys, objects and messages written by later versions stay, and their external effects are not undone.` }],
        };
      },
    }),
  ];

  async function buildOrRefuse(services: ControlServices, account: string, modules: { name: string; content: Uint8Array }[], main: string, config: DeployConfig): Promise<{ content: Uint8Array; sha256: string; map?: Uint8Array } | undefined> {
    if (!services.buildUpload) return undefined;
    try {
      return await services.buildUpload({
        account, modules, main, compatibilityFlags: config.compatibility_flags ?? [], define: config.define, alias: config.alias, rules: config.rules,
        jsxFactory: config.jsx_factory, jsxFragment: config.jsx_fragment, noBundle: config.no_bundle,
      });
    } catch (err) {
      if (isLedgeError(err)) throw fieldError('/body/modules', `the platform could not build the upload: ${err.message}`);
      throw err;
    }
  }

  /**
   * Refuses a version whose built module does not export a class its migrations leave (a version without code has
   * no exports; a platform that builds nothing cannot tell, and checks nothing).
   */
  async function refuseUnexportedClasses(migrations: VersionConfig['migrations'], built: { content: Uint8Array } | undefined): Promise<void> {
    if (migrations.length === 0 || !built) return;
    let exportNames: string[];
    try {
      exportNames = built.content.byteLength === 0 ? [] : await moduleExportNames(Buffer.from(built.content).toString('utf8'));
    } catch (err) {
      throw fieldError('/body/modules', `the platform could not read the exports of the built module: ${(err as Error).message.split('\n')[0] ?? ''}`);
    }
    const problems = classExportProblems(migrations, exportNames);
    if (problems.length) throw new ApiError('invalid_field', `the coordination classes of this deployment cannot be served:\n  ${problems.join('\n  ')}`, { pointer: '/body/config/migrations' });
  }

  /** Custom domains from `routes`: checked, permitted, and ready to be written with the version. */
  async function routeDomains({ platformDomain }: ControlServices, ctx: RouteContext<{ account_id: string; name: string }, unknown, z.infer<typeof PUT_BODY>>, config: DeployConfig): Promise<DomainRecord[]> {
    const domains: DomainRecord[] = [];
    for (const [i, route] of (config.routes ?? []).entries()) {
      const found = routeHostname(route);
      if ('problem' in found) throw fieldError(`/body/config/routes/${i}`, found.problem);
      const problem = customDomainProblem(found.hostname, platformDomain);
      if (problem !== null) throw fieldError(`/body/config/routes/${i}`, problem);
      ctx.require('domains:write', 'domain', found.hostname);
      domains.push({ id: randomUUID().replace(/-/g, ''), account_id: ctx.account.id, hostname: found.hostname, deployment: ctx.params.name, tunnel_id: null, created_on: ctx.now });
    }
    return domains;
  }
}

/** The uploaded modules, decoded; the main module must be one of them and the total stays under the limit. */
function decodeModules(body: z.infer<typeof PUT_BODY>): { name: string; content: Uint8Array }[] {
  const seen = new Set<string>();
  let total = 0;
  const modules = body.modules.map((m, i) => {
    if (m.name === ASSET_MANIFEST_MODULE) throw fieldError(`/body/modules/${i}/name`, `${ASSET_MANIFEST_MODULE} is the name the platform stores a version's asset manifest under; rename the module`);
    if (seen.has(m.name)) throw fieldError(`/body/modules/${i}/name`, `the module ${m.name} is listed twice`);
    seen.add(m.name);
    const content = new Uint8Array(Buffer.from(m.content_base64, 'base64'));
    total += content.byteLength;
    return { name: m.name, content };
  });
  if (body.main_module === undefined) {
    if (body.assets === undefined) throw fieldError('/body/main_module', 'a version needs a main module, or assets to serve without one');
    if (modules.length) throw fieldError('/body/modules', 'modules were uploaded without a main_module naming the entry');
    return modules;
  }
  if (!seen.has(body.main_module)) throw fieldError('/body/main_module', `${body.main_module} is not one of the uploaded modules (${[...seen].join(', ')})`);
  if (total > MODULES_LIMIT) throw fieldError('/body/modules', `the modules add up to ${total} bytes; at most ${MODULES_LIMIT} are accepted`);
  return modules;
}

/**
 * The asset manifest of an upload, checked: within the per-version limits, every file's content already in
 * the account's store (naming the path that is not), the rule files within theirs. Undefined without assets.
 */
function assetManifest(services: ControlServices, accountId: string, body: z.infer<typeof PUT_BODY>): StoredManifest | undefined {
  if (!body.assets) return undefined;
  const store = services.assetContent(accountId);
  const entries = Object.entries(body.assets.files);
  if (entries.length > ASSET_LIMITS.files) throw fieldError('/body/assets/files', `${entries.length} files; a version may hold at most ${ASSET_LIMITS.files}`);
  const files: StoredManifest['files'] = {};
  for (const [pathname, { hash, size }] of entries) {
    if (!store.has(hash)) throw fieldError(`/body/assets/files/${pathname}`, `the content of ${pathname} (sha256 ${hash}) was not uploaded; upload it first (POST .../assets/upload)`);
    files[pathname] = [hash, size];
  }
  try {
    if (body.assets.headers !== undefined) parseHeaders(body.assets.headers);
    if (body.assets.redirects !== undefined) parseRedirects(body.assets.redirects);
  } catch (err) {
    if (isLedgeError(err)) throw fieldError('/body/assets', err.message);
    throw err;
  }
  return { files, headers: body.assets.headers ?? null, redirects: body.assets.redirects ?? null };
}

/**
 * The name the built module is stored and loaded under: the uploaded entry's name when it is JavaScript, otherwise that
 * name with `.js` for its extension (`index.ts` is built into `index.js`), since what runs is JavaScript and the
 * module loader goes by the extension.
 */
function builtModuleName(mainModule: string): string {
  if (/\.(m?js)$/.test(mainModule)) return mainModule;
  return `${mainModule.replace(/\.[A-Za-z0-9]+$/, '')}.js`;
}

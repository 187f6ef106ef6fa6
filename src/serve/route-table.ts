import { storedVersionConfig } from '../config/deploy.js';
import type { BindingRegistry } from '../bindings/registry.js';
import { ipAddressOf } from '../entry/custom-domains.js';
import { defaultHostname, normalizeHost, parsePlatformHost, parsePreviewLabel, TEAM_LABEL } from '../entry/hostnames.js';
import { covers, pathReadings, toGuardedPrefix } from '../identity/access-paths.js';
import type { AccessAppRecord } from '../storage/access.js';
import type { ControlStoragePort } from '../storage/control.js';

export { TEAM_LABEL } from '../entry/hostnames.js';

/**
 * What answers a hostname: a deployment's version, a tunnel, or an account's team domain (login, keys).
 * `key` names the deployment or tunnel, whichever hostname reached it: access applications protect by key.
 */
export type RouteTarget =
  | { kind: 'version'; versionId: string; accountId: string; key: string }
  | { kind: 'tunnel'; tunnelId: string; accountId: string; key: string }
  | { kind: 'team'; accountId: string; subdomain: string };

/** Which version, tunnel or team domain answers a hostname, and which access application guards a path. */
export interface RouteTable {
  /** The target for a request's hostname, or null when nothing answers it. */
  resolve(host: string): RouteTarget | null;
  /** The access application protecting a path of a deployment or tunnel (the most specific), or null. */
  protection(target: RouteTarget, path: string): AccessAppRecord | null;
  /** Every access application guarding some path of a deployment or tunnel. */
  guardians(target: RouteTarget): AccessAppRecord[];
  /** Why a current version's hostnames are missing: its stored configuration could not be read (its custom domains still reach it, to fail alone). */
  readonly damaged: string[];
}

/**
 * Builds the table: default hostnames of deployments whose current version has `edge_dev`, custom
 * domains (always), the versions reachable by preview hostname where the current version has
 * `preview_urls`, hostnames bound to tunnels, team domains, and the access applications, each attached
 * to the deployment or tunnel its domain reaches, so every hostname of it is guarded. Rebuilt after every
 * change the account API makes.
 */
export async function buildRouteTable(store: ControlStoragePort, platformDomain: string, apps: readonly AccessAppRecord[], registry?: BindingRegistry): Promise<RouteTable> {
  const exact = new Map<string, RouteTarget>();
  const previews = new Map<string, { accountId: string; key: string; ids: string[] }>();
  const subdomains = new Map<string, string>();
  const accountsBySubdomain = new Map<string, string>();
  for (const account of await store.listAccounts()) {
    subdomains.set(account.id, account.subdomain);
    accountsBySubdomain.set(account.subdomain, account.id);
  }
  const currentOf = new Map<string, string>();
  const damaged: string[] = [];
  for (const deployment of await store.listDeployments()) {
    const subdomain = subdomains.get(deployment.account_id);
    const version = await store.getVersion(deployment.current_version_id);
    if (subdomain === undefined || !version) continue;
    const key = `d:${deployment.account_id}/${deployment.name}`;
    currentOf.set(`${deployment.account_id}/${deployment.name}`, version.id);
    let config;
    try {
      config = storedVersionConfig(version, registry);
    } catch (err) {
      damaged.push((err as Error).message);
      continue;
    }
    if (config.edge_dev) exact.set(defaultHostname(deployment.name, subdomain, platformDomain), { kind: 'version', versionId: version.id, accountId: deployment.account_id, key });
    if (config.preview_urls) {
      const ids = (await store.listVersions(deployment.account_id, deployment.name)).map((v) => v.id.replace(/-/g, ''));
      previews.set(`${subdomain}/${deployment.name}`, { accountId: deployment.account_id, key, ids });
    }
  }
  for (const domain of await store.listDomains()) {
    const versionId = domain.deployment === null ? undefined : currentOf.get(`${domain.account_id}/${domain.deployment}`);
    if (versionId) exact.set(domain.hostname, { kind: 'version', versionId, accountId: domain.account_id, key: `d:${domain.account_id}/${domain.deployment}` });
    if (domain.tunnel_id !== null) exact.set(domain.hostname, { kind: 'tunnel', tunnelId: domain.tunnel_id, accountId: domain.account_id, key: `t:${domain.tunnel_id}` });
  }
  const withDashes = (compact: string) => `${compact.slice(0, 8)}-${compact.slice(8, 12)}-${compact.slice(12, 16)}-${compact.slice(16, 20)}-${compact.slice(20)}`;

  function resolve(rawHost: string): RouteTarget | null {
    const host = normalizeHost(rawHost);
    // A request by IP address (any spelling) reaches no application, even through a domain stored before they were refused.
    if (ipAddressOf(host) !== null) return null;
    const found = exact.get(host);
    if (found) return found;
    const parts = parsePlatformHost(host, platformDomain);
    if (!parts) return null;
    if (parts.subdomain === TEAM_LABEL) {
      const accountId = accountsBySubdomain.get(parts.label);
      return accountId ? { kind: 'team', accountId, subdomain: parts.label } : null;
    }
    const preview = parsePreviewLabel(parts.label);
    if (!preview) return null;
    const entry = previews.get(`${parts.subdomain}/${preview.name}`);
    const matches = (entry?.ids ?? []).filter((id) => id.startsWith(preview.prefix));
    // Two versions sharing the first eight characters would make the hostname ambiguous: answer neither.
    return entry && matches.length === 1 ? { kind: 'version', versionId: withDashes(matches[0] as string), accountId: entry.accountId, key: entry.key } : null;
  }

  // An application guards the deployment or tunnel its domain reaches, on every hostname of it. A domain
  // that reaches nothing yet (edge_dev off, no deployment) still guards that hostname's own deployment
  // once it exists: it is resolved by name too.
  const guarded = new Map<string, { app: AccessAppRecord; path: string }[]>();
  for (const app of apps) {
    const slash = app.domain.indexOf('/');
    const host = slash === -1 ? app.domain : app.domain.slice(0, slash);
    const path = slash === -1 ? '/' : toGuardedPrefix(app.domain.slice(slash));
    const keys = new Set<string>();
    const target = resolve(host);
    if (target && target.kind !== 'team' && target.accountId === app.account_id) keys.add(target.key);
    const parts = parsePlatformHost(host, platformDomain);
    if (parts && subdomains.get(app.account_id) === parts.subdomain) keys.add(`d:${app.account_id}/${parsePreviewLabel(parts.label)?.name ?? parts.label}`);
    for (const key of keys) guarded.set(key, [...(guarded.get(key) ?? []), { app, path }]);
  }

  return {
    damaged,
    resolve,
    protection(target, rawPath) {
      const entries = target.kind === 'team' ? undefined : guarded.get(target.key);
      if (!entries) return null;
      // Any reading of the path that falls under a guarded prefix guards it; the most specific application wins.
      const readings = pathReadings(rawPath);
      const candidates = entries.filter((g) => readings.some((reading) => covers(g.path, reading)));
      return candidates.sort((a, b) => b.path.length - a.path.length)[0]?.app ?? null;
    },
    guardians(target) {
      return target.kind === 'team' ? [] : (guarded.get(target.key) ?? []).map((g) => g.app);
    },
  };
}

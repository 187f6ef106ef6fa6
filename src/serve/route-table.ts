import { toVersionConfig, type DeployConfig } from '../config/deploy.js';
import { defaultHostname, normalizeHost, parsePlatformHost, parsePreviewLabel } from '../entry/hostnames.js';
import type { ControlStoragePort } from '../storage/control.js';

/** What answers a hostname: a deployment's version, or a tunnel. */
export type RouteTarget = { kind: 'version'; versionId: string } | { kind: 'tunnel'; tunnelId: string };

/** Which version or tunnel answers a hostname, decided from the control state at one moment. */
export interface RouteTable {
  /** The target for a request's hostname, or null when nothing answers it. */
  resolve(host: string): RouteTarget | null;
}

/**
 * Builds the table: default hostnames of deployments whose current version has `edge_dev`, custom
 * domains (always), and the versions reachable by preview hostname where the current version has
 * `preview_urls`, and hostnames bound to tunnels. Rebuilt after every change the account API makes.
 */
export async function buildRouteTable(store: ControlStoragePort, platformDomain: string): Promise<RouteTable> {
  const exact = new Map<string, RouteTarget>();
  const previews = new Map<string, string[]>();
  const subdomains = new Map<string, string>();
  for (const account of await store.listAccounts()) subdomains.set(account.id, account.subdomain);
  const currentOf = new Map<string, string>();
  for (const deployment of await store.listDeployments()) {
    const subdomain = subdomains.get(deployment.account_id);
    const version = await store.getVersion(deployment.current_version_id);
    if (subdomain === undefined || !version) continue;
    currentOf.set(`${deployment.account_id}/${deployment.name}`, version.id);
    const config = toVersionConfig(version.config as DeployConfig);
    if (config.edge_dev) exact.set(defaultHostname(deployment.name, subdomain, platformDomain), { kind: 'version', versionId: version.id });
    if (config.preview_urls) {
      previews.set(`${subdomain}/${deployment.name}`, (await store.listVersions(deployment.account_id, deployment.name)).map((v) => v.id.replace(/-/g, '')));
    }
  }
  for (const domain of await store.listDomains()) {
    const versionId = domain.deployment === null ? undefined : currentOf.get(`${domain.account_id}/${domain.deployment}`);
    if (versionId) exact.set(domain.hostname, { kind: 'version', versionId });
    if (domain.tunnel_id !== null) exact.set(domain.hostname, { kind: 'tunnel', tunnelId: domain.tunnel_id });
  }
  const withDashes = (compact: string) => `${compact.slice(0, 8)}-${compact.slice(8, 12)}-${compact.slice(12, 16)}-${compact.slice(16, 20)}-${compact.slice(20)}`;
  return {
    resolve(rawHost) {
      const host = normalizeHost(rawHost);
      const found = exact.get(host);
      if (found) return found;
      const parts = parsePlatformHost(host, platformDomain);
      const preview = parts ? parsePreviewLabel(parts.label) : null;
      if (!parts || !preview) return null;
      const versions = previews.get(`${parts.subdomain}/${preview.name}`) ?? [];
      const matches = versions.filter((id) => id.startsWith(preview.prefix));
      // Two versions sharing the first eight characters would make the hostname ambiguous: answer neither.
      return matches.length === 1 ? { kind: 'version', versionId: withDashes(matches[0] as string) } : null;
    },
  };
}

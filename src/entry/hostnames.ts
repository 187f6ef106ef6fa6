/** The label of team domains: `<account subdomain>.access.<platform domain>` (reserved as an account subdomain). */
export const TEAM_LABEL = 'access';

/** Characters of a version id that name it in a preview hostname. */
export const PREVIEW_PREFIX_LENGTH = 8;

/** The default hostname of a deployment: `<name>.<account subdomain>.<platform domain>`. */
export function defaultHostname(name: string, subdomain: string, platformDomain: string): string {
  return `${name}.${subdomain}.${platformDomain}`;
}

/** The preview hostname of one version: `<first 8 of the version id>-<name>.<account subdomain>.<platform domain>`. */
export function previewHostname(versionId: string, name: string, subdomain: string, platformDomain: string): string {
  return `${versionId.replace(/-/g, '').slice(0, PREVIEW_PREFIX_LENGTH)}-${name}.${subdomain}.${platformDomain}`;
}

/** The hostname of a request: lowercase, without port or trailing dot. */
export function normalizeHost(host: string): string {
  const lower = host.trim().toLowerCase();
  const bare = lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1) : lower.replace(/:\d+$/, '');
  return bare.replace(/\.$/, '');
}

/** How a hostname under the platform domain reads: a label and an account subdomain. */
export interface PlatformHost {
  /** The first label: a deployment name, or `<prefix>-<name>` for a preview. */
  label: string;
  subdomain: string;
}

/** Splits `<label>.<subdomain>.<platform domain>`; null for any other shape. */
export function parsePlatformHost(host: string, platformDomain: string): PlatformHost | null {
  const suffix = `.${platformDomain}`;
  if (!host.endsWith(suffix)) return null;
  const parts = host.slice(0, -suffix.length).split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return { label: parts[0], subdomain: parts[1] };
}

/** A preview label split into its version prefix and deployment name, or null when it is not one. */
export function parsePreviewLabel(label: string): { prefix: string; name: string } | null {
  const m = /^([0-9a-f]{8})-(.+)$/.exec(label);
  return m ? { prefix: m[1] as string, name: m[2] as string } : null;
}

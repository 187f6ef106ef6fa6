import { normalizeHost } from '../hostnames.js';

/** The reference's message for a misplaced `*` (control-plane.md 4.2), kept word for word. */
export const BAD_WILDCARD = 'Hostname patterns can have at most one wildcard character ("*") and it can only be used for subdomains, e.g. "*.example.com"';

/** The reference's message for a hostname with a port (control-plane.md 4.2). */
export const HOSTNAME_HAS_PORT = 'Hostname cannot contain a port';

/** Characters no hostname has; `/` is told apart first because it means a URL was written. */
const NOT_IN_HOSTNAME = /[\s@?#\\%]/;

/**
 * Checks a rule's hostname (not empty, not `*`) and returns the form it is matched in: lowercase,
 * international names in their ASCII form, no trailing dot, a wildcard kept as its leading `*.`.
 */
export function parseHostname(hostname: string): { pattern: string } | { problem: string } {
  if (hostname.includes('/')) return { problem: `Hostname cannot contain a scheme or a path: write "example.com", not "https://example.com/" (got "${hostname}")` };
  if (hasPort(hostname)) return { problem: HOSTNAME_HAS_PORT };
  // Stricter than the reference, which lets "*example.com" through as a pattern that can never match:
  // a wildcard is only ever a whole leading label (SPEC: Tunnel ingress configuration).
  const wildcard = hostname.startsWith('*.');
  const bare = wildcard ? hostname.slice(2) : hostname;
  if (bare.includes('*')) return { problem: BAD_WILDCARD };
  const ascii = bare === '' || NOT_IN_HOSTNAME.test(bare) ? null : toAsciiHost(bare);
  if (ascii === null) return { problem: `Hostname "${hostname}" is not a valid hostname` };
  return { pattern: wildcard ? `*.${ascii}` : ascii };
}

/** The host of a request in the form rule patterns are written in: no port, lowercase, ASCII. */
export function toMatchedHost(host: string): string {
  return toAsciiHost(normalizeHost(host)) ?? normalizeHost(host);
}

/**
 * True when a rule's pattern (from parseHostname, or undefined for "any") matches a request host from
 * toMatchedHost. `*.example.com` matches `a.example.com` and `a.b.example.com`, never `example.com` or
 * `badexample.com`: the dot stays part of the suffix, as in the reference's current matcher.
 */
export function hostMatches(pattern: string | undefined, host: string): boolean {
  if (pattern === undefined || pattern === '*') return true;
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
  return host === pattern;
}

/** As the reference decides it (Go's net.SplitHostPort succeeds): `host:port` with one colon, or `[v6]:port`. */
function hasPort(hostname: string): boolean {
  return /^\[[^\]]*\]:[^:]*$/.test(hostname) || /^[^:[\]]*:[^:]*$/.test(hostname);
}

function toAsciiHost(host: string): string | null {
  try {
    const { hostname, port, username } = new URL(`http://${host}`);
    if (port !== '' || username !== '') return null;
    return hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

import { isIP } from 'node:net';
import { parse as parseDomain } from 'tldts';
import { HOSTNAME } from '../config/deploy.js';

const LAST_LABEL_NUMERIC = /(?:^|\.)(?:\d+|0x[0-9a-f]*)\.?$/i;

/**
 * The IP address a hostname names, the way an HTTP client reads it, or null. Besides dotted and bracketed
 * forms, URL host parsing reads `2130706433`, `0x7f000001`, `0177.0.0.1` and `127.1` as 127.0.0.1.
 */
export function ipAddressOf(host: string): string | null {
  // URL parsing reads a name as IPv4 only when its last label is a number: most names end otherwise (it runs per request).
  if (!host.includes(':') && !host.startsWith('[') && !LAST_LABEL_NUMERIC.test(host)) return null;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isIP(bare)) return bare;
  let parsed: string;
  try {
    parsed = new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
  const inner = parsed.startsWith('[') && parsed.endsWith(']') ? parsed.slice(1, -1) : parsed;
  return isIP(inner) ? inner : null;
}

/**
 * Why a name cannot be a custom domain of this platform, or null when it can. Refused: IP addresses in
 * any spelling, names that are not DNS hostnames, names under the platform domain, `localhost` and
 * `*.localhost`, single labels, names whose last label is a number, and public suffixes (`co.uk`,
 * `github.io`: their subdomains belong to different owners), from the Public Suffix List that `tldts` ships.
 */
export function customDomainProblem(hostname: string, platformDomain: string): string | null {
  const ip = ipAddressOf(hostname);
  if (ip !== null) return `${hostname} is an IP address (${ip}); a custom domain is a DNS name such as shop.example.com`;
  if (!HOSTNAME.test(hostname)) return 'expected a hostname without scheme, port or path (e.g. shop.example.com)';
  if (hostname === platformDomain || hostname.endsWith(`.${platformDomain}`)) {
    return `${hostname} lies under the platform domain ${platformDomain}; custom domains must be outside it (the platform's own hostnames come from edge_dev and preview_urls)`;
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return `${hostname} is a loopback name; a custom domain is a public DNS name such as shop.example.com`;
  if (!hostname.includes('.')) return `${hostname} is a single label; a custom domain is a name under a registered domain, such as shop.example.com`;
  // URL parsing refuses a name ending in a number (it would be an IPv4 address, and it is not one).
  if (!URL.canParse(`http://${hostname}/`)) return `${hostname} ends in a number, which clients read as an IP address`;
  if (parseDomain(hostname, { allowPrivateDomains: true }).domain === null) {
    return `${hostname} is a public suffix (like co.uk or github.io), under which names belong to different owners; bind a name under a domain you own`;
  }
  return null;
}

import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { DispatchRequest } from '../runtime/isolate.js';

/**
 * Why a request to one of `ledge dev`'s own routes (`/__ledge/...`) is refused, or undefined when it may pass.
 *
 * Those routes read the project's logs and issues and consume its queues, with no credential: the only thing
 * that keeps them to the developer is that the server listens on loopback. A web page on another origin can
 * still reach a loopback port, two ways, and both are closed here (as Vite's and webpack's dev servers do):
 * - DNS rebinding: a name the attacker controls resolves to 127.0.0.1, so the browser treats the dev server as
 *   the attacker's own origin and reads its answers. The Host header then carries the attacker's name: only a
 *   local name (`localhost`, `*.localhost`), an IP address, or the name `ledge dev --ip` was given passes.
 * - Cross-site requests: a page elsewhere sends a simple POST (no preflight) to `http://127.0.0.1:8787/__ledge/...`.
 *   Its Origin header names the page: only an origin on a local name or on the Host the request came to passes.
 *   A request without Origin (the CLI, curl) is not a browser's cross-site request.
 */
export function devRouteRefusal(request: DispatchRequest, listenHost: string | undefined): string | undefined {
  // A request made in-process (`server.request(...)`, tests and tools) has no socket: no browser sent it.
  if (request.httpProtocol === undefined) return undefined;
  const host = hostOf(request.url);
  if (host === undefined || !(isLocalName(host) || isIP(host) !== 0 || sameName(host, listenHost))) {
    return `the Host header names "${host ?? '?'}", not this machine: ledge dev answers its /__ledge routes only to localhost, an IP address or the --ip name (DNS rebinding guard)`;
  }
  const origin = headerOf(request, 'origin');
  if (origin === undefined) return undefined;
  const from = hostOf(origin);
  if (from !== undefined && (isLoopbackName(from) || sameName(from, host))) return undefined;
  return `the request comes from the web page at ${JSON.stringify(origin.slice(0, 200))}: ledge dev answers its /__ledge routes only to pages on this machine's own origins`;
}

/** The host name (brackets and port removed, lower case) of an absolute URL, or undefined when it is not one. */
function hostOf(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return undefined;
  return hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function isLocalName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

/** A local name or a loopback address: what a page served by this machine to itself is called. */
function isLoopbackName(host: string): boolean {
  if (isLocalName(host)) return true;
  if (!ipaddr.isValid(host)) return false;
  const parsed = ipaddr.process(host);
  return parsed.range() === 'loopback';
}

function sameName(host: string, other: string | undefined): boolean {
  return other !== undefined && host === other.replace(/^\[|\]$/g, '').toLowerCase();
}

function headerOf(request: DispatchRequest, name: string): string | undefined {
  const headers = request.headers;
  for (let i = 0; i < headers.length; i += 2) {
    if ((headers[i] as string).toLowerCase() === name) return headers[i + 1] as string;
  }
  return undefined;
}

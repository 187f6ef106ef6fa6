/** The scheme of the URLs application code sees for requests on a listener. */
export type PublicScheme = 'http' | 'https';

/** A Host value: a name (letters, digits, `.-_~`) or a bracketed IPv6 address, with an optional port. */
const HOST_SHAPE = /^[A-Za-z0-9.\-_~]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;
/** An absolute-form request target (RFC 9112 3.2.2): scheme, authority, then path and query. */
const ABSOLUTE_FORM = /^https?:\/\/([^/?#]*)(.*)$/is;

/** The URL a request is served under, and the host that names its deployment. */
export interface RequestTarget {
  url: string;
  host: string;
  /** True when the request line carried the authority (absolute-form): its host replaces the Host header. */
  absolute: boolean;
}

/**
 * The absolute URL of a request from its request target and Host header, or null when they do not make
 * one (the bridge answers 400): a host of another shape, a port past 65535, an IPv4-looking name with a
 * part over 255, a target that is not a path. An absolute-form target (`GET http://host/path?q HTTP/1.1`)
 * keeps its path and query, and its authority wins over the Host header, as RFC 9112 3.2.2 requires.
 * `scheme` is the one the client used: `https` when a TLS-terminating proxy in front forwards the request
 * (`ledge serve --public-scheme https`); the listener itself speaks plain HTTP.
 */
export function toRequestTarget(target: string | undefined, hostHeader: string, scheme: PublicScheme = 'http'): RequestTarget | null {
  let host = hostHeader;
  let path: string;
  let absolute = false;
  if (target === undefined || target === '*') path = '/';
  else if (target.startsWith('/')) path = target;
  else {
    const m = ABSOLUTE_FORM.exec(target);
    if (!m) return null;
    host = m[1] as string;
    const rest = m[2] as string;
    path = rest.startsWith('/') ? rest : `/${rest}`;
    absolute = true;
  }
  if (!HOST_SHAPE.test(host)) return null;
  const origin = `${scheme}://${host}`;
  // The shape test is cheap but lets through what a URL refuses (port 99999, 1.2.3.256, bad IDNA): ask the parser.
  return parsesAsOrigin(origin) ? { url: `${origin}${path}`, host, absolute } : null;
}

/** The parser's answer per origin, for the few a listener sees (bounded: the Host header is the client's to choose). */
const parsedOrigins = new Map<string, boolean>();
const PARSED_ORIGINS_MAX = 256;

/**
 * Whether the URL parser takes `origin` followed by a path. Only the scheme, host and port can make it refuse:
 * a path (and its query and fragment) after them is percent-encoded, never refused (WHATWG URL, path state). So
 * the answer is kept per origin rather than asked per request, where it was about 1 µs of the host's thread.
 */
function parsesAsOrigin(origin: string): boolean {
  let parses = parsedOrigins.get(origin);
  if (parses === undefined) {
    parses = URL.canParse(`${origin}/`);
    if (parsedOrigins.size >= PARSED_ORIGINS_MAX) parsedOrigins.clear();
    parsedOrigins.set(origin, parses);
  }
  return parses;
}

/**
 * The raw header list an application receives: the client's, with the host an absolute-form target named in
 * place of the Host header (`host`, when given), and the client's address from the connection's peer (when
 * known) in `Edge-Connecting-Ip` and in `CF-Connecting-IP`, the name applications written for the original read
 * (rate limiters, Hono's getConnInfo). A client's own values of those two are dropped, so an application can
 * trust what it reads there. An IPv4 peer on a dual-stack listener (`::ffff:192.0.2.1`) is named as IPv4.
 */
export function requestHeaders(raw: string[], options: { host?: string; clientAddress?: string }): string[] {
  const out: string[] = options.host === undefined ? [] : ['host', options.host];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    const lower = name.length === 4 || name.length === 16 || name.length === 18 ? name.toLowerCase() : '';
    if ((lower === 'host' && options.host !== undefined) || lower === 'cf-connecting-ip' || lower === 'edge-connecting-ip') continue;
    out.push(name, raw[i + 1] as string);
  }
  if (options.clientAddress) {
    const address = options.clientAddress.startsWith('::ffff:') && options.clientAddress.includes('.') ? options.clientAddress.slice(7) : options.clientAddress;
    out.push('edge-connecting-ip', address, 'cf-connecting-ip', address);
  }
  return out;
}

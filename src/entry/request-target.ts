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
  const url = `${scheme}://${host}${path}`;
  // The shape test is cheap but lets through what a URL refuses (port 99999, 1.2.3.256, bad IDNA): ask the parser.
  return URL.canParse(url) ? { url, host, absolute } : null;
}

/** The raw header list with the host an absolute-form target named in place of the Host header. */
export function withHost(raw: string[], host: string): string[] {
  const out: string[] = ['host', host];
  for (let i = 0; i < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() !== 'host') out.push(raw[i] as string, raw[i + 1] as string);
  }
  return out;
}

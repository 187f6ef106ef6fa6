/** What a matched ingress rule does with a request: proxy it to a local origin, or answer a fixed status. */
export type IngressService =
  | { readonly kind: 'http'; readonly origin: URL }
  | { readonly kind: 'status'; readonly status: number };

/** The service of the last rule, the catch-all (SPEC: Tunnel ingress configuration); any other is a risk the validator names. */
export const CATCH_ALL_SERVICE = 'http_status:404';

const STATUS_PREFIX = 'http_status:';

/** `scheme://authority` then whatever follows; the authority ends at the first `/`, `?` or `#`. */
const URL_SHAPE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(.*)$/s;

/** Schemes the connector proxies; the reference's other kinds (unix sockets, TCP, SSH...) are not served by Ledge. */
const HTTP_SCHEMES: ReadonlySet<string> = new Set(['http', 'https']);

/** Service kinds other connectors accept that Ledge's does not (control-plane.md 4.2), told apart from typos. */
const OTHER_KINDS = /^(unix:|unix\+tls:|hello_world$|hello-world$|helloworld$|bastion$|socks-proxy$)/;

/**
 * Parses one rule's `service`. Returns the service, or the problem without its rule number.
 * The wording of the first three problems is the reference's (control-plane.md 4.2); the others are Ledge's.
 */
export function parseService(text: string): { service: IngressService } | { problem: string } {
  if (text.startsWith(STATUS_PREFIX)) return parseStatus(text.slice(STATUS_PREFIX.length));
  if (OTHER_KINDS.test(text)) return { problem: unsupported(text) };
  const shape = URL_SHAPE.exec(text);
  if (!shape || shape[2] === '' || shape[2]?.startsWith(':')) {
    return { problem: `${text} is an invalid address, please make sure it has a scheme and a hostname` };
  }
  const [, scheme = '', , rest = ''] = shape;
  if (!HTTP_SCHEMES.has(scheme.toLowerCase())) return { problem: unsupported(text) };
  // A bare "/" counts as a path too, as it does for the reference's URL parser.
  if (rest.startsWith('/')) {
    return { problem: `${text} is an invalid address, ingress rules don't support proxying to a different path on the origin service. The path will be the same as the eyeball request's path` };
  }
  if (rest !== '') return { problem: `${text} is an invalid address, a service cannot carry a query or a fragment` };
  let origin: URL;
  try {
    origin = new URL(text);
  } catch {
    return { problem: `${text} is an invalid address, please check its hostname and its port (a number from 1 to 65535)` };
  }
  if (origin.username !== '' || origin.password !== '') return { problem: `${text} is an invalid address, a service cannot carry a user name or password` };
  return { service: { kind: 'http', origin } };
}

function unsupported(text: string): string {
  return `${text} is not a service Ledge's connector can reach: use http://<address>:<port>, https://<address>:<port> or http_status:<code>`;
}

/** `http_status:<code>`: a status a final response can have (a 1xx is not one). */
function parseStatus(code: string): { service: IngressService } | { problem: string } {
  if (!/^\d+$/.test(code)) return { problem: `invalid HTTP status: parsing ${JSON.stringify(code)}: not a number` };
  const status = Number(code);
  if (status < 200 || status > 599) return { problem: `invalid HTTP status: ${code} is not a response status (200 to 599)` };
  return { service: { kind: 'status', status } };
}

/** The service as the configuration would write it. */
export function formatService(service: IngressService): string {
  // URL adds a "/" path that a service never has.
  return service.kind === 'status' ? `${STATUS_PREFIX}${service.status}` : service.origin.href.replace(/\/$/, '');
}

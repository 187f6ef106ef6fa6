// CSRF and Origin guard for cookie-session writes (SPEC: Authentication 5, "Cookie-session write requests
// are checked for CSRF and Origin", and Errors rule 2, "refused before private content is read"; issue 7
// section 4; reference identity.md 4.3). It reads only the method and headers, never the body or the session.
import { CSRF_VARY } from './vary.js';

/** Methods that must not change state, so the guard lets them through. */
export const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/** Why a request was refused, for the application's own log line. */
export type CsrfRefusalReason = 'cross_site' | 'same_site' | 'origin_mismatch' | 'no_origin';

/** Options of `createCsrfGuard`. */
export interface CsrfGuardOptions {
  /** The application's public origins (`https://app.example.com`), compared exactly with `Origin`; never derived from `Host`. */
  origins: readonly string[];
  /** Accept `Sec-Fetch-Site: same-site` (any sibling subdomain may then write). A sibling listed in `origins` is accepted without this. @default false */
  allowSameSite?: boolean;
  /**
   * The cookie(s) that carry the session. When set, a request carrying none of them is not a cookie-session
   * request and passes (a bearer-only API client); when unset, every unsafe request is checked. @default undefined
   */
  sessionCookie?: string | readonly string[];
  /** Called with the reason of each refusal, for logging; it sees no header values. */
  onRefuse?: (refusal: { reason: CsrfRefusalReason; method: string }) => void;
}

/** The headers-only view of a request the guard needs: it cannot touch the body. */
export type CsrfRequest = Pick<Request, 'method' | 'headers'>;

const REFUSAL_BODY = JSON.stringify({ error: 'forbidden' });

/** Validates the options once and returns `csrfGuard(request)`: a 403 Response to send back, or null to go on. */
export function createCsrfGuard(options: CsrfGuardOptions): (request: CsrfRequest) => Response | null {
  const origins = new Set(toOrigins(options.origins));
  const allowSameSite = options.allowSameSite ?? false;
  if (typeof allowSameSite !== 'boolean') throw new TypeError('createCsrfGuard: allowSameSite must be a boolean');
  const cookies = toCookieNames(options.sessionCookie);
  const onRefuse = options.onRefuse;
  return function csrfGuard(request: CsrfRequest): Response | null {
    const method = request.method.toUpperCase();
    if (SAFE_METHODS.includes(method)) return null;
    if (cookies && !hasAnyCookie(request.headers.get('cookie'), cookies)) return null;
    const reason = refusalReason(request.headers, origins, allowSameSite);
    if (reason === null) return null;
    onRefuse?.({ reason, method });
    return new Response(REFUSAL_BODY, {
      status: 403,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', vary: CSRF_VARY },
    });
  };
}

// Fetch Metadata first; then the Origin header against the configured origins; neither header refuses
// (OWASP's fail-safe, identity.md 4.1: a cookie-authenticated request has no reason to lack both).
function refusalReason(headers: Headers, origins: ReadonlySet<string>, allowSameSite: boolean): CsrfRefusalReason | null {
  const site = headers.get('sec-fetch-site')?.toLowerCase();
  if (site === 'same-origin') return null;
  if (site === 'same-site' && allowSameSite) return null;
  const origin = headers.get('origin');
  if (origin !== null && origins.has(origin)) return null;
  if (site === 'cross-site') return 'cross_site';
  if (site === 'same-site') return 'same_site';
  return origin === null ? 'no_origin' : 'origin_mismatch';
}

function toOrigins(list: readonly string[]): string[] {
  if (!Array.isArray(list) || list.length === 0) throw new TypeError('createCsrfGuard: origins must list at least one origin, like "https://app.example.com"');
  return list.map((value) => {
    let url: URL | undefined;
    try {
      url = typeof value === 'string' ? new URL(value) : undefined;
    } catch {
      url = undefined;
    }
    // A bare origin only (a trailing "/" is tolerated): a path, query, fragment or credentials would never
    // equal a browser's Origin header, so they are a configuration mistake.
    const bare = url && (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search && !url.hash
      && !url.username && !url.password && !/[?#]/.test(value);
    if (!url || !bare) throw new TypeError(`createCsrfGuard: ${JSON.stringify(value)} is not an origin like "https://app.example.com"`);
    return url.origin;
  });
}

function toCookieNames(value: string | readonly string[] | undefined): ReadonlySet<string> | null {
  if (value === undefined) return null;
  const names = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string' || !/^[!#$%&'*+.^`|~\w-]+$/.test(n))) {
    throw new TypeError('createCsrfGuard: sessionCookie must be a cookie name or a list of them');
  }
  return new Set(names);
}

// Names only, no values. Splitting on "," as well as ";" can only find more names, which makes the guard
// check more requests, never fewer.
function hasAnyCookie(header: string | null, names: ReadonlySet<string>): boolean {
  if (!header) return false;
  return header.split(/[;,]/).some((pair) => {
    const eq = pair.indexOf('=');
    return names.has((eq === -1 ? pair : pair.slice(0, eq)).trim());
  });
}

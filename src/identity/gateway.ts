import { randomBytes } from 'node:crypto';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { DispatchRequest, DispatchResponse } from '../runtime/isolate.js';
import type { AccessAppRecord, AccessStoragePort } from '../storage/access.js';
import { parseDuration, secretMatches } from './credentials.js';
import type { Keyring } from './keys.js';
import { decide } from './policies.js';

/** The header the application receives the signed assertion in (SPEC: Authentication 5). */
export const ASSERTION_HEADER = 'edge-access-jwt-assertion';
/** The session cookie on the application's hostname. */
export const SESSION_COOKIE = 'Edge_Authorization';
/** Where the gateway finishes a login on the application's own hostname (it sets the session cookie there). */
export const CALLBACK_PATH = '/.ledge-access/callback';
const CLIENT_ID = 'edge-access-client-id';
const CLIENT_SECRET = 'edge-access-client-secret';
/** Service-token assertions are minted per request and live this long. */
const SERVICE_ASSERTION_MS = 5 * 60_000;

/** What the gateway decided: forward the (cleaned, asserted) request, or answer it itself. */
export type GatewayOutcome = { forward: DispatchRequest } | { response: DispatchResponse };

/** The gateway in front of protected applications. */
export interface AccessGateway {
  /** Checks a request to a protected application: session, service token, or the login challenge. */
  guard(request: DispatchRequest, app: AccessAppRecord, team: TeamInfo): Promise<GatewayOutcome>;
}

/** The account's team domain, as the request reached the platform. */
export interface TeamInfo {
  accountId: string;
  /** `https://<subdomain>.access.<platform domain>`: the assertions' `iss`. */
  issuer: string;
  /** Where the login page is, with the scheme and port the request used. */
  loginUrl: string;
}

/** Headers (lowercase name, value) of a raw list. */
export function headerValues(raw: readonly string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if ((raw[i] as string).toLowerCase() === name) out.push(raw[i + 1] as string);
  return out;
}

/** The prefix of the headers the gateway owns; clients may not send them (SPEC, Authentication 5). */
const IDENTITY_PREFIX = 'edge-access-';

/**
 * True for a header the gateway owns: `edge-access-*` in any case, with underscores read as dashes
 * (`Edge_Access_Jwt_Assertion`), because CGI-style servers and many frameworks map both spellings to one name.
 */
function isIdentityHeader(name: string): boolean {
  return name.length > IDENTITY_PREFIX.length && name.slice(0, IDENTITY_PREFIX.length).toLowerCase().replaceAll('_', '-') === IDENTITY_PREFIX;
}

/**
 * The request without any assertion or identity header the client sent: the one place they are removed,
 * before every application and tunnel origin, guarded or not.
 */
export function withoutClientIdentityHeaders(request: DispatchRequest): DispatchRequest {
  const raw = request.headers;
  let i = 0;
  while (i < raw.length && !isIdentityHeader(raw[i] as string)) i += 2;
  if (i >= raw.length) return request;
  const headers = raw.slice(0, i);
  for (; i < raw.length; i += 2) if (!isIdentityHeader(raw[i] as string)) headers.push(raw[i] as string, raw[i + 1] as string);
  return { ...request, headers };
}

/** A cookie's value from the request's Cookie headers. */
export function cookieValue(raw: readonly string[], name: string): string | undefined {
  for (const header of headerValues(raw, 'cookie')) {
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
    }
  }
  return undefined;
}

/** JSON answers of the gateway itself; never an internal detail, never a token. */
export function gatewayJson(status: number, error: string, message: string, extra: string[] = []): DispatchResponse {
  return {
    status, statusText: '',
    headers: ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store', 'x-content-type-options', 'nosniff', 'ledge-origin', 'platform', ...extra],
    body: JSON.stringify({ error, message }),
  };
}

/** A top-level browser navigation gets the login page; everything else a JSON 401 (identity.md 1.7). */
function isNavigation(request: DispatchRequest): boolean {
  if (request.method !== 'GET') return false;
  const mode = headerValues(request.headers, 'sec-fetch-mode')[0];
  if (mode !== undefined) return mode === 'navigate';
  return (headerValues(request.headers, 'accept')[0] ?? '').includes('text/html');
}

/**
 * Creates the gateway. Client-supplied assertion and identity headers are removed from every request it
 * forwards (withoutClientIdentityHeaders); an allowed request gets a freshly checked assertion. Service-token outcomes
 * are logged with the token's name and client id, the time and pass or deny, never a secret.
 */
export function createAccessGateway(options: { store: AccessStoragePort; keyring: Keyring; clock: Clock; logger: Logger }): AccessGateway {
  const { store, keyring, clock, logger } = options;

  function forward(request: DispatchRequest, assertion: string): GatewayOutcome {
    const headers = [...withoutClientIdentityHeaders(request).headers, ASSERTION_HEADER, assertion];
    return { forward: { ...request, headers } };
  }

  async function serviceAuth(request: DispatchRequest, app: AccessAppRecord, team: TeamInfo): Promise<GatewayOutcome> {
    const ids = headerValues(request.headers, CLIENT_ID);
    const secrets = headerValues(request.headers, CLIENT_SECRET);
    const refuse = () => ({ response: gatewayJson(401, 'unauthorized', 'The service token was not accepted.') });
    if (ids.length !== 1 || secrets.length !== 1 || !ids[0] || !secrets[0]) return refuse();
    const token = await store.serviceTokenByClientId((ids[0] as string).trim());
    // An unknown client id is not logged: it names no credential.
    if (!token || token.account_id !== team.accountId) return refuse();
    const now = clock.now();
    const label = `service token "${token.name}" (${token.client_id})`;
    const current = secretMatches(secrets[0] as string, token.secret_hash);
    const previous = !current && token.previous_secret_expires_at !== null && Date.parse(token.previous_secret_expires_at) > now && secretMatches(secrets[0] as string, token.previous_secret_hash);
    const why = !token.enabled ? 'disabled' : Date.parse(token.expires_at) <= now ? 'expired' : !current && !previous ? 'wrong secret' : null;
    if (why) {
      logger.warn(`access: ${label} denied on ${app.name}: ${why}`, { credential: token.name, result: 'deny', request_id: request.requestId });
      return refuse();
    }
    if (decide(app, { kind: 'service', tokenId: token.id }) === 'deny') {
      logger.warn(`access: ${label} denied on ${app.name}: no service_auth policy admits it`, { credential: token.name, result: 'deny', request_id: request.requestId });
      return { response: gatewayJson(403, 'forbidden', 'The service token is not allowed on this application.') };
    }
    logger.info(`access: ${label} passed on ${app.name}${previous ? ' (previous secret, in its grace period)' : ''}`, { credential: token.name, result: 'pass', request_id: request.requestId });
    await store.updateServiceToken({ ...token, last_seen_at: new Date(now).toISOString() });
    const assertion = await keyring.sign(team.accountId, {
      aud: [app.aud], iss: team.issuer, sub: '', common_name: token.client_id, type: 'app', identity_nonce: randomBytes(12).toString('base64url'),
    }, now + SERVICE_ASSERTION_MS);
    return forward(request, assertion);
  }

  return {
    async guard(request, app, team) {
      if (headerValues(request.headers, CLIENT_ID).length || headerValues(request.headers, CLIENT_SECRET).length) return serviceAuth(request, app, team);
      const session = cookieValue(request.headers, SESSION_COOKIE);
      const claims = session ? await keyring.verify(team.accountId, session, app.aud, team.issuer) : null;
      if (claims && typeof claims.email === 'string' && typeof claims.sub === 'string' && claims.sub !== '') {
        // The person must still exist and still be allowed: a removed user or a changed policy takes effect at once.
        const user = claims.idp === 'local' ? await store.userByEmail(team.accountId, claims.email) : null;
        if (claims.idp === 'local' && !user) return { response: gatewayJson(403, 'forbidden', 'You are not allowed to use this application.') };
        const groups = user?.groups ?? (Array.isArray(claims.groups) ? claims.groups.filter((g): g is string => typeof g === 'string') : []);
        if (decide(app, { kind: 'user', email: claims.email, groups }) === 'deny') return { response: gatewayJson(403, 'forbidden', 'You are not allowed to use this application.') };
        return forward(request, session as string);
      }
      if (isNavigation(request)) {
        const target = `${team.loginUrl}?app=${encodeURIComponent(app.aud)}&redirect_url=${encodeURIComponent(request.url)}`;
        return { response: { status: 302, statusText: '', headers: ['location', target, 'cache-control', 'no-store', 'ledge-origin', 'platform'], body: null } };
      }
      return { response: gatewayJson(401, 'unauthorized', 'Authentication required: sign in, or present a service token.') };
    },
  };
}

/** The session length of an application, in milliseconds (24 hours when its setting does not parse). */
export function sessionMs(app: AccessAppRecord): number {
  return parseDuration(app.session_duration) ?? 24 * 3_600_000;
}

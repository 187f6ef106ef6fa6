import { randomBytes } from 'node:crypto';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { DispatchRequest, DispatchResponse } from '../runtime/isolate.js';
import type { PlatformFetch } from '../runtime/egress/gateway.js';
import { readBody } from '../http/body.js';
import type { AccessAppRecord, AccessStoragePort, IdentityProviderRecord } from '../storage/access.js';
import { createOidcClient } from './oidc.js';
import { checkPassword, hashPassword } from './credentials.js';
import { CALLBACK_PATH, cookieValue, gatewayJson, headerValues, sessionMs, SESSION_COOKIE, type TeamInfo } from './gateway.js';
import type { Keyring } from './keys.js';
import { addressKey, ADDRESS_FAILURE_LIMIT, createSignInLimiter, FAILURE_WINDOW_MS, USER_FAILURE_LIMIT } from './sign-in-limits.js';

/** The certs path on the team domain: the JWKS of the account's assertions. */
export const CERTS_PATH = '/access/certs';
/** The login page on the team domain. */
export const LOGIN_PATH = '/login';
/** Where a sign-in with an OpenID Connect provider starts, and where the provider sends the person back. */
export const OIDC_START_PATH = '/oidc/start';
export const OIDC_CALLBACK_PATH = '/oidc/callback';
/** The cookie that binds a sign-in with a provider to the browser that started it. */
const STATE_COOKIE = 'ledge_oidc_state';
const FORM_LIMIT = 64 * 1024;
/** How long the one-use code that finishes a sign-in on the application's hostname lives. */
const CODE_MS = 60_000;
/** Codes and OIDC sign-ins kept at most (anyone can start a sign-in; memory must not grow without bound). */
const MAX_CODES = 10_000;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(status: number, body: string, extra: string[] = []): DispatchResponse {
  return {
    status, statusText: '',
    headers: ['content-type', 'text/html; charset=utf-8', 'cache-control', 'no-store', 'x-frame-options', 'DENY', 'content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'", ...extra],
    body: `<!doctype html><html><head><meta charset="utf-8"><title>Sign in</title></head><body style="font-family:sans-serif;max-width:24rem;margin:4rem auto">${body}</body></html>`,
  };
}

function loginForm(app: AccessAppRecord, redirectUrl: string, idps: readonly IdentityProviderRecord[], problem?: string): string {
  const links = idps.map((idp) => `<p><a href="${OIDC_START_PATH}?${escape(new URLSearchParams({ idp: idp.id, app: app.aud, redirect_url: redirectUrl }).toString())}">Sign in with ${escape(idp.name)}</a></p>`).join('');
  return `<h1>Sign in to ${escape(app.name)}</h1>${problem ? `<p role="alert">${escape(problem)}</p>` : ''}${links}
<form method="post" action="${LOGIN_PATH}"><input type="hidden" name="app" value="${escape(app.aud)}"><input type="hidden" name="redirect_url" value="${escape(redirectUrl)}">
<p><label>Email <input name="email" type="email" autocomplete="username" required></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p></form>`;
}

async function readForm(request: DispatchRequest): Promise<URLSearchParams | null> {
  if (!request.body) return new URLSearchParams();
  try {
    return new URLSearchParams((await readBody(request.body, FORM_LIMIT)).toString('utf8'));
  } catch {
    return null;
  }
}

let dummyHash: Promise<string> | undefined;
/** A hash no password was ever given for, checked when the email is unknown. */
function unknownUserHash(): Promise<string> {
  return (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
}

/** Options of the team domain. */
export interface TeamDomainOptions {
  store: AccessStoragePort;
  keyring: Keyring;
  clock: Clock;
  logger: Logger;
  /** True when `url` is a hostname of the application's protected deployment or tunnel (no open redirects). */
  servesApp(url: URL, app: AccessAppRecord): boolean;
  /** fetch for identity providers' addresses (an account's choice): the platform's egress policy applies. */
  fetch: PlatformFetch;
}

/** The team domain of an account: the login page, and the key set applications verify assertions with. */
export function createTeamDomain(options: TeamDomainOptions) {
  const { store, keyring, clock, logger } = options;
  const oidc = createOidcClient(clock, options.fetch);
  const limiter = createSignInLimiter(clock);
  const codes = new Map<string, { token: string; aud: string; expires: number }>();

  /** Signs the application token for a person and sends them to the application's hostname to set the session. */
  async function admit(request: DispatchRequest, team: TeamInfo, app: AccessAppRecord, target: URL, person: { sub: string; email: string; idp: string; groups: string[] }): Promise<DispatchResponse> {
    const token = await keyring.sign(team.accountId, {
      aud: [app.aud], iss: team.issuer, sub: person.sub, email: person.email, type: 'app', identity_nonce: randomBytes(12).toString('base64url'), idp: person.idp, groups: person.groups,
    }, clock.now() + sessionMs(app));
    logger.info(`access: ${person.email} signed in to ${app.name} (${person.idp})`, { result: 'pass', request_id: request.requestId });
    // The session itself never travels in a URL: the application's hostname trades a one-use code for it.
    const now = clock.now();
    for (const [key, entry] of codes) if (entry.expires <= now) codes.delete(key);
    if (codes.size >= MAX_CODES) codes.delete(codes.keys().next().value as string);
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { token, aud: app.aud, expires: now + CODE_MS });
    const back = `${target.origin}${CALLBACK_PATH}?code=${code}&redirect=${encodeURIComponent(`${target.pathname}${target.search}`)}`;
    return { status: 302, statusText: '', headers: ['location', back, 'cache-control', 'no-store'], body: null };
  }

  /**
   * The page to return to, if it is a page of the application on the origin the sign-in came through: the
   * scheme and port of the team domain request (one listener serves both), a hostname and path the
   * application guards, no credentials. The one-use code is sent to this origin and nowhere else.
   */
  function returnTo(app: AccessAppRecord, redirectUrl: string, teamUrl: URL): URL | null {
    let target: URL;
    try {
      target = new URL(redirectUrl);
    } catch {
      return null;
    }
    if (target.protocol !== teamUrl.protocol || target.port !== teamUrl.port || target.username !== '' || target.password !== '') return null;
    return options.servesApp(target, app) ? target : null;
  }

  async function appByAud(accountId: string, aud: string | null): Promise<AccessAppRecord | undefined> {
    return aud ? (await store.listApps(accountId)).find((a) => a.aud === aud) : undefined;
  }

  /** The two steps of a sign-in with an OpenID Connect provider: off to the provider, and back. */
  async function oidcStep(request: DispatchRequest, url: URL, team: TeamInfo): Promise<DispatchResponse> {
    if (request.method !== 'GET') return gatewayJson(405, 'method_not_allowed', 'Use GET.', ['allow', 'GET']);
    const callbackUrl = `${url.origin}${OIDC_CALLBACK_PATH}`;
    if (url.pathname === OIDC_START_PATH) {
      const idp = await store.getIdentityProvider(team.accountId, url.searchParams.get('idp') ?? '');
      const app = await appByAud(team.accountId, url.searchParams.get('app'));
      const redirectUrl = url.searchParams.get('redirect_url') ?? '';
      if (!idp || !app || !returnTo(app, redirectUrl, url)) return html(400, '<h1>Bad sign-in link</h1>');
      try {
        const { url: authorize, state } = await oidc.start(idp, callbackUrl, app.aud, redirectUrl);
        // The state is bound to this browser: a provider answer carried to another browser (login CSRF) is refused.
        const secure = url.protocol === 'https:' ? '; Secure' : '';
        return { status: 302, statusText: '', headers: ['location', authorize, 'cache-control', 'no-store', 'set-cookie', `${STATE_COOKIE}=${state}; Path=${OIDC_CALLBACK_PATH}; HttpOnly; SameSite=Lax; Max-Age=600${secure}`], body: null };
      } catch (err) {
        logger.error(`access: the identity provider ${idp.name} cannot be reached: ${(err as Error).message}`, { request_id: request.requestId });
        return html(502, '<h1>The identity provider cannot be reached</h1><p>Try again later.</p>');
      }
    }
    const state = url.searchParams.get('state');
    const login = state !== null && cookieValue(request.headers, STATE_COOKIE) === state ? oidc.take(state) : null;
    if (!login) return html(400, '<h1>This sign-in has expired or was already used</h1><p>Start again from the application.</p>');
    const idp = await store.getIdentityProvider(team.accountId, login.idpId);
    const app = await appByAud(team.accountId, login.app);
    const target = app ? returnTo(app, login.redirectUrl, url) : null;
    const code = url.searchParams.get('code');
    if (!idp || !app || !target || !code) return html(400, '<h1>Bad sign-in response</h1>');
    try {
      const person = await oidc.finish(idp, login, code, callbackUrl);
      return admit(request, team, app, target, { sub: `${idp.id}:${person.sub}`, email: person.email, idp: `oidc:${idp.id}`, groups: person.groups });
    } catch (err) {
      logger.warn(`access: sign-in with ${idp.name} refused for ${app.name}: ${(err as Error).message}`, { result: 'deny', request_id: request.requestId });
      return html(401, '<h1>Sign-in refused</h1><p>The identity provider\'s answer could not be verified.</p>');
    }
  }

  return {
    /** Answers a request to `<subdomain>.access.<platform domain>`. */
    async handle(request: DispatchRequest, team: TeamInfo): Promise<DispatchResponse> {
      const url = new URL(request.url);
      if (url.pathname === CERTS_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
        return { status: 200, statusText: '', headers: ['content-type', 'application/json; charset=utf-8', 'cache-control', 'public, max-age=300'], body: JSON.stringify(await keyring.jwks(team.accountId)) };
      }
      if (url.pathname === OIDC_START_PATH || url.pathname === OIDC_CALLBACK_PATH) return oidcStep(request, url, team);
      if (url.pathname !== LOGIN_PATH) return gatewayJson(404, 'not_found', 'No such page.');
      if (request.method === 'GET') {
        const app = await appByAud(team.accountId, url.searchParams.get('app'));
        const redirectUrl = url.searchParams.get('redirect_url') ?? '';
        if (!app) return html(404, '<h1>Unknown application</h1>');
        return html(200, loginForm(app, redirectUrl, await store.listIdentityProviders(team.accountId)));
      }
      if (request.method !== 'POST') return gatewayJson(405, 'method_not_allowed', 'Use GET or POST.', ['allow', 'GET, POST']);
      // Login CSRF: a browser posting from another site names it in Origin.
      const origin = headerValues(request.headers, 'origin')[0];
      if (origin !== undefined && origin !== url.origin) return gatewayJson(403, 'forbidden', 'Sign-in forms are accepted only from this page.');
      const form = await readForm(request);
      if (!form) return gatewayJson(413, 'request_too_large', 'The form is too large.');
      const app = await appByAud(team.accountId, form.get('app'));
      if (!app) return html(404, '<h1>Unknown application</h1>');
      const redirectUrl = form.get('redirect_url') ?? '';
      const target = returnTo(app, redirectUrl, url);
      if (!target) return html(400, '<h1>Bad sign-in link</h1><p>The page to return to is not part of this application.</p>');
      const email = (form.get('email') ?? '').trim().toLowerCase();
      // Limited before the user is even looked up: known and unknown emails get the same answer, at once,
      // and a right password is not checked either, so a limit cannot be guessed past.
      const attempt = limiter.attempt(team.accountId, email, request.clientAddress);
      if ('retryAfterMs' in attempt) {
        const seconds = Math.ceil(attempt.retryAfterMs / 1000);
        return html(429, `<h1>Too many failed sign-in attempts</h1><p>Try again in ${Math.ceil(seconds / 60)} minute(s).</p>`, ['retry-after', String(seconds)]);
      }
      const user = email ? await store.userByEmail(team.accountId, email) : null;
      // An unknown email costs the same scrypt as a known one, so timing does not tell which emails exist.
      const matches = await checkPassword(form.get('password') ?? '', user?.password_hash ?? await unknownUserHash());
      if (!user || !matches) {
        const reached = attempt.failed();
        const minutes = FAILURE_WINDOW_MS / 60_000;
        if (reached === 'user') logger.warn(`access: sign-in to ${app.name} limited for one user after ${USER_FAILURE_LIMIT} failed attempts in ${minutes} minutes`, { result: 'limited', request_id: request.requestId });
        if (reached === 'address') logger.warn(`access: sign-in limited for ${addressKey(request.clientAddress)} after ${ADDRESS_FAILURE_LIMIT} failed attempts in ${minutes} minutes`, { result: 'limited', request_id: request.requestId });
        logger.warn(`access: sign-in refused for ${app.name}`, { result: 'deny', request_id: request.requestId });
        return html(401, loginForm(app, redirectUrl, await store.listIdentityProviders(team.accountId), 'Wrong email or password.'));
      }
      attempt.succeeded();
      return admit(request, team, app, target, { sub: user.id, email: user.email, idp: 'local', groups: user.groups });
    },

    /**
     * Finishes a sign-in on the application's hostname: trades the one-use code for the session, checks it
     * belongs to one of the applications guarding this hostname, sets the cookie, returns to the page.
     */
    async callback(request: DispatchRequest, apps: readonly AccessAppRecord[], team: TeamInfo): Promise<DispatchResponse> {
      const url = new URL(request.url);
      const code = url.searchParams.get('code') ?? '';
      const entry = codes.get(code);
      codes.delete(code);
      const app = entry && entry.expires > clock.now() ? apps.find((a) => a.aud === entry.aud) : undefined;
      const claims = app && entry ? await keyring.verify(team.accountId, entry.token, app.aud, team.issuer) : null;
      if (!app || !entry || !claims || typeof claims.sub !== 'string' || claims.sub === '') return gatewayJson(401, 'unauthorized', 'The sign-in link is not valid or was already used; sign in again.');
      const path = samePagePath(url.searchParams.get('redirect') ?? '/', url);
      const maxAge = Math.max(0, Math.floor(((claims.exp ?? 0) * 1000 - clock.now()) / 1000));
      const secure = url.protocol === 'https:' ? '; Secure' : '';
      return {
        status: 302, statusText: '',
        headers: ['location', path, 'cache-control', 'no-store', 'set-cookie', `${SESSION_COOKIE}=${entry.token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`],
        body: null,
      };
    },
  };
}

/**
 * The return target as a path of this very origin, read as a browser reads it: parsed as a URL against
 * the origin (tabs and newlines dropped, backslashes as slashes, dot segments resolved) and kept only when
 * scheme, host and port are the same; `/` otherwise. Leading slashes are folded into one, so the answer
 * can never be read as another host (`/.//evil.example` resolves to the path `//evil.example`).
 */
function samePagePath(redirect: string, origin: URL): string {
  let back: URL;
  try {
    back = new URL(redirect, origin.origin);
  } catch {
    return '/';
  }
  if (back.origin !== origin.origin) return '/';
  return `${back.pathname.replace(/^\/+/, '/')}${back.search}`;
}

import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload } from 'jose';
import type { Clock } from '../platform/clock.js';
import type { PlatformFetch } from '../runtime/egress/gateway.js';
import type { IdentityProviderRecord } from '../storage/access.js';

/** Sign-ins in progress kept at most. */
const MAX_PENDING = 10_000;
/** How long a started sign-in may take before its state is forgotten. */
const PENDING_MS = 10 * 60_000;
/** Largest answer read from a provider (discovery, keys, token, userinfo): each is a small JSON document. */
export const PROVIDER_ANSWER_BYTES = 1024 * 1024;
/** Statuses whose Response may not carry a body. */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);
/** How long one request to a provider may take. */
const PROVIDER_TIMEOUT_MS = 10_000;

interface Discovery { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string; userinfo_endpoint?: string }

/** A sign-in in progress with one provider: what to check when the provider sends the person back. */
export interface PendingLogin {
  idpId: string;
  app: string;
  redirectUrl: string;
  nonce: string;
  verifier: string;
  expires: number;
}

/** What a provider vouched for. */
export interface OidcIdentity { email: string; sub: string; groups: string[] }

/**
 * A relying party for generic OpenID Connect providers: discovery, the authorization code flow with
 * PKCE (S256), state and nonce, and ID token verification with the provider's published keys (jose).
 * The provider's addresses are an account's choice: every request to them goes through `outbound` (the
 * platform's egress policy, so an issuer or an endpoint on the host's network is refused, not reached), and
 * each answer is read up to PROVIDER_ANSWER_BYTES.
 */
export function createOidcClient(clock: Clock, outbound: PlatformFetch) {
  /** A provider request whose answer is held to PROVIDER_ANSWER_BYTES (a stream past it is cancelled). */
  async function fetch(url: string | URL, init: Parameters<PlatformFetch>[1] = {}): Promise<Response> {
    const res = await outbound(url, { ...init, signal: init.signal ?? AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    const body = await boundedBody(res, PROVIDER_ANSWER_BYTES);
    return new Response(NULL_BODY_STATUS.has(res.status) ? null : body, { status: res.status, headers: res.headers });
  }
  const discoveries = new Map<string, Promise<Discovery>>();
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const pending = new Map<string, PendingLogin>();

  function discover(issuer: string): Promise<Discovery> {
    let found = discoveries.get(issuer);
    if (!found) {
      found = (async () => {
        const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
        if (!res.ok) throw new Error(`discovery answered ${res.status}`);
        const doc = await res.json() as Partial<Discovery>;
        if (doc.issuer !== issuer || !doc.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri) throw new Error('the discovery document does not match the issuer or lacks an endpoint');
        return doc as Discovery;
      })();
      discoveries.set(issuer, found);
      found.catch(() => discoveries.delete(issuer));
    }
    return found;
  }

  return {
    /** The provider's authorization URL for a new sign-in; the state names the pending sign-in. */
    async start(idp: IdentityProviderRecord, callbackUrl: string, app: string, redirectUrl: string): Promise<{ url: string; state: string }> {
      const discovery = await discover(idp.config.issuer);
      const now = clock.now();
      for (const [key, p] of pending) if (p.expires <= now) pending.delete(key);
      // Anyone can start a sign-in: keep the oldest out rather than let memory grow.
      if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value as string);
      const state = randomBytes(24).toString('base64url');
      const login: PendingLogin = { idpId: idp.id, app, redirectUrl, nonce: randomBytes(24).toString('base64url'), verifier: randomBytes(32).toString('base64url'), expires: now + PENDING_MS };
      pending.set(state, login);
      const url = new URL(discovery.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code', client_id: idp.config.client_id, redirect_uri: callbackUrl, scope: idp.config.scopes.join(' '), state, nonce: login.nonce,
        code_challenge: createHash('sha256').update(login.verifier).digest('base64url'), code_challenge_method: 'S256',
      }).toString();
      return { url: url.toString(), state };
    },
    /** Takes the pending sign-in of a state, once. */
    take(state: string | null): PendingLogin | null {
      if (!state) return null;
      const found = pending.get(state);
      pending.delete(state);
      return found && found.expires > clock.now() ? found : null;
    },
    /** Exchanges the code and verifies the ID token: issuer, audience, nonce, signature, times. */
    async finish(idp: IdentityProviderRecord, login: PendingLogin, code: string, callbackUrl: string): Promise<OidcIdentity> {
      const discovery = await discover(idp.config.issuer);
      const res = await fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${encodeURIComponent(idp.config.client_id)}:${encodeURIComponent(idp.client_secret)}`).toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callbackUrl, code_verifier: login.verifier }).toString(),
      });
      if (!res.ok) throw new Error(`the token endpoint answered ${res.status}`);
      const { id_token: idToken, access_token: accessToken } = await res.json() as { id_token?: string; access_token?: string };
      if (!idToken) throw new Error('the provider sent no ID token');
      let keys = keySets.get(discovery.jwks_uri);
      if (!keys) keySets.set(discovery.jwks_uri, (keys = createRemoteJWKSet(new URL(discovery.jwks_uri), { [customFetch]: (url, init) => fetch(url, { method: init.method, headers: Object.fromEntries(init.headers), redirect: init.redirect, signal: init.signal }) })));
      const { payload } = await jwtVerify(idToken, keys, { issuer: discovery.issuer, audience: idp.config.client_id, requiredClaims: ['exp', 'iat', 'sub'], currentDate: new Date(clock.now()) });
      if (payload.nonce !== login.nonce) throw new Error('the ID token nonce does not match the sign-in');
      // Providers that keep profile claims out of the ID token in the code flow serve them at userinfo.
      if (payload.email === undefined && discovery.userinfo_endpoint && accessToken) {
        const info = await fetch(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}` } });
        if (!info.ok) throw new Error(`the userinfo endpoint answered ${info.status}`);
        const claims = await info.json() as JWTPayload;
        if (claims.sub !== payload.sub) throw new Error('userinfo describes another subject than the ID token');
        return toIdentity({ ...claims, ...payload, email: claims.email, email_verified: claims.email_verified, [idp.config.groups_claim]: claims[idp.config.groups_claim] }, idp);
      }
      return toIdentity(payload, idp);
    },
  };
}

function toIdentity(payload: JWTPayload, idp: IdentityProviderRecord): OidcIdentity {
  const email = payload.email;
  if (typeof email !== 'string' || email === '') throw new Error('the ID token carries no email');
  if (payload.email_verified === false) throw new Error('the provider has not verified the email');
  const raw = payload[idp.config.groups_claim];
  const groups = Array.isArray(raw) ? raw.filter((g): g is string => typeof g === 'string') : [];
  return { email: email.toLowerCase(), sub: String(payload.sub), groups };
}

/** The body of `res` as text (every answer read is JSON), read up to `limit` bytes; a longer one is cancelled and refused. */
async function boundedBody(res: Response, limit: number): Promise<string | null> {
  if (!res.body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) {
      await res.body.cancel().catch(() => undefined);
      throw new Error(`the provider's answer from ${new URL(res.url || 'http://provider/').host} is larger than ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

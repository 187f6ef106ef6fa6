// Where the gateway's public keys come from: a certs URL (fetched by jose, cached per URL across requests)
// or a local JWK set. SPEC: Authentication 5 (verify the signature); reference identity.md 1.3 and 1.4.
import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { AccessError } from './errors.js';

/** How a remote key set is cached and fetched; the defaults are jose's. */
export interface RemoteKeyOptions {
  /** How long fetched keys are used before they are fetched again; after that, keys that cannot be refetched are not used. @default 600000 */
  cacheMaxAgeMs?: number;
  /** After a fetch, how long an unknown `kid` waits before it may cause another fetch (bounds a flood of made-up kids). @default 30000 */
  cooldownMs?: number;
  /** How long one fetch of the key set may take. @default 5000 */
  timeoutMs?: number;
}

/** The key source: the certs URL of the gateway's team domain, or a JWK set held by the application (read once, when first used). */
export type AccessKeySource = string | URL | JSONWebKeySet;

/** Resolves a JWS header to the verification key; rejects with an `AccessError`. */
export type KeyResolver = JWTVerifyGetKey;

// One remote key set per URL and cache options, kept at module scope so every request of an isolate shares
// it (the reference's hardening of the upstream example, identity.md 1.4 item 3). Bounded, oldest dropped.
const REMOTE_SETS = new Map<string, JWTVerifyGetKey>();
const MAX_REMOTE_SETS = 32;
const LOCAL_SETS = new WeakMap<object, JWTVerifyGetKey>();
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
// jose errors that mean "this token names no usable key", not "the keys could not be had".
const NO_KEY_CODES = new Set(['ERR_JWKS_NO_MATCHING_KEY', 'ERR_JWKS_MULTIPLE_MATCHING_KEYS', 'ERR_JOSE_NOT_SUPPORTED']);

/** Turns a key source into a resolver that refuses a token without a string `kid` and fails closed when keys cannot be had. */
export function toKeyResolver(source: AccessKeySource, remote: RemoteKeyOptions = {}): KeyResolver {
  const resolve = typeof source === 'string' || source instanceof URL ? remoteSet(source, remote) : localSet(source);
  return async function resolveAccessKey(header, token) {
    // The gateway always names its key; a missing or non-string kid never falls back to trying keys.
    if (typeof header.kid !== 'string' || header.kid === '') throw new AccessError('access_invalid', 'the assertion names no key id (kid)');
    try {
      return await resolve(header, token);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && NO_KEY_CODES.has(code)) throw new AccessError('access_invalid', 'the assertion is signed with a key the key set does not hold');
      // Anything else (network error, timeout, non-200, not JSON, not a key set) refuses the request.
      throw new AccessError('access_keys_unavailable', `the key set could not be fetched: ${errorSummary(err)}`);
    }
  };
}

function remoteSet(source: string | URL, options: RemoteKeyOptions): JWTVerifyGetKey {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new AccessError('access_config', 'jwks must be an absolute URL or a JWK set');
  }
  // Keys fetched over plain HTTP could be swapped in transit; loopback is allowed for local gateways and tests.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    throw new AccessError('access_config', 'jwks URL must use https (http only on a loopback host)');
  }
  const cacheMaxAge = duration(options.cacheMaxAgeMs, 'cacheMaxAgeMs');
  const cooldownDuration = duration(options.cooldownMs, 'cooldownMs');
  const timeoutDuration = duration(options.timeoutMs, 'timeoutMs');
  const key = JSON.stringify([url.href, cacheMaxAge, cooldownDuration, timeoutDuration]);
  let set = REMOTE_SETS.get(key);
  if (!set) {
    set = createRemoteJWKSet(url, { cacheMaxAge, cooldownDuration, timeoutDuration });
    if (REMOTE_SETS.size >= MAX_REMOTE_SETS) REMOTE_SETS.delete(REMOTE_SETS.keys().next().value as string);
    REMOTE_SETS.set(key, set);
  }
  return set;
}

function localSet(source: JSONWebKeySet): JWTVerifyGetKey {
  if (typeof source !== 'object' || source === null) throw new AccessError('access_config', 'jwks must be an absolute URL or a JWK set');
  let set = LOCAL_SETS.get(source);
  if (!set) {
    // jose reads keys only when a token names them: a broken RSA key is reported now, as configuration.
    const b64url = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9_-]+$/.test(v);
    const keys = Array.isArray((source as { keys?: unknown }).keys) ? (source as { keys: Record<string, unknown>[] }).keys : [];
    if (keys.some((k) => typeof k !== 'object' || k === null || (k.kty === 'RSA' && (!b64url(k.n) || !b64url(k.e))))) {
      throw new AccessError('access_config', 'jwks holds an RSA key whose n or e is not base64url');
    }
    try {
      set = createLocalJWKSet(source);
    } catch {
      throw new AccessError('access_config', 'jwks is not a valid JWK set ({ keys: [...] })');
    }
    LOCAL_SETS.set(source, set);
  }
  return set;
}

function duration(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 0) throw new AccessError('access_config', `${name} must be a non-negative integer of milliseconds`);
  return value;
}

// A short reason for logs: the error's class or code, never a response body or a key.
function errorSummary(err: unknown): string {
  if (typeof err !== 'object' || err === null) return 'unknown error';
  const { code, name, message } = err as { code?: unknown; name?: unknown; message?: unknown };
  if (code === 'ERR_JWKS_TIMEOUT') return 'timed out';
  if (code === 'ERR_JWKS_INVALID') return 'the response is not a JWK set';
  if (code === 'ERR_JOSE_GENERIC' && typeof message === 'string') return message;
  if (name === 'TypeError') return 'network error';
  return typeof name === 'string' ? name : 'unknown error';
}

// The application-side verifier of the gateway's assertion (SPEC: Authentication 5: "Presence of the header
// `Edge-Access-Jwt-Assertion` is not verification"; issue 7 section 3; reference identity.md 1.2, 1.4, 6.1).
import { jwtVerify, type JWTPayload } from 'jose';
import { SYSTEM_CLOCK, type Clock } from '../../platform/clock.js';
import { AccessError, isAccessError } from './errors.js';
import { toKeyResolver, type AccessKeySource, type KeyResolver, type RemoteKeyOptions } from './keys.js';

/** The request header the gateway puts its signed assertion in. */
export const ACCESS_JWT_HEADER = 'Edge-Access-Jwt-Assertion';
/** Seconds of clock skew tolerated for `nbf` and `iat` in the future (never for `exp`). */
export const DEFAULT_LEEWAY_SECONDS = 5;
/** The only signature algorithm accepted: the gateway signs with RS256. */
export const ACCESS_ALGORITHMS: readonly string[] = ['RS256'];

const MAX_LEEWAY_SECONDS = 300;
// A compact JWT with the gateway's claims is well under 2 KiB; anything this large is refused unparsed.
const MAX_ASSERTION_CHARS = 16 * 1024;

/** What `verifyAccessJwt` checks the assertion against. */
export interface AccessVerifyOptions {
  /** The gateway's issuer (its team domain URL), compared exactly: no case folding, no trailing-slash tolerance. */
  issuer: string;
  /** The access application's AUD tag; the token's `aud` (a string, or an array) must contain it. */
  audience: string;
  /** The certs URL (string or URL; fetched and cached per URL across requests) or a local JWK set `{ keys: [...] }`. */
  jwks: AccessKeySource;
  /** Clock skew tolerated for `nbf` and `iat` in the future; `exp` gets none. @default 5 */
  leewaySeconds?: number;
  /** Cache and timeout of a remote key set. @default jose's: 10 min cache, 30 s cooldown, 5 s timeout */
  remoteKeys?: RemoteKeyOptions;
  /** The time source, faked by tests. @default the system clock */
  clock?: Clock;
}

interface AccessClaims extends JWTPayload {
  iss: string;
  aud: string | string[];
  iat: number;
  exp: number;
  /** `app` for an application token. */
  type: string;
  sub: string;
}

/** A person signed in at the gateway: `sub` is non-empty and `email` is present. */
export interface AccessUserIdentity extends AccessClaims {
  email: string;
  identity_nonce?: string;
  common_name?: string;
}

/** A machine that presented a service token: `sub` is empty and `common_name` is the token's client id. */
export interface AccessServiceIdentity extends AccessClaims {
  sub: '';
  common_name: string;
  email?: undefined;
}

/** The verified claims of an assertion: a user or a service (tell them apart with `isServiceIdentity`). */
export type AccessIdentity = AccessUserIdentity | AccessServiceIdentity;

/** True when the identity is a service token rather than a person. */
export function isServiceIdentity(identity: AccessIdentity): identity is AccessServiceIdentity {
  return identity.sub === '';
}

/** Verifies one request against `options`: the identity, or a rejection with an `AccessError` (the key set is cached per URL either way). */
export async function verifyAccessJwt(request: Request, options: AccessVerifyOptions): Promise<AccessIdentity> {
  return createAccessVerifier(options)(request);
}

/** Resolves the options once and returns `verifyAccess(request)`, which resolves to the identity or rejects with an `AccessError`. */
export function createAccessVerifier(options: AccessVerifyOptions): (request: Request) => Promise<AccessIdentity> {
  const settings = resolveOptions(options);
  return async function verifyAccess(request: Request): Promise<AccessIdentity> {
    return verifyAssertion(readAssertion(request), settings);
  };
}

interface Settings {
  issuer: string;
  audience: string;
  keys: KeyResolver;
  leeway: number;
  clock: Clock;
}

function resolveOptions(options: AccessVerifyOptions): Readonly<Settings> {
  if (typeof options !== 'object' || options === null) throw new AccessError('access_config', 'options { issuer, audience, jwks } are required');
  const { issuer, audience, leewaySeconds = DEFAULT_LEEWAY_SECONDS, clock = SYSTEM_CLOCK } = options;
  if (typeof issuer !== 'string' || issuer === '') throw new AccessError('access_config', 'issuer must be a non-empty string');
  if (typeof audience !== 'string' || audience === '') throw new AccessError('access_config', 'audience must be a non-empty string (the application AUD tag)');
  if (typeof leewaySeconds !== 'number' || !Number.isFinite(leewaySeconds) || leewaySeconds < 0 || leewaySeconds > MAX_LEEWAY_SECONDS) {
    throw new AccessError('access_config', `leewaySeconds must be between 0 and ${MAX_LEEWAY_SECONDS}`);
  }
  if (typeof clock?.now !== 'function') throw new AccessError('access_config', 'clock must have now()');
  return Object.freeze({ issuer, audience, leeway: leewaySeconds, clock, keys: toKeyResolver(options.jwks, options.remoteKeys) });
}

// Only the header: the reference's gateway recommends it over its cookie ("the cookie is not guaranteed to
// be passed"), and a cookie would arrive on cross-site requests too (identity.md 1.1 and 6.1 item 18).
function readAssertion(request: Request): string {
  const value = request.headers.get(ACCESS_JWT_HEADER);
  if (value === null || value === '') throw new AccessError('access_missing', `no ${ACCESS_JWT_HEADER} header`);
  if (value.length > MAX_ASSERTION_CHARS) throw new AccessError('access_invalid', 'the assertion is too large');
  return value;
}

async function verifyAssertion(token: string, settings: Readonly<Settings>): Promise<AccessIdentity> {
  const nowMs = settings.clock.now();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, settings.keys, {
      algorithms: [...ACCESS_ALGORITHMS],
      issuer: settings.issuer,
      audience: settings.audience,
      // jose checks exp only when present; the reference requires both (identity.md 1.4 item 1).
      requiredClaims: ['exp', 'iat'],
      clockTolerance: settings.leeway,
      currentDate: new Date(nowMs),
    }));
  } catch (err) {
    throw toAccessError(err);
  }
  return checkIdentity(payload, Math.floor(nowMs / 1000), settings.leeway);
}

// jose has already checked the signature, iss, aud, nbf (with the leeway) and that exp and iat exist.
function checkIdentity(claims: JWTPayload, now: number, leeway: number): AccessIdentity {
  const { exp, iat, nbf } = claims;
  for (const [name, value] of [['exp', exp], ['iat', iat], ['nbf', nbf]] as const) {
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) throw new AccessError('access_invalid', `claim "${name}" is not a finite number`);
  }
  // No leeway on expiry: exp equal to now is expired (jose's semantics without its tolerance).
  if ((exp as number) <= now) throw new AccessError('access_expired', 'the assertion has expired');
  if ((iat as number) > now + leeway) throw new AccessError('access_invalid', 'claim "iat" is in the future');
  if (claims.type !== 'app') throw new AccessError('access_invalid', 'claim "type" is not "app"');
  const { sub, email, common_name: commonName } = claims as { sub?: unknown; email?: unknown; common_name?: unknown };
  if (typeof sub !== 'string') throw new AccessError('access_invalid', 'claim "sub" is missing');
  // identity.md 1.2: an empty sub is a service token only with its client id; a user has a sub and an email.
  if (sub === '') {
    if (typeof commonName !== 'string' || commonName === '') throw new AccessError('access_invalid', 'empty "sub" without "common_name"');
  } else if (typeof email !== 'string' || email === '') {
    throw new AccessError('access_invalid', 'claim "email" is missing');
  }
  return claims as AccessIdentity;
}

const REASONS: Record<string, string> = {
  ERR_JOSE_ALG_NOT_ALLOWED: 'the assertion is not signed with RS256',
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'the signature does not verify',
  ERR_JWS_INVALID: 'the assertion is not a well-formed signed JWT',
  ERR_JWT_INVALID: 'the assertion is not a well-formed signed JWT',
  ERR_JOSE_NOT_SUPPORTED: 'the assertion uses an unsupported algorithm or key',
};

// A message that names the failed check only: never the token, a claim value or a key.
function toAccessError(err: unknown): AccessError {
  if (isAccessError(err)) return err as AccessError;
  const { code, claim, reason } = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; claim?: unknown; reason?: unknown };
  if (code === 'ERR_JWT_EXPIRED') return new AccessError('access_expired', 'the assertion has expired');
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && typeof claim === 'string') {
    return new AccessError('access_invalid', reason === 'missing' ? `claim "${claim}" is missing` : `claim "${claim}" check failed`);
  }
  if (typeof code === 'string' && REASONS[code]) return new AccessError('access_invalid', REASONS[code]);
  return new AccessError('access_invalid', 'the assertion could not be verified');
}

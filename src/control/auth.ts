import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from './api-error.js';
import { toPermissions } from './permissions.js';
import type { Principal } from './router.js';
import type { ControlStoragePort } from '../storage/control.js';

/** Prefix of every token value, so a leaked one is recognisable (secret scanners, tools/check.py). */
export const TOKEN_PREFIX = 'ledge_';

/** A new token value: the prefix and 32 random bytes, base64url. */
export function newTokenValue(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a token value. Values are random and long, so a plain SHA-256 is enough. */
export function hashToken(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The `Authorization` header from a raw header list, or undefined. */
export function authorizationOf(rawHeaders: readonly string[]): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if ((rawHeaders[i] as string).toLowerCase() === 'authorization') return rawHeaders[i + 1];
  }
  return undefined;
}

const BEARER = /^Bearer ([A-Za-z0-9_\-.~+/]+=*)$/;

/**
 * Authenticates a request: a malformed header, an unknown, revoked, expired or not-yet-valid token each
 * get their own status and code (docs/api.md). Messages never contain the token. `resourceKinds` are the kinds
 * its policies' resource keys may name (RESOURCE_KINDS unless the platform was given other binding kinds).
 */
export async function authenticate(store: ControlStoragePort, header: string | undefined, now: number, resourceKinds?: readonly string[]): Promise<Principal> {
  if (header === undefined || header.trim() === '') throw new ApiError('missing_token', 'Missing Authorization header');
  const m = BEARER.exec(header.trim());
  if (!m) {
    throw new ApiError('invalid_headers', 'Invalid request headers', { chain: [{ code: 6111, message: 'Invalid format for Authorization header: expected "Bearer <token>"' }] });
  }
  const token = await store.tokenByHash(hashToken(m[1] as string));
  if (!token) throw new ApiError('unknown_token', 'Authentication error');
  // A known token that is refused still names who tried, for the audit log.
  const refused = (error: ApiError) => Object.assign(error, { actor: { token_id: token.id, token_name: token.name } });
  if (token.revoked_on !== null) throw refused(new ApiError('revoked_token', `The API token "${token.name}" was revoked`));
  if (token.not_before !== null && Date.parse(token.not_before) > now) throw refused(new ApiError('token_not_yet_valid', `The API token "${token.name}" is not valid before ${token.not_before}`));
  if (token.expires_on !== null && Date.parse(token.expires_on) <= now) throw refused(new ApiError('expired_token', `The API token "${token.name}" expired at ${token.expires_on}`));
  return { token, permissions: toPermissions(token.policies, resourceKinds) };
}

/** A token's status as the verify endpoints and token lists report it. */
export function tokenStatus(token: { revoked_on: string | null; expires_on: string | null; not_before: string | null }, now: number): 'active' | 'revoked' | 'expired' | 'pending' {
  if (token.revoked_on !== null) return 'revoked';
  if (token.expires_on !== null && Date.parse(token.expires_on) <= now) return 'expired';
  if (token.not_before !== null && Date.parse(token.not_before) > now) return 'pending';
  return 'active';
}

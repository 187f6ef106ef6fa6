// The one response an application sends when access is refused: a status and a fixed body, never the
// verifier's reason (reference identity.md 1.4 item 4 and 6.1 item 20; SPEC: Errors, "401 JSON").
import { isAccessError, ACCESS_ERROR_CODES } from './errors.js';

/** The statuses `accessDenied` answers with. */
export type AccessDeniedStatus = 401 | 403 | 500 | 503;

const BODIES: Record<AccessDeniedStatus, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  500: 'internal_error',
  503: 'unavailable',
};

/**
 * A generic JSON refusal: `accessDenied()` is 401, `accessDenied(403)` is 403, `accessDenied(err)` takes the
 * status of an `AccessError` (401, or 503 when the keys could not be fetched) and answers 500 for any other error.
 */
export function accessDenied(reason?: unknown): Response {
  const status = statusOf(reason);
  return new Response(JSON.stringify({ error: BODIES[status] }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

function statusOf(reason: unknown): AccessDeniedStatus {
  if (reason === undefined) return 401;
  if (typeof reason === 'number') return Object.hasOwn(BODIES, reason) ? reason as AccessDeniedStatus : 401;
  if (isAccessError(reason)) return ACCESS_ERROR_CODES[reason.code] as AccessDeniedStatus;
  // Not a refusal the library made: a fault, masked like any unhandled error.
  return 500;
}

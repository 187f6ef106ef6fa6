/**
 * Errors of `ledge/access`. Each carries a stable `code` (never renamed or reused) and a message that is
 * safe to log: it names the check that failed, never the token, a key or a claim value.
 */
export const ACCESS_ERROR_CODES = {
  /** No assertion header on the request. */
  access_missing: 401,
  /** The assertion is malformed, unsigned, signed with a refused algorithm or an unknown key, or a claim check failed. */
  access_invalid: 401,
  /** The assertion's `exp` is now or in the past. */
  access_expired: 401,
  /** The key set could not be fetched or parsed: the request is refused (fails closed). */
  access_keys_unavailable: 503,
  /** The verifier's options are wrong: a programming error, reported when the verifier is created. */
  access_config: 500,
} as const satisfies Record<string, number>;

/** Every code an `AccessError` can carry. */
export type AccessErrorCode = keyof typeof ACCESS_ERROR_CODES;

/** Why an access assertion was refused; `switch (err.code)` narrows, and `status` is what to answer. */
export class AccessError extends Error {
  readonly code: AccessErrorCode;
  readonly status: number;
  constructor(code: AccessErrorCode, message: string) {
    super(message);
    this.name = 'AccessError';
    this.code = code;
    this.status = ACCESS_ERROR_CODES[code];
  }
}

/** True when `err` carries an access code (identified by code, not `instanceof`: errors cross threads). */
export function isAccessError(err: unknown): err is { code: AccessErrorCode; message: string; status?: number } {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string'
    && Object.hasOwn(ACCESS_ERROR_CODES, (err as { code: string }).code);
}

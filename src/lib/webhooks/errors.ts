/**
 * Errors of `ledge/webhooks`. Each carries a stable `code` (never renamed or reused) and a message that is
 * safe to log: it names the check that failed, never a secret, a signature or the body.
 */
export const WEBHOOK_ERROR_CODES = {
  /** The signature header (or the scheme's timestamp header) is missing. */
  webhook_missing: 401,
  /** A header is there but not in the scheme's form (no `t=`, a signature of the wrong length, a bad number). */
  webhook_malformed: 400,
  /** The signed time is outside the freshness window (too old, or too far in the future). */
  webhook_stale: 401,
  /** No signature matches the body, the time and the entry under any of the secrets. */
  webhook_invalid: 401,
  /** This delivery was already accepted once (the replay store holds its signature). */
  webhook_replayed: 409,
  /** The body is larger than `maxBodyBytes`. */
  webhook_too_large: 413,
  /** The replay store could not be read or written: the delivery is refused (fails closed). */
  webhook_store_unavailable: 503,
  /** The verifier's options are wrong: a programming error, reported when the verifier is created. */
  webhook_config: 500,
} as const satisfies Record<string, number>;

/** Every code a `WebhookError` can carry. */
export type WebhookErrorCode = keyof typeof WEBHOOK_ERROR_CODES;

/** Why a webhook delivery was refused; `switch (err.code)` narrows, and `status` is what to answer. */
export class WebhookError extends Error {
  readonly code: WebhookErrorCode;
  readonly status: number;
  constructor(code: WebhookErrorCode, message: string) {
    super(message);
    this.name = 'WebhookError';
    this.code = code;
    this.status = WEBHOOK_ERROR_CODES[code];
  }
}

/** True when `err` carries a webhook code (identified by code, not `instanceof`: errors cross threads). */
export function isWebhookError(err: unknown): err is { code: WebhookErrorCode; message: string; status?: number } {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string'
    && Object.hasOwn(WEBHOOK_ERROR_CODES, (err as { code: string }).code);
}

const BODIES: Readonly<Record<number, string>> = { 400: 'bad_request', 401: 'unauthorized', 409: 'replayed', 413: 'too_large', 500: 'internal_error', 503: 'unavailable' };

/**
 * The one response an entry sends when a delivery is refused: the error's status and a fixed body, never the
 * reason (log `err.code` and `err.message` instead). Any other error answers 500, masked.
 */
export function webhookRefused(err: unknown): Response {
  const status = isWebhookError(err) ? WEBHOOK_ERROR_CODES[err.code] : 500;
  return new Response(JSON.stringify({ error: BODIES[status] ?? 'internal_error' }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

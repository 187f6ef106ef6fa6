/**
 * Errors with stable codes. A code is never renamed or reused; docs/errors.md lists every one
 * (a test checks that). Errors cross worker threads, so callers identify them by `code`, not `instanceof`.
 */
export const ERROR_CODES = {
  config_not_found: { status: 400, audience: 'user' },
  config_parse: { status: 400, audience: 'user' },
  config_invalid: { status: 400, audience: 'user' },
  env_not_found: { status: 400, audience: 'user' },
  bundle_failed: { status: 400, audience: 'user' },
  node_module_forbidden: { status: 400, audience: 'user' },
  init_would_overwrite: { status: 400, audience: 'user' },
  port_in_use: { status: 400, audience: 'user' },
  listen_failed: { status: 500, audience: 'user' },
  bad_argument: { status: 400, audience: 'user' },
  not_found: { status: 404, audience: 'user' },
  operation_failed: { status: 400, audience: 'user' },
  internal_error: { status: 500, audience: 'system' },
  exceeded_cpu: { status: 503, audience: 'user' },
  exceeded_memory: { status: 503, audience: 'user' },
  exceeded_wall_time: { status: 503, audience: 'user' },
  isolate_failed: { status: 503, audience: 'system' },
  request_too_large: { status: 413, audience: 'user' },
  too_many_subrequests: { status: 500, audience: 'user' },
  no_fetch_handler: { status: 500, audience: 'user' },
  invalid_response: { status: 500, audience: 'user' },
  not_logged_in: { status: 401, audience: 'user' },
  api_unreachable: { status: 503, audience: 'user' },
  api_auth_failed: { status: 401, audience: 'user' },
  api_request_failed: { status: 502, audience: 'user' },
  conflict: { status: 409, audience: 'user' },
  tunnel_unavailable: { status: 502, audience: 'user' },
  tunnel_origin_failed: { status: 502, audience: 'user' },
  build_command_failed: { status: 400, audience: 'user' },
  store_damaged: { status: 503, audience: 'user' },
  state_locked: { status: 409, audience: 'user' },
  control_state_missing: { status: 409, audience: 'user' },
  config_unsupported: { status: 400, audience: 'user' },
  init_found_application: { status: 400, audience: 'user' },
  request_headers_too_large: { status: 431, audience: 'user' },
  request_timeout: { status: 408, audience: 'user' },
  assets_invalid: { status: 400, audience: 'user' },
  binding_refused: { status: 400, audience: 'user' },
  sql_statement_failed: { status: 400, audience: 'user' },
  wrong_state: { status: 409, audience: 'user' },
  stale_generation: { status: 409, audience: 'user' },
  lease_valid: { status: 409, audience: 'user' },
  not_yet: { status: 409, audience: 'user' },
  budget_exhausted: { status: 409, audience: 'user' },
  sandbox_unavailable: { status: 500, audience: 'user' },
  binding_call_refused: { status: 400, audience: 'user' },
  api_refused: { status: 400, audience: 'user' },
  method_not_supported: { status: 405, audience: 'user' },
  revision_conflict: { status: 409, audience: 'user' },
} as const satisfies Record<string, { status: number; audience: 'user' | 'system' }>;

/** Every error code Ledge can produce. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Base of every error Ledge raises on purpose: a stable `code`, an HTTP `status` and a message a person can act on. */
export class LedgeError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LedgeError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
  }
}

/** True when `err` is a LedgeError with `code` (also after crossing a thread as a plain object). */
export function hasCode<C extends ErrorCode>(err: unknown, code: C): err is { code: C; message: string } {
  return isLedgeError(err) && err.code === code;
}

/** True when `err` carries one of Ledge's codes (works for errors that crossed a thread as plain objects). */
export function isLedgeError(err: unknown): err is { code: ErrorCode; message: string } {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string'
    && Object.hasOwn(ERROR_CODES, (err as { code: string }).code);
}

/** True when the error is the user's to fix (one clean line), false for a system fault (print the stack). */
export function isUserError(err: unknown): boolean {
  return isLedgeError(err) && ERROR_CODES[err.code].audience === 'user';
}

/**
 * Errors of the account API: numeric codes (1000 and up, as the envelope convention has them) with their
 * HTTP status, listed in docs/api.md (a test checks the table). A code is never renamed or reused.
 */
import { hasCode } from '../platform/errors.js';
export const API_ERRORS = {
  invalid_field: { code: 1001, status: 400 },
  invalid_json: { code: 1002, status: 400 },
  body_too_large: { code: 1003, status: 413 },
  conflict: { code: 1004, status: 409 },
  object_not_found: { code: 1005, status: 404 },
  unsupported_media_type: { code: 1006, status: 415 },
  internal: { code: 1500, status: 500 },
  invalid_headers: { code: 6003, status: 400 },
  no_route: { code: 7000, status: 404 },
  method_not_allowed: { code: 7001, status: 405 },
  account_not_found: { code: 7003, status: 404 },
  endpoint_removed: { code: 7004, status: 410 },
  missing_token: { code: 9106, status: 401 },
  unknown_token: { code: 10000, status: 401 },
  expired_token: { code: 10001, status: 401 },
  revoked_token: { code: 10002, status: 401 },
  token_not_yet_valid: { code: 10003, status: 401 },
  forbidden: { code: 10004, status: 403 },
} as const satisfies Record<string, { code: number; status: number }>;

export type ApiErrorName = keyof typeof API_ERRORS;

/** One entry of the envelope's `errors`. */
export interface ApiErrorInfo {
  code: number;
  message: string;
  source?: { pointer: string };
  error_chain?: { code: number; message: string }[];
}

/**
 * An error the API answers with: its status, one or more envelope errors, and extra headers. Its code in the one
 * table is `api_refused` (src/platform/errors.ts), so it is recognised by code (isApiError) like every Ledge error.
 */
export class ApiError extends Error {
  readonly code = 'api_refused' as const;
  readonly status: number;
  readonly errors: ApiErrorInfo[];
  readonly headers: Record<string, string>;

  constructor(name: ApiErrorName, message: string, options: { pointer?: string; chain?: ApiErrorInfo['error_chain']; headers?: Record<string, string>; more?: ApiErrorInfo[] } = {}) {
    super(message);
    const { code, status } = API_ERRORS[name];
    this.status = status;
    const first: ApiErrorInfo = { code, message };
    if (options.pointer !== undefined) first.source = { pointer: options.pointer };
    if (options.chain) first.error_chain = options.chain;
    this.errors = [first, ...(options.more ?? [])];
    this.headers = options.headers ?? {};
  }
}

/** True when `err` is an API refusal: its code, and the envelope errors it answers with. */
export function isApiError(err: unknown): err is ApiError {
  return hasCode(err, 'api_refused') && Array.isArray((err as { errors?: unknown }).errors) && typeof (err as { status?: unknown }).status === 'number';
}

/** Shorthand for a field error whose pointer names the field. */
export function fieldError(pointer: string, message: string): ApiError {
  return new ApiError('invalid_field', message, { pointer });
}

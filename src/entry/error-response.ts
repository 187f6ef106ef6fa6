import { ERROR_CODES, type ErrorCode } from '../platform/errors.js';
import type { DispatchResponse } from '../runtime/isolate.js';
import { labelResponse } from './response-origin.js';

const PUBLIC_TEXT: Partial<Record<ErrorCode, string>> = {
  exceeded_cpu: 'The application exceeded its CPU time limit.',
  exceeded_memory: 'The application exceeded its memory limit.',
  exceeded_wall_time: 'The application did not respond within its time limit.',
  request_too_large: 'The request body is larger than the platform accepts.',
  bad_argument: 'The request could not be understood.',
  tunnel_unavailable: 'The tunnel for this hostname has no connected connector.',
  tunnel_origin_failed: 'The tunnel could not reach its origin.',
  request_headers_too_large: 'The request headers are larger than the platform accepts.',
  request_timeout: 'The request did not arrive in time.',
  method_not_supported: 'The request method is not supported.',
};

/**
 * A platform-made error response: generic JSON that names the kind of failure and a request id for the
 * log, and never a stack trace, an environment value, a request header or an internal address. It is
 * labelled as the platform's (`ledge-origin: platform`, `ledge-request-id`).
 */
export function errorResponse(code: ErrorCode, requestId: string): DispatchResponse {
  const status = ERROR_CODES[code].status;
  const publicCode = status === 500 ? 'internal_error' : code;
  const message = PUBLIC_TEXT[code] ?? 'The application failed to handle the request. The error was logged.';
  const body = new TextEncoder().encode(JSON.stringify({ error: publicCode, message, request_id: requestId }));
  return labelResponse({
    status,
    statusText: '',
    headers: [
      'content-type', 'application/json; charset=utf-8',
      'cache-control', 'no-store',
      'x-content-type-options', 'nosniff',
      'content-length', String(body.byteLength),
    ],
    body,
    origin: 'platform',
  }, requestId);
}

import { isLedgeError, LedgeError, type ErrorCode } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import type { DispatchRequest, DispatchResponse } from '../runtime/isolate.js';
import { errorResponse } from './error-response.js';
import { labelResponse, newRequestId } from './response-origin.js';

/** Something that runs fetch events: a deployment runtime, or a router in front of several. */
export type Dispatcher = (request: DispatchRequest) => Promise<DispatchResponse>;

/** Default largest request body, in bytes (100 MiB). */
export const DEFAULT_MAX_REQUEST_BYTES = 100 * 1024 * 1024;

/**
 * Runs one event under its request id (the entry's, or a new one) and labels its response with that id and
 * its origin (response-origin.ts). A failure before a response head becomes the platform's error response,
 * logged with the id.
 */
export async function serveEvent(dispatch: Dispatcher, request: DispatchRequest, logger: Logger): Promise<DispatchResponse> {
  const requestId = request.requestId ?? newRequestId();
  try {
    return labelResponse(await dispatch(request.requestId === undefined ? { ...request, requestId } : request), requestId);
  } catch (err) {
    const code: ErrorCode = isLedgeError(err) ? err.code : 'internal_error';
    const response = errorResponse(code, requestId);
    if (!isLedgeError(err)) logger.error(`request ${requestId} failed: ${(err as Error)?.stack ?? String(err)}`, { request_id: requestId });
    else logger.warn(`${request.method} ${pathOf(request.url)} answered ${response.status}: ${err.message}`, { request_id: requestId, code });
    return response;
  }
}

/** Counts bytes as they pass and fails with `request_too_large` past `max`. */
export async function* limitBody(body: AsyncIterable<Uint8Array>, max: number): AsyncIterable<Uint8Array> {
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > max) throw new LedgeError('request_too_large', `the request body is larger than ${max} bytes`);
    yield chunk;
  }
}

function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start === -1 ? '/' : url.slice(start);
}

/** Reads a whole body, failing with `request_too_large` past `max` bytes. */
export async function readBody(body: AsyncIterable<Uint8Array>, max: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of limitBody(body, max)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

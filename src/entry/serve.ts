import { randomBytes } from 'node:crypto';
import { isLedgeError, LedgeError, type ErrorCode } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import type { DispatchRequest, DispatchResponse } from '../runtime/isolate.js';
import { errorResponse } from './error-response.js';

/** Something that runs fetch events: a deployment runtime, or a router in front of several. */
export type Dispatcher = (request: DispatchRequest) => Promise<DispatchResponse>;

/** Default largest request body, in bytes (100 MiB). */
export const DEFAULT_MAX_REQUEST_BYTES = 100 * 1024 * 1024;

/** Runs one event and turns any failure before a response head into the platform's error response, logged with its request id. */
export async function serveEvent(dispatch: Dispatcher, request: DispatchRequest, logger: Logger): Promise<DispatchResponse> {
  try {
    return await dispatch(request);
  } catch (err) {
    const requestId = randomBytes(8).toString('hex');
    const code: ErrorCode = isLedgeError(err) ? err.code : 'internal_error';
    if (!isLedgeError(err)) logger.error(`request ${requestId} failed: ${(err as Error)?.stack ?? String(err)}`);
    else logger.warn(`${request.method} ${pathOf(request.url)} answered ${errorResponse(code, requestId).status}: ${err.message}`, { request_id: requestId, code });
    return errorResponse(code, requestId);
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

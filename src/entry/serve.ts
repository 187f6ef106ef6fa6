import { isLedgeError, type ErrorCode } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { DispatchRequest, DispatchResponse } from '../runtime/isolate.js';
import { errorResponse } from './error-response.js';
import { labelResponse, newRequestId } from './response-origin.js';

// The body readers live on the HTTP floor (src/http), which identity and control read them from too.
export { limitBody, readBody } from '../http/body.js';

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
  let clientGone = false;
  request.signal?.addEventListener('abort', () => { clientGone = true; }, { once: true });
  try {
    return labelResponse(await dispatch(request.requestId === undefined ? { ...request, requestId } : request), requestId);
  } catch (err) {
    const code: ErrorCode = isLedgeError(err) ? err.code : 'internal_error';
    const response = errorResponse(code, requestId);
    if (!isLedgeError(err)) logger.error(`request ${requestId} failed: ${(err as Error)?.stack ?? String(err)}`, { request_id: requestId });
    // Nobody receives an answer once the client has gone: saying "answered 503" would report a failure no one saw.
    else if (clientGone) logger.debug(`${request.method} ${pathOf(request.url)}: the client went away before the answer (${err.message})`, { request_id: requestId, code });
    else logger.warn(`${request.method} ${pathOf(request.url)} answered ${response.status}: ${err.message}`, { request_id: requestId, code });
    return response;
  }
}

function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start === -1 ? '/' : url.slice(start);
}


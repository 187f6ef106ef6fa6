import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { errorResponse } from './error-response.js';
import { newRequestId } from './response-origin.js';

/** What Node's parser reports, and the platform's answer to it (Node's own defaults, as codes of ours). */
const ANSWERS: Readonly<Record<string, ErrorCode>> = {
  HPE_HEADER_OVERFLOW: 'request_headers_too_large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'request_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
};

/**
 * Answers requests Node's HTTP parser refuses before any handler runs (headers too large: 431, a malformed
 * request: 400, a request that never finished arriving: 408) with the platform's own labelled error response
 * (`ledge-origin: platform`, `ledge-request-id`) instead of Node's bare status line, and logs the id.
 */
export function answerClientErrors(server: Server, logger: Logger): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // Node's own rule: never write over a response already under way on this connection.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const requestId = newRequestId();
    const code = ANSWERS[err.code ?? ''] ?? 'bad_argument';
    const response = errorResponse(code, requestId);
    logger.info(`a request was refused before it reached a handler: ${response.status} (${err.code ?? 'parse error'})`, { request_id: requestId, code });
    const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
    for (let i = 0; i < response.headers.length; i += 2) head.push(`${response.headers[i]}: ${response.headers[i + 1]}`);
    head.push('connection: close', '', '');
    socket.end(Buffer.concat([Buffer.from(head.join('\r\n')), response.body as Uint8Array]), () => socket.destroy());
  });
}

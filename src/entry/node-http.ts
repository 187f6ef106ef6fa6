import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../platform/logger.js';
import { errorResponse } from './error-response.js';
import { requestHeaders, toRequestTarget, type PublicScheme } from './request-target.js';
import { DEFAULT_WRITE_TIMEOUT_MS, writeResponse } from './response-writer.js';
import { newRequestId } from './response-origin.js';
import { DEFAULT_MAX_REQUEST_BYTES, limitBody, serveEvent, type Dispatcher } from './serve.js';
import type { DispatchResponse } from '../runtime/isolate.js';
import { refuseStrayUpgrade } from './websocket-upgrade.js';

/** Options of the node:http bridge. */
export interface NodeHandlerOptions {
  dispatch: Dispatcher;
  logger: Logger;
  /** Largest accepted request body in bytes. @default 104857600 */
  maxRequestBytes?: number;
  /** Milliseconds a client may take to accept any of a response's pending bytes before it is disconnected. @default 30000 */
  writeTimeoutMs?: number;
  /** The scheme of request URLs: `https` behind a TLS-terminating proxy. @default "http" */
  scheme?: PublicScheme;
}

/** Creates the `node:http` request listener that feeds a dispatcher and streams its responses back. */
export function createNodeHandler(options: NodeHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const max = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  const writeTimeoutMs = options.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
  const { logger } = options;
  return function handleNodeRequest(req, res) {
    void handle(req, res).catch((err: unknown) => {
      logger.error(`response failed: ${(err as Error)?.stack ?? String(err)}`);
      res.destroy();
    });
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const requestId = newRequestId();
    const { host, hosts, declared, chunked } = scanHeaders(req.rawHeaders);
    const target = hosts > 1 ? null : toRequestTarget(req.url, host, options.scheme);
    const send = (response: DispatchResponse) => writeResponse(res, response, { method, writeTimeoutMs, logger, label: () => `${method} ${target?.host ?? '-'}${pathOf(req.url)} (request ${requestId})` });
    if (!target) {
      res.setHeader('connection', 'close');
      return send(errorResponse('bad_argument', requestId));
    }
    if (declared > max) {
      res.setHeader('connection', 'close');
      return send(errorResponse('request_too_large', requestId));
    }
    const hasBody = method !== 'GET' && method !== 'HEAD' && (declared > 0 || chunked);
    const signal = { addEventListener: (_type: 'abort', listener: () => void) => { res.once('close', () => { if (!res.writableFinished) listener(); }); } };
    const response = await serveEvent(options.dispatch, {
      method,
      url: target.url,
      headers: requestHeaders(req.rawHeaders, { host: target.absolute ? target.host : undefined, clientAddress: req.socket.remoteAddress }),
      body: hasBody ? limitBody(req, max) : null,
      signal,
      clientAddress: req.socket.remoteAddress,
      requestId,
      httpProtocol: `HTTP/${req.httpVersion}`,
    }, logger);
    // Upgrades arrive on the server's 'upgrade' event (websocket-upgrade.ts); a 101 here has no connection to take.
    await send(refuseStrayUpgrade(response, logger, requestId));
  }
}

/**
 * The headers the bridge needs, read from the raw list: touching `req.headers` would make Node build
 * its lazy header object on every request.
 */
function scanHeaders(raw: string[]): { host: string; hosts: number; declared: number; chunked: boolean } {
  let host = 'localhost';
  let hosts = 0;
  let declared = 0;
  let chunked = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === 'host') {
      host = raw[i + 1] as string;
      hosts++;
    } else if (name.length === 14 && name.toLowerCase() === 'content-length') declared = Number(raw[i + 1]);
    else if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') chunked = true;
  }
  return { host, hosts, declared, chunked };
}


/** The path of a request target for a log line, without its query (which may carry secrets). */
function pathOf(target: string | undefined): string {
  if (!target) return '/';
  const start = target.startsWith('/') ? 0 : target.indexOf('/', target.indexOf('//') + 2);
  if (start === -1) return '/';
  const end = target.indexOf('?', start);
  return (end === -1 ? target.slice(start) : target.slice(start, end)).slice(0, 200);
}

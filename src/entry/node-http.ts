import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../lib/logger.js';
import { errorResponse } from './error-response.js';
import { DEFAULT_MAX_REQUEST_BYTES, limitBody, serveEvent, type Dispatcher } from './serve.js';
import type { DispatchResponse } from '../runtime/isolate.js';
import { refuseStrayUpgrade } from './websocket-upgrade.js';

/** Headers that belong to one connection, not to the response; Node writes its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
const VALID_HOST = /^[A-Za-z0-9.\-_~]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;
const NO_BODY_STATUS = new Set([101, 204, 205, 304]);

/** Options of the node:http bridge. */
export interface NodeHandlerOptions {
  dispatch: Dispatcher;
  logger: Logger;
  /** Largest accepted request body in bytes. @default 104857600 */
  maxRequestBytes?: number;
}

/** Creates the `node:http` request listener that feeds a dispatcher and streams its responses back. */
export function createNodeHandler(options: NodeHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const max = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  return function handleNodeRequest(req, res) {
    void handle(req, res).catch((err: unknown) => {
      options.logger.error(`response failed: ${(err as Error)?.stack ?? String(err)}`);
      res.destroy();
    });
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { host, declared, chunked } = scanHeaders(req.rawHeaders);
    if (!VALID_HOST.test(host)) return send(res, errorResponse('bad_argument', 'none'), req.method === 'HEAD');
    if (declared > max) {
      res.setHeader('connection', 'close');
      return send(res, errorResponse('request_too_large', 'none'), req.method === 'HEAD');
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && (declared > 0 || chunked);
    const signal = { addEventListener: (_type: 'abort', listener: () => void) => { res.once('close', () => { if (!res.writableFinished) listener(); }); } };
    const url = req.url?.startsWith('/') ? `http://${host}${req.url}` : `http://${host}/`;
    const response = await serveEvent(options.dispatch, {
      method: req.method ?? 'GET',
      url,
      headers: req.rawHeaders,
      body: hasBody ? limitBody(req, max) : null,
      signal,
      clientAddress: req.socket.remoteAddress,
    }, options.logger);
    // Upgrades arrive on the server's 'upgrade' event (websocket-upgrade.ts); a 101 here has no connection to take.
    await send(res, refuseStrayUpgrade(response, options.logger), req.method === 'HEAD');
  }
}

/**
 * The three headers the bridge needs, read from the raw list: touching `req.headers` would make Node build
 * its lazy header object on every request.
 */
function scanHeaders(raw: string[]): { host: string; declared: number; chunked: boolean } {
  let host = 'localhost';
  let declared = 0;
  let chunked = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === 'host') host = raw[i + 1] as string;
    else if (name.length === 14 && name.toLowerCase() === 'content-length') declared = Number(raw[i + 1]);
    else if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') chunked = true;
  }
  return { host, declared, chunked };
}

async function send(res: ServerResponse, response: DispatchResponse, isHead: boolean): Promise<void> {
  const headers: string[] = [];
  let hasLength = false;
  for (let i = 0; i < response.headers.length; i += 2) {
    // Names arrive lowercase: the Fetch API's Headers normalise them.
    const name = response.headers[i] as string;
    if (HOP_BY_HOP.has(name)) continue;
    if (name === 'content-length') hasLength = true;
    headers.push(name, response.headers[i + 1] as string);
  }
  const body = response.body;
  const complete = body === null || typeof body === 'string' || body instanceof Uint8Array;
  if (complete && !hasLength && !isHead && !NO_BODY_STATUS.has(response.status)) {
    headers.push('content-length', String(body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
  }
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (complete) {
    res.end(isHead ? undefined : body ?? undefined);
    return;
  }
  for await (const chunk of body) {
    if (res.destroyed) return;
    if (!res.write(chunk)) await new Promise<void>((resolve) => { res.once('drain', resolve); res.once('close', resolve); });
  }
  res.end();
}

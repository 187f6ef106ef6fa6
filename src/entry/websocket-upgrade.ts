/**
 * WebSocket upgrades at the edge of the platform (docs/websockets.md). Node emits a request that asks to
 * upgrade as the server's 'upgrade' event, apart from ordinary requests; this handler runs it as a fetch
 * event like any other, and when the application answers 101 with a socket, `ws` completes the handshake
 * and the client's connection joins that socket. Any other answer is written back on the raw connection,
 * which then closes.
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from '../platform/logger.js';
import type { DispatchResponse } from '../runtime/isolate.js';
import { MAX_SOCKET_MESSAGE_BYTES } from '../runtime/websockets/protocol.js';
import { errorResponse } from './error-response.js';
import { requestHeaders, toRequestTarget, type PublicScheme } from './request-target.js';
import { newRequestId } from './response-origin.js';
import { serveEvent, type Dispatcher } from './serve.js';

/** Options of the upgrade handler. */
export interface UpgradeHandlerOptions {
  dispatch: Dispatcher;
  logger: Logger;
  /** The scheme of request URLs (as NodeHandlerOptions.scheme). @default "http" */
  scheme?: PublicScheme;
}

/** Response headers `ws` writes itself for the handshake, or that belong to one connection. */
const HANDSHAKE_HEADERS = new Set(['connection', 'upgrade', 'sec-websocket-accept', 'sec-websocket-protocol', 'sec-websocket-extensions', 'content-length', 'transfer-encoding', 'keep-alive', 'proxy-connection']);
const VALID_KEY = /^[+/0-9A-Za-z]{22}==$/;

/** The listener for a node:http server's 'upgrade' event, and the connections it holds. */
export interface UpgradeHandler {
  (req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /**
   * Closes every connection it took (1001, going away; cut after a second): node:http's `server.close()`
   * waits for upgraded connections, which `closeAllConnections()` does not reach.
   */
  closeAll(): void;
}

/** How long a closing server waits for a client to answer its close frame before cutting the connection. */
const CLOSE_GRACE_MS = 1000;

/** Creates the listener for a node:http server's 'upgrade' event. */
export function createUpgradeHandler(options: UpgradeHandlerOptions): UpgradeHandler {
  const { logger } = options;
  const held = new Set<Duplex>();
  const upgraded = new WeakSet<Duplex>();
  const joinedSockets = new Set<WebSocket>();
  let closing = false;
  const answers = new WeakMap<IncomingMessage, { protocol: string | undefined; headers: string[] }>();
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: MAX_SOCKET_MESSAGE_BYTES,
    // The subprotocol is the application's choice, as its 101 response named it (when the client offered it).
    handleProtocols: (offered, req) => {
      const chosen = answers.get(req)?.protocol;
      return chosen !== undefined && offered.has(chosen) ? chosen : false;
    },
  });
  wss.on('headers', (headers: string[], req: IncomingMessage) => {
    headers.push(...(answers.get(req)?.headers ?? []));
  });

  const handleUpgrade = function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (closing) {
      socket.destroy();
      return;
    }
    held.add(socket);
    socket.once('close', () => held.delete(socket));
    socket.on('error', () => socket.destroy());
    void handle(req, socket, head).catch((err: unknown) => {
      logger.error(`upgrade failed: ${(err as Error)?.stack ?? String(err)}`);
      socket.destroy();
    });
  };
  return Object.assign(handleUpgrade, {
    closeAll() {
      closing = true;
      for (const ws of joinedSockets) {
        ws.close(1001, 'the server is shutting down');
        setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
      }
      // Connections still running their fetch event (no WebSocket yet) are cut at once.
      for (const socket of held) if (!upgraded.has(socket)) socket.destroy();
    },
  });

  async function handle(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const requestId = newRequestId();
    const isHead = req.method === 'HEAD';
    // The same Host and target rules as ordinary requests (request-target.ts): one Host header, a path or absolute-form target.
    const hosts = req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i]?.toLowerCase() === 'host').length;
    const requestTarget = hosts > 1 ? null : toRequestTarget(req.url, req.headers.host ?? 'localhost', options.scheme);
    if (!requestTarget) return writeRaw(socket, errorResponse('bad_argument', requestId), isHead);
    const websocket = req.headers.upgrade?.toLowerCase() === 'websocket';
    if (websocket && (req.method !== 'GET' || !VALID_KEY.test(req.headers['sec-websocket-key'] ?? '') || req.headers['sec-websocket-version'] !== '13')) {
      return writeRaw(socket, errorResponse('bad_argument', requestId), isHead);
    }
    const signal = { addEventListener: (_type: 'abort', listener: () => void) => { socket.once('close', listener); } };
    const headers = requestHeaders(req.rawHeaders, { host: requestTarget.absolute ? requestTarget.host : undefined, clientAddress: req.socket.remoteAddress });
    const response = await serveEvent(options.dispatch, {
      method: req.method ?? 'GET',
      url: requestTarget.url,
      headers,
      body: null,
      signal,
      clientAddress: req.socket.remoteAddress,
      requestId,
      httpProtocol: `HTTP/${req.httpVersion}`,
    }, logger);
    const target = response.webSocket;
    if (socket.destroyed) {
      target?.refuse('the client went away before the handshake');
      return;
    }
    if (!websocket || response.status !== 101 || !target) {
      return writeRaw(socket, refuseStrayUpgrade(response, logger, requestId), isHead);
    }
    answers.set(req, handshakeHeaders(response));
    let joined = false;
    socket.once('close', () => { if (!joined) target.refuse('the handshake failed'); });
    wss.handleUpgrade(req, socket, head, (ws) => {
      joined = true;
      if (closing) {
        target.refuse('the server is shutting down');
        ws.terminate();
        return;
      }
      joinedSockets.add(ws);
      upgraded.add(socket);
      ws.once('close', () => joinedSockets.delete(ws));
      target.attach(ws);
    });
  }
}

/**
 * A 101 answer where no upgrade can happen (a request that did not ask for a WebSocket, or a 101 without
 * a socket) becomes a 500: the socket, if any, is closed as never connected.
 */
export function refuseStrayUpgrade(response: DispatchResponse, logger: Logger, requestId: string): DispatchResponse {
  if (response.status !== 101 && !response.webSocket) return response;
  response.webSocket?.refuse('the request was not a WebSocket upgrade');
  logger.error(response.status === 101 && response.webSocket
    ? 'fetch() answered 101 with a WebSocket, but the request did not ask for one (Upgrade: websocket)'
    : `fetch() answered ${response.status}${response.webSocket ? ' with a WebSocket (a WebSocket needs status 101)' : ' without a WebSocket'}`, { request_id: requestId });
  return errorResponse('invalid_response', requestId);
}

function handshakeHeaders(response: DispatchResponse): { protocol: string | undefined; headers: string[] } {
  let protocol: string | undefined;
  const headers: string[] = [];
  for (let i = 0; i < response.headers.length; i += 2) {
    const name = (response.headers[i] as string).toLowerCase();
    const value = response.headers[i + 1] as string;
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) continue;
    if (name === 'sec-websocket-protocol') protocol = value.trim();
    else if (!HANDSHAKE_HEADERS.has(name)) headers.push(`${name}: ${value}`);
  }
  return { protocol, headers };
}


/** Writes a whole HTTP/1.1 response on a connection Node has handed over, then closes it. */
async function writeRaw(socket: Duplex, response: DispatchResponse, isHead: boolean): Promise<void> {
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText || STATUS_CODES[response.status] || ''}`];
  for (let i = 0; i < response.headers.length; i += 2) {
    const name = (response.headers[i] as string).toLowerCase();
    const value = response.headers[i + 1] as string;
    if (HANDSHAKE_HEADERS.has(name) || /[\r\n]/.test(name) || /[\r\n]/.test(value)) continue;
    lines.push(`${name}: ${value}`);
  }
  const body = response.body;
  const complete = body === null || typeof body === 'string' || body instanceof Uint8Array;
  if (complete) lines.push(`content-length: ${body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength}`);
  lines.push('connection: close', '', '');
  socket.write(lines.join('\r\n'));
  if (complete) {
    socket.end(isHead || body === null ? undefined : body);
    return;
  }
  // A streamed body without a length: the connection's close marks its end.
  if (!isHead) {
    for await (const chunk of body) {
      if (socket.destroyed) return;
      if (!socket.write(chunk)) await new Promise<void>((resolve) => { socket.once('drain', resolve); socket.once('close', resolve); });
    }
  }
  socket.end();
}

import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { LedgeError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { answerClientErrors } from './client-error.js';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, limitConnections, pipelineTurns, timeoutOptions, type ConnectionLimits } from './connection-limits.js';

/** An address to listen on. */
export interface ListenAddress { host: string; port: number }

/** What a listener answers: requests, and `Upgrade` requests (WebSockets) when given. */
export interface ListenHandlers {
  request: RequestListener;
  /** Attached before the listener accepts a connection; without it an upgrade request's socket is destroyed. */
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

/** Without limits (`ledge dev`): the default timeouts and no bound on connections. */
const NO_CONNECTION_BOUNDS: ConnectionLimits = { maxConnections: 0, maxConnectionsPerClient: 0, headersTimeoutMs: DEFAULT_HEADERS_TIMEOUT_MS, requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS };

/**
 * Starts the one kind of HTTP listener `ledge dev` and `ledge serve` both use: keep-alive of 5 s, requests Node's
 * parser refuses answered by the platform (`client-error.ts`), pipelined requests of a connection run 8 at a time, connections bounded by `limits`
 * (`connection-limits.ts`). `option` is the flag that chose the address, so a port in use or an address that cannot
 * be bound is reported as the user can fix it.
 */
export function listenHttp(handlers: ListenHandlers, address: ListenAddress, option: string, logger: Logger, limits: ConnectionLimits = NO_CONNECTION_BOUNDS): Promise<Server> {
  const server = createServer({ keepAliveTimeout: 5_000, ...timeoutOptions(limits) }, pipelineTurns(handlers.request, `the listener of ${option}`, logger));
  answerClientErrors(server, logger);
  limitConnections(server, limits, `the listener of ${option}`, logger);
  const { upgrade } = handlers;
  server.on('upgrade', upgrade ?? ((_req: IncomingMessage, socket: Duplex) => socket.destroy()));
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new LedgeError('port_in_use', `${option}: ${address.host}:${address.port} is already in use; choose another port (0 picks a free one)`));
      else reject(new LedgeError('listen_failed', `${option}: cannot listen on ${address.host}:${address.port} (${err.code ?? err.message})`));
    };
    server.once('error', onError);
    server.listen(address.port, address.host, () => {
      server.off('error', onError);
      resolve(server);
    });
  });
}

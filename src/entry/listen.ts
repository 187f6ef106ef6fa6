import { createServer, type RequestListener, type Server } from 'node:http';
import { LedgeError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { answerClientErrors } from './client-error.js';

/** An address to listen on. */
export interface ListenAddress { host: string; port: number }

/**
 * Starts the one kind of HTTP listener `ledge dev` and `ledge serve` both use: keep-alive of 5 s, requests Node's
 * parser refuses answered by the platform (`client-error.ts`). `option` is the flag that chose the address, so a
 * port in use or an address that cannot be bound is reported as the user can fix it.
 */
export function listenHttp(handler: RequestListener, address: ListenAddress, option: string, logger: Logger): Promise<Server> {
  const server = createServer({ keepAliveTimeout: 5_000 }, handler);
  answerClientErrors(server, logger);
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

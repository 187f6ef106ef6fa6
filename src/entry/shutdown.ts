import type { Server } from 'node:http';
import type { Logger } from '../platform/logger.js';
import type { ConnectorRegistry } from './tunnel/registry.js';

/** How long a stop waits for requests in flight and tunnel connectors before it closes them. */
export const DEFAULT_DRAIN_MS = 10_000;

/** How often keep-alive connections that went idle during a drain are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * The listeners' part of a stop: take no new connections, tell tunnel connectors to go, and let requests in
 * flight finish and connectors leave, for at most `drainMs`; then close whatever is still open. Upgraded
 * connections (tunnel connectors) are not HTTP connections any more: without being told and then closed
 * they would hold the process until they left on their own. `ledge dev` has no connectors.
 */
export async function drainListeners(options: { servers: readonly Server[]; connectors?: ConnectorRegistry; drainMs: number; logger: Logger }): Promise<void> {
  const { servers, connectors, logger } = options;
  const closed = Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  const sweep = () => { for (const s of servers) s.closeIdleConnections(); };
  sweep();
  const sweeper = setInterval(sweep, IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    Promise.all([closed, connectors?.drain()]).then(() => true),
    new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), options.drainMs); }),
  ]);
  clearInterval(sweeper);
  clearTimeout(timer);
  if (!drained) logger.warn(`stop: the drain time (${options.drainMs} ms) is over; closing the connections and tunnel connectors still open`);
  for (const s of servers) s.closeAllConnections();
  await connectors?.close();
  await closed;
}

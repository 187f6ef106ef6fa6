import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../platform/logger.js';
import { readProcessLimits, softOpenFileLimit } from '../platform/open-files.js';

/**
 * What one listener lets a client hold, so slow or idle clients (slowloris: headers or a body trickled a byte at a
 * time over many connections) cannot use up the process's file descriptors, which the platform's own stores,
 * sandboxes and outbound sockets need too, or every slot other clients would use.
 */
export interface ConnectionLimits {
  /** Connections open at once on the listener; past it a new connection is closed at once (0: no bound). */
  maxConnections: number;
  /** Connections open at once from one client address; past it that client's new connection is closed at once (0: no bound). */
  maxConnectionsPerClient: number;
  /** Milliseconds from a connection (or the end of its previous request) to the end of a request's headers. */
  headersTimeoutMs: number;
  /** Milliseconds from a connection (or the end of its previous request) to the end of a whole request, body included. */
  requestTimeoutMs: number;
}

/** Headers are a few KB: 20 s is plenty on any link that can use the platform at all (Node's own default is 60 s). */
export const DEFAULT_HEADERS_TIMEOUT_MS = 20_000;
/** A whole request, body included (100 MiB at most): Node's own default. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;
/** One address: many browsers' tabs and a few clients behind one NAT, never a flood. */
export const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 256;
/** How often Node checks the two timeouts (its default, 30 s, let a connection overstay them by that much). */
const TIMEOUT_CHECK_MS = 1_000;

/**
 * The default bound of one listener's connections: a quarter of the file descriptors the process may open (so the
 * two listeners of `ledge serve` leave at least half for the platform), between 64 and 10,000.
 */
export function defaultMaxConnections(openFileLimit = readOpenFileLimit()): number {
  return Math.max(64, Math.min(10_000, Math.floor(openFileLimit / 4)));
}

/** The soft limit of open files of this process (Linux), or 4096 where it cannot be read. */
function readOpenFileLimit(): number {
  return softOpenFileLimit(readProcessLimits()) ?? 4096;
}

/** The limits `ledge serve` uses when no flag changes them. */
export function defaultConnectionLimits(): ConnectionLimits {
  return {
    maxConnections: defaultMaxConnections(),
    maxConnectionsPerClient: DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
    headersTimeoutMs: DEFAULT_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
  };
}

/** The options of `http.createServer` that carry the two timeouts (checked every second). */
export function timeoutOptions(limits: Pick<ConnectionLimits, 'headersTimeoutMs' | 'requestTimeoutMs'>): { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } {
  return { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: TIMEOUT_CHECK_MS };
}

/** How often a listener says it closed connections past a bound (a flood must not flood the log too). */
const REFUSAL_LOG_MS = 60_000;

/**
 * Bounds `server`'s connections: in total (Node's own `maxConnections`, which closes the new connection before any
 * byte is read) and per client address (counted here, closed as soon as it is accepted). Refusals are logged at most
 * once a minute per listener, with how many there were.
 */
export function limitConnections(server: Server, limits: ConnectionLimits, label: string, logger: Logger): void {
  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;
  const refused = { total: 0, perClient: 0, loggedAt: -Infinity };
  const noteRefusal = (kind: 'total' | 'perClient') => {
    refused[kind]++;
    const now = Date.now();
    if (now - refused.loggedAt < REFUSAL_LOG_MS) return;
    refused.loggedAt = now;
    const parts = [];
    if (refused.total > 0) parts.push(`${refused.total} past its bound of ${limits.maxConnections} connections at once`);
    if (refused.perClient > 0) parts.push(`${refused.perClient} past the bound of ${limits.maxConnectionsPerClient} connections at once from one client address`);
    logger.warn(`${label}: closed new connections at once: ${parts.join(', ')} (in the last minute at most; see docs/operations.md, "Connections")`);
    refused.total = 0;
    refused.perClient = 0;
  };
  server.on('drop', () => noteRefusal('total'));
  if (limits.maxConnectionsPerClient <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (socket.remoteAddress === undefined) return; // already gone
    const address = clientKey(socket.remoteAddress);
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerClient) {
      socket.destroy();
      noteRefusal('perClient');
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * The address a client is counted under: an IPv4 address (IPv4-mapped IPv6 too) as it is, an IPv6 address by its
 * /64 network, the smallest block a client is usually given (so one host cannot open 256 connections from each of
 * its 2^64 addresses).
 */
export function clientKey(address: string): string {
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  const bare = address.replace(/%.*$/, '').toLowerCase();
  const [head = '', tail] = bare.split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const rest = tail === '' ? [] : tail.split(':');
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - rest.length)).fill('0'), ...rest);
  }
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** Requests of one connection that run at once: a client pipelining a few gets them answered as before (in order). */
export const MAX_PIPELINED_RUNNING = 8;
/**
 * Requests one connection may pipeline beyond those: they wait, unread, for a turn. Past them the connection is
 * closed (no client that reads its answers sends more; HTTP/1.1 answers in order anyway).
 */
export const MAX_PIPELINED_WAITING = 32;

/**
 * Runs at most `MAX_PIPELINED_RUNNING` of a connection's pipelined requests at once. Node's parser hands every
 * request of a chunk to the listener at once, and stops reading only when answers pile up, which they do not while
 * the first is still running: 50,000 requests in one write of one connection ran 9,000 events at once in one
 * isolate (the platform's process grew by 230 MB), and nothing bounded more. While a request waits the connection
 * is not read; past `MAX_PIPELINED_WAITING` waiting it is closed (logged at most once a minute).
 */
export function pipelineTurns(handler: (req: IncomingMessage, res: ServerResponse) => void, label: string, logger: Logger): (req: IncomingMessage, res: ServerResponse) => void {
  interface Turns { running: number; paused: boolean; waiting: Array<[IncomingMessage, ServerResponse]> }
  const connections = new WeakMap<Socket, Turns>();
  const closed = { count: 0, loggedAt: -Infinity };
  const run = (socket: Socket, turns: Turns, req: IncomingMessage, res: ServerResponse) => {
    turns.running++;
    res.once('close', () => {
      turns.running--;
      const next = turns.waiting.shift();
      if (socket.destroyed) {
        turns.waiting.length = 0;
        return;
      }
      if (next) run(socket, turns, ...next);
      // The last request read may still need its body from the socket. Only what this paused is resumed: Node
      // pauses the socket itself while answers pile up.
      if (turns.waiting.length === 0 && turns.paused) {
        turns.paused = false;
        socket.resume();
      }
    });
    handler(req, res);
  };
  return (req, res) => {
    const socket = req.socket;
    if (socket.destroyed) return;
    let turns = connections.get(socket);
    if (!turns) {
      const created: Turns = { running: 0, paused: false, waiting: [] };
      socket.once('close', () => { created.waiting.length = 0; });
      connections.set(socket, created);
      turns = created;
    }
    if (turns.running < MAX_PIPELINED_RUNNING) return run(socket, turns, req, res);
    if (turns.waiting.length >= MAX_PIPELINED_WAITING) {
      turns.waiting.length = 0;
      socket.destroy();
      closed.count++;
      const now = Date.now();
      if (now - closed.loggedAt >= REFUSAL_LOG_MS) {
        logger.warn(`${label}: closed ${closed.count} connection(s) whose client pipelined more than ${MAX_PIPELINED_RUNNING + MAX_PIPELINED_WAITING} requests ahead of their answers (in the last minute at most; see docs/operations.md, "Connections")`);
        closed.loggedAt = now;
        closed.count = 0;
      }
      return;
    }
    turns.waiting.push([req, res]);
    turns.paused = true;
    socket.pause();
  };
}

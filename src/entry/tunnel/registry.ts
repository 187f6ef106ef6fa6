import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Clock } from '../../platform/clock.js';
import { LedgeError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { DispatchRequest, DispatchResponse } from '../../runtime/isolate.js';
import { readBody } from '../../http/body.js';
import { ResponseStream } from '../../runtime/response-stream.js';
import { headProblem } from './answer-head.js';
import type { TunnelRecord, TunnelStoragePort } from '../../storage/tunnels.js';
import { asksForWebSocket, parseRelayMessage, RelayedSocket } from './socket-relay.js';
import { decodeTunnelToken, TUNNEL_REQUEST_LIMIT, type ConnectorMessage, type PlatformMessage } from './protocol.js';

/** How often the platform pings each connection; one missed answer closes it. */
const PING_MS = 15_000;
/** Bytes of a streamed answer the platform holds for a client that reads slowly, before it gives up on the answer. */
const STREAM_BUFFER_LIMIT = 16 * 1024 * 1024;
/** How long the platform waits for a connector's answer to start. */
const RESPONSE_START_MS = 100_000;
/** Connections one tunnel holds at once (docs/tunnels.md); the next one is refused. */
export const MAX_CONNECTORS_PER_TUNNEL = 100;
/** Largest WebSocket message the platform takes from a connector (docs/tunnels.md); a larger one closes the connection (1009). */
export const MAX_CONNECTOR_MESSAGE_BYTES = 16 * 1024 * 1024;
/** The close code of a connection refused because its tunnel has MAX_CONNECTORS_PER_TUNNEL already. */
export const CLOSE_TOO_MANY_CONNECTORS = 4003;

/** One live connection, as the connections endpoint shows it. */
export interface ConnectionView {
  id: string;
  client_id: string;
  client_version: string;
  opened_at: string;
  origin_ip: string;
  is_pending_reconnect: boolean;
}

/** One connector (process) of a tunnel with its connections. */
export interface ConnectorView {
  id: string;
  version: string;
  arch: string;
  run_at: string;
  conns: ConnectionView[];
}

interface Pending {
  resolve(response: DispatchResponse): void;
  reject(err: Error): void;
  /** The answer's body, once its head arrived. */
  stream?: ResponseStream;
  timer: NodeJS.Timeout;
  /** A WebSocket upgrade: the origin may answer `ws-accepted`. */
  upgrade?: true;
}

interface Live {
  view: ConnectionView;
  arch: string;
  runAt: string;
  accountId: string;
  tunnelId: string;
  socket: WebSocket;
  draining: boolean;
  alive: boolean;
  pending: Map<number, Pending>;
  /** WebSockets relayed through this connection, by request id (socket-relay.ts). */
  sockets: Map<number, RelayedSocket>;
}

/** The live connections of every tunnel on this node, and the forwarding of requests through them. */
export interface ConnectorRegistry {
  /** Takes an HTTP upgrade on the connect path. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The connectors of a tunnel with their connections. */
  connectors(tunnelId: string): ConnectorView[];
  /** The status derived from live connections: inactive (never connected), healthy, degraded (all draining), down. */
  status(tunnel: TunnelRecord): 'inactive' | 'healthy' | 'degraded' | 'down';
  /** Closes the connections of one connector (or all of the tunnel's); returns how many closed. */
  disconnect(tunnelId: string, clientId?: string): number;
  /** Sends a request through one of the tunnel's connections (round robin over those not draining). */
  forward(tunnelId: string, request: DispatchRequest): Promise<DispatchResponse>;
  /**
   * The first step of a stop: refuses new connections, routes nothing new to the live ones and tells their
   * connectors to go (`stopping`); resolves once every connection has closed. `close()` ends the rest.
   */
  drain(): Promise<void>;
  /** Closes every connection at once, registered or still in its handshake. */
  close(): Promise<void>;
}

/** Options of the registry. */
export interface ConnectorRegistryOptions {
  tunnels: TunnelStoragePort;
  clock: Clock;
  logger: Logger;
  /** Connections one tunnel holds at once. @default 100 */
  maxConnectorsPerTunnel?: number;
  /** Largest message from a connector, in bytes (response chunks are 256 KiB). @default 16777216 */
  maxMessageBytes?: number;
}

/** Creates the registry; connectors authenticate with their tunnel token, checked against the stored secret. */
export function createConnectorRegistry(options: ConnectorRegistryOptions): ConnectorRegistry {
  const { tunnels, clock, logger } = options;
  const maxConnectors = options.maxConnectorsPerTunnel ?? MAX_CONNECTORS_PER_TUNNEL;
  // ws closes a connection whose message passes this with 1009 before buffering it whole.
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? MAX_CONNECTOR_MESSAGE_BYTES });
  const live = new Map<string, Live[]>();
  let stopping = false;
  /** Called when the last connection closes (drain() waits for it). */
  let allClosed: (() => void) | undefined;
  let turn = 0;
  let nextId = 1;
  const iso = () => new Date(clock.now()).toISOString();

  const pinger = setInterval(() => {
    for (const conns of live.values()) {
      for (const c of conns) {
        if (!c.alive) { c.socket.terminate(); continue; }
        c.alive = false;
        c.socket.ping();
      }
    }
  }, PING_MS).unref();

  function send(c: Live, message: PlatformMessage): void {
    c.socket.send(JSON.stringify(message));
  }

  async function accept(socket: WebSocket, req: IncomingMessage): Promise<void> {
    // A protocol error (a message past the limit, a bad frame) closes the socket; without a listener it would throw.
    socket.on('error', (err) => logger.warn(`a tunnel connection from ${req.socket.remoteAddress ?? '?'} was closed: ${err.message}`));
    const header = req.headers['edge-tunnel-token'];
    const decoded = typeof header === 'string' ? decodeTunnelToken(header) : 'no Edge-Tunnel-Token header';
    const refuse = (message: string, code = 4001, reason = 'refused') => { socket.send(JSON.stringify({ type: 'refused', message } satisfies PlatformMessage)); socket.close(code, reason); };
    if (typeof decoded === 'string') return refuse(decoded);
    const tunnel = await tunnels.getTunnel(decoded.a, decoded.t);
    // Closed while the tunnel was looked up (the connector left, or the platform is stopping).
    if (socket.readyState !== socket.OPEN) return;
    const given = Buffer.from(decoded.s, 'base64');
    const expected = tunnel ? Buffer.from(tunnel.secret, 'base64') : Buffer.alloc(0);
    if (!tunnel || tunnel.deleted_at !== null || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      logger.warn(`a connector was refused for tunnel ${decoded.t}: unknown or deleted tunnel, or wrong secret`);
      return refuse('the tunnel does not exist, was deleted, or the token is wrong');
    }
    const first = await new Promise<ConnectorMessage | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 10_000).unref();
      socket.once('message', (data) => { clearTimeout(timer); try { resolve(JSON.parse(String(data)) as ConnectorMessage); } catch { resolve(null); } });
      socket.once('close', () => { clearTimeout(timer); resolve(null); });
    });
    if (!first || first.type !== 'register' || typeof first.client_id !== 'string') return refuse('expected a register message first');
    if (stopping || socket.readyState !== socket.OPEN) return void socket.terminate();
    // Checked where the connection is added, with no await in between, so simultaneous connects cannot all slip under the cap.
    if ((live.get(tunnel.id)?.length ?? 0) >= maxConnectors) {
      logger.warn(`tunnel ${tunnel.name} (${tunnel.id}): connector ${first.client_id} was refused: the tunnel has ${maxConnectors} connections, the most it takes`);
      return refuse(`the tunnel already has ${maxConnectors} connected connectors, the most one tunnel takes; stop one first`, CLOSE_TOO_MANY_CONNECTORS, 'too many connectors');
    }
    const conn: Live = {
      view: { id: randomUUID(), client_id: first.client_id, client_version: String(first.version ?? ''), opened_at: iso(), origin_ip: req.socket.remoteAddress ?? '', is_pending_reconnect: false },
      arch: String(first.arch ?? ''), runAt: iso(), accountId: tunnel.account_id, tunnelId: tunnel.id, socket, draining: false, alive: true, pending: new Map(), sockets: new Map(),
    };
    const earlier = (live.get(tunnel.id) ?? []).find((c) => c.view.client_id === first.client_id);
    if (earlier) conn.runAt = earlier.runAt;
    live.set(tunnel.id, [...(live.get(tunnel.id) ?? []), conn]);
    // Before any await: a connection that closes from here on is always removed again.
    socket.on('close', () => void onClose(conn));
    await tunnels.updateTunnel(tunnel.account_id, tunnel.id, { conns_active_at: conn.view.opened_at, conns_inactive_at: null });
    socket.on('pong', () => { conn.alive = true; });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      try {
        onMessage(conn, String(data));
      } catch (err) {
        logger.warn(`tunnel ${conn.tunnelId}: a message from connector ${conn.view.client_id} was dropped: ${(err as Error).message}`);
      }
    });
    send(conn, { type: 'registered', connection_id: conn.view.id, tunnel_id: tunnel.id, config: tunnel.config, config_version: tunnel.config_version });
    logger.info(`tunnel ${tunnel.name} (${tunnel.id}): connector ${first.client_id} connected from ${conn.view.origin_ip}`);
  }

  /** A connector's message, or null when it is not one: a connector may be buggy or hostile, the platform must not care. */
  function parseMessage(text: string): ConnectorMessage | null {
    let m: unknown;
    try {
      m = JSON.parse(text);
    } catch {
      return null;
    }
    if (typeof m !== 'object' || m === null || typeof (m as { type?: unknown }).type !== 'string') return null;
    const message = m as Record<string, unknown>;
    if (message.type === 'draining' || message.type === 'register') return message as ConnectorMessage;
    if (!Number.isSafeInteger(message.id)) return null;
    switch (message.type) {
      case 'response-start':
        return Number.isInteger(message.status) && (message.status as number) >= 100 && (message.status as number) <= 599 && Array.isArray(message.headers)
          && (message.headers as unknown[]).every((h) => Array.isArray(h) && h.length === 2 && typeof h[0] === 'string' && typeof h[1] === 'string') ? message as ConnectorMessage : null;
      case 'response-chunk':
        return typeof message.data === 'string' ? message as ConnectorMessage : null;
      case 'response-end':
        return message as ConnectorMessage;
      case 'response-error':
        return typeof message.message === 'string' ? message as ConnectorMessage : null;
      case 'ws-accepted':
        return Array.isArray(message.headers) && (message.headers as unknown[]).every((h) => Array.isArray(h) && h.length === 2 && typeof h[0] === 'string' && typeof h[1] === 'string') ? message as ConnectorMessage : null;
      default:
        return parseRelayMessage(message);
    }
  }

  function onMessage(conn: Live, text: string): void {
    const message = parseMessage(text);
    if (!message) return;
    if (message.type === 'draining') { conn.draining = true; return; }
    if (message.type === 'register') return;
    if (message.type === 'ws-frame' || message.type === 'ws-close' || message.type === 'ws-credit') {
      conn.sockets.get(message.id)?.receive(message);
      return;
    }
    const pending = conn.pending.get(message.id);
    if (!pending) return;
    switch (message.type) {
      case 'ws-accepted': {
        if (!pending.upgrade || pending.stream) return;
        clearTimeout(pending.timer);
        conn.pending.delete(message.id);
        const id = message.id;
        const relay = new RelayedSocket(id, (frame) => send(conn, frame), () => conn.sockets.delete(id));
        conn.sockets.set(id, relay);
        pending.resolve({
          status: 101, statusText: '', headers: message.headers.flat(), body: null,
          webSocket: { attach: (ws) => relay.join(ws), refuse: (reason) => relay.abandon(reason) },
        });
        break;
      }
      case 'response-start': {
        if (pending.stream) return;
        clearTimeout(pending.timer);
        const id = message.id;
        const problem = headProblem(message.status, message.headers);
        if (problem) {
          conn.pending.delete(id);
          send(conn, { type: 'cancel', id });
          logger.warn(`tunnel ${conn.tunnelId}: connector ${conn.view.client_id} answered with ${problem}; the client gets 502`);
          pending.reject(new LedgeError('tunnel_origin_failed', `the connector answered with ${problem}`));
          return;
        }
        const stream = new ResponseStream({
          // The client went away (or stopped reading) before the end: tell the connector to stop.
          onCancel: () => { if (conn.pending.delete(id)) send(conn, { type: 'cancel', id }); },
        });
        pending.stream = stream;
        // Connector header names arrive in any case; the platform's own code reads them lowercase.
        const headers: string[] = [];
        for (const [name, value] of message.headers) headers.push(name.toLowerCase(), value);
        // Whatever the connector sent (an origin's answer, or one of its own rules'), it came from beyond the tunnel.
        pending.resolve({ status: message.status, statusText: '', headers, body: stream, origin: 'upstream' });
        break;
      }
      case 'response-chunk': {
        const stream = pending.stream;
        if (!stream) return;
        stream.push(new Uint8Array(Buffer.from(message.data, 'base64')));
        // A reader that does not keep up (a slow or vanished client): stop the answer rather than buffer it all.
        if (stream.buffered > STREAM_BUFFER_LIMIT) {
          conn.pending.delete(message.id);
          send(conn, { type: 'cancel', id: message.id });
          stream.fail(new Error('the client does not read the answer fast enough'));
        }
        break;
      }
      case 'response-end':
        conn.pending.delete(message.id);
        if (pending.stream) pending.stream.end();
        else failBeforeStart(pending, 'the connector ended an answer it never started');
        break;
      case 'response-error':
        conn.pending.delete(message.id);
        if (pending.stream) pending.stream.fail(new Error(message.message));
        else failBeforeStart(pending, `the connector could not answer: ${message.message}`);
        break;
    }
  }

  function failBeforeStart(pending: Pending, reason: string): void {
    clearTimeout(pending.timer);
    pending.reject(new LedgeError('tunnel_origin_failed', reason));
  }

  async function onClose(conn: Live): Promise<void> {
    const rest = (live.get(conn.tunnelId) ?? []).filter((c) => c !== conn);
    if (rest.length) live.set(conn.tunnelId, rest);
    else live.delete(conn.tunnelId);
    for (const relay of conn.sockets.values()) relay.drop(1011, 'the tunnel connection closed');
    if (!live.size) allClosed?.();
    for (const [id, pending] of conn.pending) {
      clearTimeout(pending.timer);
      const err = new LedgeError('isolate_failed', 'the tunnel connection closed before the answer was complete');
      if (pending.stream) pending.stream.fail(err);
      else pending.reject(err);
      conn.pending.delete(id);
    }
    if (!rest.length) await tunnels.updateTunnel(conn.accountId, conn.tunnelId, { conns_inactive_at: iso() }).catch((err: unknown) => logger.warn(`tunnel ${conn.tunnelId}: could not record when it went inactive: ${(err as Error).message}`));
    logger.info(`tunnel ${conn.tunnelId}: connector ${conn.view.client_id} disconnected`);
  }

  /** A WebSocket upgrade for the origin: a 101 with the relayed socket once the connector says the origin accepted. */
  function openSocket(conn: Live, url: string, pairs: [string, string][]): Promise<DispatchResponse> {
    const id = nextId++;
    return new Promise<DispatchResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        conn.pending.delete(id);
        send(conn, { type: 'cancel', id });
        reject(new LedgeError('exceeded_wall_time', 'the tunnel did not answer in time'));
      }, RESPONSE_START_MS);
      // A 101 arrives as `ws-accepted`; a `response-start` is the origin's refusal (never interim, never 101).
      conn.pending.set(id, { resolve, reject, timer, upgrade: true });
      send(conn, { type: 'ws-open', id, url, headers: pairs });
    });
  }

  return {
    upgrade(req, socket, head) {
      if (stopping) return void socket.destroy();
      wss.handleUpgrade(req, socket, head, (ws) => {
        accept(ws, req).catch((err: unknown) => { logger.error(`tunnel connect failed: ${(err as Error).message}`); ws.terminate(); });
      });
    },
    connectors(tunnelId) {
      const byClient = new Map<string, ConnectorView>();
      for (const c of live.get(tunnelId) ?? []) {
        const view = byClient.get(c.view.client_id) ?? { id: c.view.client_id, version: c.view.client_version, arch: c.arch, run_at: c.runAt, conns: [] };
        view.conns.push({ ...c.view });
        byClient.set(c.view.client_id, view);
      }
      return [...byClient.values()];
    },
    status(tunnel) {
      const conns = live.get(tunnel.id) ?? [];
      if (conns.length) return conns.every((c) => c.draining) ? 'degraded' : 'healthy';
      return tunnel.conns_active_at === null ? 'inactive' : 'down';
    },
    disconnect(tunnelId, clientId) {
      const conns = (live.get(tunnelId) ?? []).filter((c) => clientId === undefined || c.view.client_id === clientId);
      for (const c of conns) c.socket.close(4002, 'removed by the account API');
      return conns.length;
    },
    async forward(tunnelId, request) {
      const conns = (live.get(tunnelId) ?? []).filter((c) => !c.draining);
      if (!conns.length) throw new LedgeError('tunnel_unavailable', 'the tunnel has no connected connector');
      const conn = conns[turn++ % conns.length] as Live;
      const pairs = headers(request.headers);
      if (asksForWebSocket(request.headers)) return openSocket(conn, request.url, pairs);
      const body = request.body ? (await readBody(request.body, TUNNEL_REQUEST_LIMIT)).toString('base64') : null;
      const id = nextId++;
      return new Promise<DispatchResponse>((resolve, reject) => {
        const timer = setTimeout(() => {
          conn.pending.delete(id);
          send(conn, { type: 'cancel', id });
          reject(new LedgeError('exceeded_wall_time', 'the tunnel did not answer in time'));
        }, RESPONSE_START_MS);
        conn.pending.set(id, { resolve, reject, timer });
        send(conn, { type: 'request', id, method: request.method, url: request.url, headers: pairs, body });
      });
    },
    drain() {
      stopping = true;
      const registered = new Set<WebSocket>();
      for (const conns of live.values()) {
        for (const c of conns) {
          registered.add(c.socket);
          c.draining = true;
          send(c, { type: 'stopping' });
        }
      }
      // A connection still in its handshake has nothing in flight: it can go now (its connector dials again later).
      for (const ws of wss.clients) if (!registered.has(ws)) ws.terminate();
      if (!live.size) return Promise.resolve();
      return new Promise<void>((resolve) => { allClosed = resolve; });
    },
    async close() {
      stopping = true;
      clearInterval(pinger);
      for (const ws of wss.clients) ws.terminate();
      for (const conns of live.values()) for (const c of conns) c.socket.terminate();
      live.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function headers(flat: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i] as string, flat[i + 1] as string]);
  return out;
}

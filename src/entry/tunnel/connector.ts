import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { arch } from 'node:os';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { WebSocket } from 'ws';
import type { Logger } from '../../platform/logger.js';
import { connectionOptions, headerPairs, isHopByHop } from '../hop-by-hop.js';
import { matchUrl, validateIngress, type IngressRule } from './ingress.js';
import { openOriginSocket } from './origin-socket.js';
import { RelayedSocket } from './socket-relay.js';
import { decodeTunnelToken, type ConnectorMessage, type PlatformMessage } from './protocol.js';

/** Bytes of a response body per message back to the platform. */
const CHUNK = 256 * 1024;

/** Options of one connector process. */
export interface ConnectorOptions {
  /** The tunnel token (base64 of account, tunnel, secret and, usually, the connect URL). */
  token: string;
  /** The connect URL when the token has none, or to override it. */
  edge?: string;
  /** Ingress rules from the connector's own file; without them it uses the tunnel's configuration on the platform. */
  rules?: readonly IngressRule[];
  logger: Logger;
  version: string;
  /** First and largest wait between reconnects, before jitter. @default 1000, 30000 */
  backoffMs?: { min: number; max: number };
  /** How long a graceful stop waits for requests in flight. @default 30000 */
  graceMs?: number;
}

/** A running connector. */
export interface Connector {
  /** Resolves once the platform has registered a connection (the first time). */
  readonly registered: Promise<void>;
  /** Stops taking new requests, finishes those in flight (up to the grace period), then disconnects. */
  stop(): Promise<void>;
  /** Resolves when the connector has stopped for good: after stop(), or when the platform refused it. */
  readonly done: Promise<{ refused?: string }>;
}

/**
 * Starts a connector: it dials the platform outbound only (a WebSocket), registers, serves the requests
 * routed to its tunnel by applying the ordered ingress rules, and reconnects with back-off and jitter.
 */
export function startConnector(options: ConnectorOptions): Connector {
  const { logger } = options;
  const decoded = decodeTunnelToken(options.token);
  if (typeof decoded === 'string') throw new Error(decoded);
  const endpoint = options.edge ?? decoded.e;
  if (!endpoint) throw new Error('the tunnel token names no endpoint; give the platform URL with --edge');
  const clientId = randomUUID();
  const backoff = options.backoffMs ?? { min: 1000, max: 30_000 };
  const inflight = new Map<number, AbortController>();
  /** WebSockets relayed to origins, by the platform's request id. */
  const sockets = new Map<number, RelayedSocket>();
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  let socket: WebSocket | undefined;
  let stopping = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let rules: readonly IngressRule[] | undefined = options.rules;
  let markRegistered: () => void = () => undefined;
  const registered = new Promise<void>((resolve) => { markRegistered = resolve; });
  let finish: (outcome: { refused?: string }) => void = () => undefined;
  const done = new Promise<{ refused?: string }>((resolve) => { finish = resolve; });
  /** Told when the last request in flight finishes. */
  const idleWaiters = new Set<() => void>();
  /** Resolves when no request is in flight, or after the grace period. */
  const whenIdle = async (): Promise<void> => {
    if (!inflight.size) return;
    let timer: NodeJS.Timeout | undefined;
    let waiter: (() => void) | undefined;
    await Promise.race([
      new Promise<void>((resolve) => { waiter = resolve; idleWaiters.add(resolve); }),
      new Promise<void>((resolve) => { timer = setTimeout(resolve, options.graceMs ?? 30_000).unref(); }),
    ]);
    clearTimeout(timer);
    if (waiter) idleWaiters.delete(waiter);
  };

  function connect(): void {
    const ws = new WebSocket(endpoint as string, { headers: { 'edge-tunnel-token': options.token }, handshakeTimeout: 10_000 });
    socket = ws;
    let refused: string | undefined;
    ws.on('open', () => send(ws, { type: 'register', client_id: clientId, version: options.version, arch: arch(), local_config: options.rules !== undefined }));
    ws.on('message', (data) => {
      let message: PlatformMessage;
      try {
        message = JSON.parse(String(data)) as PlatformMessage;
      } catch {
        return;
      }
      if (message.type === 'refused') { refused = message.message; return; }
      if (message.type === 'registered') {
        attempt = 0;
        if (!options.rules) {
          const remote = message.config ? validateIngress({ ingress: message.config.ingress }, 'the tunnel configuration') : null;
          rules = remote && !remote.problems.length ? remote.rules : undefined;
          for (const risk of rules ? remote?.risks ?? [] : []) logger.warn(risk);
          if (!rules) logger.error('no ingress rules: give --config FILE, or set the tunnel configuration with PUT .../edge_tunnel/{id}/configurations; answering 503 until then');
        }
        logger.info(`connected to the platform as connection ${message.connection_id} of tunnel ${message.tunnel_id}`);
        markRegistered();
        return;
      }
      if (message.type === 'request') void serve(ws, message);
      if (message.type === 'cancel') { inflight.get(message.id)?.abort(); sockets.get(message.id)?.drop(1001, 'cancelled by the platform'); }
      if (message.type === 'stopping') void leave(ws);
      if (message.type === 'ws-open') void relaySocket(ws, message);
      if (message.type === 'ws-frame' || message.type === 'ws-close' || message.type === 'ws-credit') sockets.get(message.id)?.receive(message);
    });
    ws.on('error', (err) => logger.warn(`tunnel connection: ${err.message}`));
    ws.on('close', () => {
      for (const controller of inflight.values()) controller.abort();
      for (const relay of sockets.values()) relay.drop(1001, 'the tunnel connection closed');
      if (refused !== undefined) {
        logger.error(`the platform refused the connector: ${refused}`);
        stopping = true;
        finish({ refused });
        return;
      }
      if (stopping) { finish({}); return; }
      const wait = Math.min(backoff.max, backoff.min * 2 ** attempt++) * (0.5 + Math.random());
      logger.info(`disconnected; reconnecting in ${Math.round(wait)} ms`);
      timer = setTimeout(connect, wait);
    });
  }

  /**
   * Applies the ingress rules to a request: the rule with the origin URL and headers to send it to, or
   * null once the connector has answered the request itself (no rules, access refused, a status rule).
   */
  async function route(ws: WebSocket, message: { id: number; url: string; headers: [string, string][] }): Promise<{ rule: IngressRule; target: URL; headers: Record<string, string | string[]> } | null> {
    const url = new URL(message.url);
    if (!rules) return answer(ws, message.id, 503, 'no ingress rules are configured for this tunnel\n'), null;
    const { rule } = matchUrl(rules, url);
    const refusal = await checkAccess(rule, message.headers);
    if (refusal) return answer(ws, message.id, 403, `${refusal}\n`), null;
    if (rule.service.kind === 'status') return answer(ws, message.id, rule.service.status, ''), null;
    const origin = rule.service.origin;
    const headers: Record<string, string | string[]> = {};
    // Headers of one hop, and those the Connection header names, are not passed to the origin (RFC 9110 7.6.1).
    const named = connectionOptions(message.headers);
    for (const [name, value] of message.headers) {
      const lower = name.toLowerCase();
      if (isHopByHop(lower, named)) continue;
      const prior = headers[lower];
      headers[lower] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
    }
    headers['x-forwarded-host'] = url.host;
    headers.host = rule.originRequest.httpHostHeader ?? url.host;
    // Never resolve the request's path against the origin: `//other-host/x` would leave the rule's origin.
    const target = new URL(origin);
    target.pathname = url.pathname;
    target.search = url.search;
    return { rule, target, headers };
  }

  /** A WebSocket upgrade: relayed to the origin's WebSocket, or the origin's refusal answered as a response. */
  async function relaySocket(ws: WebSocket, message: Extract<PlatformMessage, { type: 'ws-open' }>): Promise<void> {
    try {
      const routed = await route(ws, message);
      if (!routed) return;
      const relay = new RelayedSocket(message.id, (frame) => send(ws, frame), () => sockets.delete(message.id));
      sockets.set(message.id, relay);
      openOriginSocket({ ...routed, id: message.id, relay, send: (reply) => send(ws, reply), logger });
    } catch (err) {
      logger.warn(`WebSocket to the origin failed: ${(err as Error).message}`);
      send(ws, { type: 'response-error', id: message.id, message: 'the origin could not be reached' });
    }
  }

  async function serve(ws: WebSocket, message: Extract<PlatformMessage, { type: 'request' }>): Promise<void> {
    const controller = new AbortController();
    inflight.set(message.id, controller);
    try {
      const routed = await route(ws, message);
      if (!routed) return;
      const { rule, target, headers } = routed;
      const body = message.body === null ? undefined : Buffer.from(message.body, 'base64');
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
        const req = send(target, {
          method: message.method, headers, signal: controller.signal,
          timeout: rule.originRequest.connectTimeoutMs ?? 30_000,
          rejectUnauthorized: rule.originRequest.noTLSVerify !== true,
        }, resolve);
        req.on('error', reject);
        req.on('timeout', () => req.destroy(new Error('the origin did not answer in time')));
        req.end(body);
      });
      const out: [string, string][] = [];
      const originNamed = connectionOptions(headerPairs(response.rawHeaders));
      for (const [name, value] of headerPairs(response.rawHeaders)) {
        if (!isHopByHop(name.toLowerCase(), originNamed)) out.push([name.toLowerCase(), value]);
      }
      send(ws, { type: 'response-start', id: message.id, status: response.statusCode ?? 502, headers: out });
      for await (const chunk of response as AsyncIterable<Buffer>) {
        for (let at = 0; at < chunk.length; at += CHUNK) send(ws, { type: 'response-chunk', id: message.id, data: chunk.subarray(at, at + CHUNK).toString('base64') });
      }
      send(ws, { type: 'response-end', id: message.id });
    } catch (err) {
      logger.warn(`request to the origin failed: ${(err as Error).message}`);
      send(ws, { type: 'response-error', id: message.id, message: 'the origin could not be reached' });
    } finally {
      inflight.delete(message.id);
      if (!inflight.size) for (const resolve of idleWaiters) resolve();
    }
  }

  /**
   * A rule's `originRequest.access` (control-plane.md 3.6): the request must carry an assertion signed by
   * the team's keys for one of the rule's audiences, or it gets 403 without reaching the origin.
   */
  async function checkAccess(rule: IngressRule, headers: readonly [string, string][]): Promise<string | null> {
    const access = rule.originRequest.access;
    if (!access?.required) return null;
    const token = headers.find(([name]) => name.toLowerCase() === 'edge-access-jwt-assertion')?.[1];
    if (!token) return 'no access token in request';
    // The team is its domain (issuer https://<team>, keys at /access/certs), or a URL whose /access/certs holds the keys.
    const isUrl = /^https?:\/\//.test(access.teamName);
    const certs = isUrl ? `${access.teamName.replace(/\/+$/, '')}/access/certs` : `https://${access.teamName}/access/certs`;
    let keys = keySets.get(certs);
    if (!keys) keySets.set(certs, (keys = createRemoteJWKSet(new URL(certs))));
    try {
      await jwtVerify(token, keys, { algorithms: ['RS256'], audience: [...access.audTag], requiredClaims: ['exp', 'iat'], ...(isUrl ? {} : { issuer: `https://${access.teamName}` }) });
      return null;
    } catch (err) {
      return `Invalid token in jwt: ${(err as { code?: string }).code ?? 'not verified'}`;
    }
  }

  /** The platform is stopping: finish the requests in flight (up to the grace period), then close; the close handler dials again. */
  async function leave(ws: WebSocket): Promise<void> {
    logger.info('the platform is stopping: finishing the requests in flight, then reconnecting');
    await whenIdle();
    if (ws.readyState === WebSocket.OPEN) ws.close(1001, 'the platform is stopping');
  }

  function answer(ws: WebSocket, id: number, status: number, text: string): void {
    send(ws, { type: 'response-start', id, status, headers: text ? [['content-type', 'text/plain; charset=utf-8']] : [] });
    if (text) send(ws, { type: 'response-chunk', id, data: Buffer.from(text).toString('base64') });
    send(ws, { type: 'response-end', id });
  }

  function send(ws: WebSocket, message: ConnectorMessage): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }

  connect();
  return {
    registered,
    done,
    async stop() {
      if (stopping) return void (await done);
      stopping = true;
      clearTimeout(timer);
      const ws = socket;
      if (!ws || ws.readyState !== WebSocket.OPEN) { ws?.terminate(); finish({}); return; }
      send(ws, { type: 'draining' });
      await whenIdle();
      ws.close(1000, 'connector stopping');
      await done;
    },
  };
}

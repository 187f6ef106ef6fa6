/**
 * The connector's half of a relayed WebSocket (docs/tunnels.md): it opens the WebSocket to the origin the
 * ingress rule names and, once the origin accepts, joins it to the relay; a refusal from the origin goes
 * back as an ordinary response, so the client sees the origin's own answer.
 */
import type { IncomingMessage } from 'node:http';
import { WebSocket } from 'ws';
import type { Logger } from '../../platform/logger.js';
import { MAX_SOCKET_MESSAGE_BYTES } from '../../runtime/websockets/protocol.js';
import type { IngressRule } from './ingress.js';
import type { ConnectorMessage } from './protocol.js';
import type { RelayedSocket } from './socket-relay.js';

/** Headers of the handshake that `ws` writes itself, or that belong to one hop. */
const HANDSHAKE_HEADERS = new Set(['sec-websocket-key', 'sec-websocket-version', 'sec-websocket-extensions', 'sec-websocket-protocol', 'sec-websocket-accept', 'connection', 'upgrade', 'keep-alive', 'transfer-encoding', 'content-length', 'proxy-connection', 'te', 'trailer']);
/** Bytes of a refusal's body per message back to the platform. */
const CHUNK = 256 * 1024;

/** What the connector knows when it opens a WebSocket to the origin. */
export interface OriginSocketOptions {
  id: number;
  rule: IngressRule;
  /** The origin URL with the request's path (http or https; the WebSocket scheme is derived). */
  target: URL;
  /** Request headers for the origin, hop-by-hop ones already removed. */
  headers: Record<string, string | string[]>;
  relay: RelayedSocket;
  send: (message: ConnectorMessage) => void;
  logger: Logger;
}

/** Opens the origin's WebSocket; the relay joins it once open. */
export function openOriginSocket(options: OriginSocketOptions): void {
  const { id, rule, relay, send } = options;
  const target = new URL(options.target);
  target.protocol = target.protocol === 'https:' ? 'wss:' : 'ws:';
  const offered = options.headers['sec-websocket-protocol'];
  const protocols = (Array.isArray(offered) ? offered.join(',') : offered ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(options.headers)) if (!HANDSHAKE_HEADERS.has(name)) headers[name] = value;
  const ws = new WebSocket(target, protocols, {
    headers: headers as Record<string, string>,
    perMessageDeflate: false,
    maxPayload: MAX_SOCKET_MESSAGE_BYTES,
    followRedirects: false,
    handshakeTimeout: rule.originRequest.connectTimeoutMs ?? 30_000,
    rejectUnauthorized: rule.originRequest.noTLSVerify !== true,
  });
  let answer: IncomingMessage | undefined;
  let settled = false;
  ws.once('upgrade', (res: IncomingMessage) => { answer = res; });
  ws.once('open', () => {
    settled = true;
    const out: [string, string][] = [];
    const raw = answer?.rawHeaders ?? [];
    for (let i = 0; i < raw.length; i += 2) {
      const name = (raw[i] as string).toLowerCase();
      if (name === 'sec-websocket-protocol' || !HANDSHAKE_HEADERS.has(name)) out.push([name, raw[i + 1] as string]);
    }
    send({ type: 'ws-accepted', id, headers: out });
    relay.join(ws);
  });
  ws.once('unexpected-response', (req, res: IncomingMessage) => {
    settled = true;
    relay.drop(1001, 'refused by the origin');
    void passOn(res).finally(() => req.destroy());
  });
  ws.on('error', (err: Error) => {
    if (settled) return;
    settled = true;
    relay.drop(1001, 'the origin could not be reached');
    options.logger.warn(`WebSocket to the origin failed: ${err.message}`);
    send({ type: 'response-error', id, message: 'the origin could not be reached' });
  });

  async function passOn(res: IncomingMessage): Promise<void> {
    const out: [string, string][] = [];
    for (let i = 0; i < res.rawHeaders.length; i += 2) {
      const name = (res.rawHeaders[i] as string).toLowerCase();
      if (!HANDSHAKE_HEADERS.has(name)) out.push([name, res.rawHeaders[i + 1] as string]);
    }
    send({ type: 'response-start', id, status: res.statusCode ?? 502, headers: out });
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        for (let at = 0; at < chunk.length; at += CHUNK) send({ type: 'response-chunk', id, data: chunk.subarray(at, at + CHUNK).toString('base64') });
      }
      send({ type: 'response-end', id });
    } catch (err) {
      send({ type: 'response-error', id, message: `the origin's answer failed: ${(err as Error).message}` });
    }
  }
}

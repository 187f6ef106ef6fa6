/**
 * Messages between the platform and a tunnel connector over one WebSocket. The connector dials out; the
 * platform sends it requests for the tunnel's hostnames and it answers them. Text frames carry JSON;
 * bodies travel base64 inside them (request bodies whole, response bodies in chunks so large answers stream).
 */

/** The path on the API listener where connectors connect. */
export const CONNECT_PATH = '/connect/tunnel';
/** Largest request body the platform forwards through a tunnel. */
export const TUNNEL_REQUEST_LIMIT = 32 * 1024 * 1024;

/** What the connector says first. */
export interface RegisterMessage {
  type: 'register';
  /** One id per connector process, the same across its reconnects. */
  client_id: string;
  version: string;
  arch: string;
  /** The ingress rules come from the connector's file (true) or from the platform's configuration. */
  local_config: boolean;
}

/**
 * The frames of one WebSocket relayed through the tunnel (docs/tunnels.md), both ways; `id` is the upgrade
 * request's. Binary data travels base64. `ws-credit` says how many bytes the other side has written on:
 * each side stops reading its own connection while a window of unacknowledged bytes is outstanding.
 */
export type SocketRelayMessage =
  | { type: 'ws-frame'; id: number; data: string; binary: boolean }
  | { type: 'ws-close'; id: number; code: number; reason: string }
  | { type: 'ws-credit'; id: number; bytes: number };

/** Connector → platform. */
export type ConnectorMessage =
  | RegisterMessage
  | { type: 'response-start'; id: number; status: number; headers: [string, string][] }
  | { type: 'response-chunk'; id: number; data: string }
  | { type: 'response-end'; id: number }
  | { type: 'response-error'; id: number; message: string }
  /** The origin accepted a WebSocket upgrade (a refusal is an ordinary response). */
  | { type: 'ws-accepted'; id: number; headers: [string, string][] }
  | SocketRelayMessage
  /** The connector is shutting down: send it nothing new, let what runs finish. */
  | { type: 'draining' };

/** Platform → connector. */
export type PlatformMessage =
  | { type: 'registered'; connection_id: string; tunnel_id: string; config: { ingress: unknown[] } | null; config_version: number }
  | { type: 'refused'; message: string }
  | { type: 'request'; id: number; method: string; url: string; headers: [string, string][]; body: string | null }
  | { type: 'cancel'; id: number }
  /** The platform is stopping: finish what runs, then close this connection and dial again later (with back-off). */
  | { type: 'stopping' }
  /** A WebSocket upgrade for the origin: answered by `ws-accepted`, or by an ordinary response when refused. */
  | { type: 'ws-open'; id: number; url: string; headers: [string, string][] }
  | SocketRelayMessage;

/** The token a connector runs with: base64 of `{ a: account, t: tunnel, s: secret, e: connect URL }`. */
export interface TunnelToken {
  a: string;
  t: string;
  s: string;
  e?: string;
}

/** Encodes a tunnel token. */
export function encodeTunnelToken(token: TunnelToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64');
}

/** Decodes a tunnel token, or explains why it is not one (never echoing it). */
export function decodeTunnelToken(text: string): TunnelToken | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text.trim(), 'base64').toString('utf8'));
  } catch {
    return 'the tunnel token is not base64 of a JSON object';
  }
  const t = parsed as Partial<TunnelToken> | null;
  if (!t || typeof t !== 'object' || typeof t.a !== 'string' || typeof t.t !== 'string' || typeof t.s !== 'string') return 'the tunnel token lacks its account, tunnel or secret';
  if (t.e !== undefined && typeof t.e !== 'string') return 'the tunnel token has an invalid endpoint';
  return { a: t.a, t: t.t, s: t.s, ...(t.e ? { e: t.e } : {}) };
}

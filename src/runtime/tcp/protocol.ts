/**
 * The messages that carry outbound TCP sockets (`connect()` from `ledge:sockets`, docs/runtime.md "Outbound
 * TCP") between an isolate and the host. The isolate never opens a connection itself: the host resolves the
 * name, checks the address under the egress policy, connects to the address it checked and relays bytes with
 * credit both ways. A socket is named by a number the isolate chooses (`cid`), unique within that isolate.
 */
import type { SerializedError } from '../wire.js';

/** How the connection is secured: plain, TLS from the start, or plain until `startTls()`. */
export type SecureTransport = 'off' | 'on' | 'starttls';

/** Isolate to host. */
export type TcpIsolateMessage =
  /** Open a connection to `hostname:port`. */
  | { t: 'tcp-connect'; cid: number; hostname: string; port: number; secureTransport: SecureTransport }
  /** Bytes application code wrote. */
  | { t: 'tcp-write'; cid: number; chunk: Uint8Array }
  /** Application code closed its writable side (half close: the far end sees end of stream). */
  | { t: 'tcp-end'; cid: number }
  /** Application code closed the socket (or abandoned it): the connection is destroyed. */
  | { t: 'tcp-close'; cid: number }
  /** The isolate consumed this many bytes of incoming data: the host may read more from the network. */
  | { t: 'tcp-ack'; cid: number; bytes: number }
  /** `startTls()`: upgrade the plain connection to TLS, checking the certificate against `servername`; the secure socket is `next`. */
  | { t: 'tcp-starttls'; cid: number; next: number; servername: string };

/** Host to isolate. */
export type TcpHostMessage =
  /** The connection (and its TLS handshake, if any) is established. */
  | { t: 'tcp-opened'; cid: number; remoteAddress: string | null; localAddress: string | null }
  /** Bytes arrived from the far end. */
  | { t: 'tcp-data'; cid: number; chunk: Uint8Array }
  /** The host has written this many bytes the isolate sent: they no longer count against its window. */
  | { t: 'tcp-written'; cid: number; bytes: number }
  /** The far end ended its side (end of stream). */
  | { t: 'tcp-eof'; cid: number }
  /** The connection is gone; `error` when it failed (refused, reset, certificate rejected). */
  | { t: 'tcp-closed'; cid: number; error?: SerializedError };

/** Outbound sockets one isolate may have open or opening at once (docs/runtime.md). */
export const MAX_TCP_SOCKETS_PER_ISOLATE = 32;
/** Largest chunk either side puts in one message; larger writes are split. */
export const TCP_CHUNK_BYTES = 64 * 1024;
/** Bytes the host hands the isolate ahead of its acknowledgements before it stops reading the network. */
export const TCP_RECEIVE_WINDOW_BYTES = 1024 * 1024;
/** Bytes the isolate sends ahead of the host's `tcp-written` before a write waits. */
export const TCP_SEND_WINDOW_BYTES = 1024 * 1024;
/** Bound on connecting (and on a TLS handshake). */
export const TCP_CONNECT_TIMEOUT_MS = 10_000;

const TCP_KINDS: ReadonlySet<string> = new Set(['tcp-connect', 'tcp-write', 'tcp-end', 'tcp-close', 'tcp-ack', 'tcp-starttls', 'tcp-opened', 'tcp-data', 'tcp-written', 'tcp-eof', 'tcp-closed']);

/** Whether a message belongs to the TCP protocol (both directions share the `tcp-` prefix). */
export function isTcpMessage<M extends { t: string }>(message: M): message is Extract<M, TcpHostMessage | TcpIsolateMessage> {
  return TCP_KINDS.has(message.t);
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** Checks a TCP message that claims to come from an isolate (it is untrusted): its shape and sizes, or null. */
export function toTcpIsolateMessage(value: unknown): TcpIsolateMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  if (!isId(m.cid)) return null;
  switch (m.t) {
    case 'tcp-connect':
      return typeof m.hostname === 'string' && m.hostname.length <= 255 && Number.isInteger(m.port) && (m.port as number) >= 0 && (m.port as number) <= 65535
        && (m.secureTransport === 'off' || m.secureTransport === 'on' || m.secureTransport === 'starttls') ? value as TcpIsolateMessage : null;
    case 'tcp-write': return m.chunk instanceof Uint8Array && m.chunk.byteLength <= TCP_CHUNK_BYTES ? value as TcpIsolateMessage : null;
    case 'tcp-end': case 'tcp-close': return value as TcpIsolateMessage;
    case 'tcp-ack': return isId(m.bytes) && (m.bytes as number) > 0 ? value as TcpIsolateMessage : null;
    case 'tcp-starttls': return isId(m.next) && typeof m.servername === 'string' && m.servername.length <= 255 ? value as TcpIsolateMessage : null;
    default: return null;
  }
}

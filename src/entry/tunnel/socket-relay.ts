/**
 * One WebSocket relayed through a tunnel (docs/tunnels.md): on the platform the client's connection, on
 * the connector the origin's, each joined to the frames the other side sends over the tunnel connection.
 * Both sides run the same code: credit-based backpressure (a side stops reading its own connection while
 * a window of its frames is unacknowledged), and a bound on what it holds for a connection that does not
 * drain, since the other side may be buggy or hostile.
 */
import type { RawData, WebSocket } from 'ws';
import { closeSafely } from '../../http/ws-util.js';
import { SOCKET_RECEIVE_WINDOW_BYTES, SOCKET_SEND_BUFFER_BYTES } from '../../runtime/websockets/protocol.js';
import type { SocketRelayMessage } from './protocol.js';

/** One relayed socket on one side of the tunnel. */
export class RelayedSocket {
  #id: number;
  #send: (message: SocketRelayMessage) => void;
  #onEnd: () => void;
  #ws: WebSocket | undefined;
  #early: SocketRelayMessage[] = [];
  #earlyBytes = 0;
  #unacked = 0;
  #ended = false;

  /** `send` carries a frame to the other side; `onEnd` runs once, when the socket is over on this side. */
  constructor(id: number, send: (message: SocketRelayMessage) => void, onEnd: () => void) {
    this.#id = id;
    this.#send = send;
    this.#onEnd = onEnd;
  }

  /** Joins this side's connection; frames that arrived before are written now. */
  join(ws: WebSocket): void {
    if (this.#ended) {
      closeSafely(ws, 1001, 'the other side went away');
      return;
    }
    this.#ws = ws;
    const id = this.#id;
    ws.on('message', (raw: RawData, isBinary: boolean) => {
      const bytes = toBuffer(raw);
      this.#unacked += bytes.byteLength;
      this.#send({ type: 'ws-frame', id, data: isBinary ? bytes.toString('base64') : bytes.toString('utf8'), binary: isBinary });
      if (this.#unacked >= SOCKET_RECEIVE_WINDOW_BYTES && !ws.isPaused) ws.pause();
    });
    ws.on('close', (code: number, reason: Buffer) => {
      if (this.#ended) return;
      this.#send({ type: 'ws-close', id, code, reason: reason.toString('utf8') });
      this.#end();
    });
    ws.on('error', () => undefined);
    const early = this.#early;
    this.#early = [];
    for (const message of early) this.receive(message);
  }

  /** The connection never came on this side: the other side hears a going-away close. */
  abandon(reason: string): void {
    if (this.#ended) return;
    this.#send({ type: 'ws-close', id: this.#id, code: 1001, reason });
    this.#end();
  }

  /** The tunnel connection is gone: this side's connection closes with `code`. */
  drop(code: number, reason: string): void {
    if (this.#ws) closeSafely(this.#ws, code, reason);
    this.#end();
  }

  /** A frame from the other side. */
  receive(message: SocketRelayMessage): void {
    const ws = this.#ws;
    if (this.#ended) return;
    if (!ws) {
      this.#earlyBytes += message.type === 'ws-frame' ? message.data.length : 0;
      if (this.#earlyBytes > SOCKET_SEND_BUFFER_BYTES) this.abandon('too much data before the connection was ready');
      else this.#early.push(message);
      return;
    }
    switch (message.type) {
      case 'ws-frame': {
        const data = message.binary ? Buffer.from(message.data, 'base64') : message.data;
        const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
        // The other side ignores credit (or this connection stopped reading): end it rather than buffer without bound.
        if (ws.bufferedAmount > SOCKET_SEND_BUFFER_BYTES) {
          this.#send({ type: 'ws-close', id: this.#id, code: 1011, reason: 'the connection does not keep up' });
          this.drop(1011, 'the connection does not keep up');
          return;
        }
        ws.send(data, { binary: message.binary }, () => this.#send({ type: 'ws-credit', id: this.#id, bytes }));
        break;
      }
      case 'ws-close':
        closeSafely(ws, message.code, message.reason);
        break;
      case 'ws-credit':
        this.#unacked = Math.max(0, this.#unacked - message.bytes);
        if (ws.isPaused && this.#unacked < SOCKET_RECEIVE_WINDOW_BYTES) ws.resume();
        break;
    }
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#early = [];
    this.#onEnd();
  }
}

/** Checks a relayed frame from the other side; null when it is not one. */
export function parseRelayMessage(message: Record<string, unknown>): SocketRelayMessage | null {
  switch (message.type) {
    case 'ws-frame':
      return typeof message.data === 'string' && typeof message.binary === 'boolean' ? message as SocketRelayMessage : null;
    case 'ws-close':
      return Number.isInteger(message.code) && typeof message.reason === 'string' ? message as SocketRelayMessage : null;
    case 'ws-credit':
      return Number.isSafeInteger(message.bytes) && (message.bytes as number) >= 0 ? message as SocketRelayMessage : null;
    default:
      return null;
  }
}

/** Whether flat request headers ask for a WebSocket. */
export function asksForWebSocket(headers: readonly string[]): boolean {
  for (let i = 0; i < headers.length; i += 2) {
    if ((headers[i] as string).toLowerCase() === 'upgrade' && (headers[i + 1] as string).toLowerCase() === 'websocket') return true;
  }
  return false;
}

function toBuffer(raw: RawData): Buffer {
  if (Buffer.isBuffer(raw)) return raw;
  if (Array.isArray(raw)) return Buffer.concat(raw);
  return Buffer.from(raw);
}

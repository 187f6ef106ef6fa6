/**
 * The messages that carry WebSockets between an isolate and the host (docs/websockets.md). A socket is
 * named by a number the isolate chooses (`sid`), unique within that isolate; the host keeps its sockets
 * in a registry of their own, so a socket outlives the event that opened it.
 */
import { Buffer } from 'node:buffer';
import type { FlatHeaders, SerializedError } from '../wire.js';

/** One message's payload: text frames as strings, binary frames as bytes. */
export type SocketData = string | Uint8Array;

/** Host to isolate. */
export type SocketHostMessage =
  /** A message arrived from the far end. */
  | { t: 'ws-message'; sid: number; data: SocketData }
  /** The far end closed (or the connection dropped: code 1006, clean false). */
  | { t: 'ws-close'; sid: number; code: number; reason: string; clean: boolean }
  /** The host has written this many bytes the isolate sent: they no longer count against its send buffer. */
  | { t: 'ws-drained'; sid: number; bytes: number }
  /** An outbound connection (`fetch` with `Upgrade: websocket`) is open. */
  | { t: 'ws-opened'; sid: number; status: number; statusText: string; headers: FlatHeaders }
  /** An outbound connection was refused: the server's answer, or the error when there was none. */
  | { t: 'ws-refused'; sid: number; status: number; statusText: string; headers: FlatHeaders; body: Uint8Array | null; error?: SerializedError };

/** Isolate to host. */
export type SocketIsolateMessage =
  /** Application code sent a message. */
  | { t: 'ws-send'; sid: number; data: SocketData }
  /** Application code closed its end. */
  | { t: 'ws-close'; sid: number; code: number; reason: string }
  /** The isolate delivered this many bytes of incoming messages: the host may read more from the network. */
  | { t: 'ws-ack'; sid: number; bytes: number }
  /** Application code asked `fetch()` for a WebSocket: the host opens it (the socket stays unaccepted until `accept()`). */
  | { t: 'ws-connect'; sid: number; url: string; headers: FlatHeaders }
  /**
   * Application code `accept()`ed the socket a stub's `fetch` returned (a coordination object's, held by the host under
   * `token`): the host joins it to `sid` (bindings/coordination/websockets-handoff.ts).
   */
  | { t: 'ws-claim'; sid: number; token: string };

/** Largest message either side may send, in bytes (docs/websockets.md); a larger incoming one closes the socket with 1009. */
export const MAX_SOCKET_MESSAGE_BYTES = 1024 * 1024;
/** Bytes of incoming messages the host hands an isolate ahead of its acknowledgements before it stops reading the network. */
export const SOCKET_RECEIVE_WINDOW_BYTES = 1024 * 1024;
/** Bytes application code may have sent on one socket that the network has not taken yet; past this `send()` throws. */
export const SOCKET_SEND_BUFFER_BYTES = 16 * 1024 * 1024;

/** The size a payload counts for, in bytes. */
export function sizeOf(data: SocketData): number {
  return typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
}

const SOCKET_KINDS: ReadonlySet<string> = new Set(['ws-message', 'ws-close', 'ws-drained', 'ws-opened', 'ws-refused', 'ws-send', 'ws-ack', 'ws-connect', 'ws-claim']);

/** Whether a message belongs to the socket protocol (both directions share the `ws-` prefix). */
export function isSocketMessage<M extends { t: string }>(message: M): message is Extract<M, SocketHostMessage | SocketIsolateMessage> {
  return SOCKET_KINDS.has(message.t);
}

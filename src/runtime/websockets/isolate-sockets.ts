/**
 * The isolate's side of the socket registry: each socket joined to the network has an id (`sid`) and
 * talks to the host over the messages in ./protocol.ts. Two ways in: an end of a `WebSocketPair`
 * returned in a 101 Response, and a client connection opened by `fetch()` with `Upgrade: websocket`
 * (or `new WebSocket(url)`).
 */
import type { FlatHeaders } from '../protocol.js';
import type { SocketHostMessage, SocketIsolateMessage } from './protocol.js';
import { CloseEvent, ErrorEvent, WebSocket, WebSocketPair, setConstructorConnect, setHandoffClaim, socketInternals, type SocketTransport } from './socket.js';

/** The isolate's sockets that reach the network. */
export interface IsolateSockets {
  /** Handles a socket message from the host. */
  receive(message: SocketHostMessage): void;
  /**
   * Hands the end of a pair returned in a 101 Response to the host. Post the head carrying `sid` first,
   * then call `flush()`: it sends what the other end sent before the response.
   */
  attach(socket: unknown): { sid: number; flush: () => void };
  /** The token of a socket a coordination object's host holds (returned by a stub's fetch), or undefined for any other socket. */
  takeHandoff(socket: unknown): string | undefined;
  /** The response carrying `socket` is no longer wanted (the host gave up on its event): its peer sees an unclean close. */
  abandon(socket: unknown): void;
  /** `fetch()` of a request with `Upgrade: websocket`: a 101 Response whose `webSocket` needs `accept()`, or the server's refusal. */
  connect(request: Request): Promise<Response>;
}

type Waiting =
  | { kind: 'fetch'; resolve: (response: Response) => void; reject: (err: Error) => void }
  | { kind: 'constructor'; socket: WebSocket };

/** Makes `WebSocket`, `WebSocketPair`, `CloseEvent` and `ErrorEvent` globals of the isolate. */
export function installWebSocketGlobals(): void {
  for (const [name, value] of Object.entries({ WebSocket, WebSocketPair, CloseEvent, ErrorEvent })) {
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
  }
}

/** Whether a `fetch()` call asks for a WebSocket (checked without building a Request for ordinary calls). */
export function isWebSocketRequest(input: unknown, init: { headers?: HeadersInit } | undefined): boolean {
  if (init?.headers !== undefined) return new Headers(init.headers).get('upgrade')?.toLowerCase() === 'websocket';
  return input instanceof Request && input.headers.get('upgrade')?.toLowerCase() === 'websocket';
}

/** Creates the registry; `post` sends a message to the host. */
export function createIsolateSockets(post: (message: SocketIsolateMessage) => void): IsolateSockets {
  const internals = socketInternals();
  const sockets = new Map<number, WebSocket>();
  const waiting = new Map<number, Waiting>();
  let nextSid = 1;

  const join = (sid: number, socket: WebSocket): void => {
    sockets.set(sid, socket);
    const transport: SocketTransport = {
      local: false,
      send: (data) => post({ t: 'ws-send', sid, data }),
      close: (code, reason) => post({ t: 'ws-close', sid, code, reason }),
    };
    internals.setTransport(socket, transport, (bytes) => post({ t: 'ws-ack', sid, bytes }));
  };

  const open = (url: string, headers: FlatHeaders, wait: Waiting): void => {
    const sid = nextSid++;
    waiting.set(sid, wait);
    post({ t: 'ws-connect', sid, url, headers });
  };

  setHandoffClaim((socket, token) => {
    const sid = nextSid++;
    join(sid, socket);
    post({ t: 'ws-claim', sid, token });
  });

  setConstructorConnect((socket, url, protocols) => {
    open(url, protocols.length ? ['sec-websocket-protocol', protocols.join(', ')] : [], { kind: 'constructor', socket });
  });

  return {
    receive(message) {
      switch (message.t) {
        case 'ws-message': {
          const socket = sockets.get(message.sid);
          if (socket) internals.deliver(socket, { kind: 'message', data: message.data, ack: true });
          break;
        }
        case 'ws-close': {
          const socket = sockets.get(message.sid);
          sockets.delete(message.sid);
          if (socket) internals.deliver(socket, { kind: 'close', code: message.code, reason: message.reason, clean: message.clean });
          break;
        }
        case 'ws-drained': {
          const socket = sockets.get(message.sid);
          if (socket) internals.drained(socket, message.bytes);
          break;
        }
        case 'ws-opened': {
          const wait = waiting.get(message.sid);
          waiting.delete(message.sid);
          if (!wait) break;
          const socket = wait.kind === 'constructor' ? wait.socket : new WebSocket();
          join(message.sid, socket);
          if (wait.kind === 'constructor') {
            internals.opened(socket, headerOf(message.headers, 'sec-websocket-protocol') ?? '');
            break;
          }
          wait.resolve(new Response(null, { status: 101, statusText: message.statusText, headers: pairs(message.headers), webSocket: socket } as ResponseInit));
          break;
        }
        case 'ws-refused': {
          const wait = waiting.get(message.sid);
          waiting.delete(message.sid);
          if (!wait) break;
          const why = message.error?.message ?? `the server answered ${message.status} instead of switching protocols`;
          if (wait.kind === 'constructor') internals.failed(wait.socket, why);
          else if (message.error || message.status < 200 || message.status > 599) wait.reject(new TypeError(`fetch failed: the WebSocket connection could not be opened: ${why}`));
          else wait.resolve(new Response(message.body as Uint8Array<ArrayBuffer> | null, { status: message.status, statusText: message.statusText, headers: pairs(message.headers) }));
          break;
        }
      }
    },

    attach(socket) {
      if (!(socket instanceof WebSocket)) throw new TypeError('the webSocket of a Response must be a WebSocket from a WebSocketPair');
      const held = internals.detach(socket);
      const server = internals.peerOf(socket) as WebSocket;
      const sid = nextSid++;
      join(sid, server);
      // Nothing the socket sends from now on may reach the host before the head naming `sid` (an unknown sid's
      // frames are dropped there): a frame its object sent under the output gate may be released before that.
      internals.pauseOutput(server);
      return {
        sid,
        flush() {
          for (const arrival of held) {
            if (arrival.kind === 'message') {
              internals.charge(server, arrival.data);
              post({ t: 'ws-send', sid, data: arrival.data });
            } else post({ t: 'ws-close', sid, code: arrival.code, reason: arrival.reason });
          }
          internals.resumeOutput(server);
        },
      };
    },

    takeHandoff(socket) {
      return socket instanceof WebSocket ? internals.takeHandoff(socket) : undefined;
    },

    abandon(socket) {
      const server = socket instanceof WebSocket ? internals.peerOf(socket) : undefined;
      if (server) internals.deliver(server, { kind: 'close', code: 1006, reason: '', clean: false });
    },

    connect(request) {
      const headers: FlatHeaders = [];
      for (const [name, value] of request.headers) headers.push(name, value);
      return new Promise((resolve, reject) => open(request.url, headers, { kind: 'fetch', resolve, reject }));
    },
  };
}

function headerOf(flat: FlatHeaders, name: string): string | undefined {
  for (let i = 0; i < flat.length; i += 2) if ((flat[i] as string).toLowerCase() === name) return flat[i + 1];
  return undefined;
}

function pairs(flat: FlatHeaders): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i] as string, flat[i + 1] as string]);
  return out;
}

/**
 * WebSockets in a coordination object, isolate side (docs/bindings/coordination.md, WebSockets): the `ctx`
 * methods of hibernation (`acceptWebSocket`, `getWebSockets`, `getTags`, auto-responses, the event timeout),
 * the object's handlers (`webSocketMessage`, `webSocketClose`, `webSocketError`), and the socket of a 101
 * response on its way out. Each object's hibernatable sockets are mirrored here by number, with their tags,
 * from the state the host sends with events; the host holds the truth. What a socket is comes from the runtime
 * (`installObjectSockets`), which owns the WebSocket class.
 */
import { Buffer } from 'node:buffer';
import { MAX_AUTO_RESPONSE_CHARS, MAX_EVENT_TIMEOUT_MS, MAX_SOCKETS_PER_OBJECT, MAX_TAG_LENGTH, MAX_TAGS_PER_SOCKET } from './websockets-limits.js';
import type { HeldSocketsState, ObjectSocketEvent, ObjectSocketProtocol, ObjectSocketRef } from './websockets-protocol.js';

/** Where a hibernatable socket's frames go (the host, through the instance's storage service). */
export interface HeldTransport {
  readonly local: boolean;
  send(data: string | Uint8Array): void;
  close(code: number, reason: string): void;
}

/** What the runtime's WebSocket class offers this module (runtime/websockets/object-sockets.ts). */
export interface ObjectSocketSupport {
  isSocket(value: unknown): value is object;
  peerOf(socket: object): object | undefined;
  /** Joins the returned end to the isolate's sockets (a plain socket); `flush` after the outcome is sent. */
  attach(client: object): { sid: number; flush: () => void };
  /** Marks the returned end as used, its peer being held by the host. */
  release(client: object): void;
  hold(server: object, transport: HeldTransport, onAttach: (bytes: Uint8Array | null) => void): void;
  revive(transport: HeldTransport, onAttach: (bytes: Uint8Array | null) => void, attachment: Uint8Array | null): object;
  markClosed(socket: object): void;
  handoff(token: string): object;
  /** Delivers what `socket` receives through `gate`, in order (a plain socket's messages wait at its object's input gate). */
  gateArrivals(socket: object, gate: (deliver: () => void) => void): void;
}

let support: ObjectSocketSupport | undefined;

/** Called once by the isolate before any object runs. */
export function installObjectSockets(value: ObjectSocketSupport): void {
  support = value;
}

function sockets(): ObjectSocketSupport {
  if (!support) throw new Error('WebSockets are not available to coordination objects here');
  return support;
}

/** `new WebSocketRequestResponsePair(request, response)`: the auto-response of `setWebSocketAutoResponse`. */
export class WebSocketRequestResponsePair {
  readonly #request: string;
  readonly #response: string;
  constructor(request: string, response: string) {
    if (typeof request !== 'string' || typeof response !== 'string') throw new TypeError('WebSocketRequestResponsePair: the request and the response must be strings');
    this.#request = request;
    this.#response = response;
  }
  get request(): string { return this.#request; }
  get response(): string { return this.#response; }
}

type SocketCall = <M extends keyof ObjectSocketProtocol>(method: M, args: ObjectSocketProtocol[M]['args']) => Promise<unknown>;

interface Entry { socket: number; ws: object; tags: string[]; autoResponseAt: number | null }

interface Mirror {
  bySocket: Map<number, Entry>;
  byWs: Map<object, Entry>;
  autoResponse: [string, string] | null;
  next: number;
  eventTimeout: number | null;
}

const mirrors = new Map<string, Mirror>();

function mirrorOf(key: string): Mirror {
  let mirror = mirrors.get(key);
  if (!mirror) mirrors.set(key, (mirror = { bySocket: new Map(), byWs: new Map(), autoResponse: null, next: 1, eventTimeout: null }));
  return mirror;
}

/** The instance was dropped by the host: its sockets' objects go too (the host sends them all again with the next event). */
export function dropSocketMirror(key: string): void {
  mirrors.delete(key);
}

function transportFor(key: string, socket: number, call: SocketCall): HeldTransport {
  const [ns, id] = splitKey(key);
  return {
    local: true,
    send: (data) => fireAndForget(call('wsSend', [ns, id, socket, data])),
    close: (code, reason) => fireAndForget(call('wsClose', [ns, id, socket, code, reason])),
  };
}

function attachHook(key: string, socket: number, call: SocketCall): (bytes: Uint8Array | null) => void {
  const [ns, id] = splitKey(key);
  return (bytes) => fireAndForget(call('wsAttach', [ns, id, socket, bytes]));
}

/** Applies the socket state an event carries, before the instance is made (its constructor may call getWebSockets()). */
export function applyHeldState(key: string, held: HeldSocketsState | undefined, call: SocketCall): void {
  if (!held) return;
  const mirror = mirrorOf(key);
  if (held.sockets) {
    const before = mirror.bySocket;
    mirror.bySocket = new Map();
    mirror.byWs = new Map();
    for (const info of held.sockets) {
      const ws = before.get(info.socket)?.ws ?? sockets().revive(transportFor(key, info.socket, call), attachHook(key, info.socket, call), info.attachment);
      const entry: Entry = { socket: info.socket, ws, tags: info.tags, autoResponseAt: info.autoResponseAt };
      mirror.bySocket.set(info.socket, entry);
      mirror.byWs.set(ws, entry);
      mirror.next = Math.max(mirror.next, info.socket + 1);
    }
  }
  if (held.autoResponse !== undefined) mirror.autoResponse = held.autoResponse;
  for (const [socket, at] of held.autoResponseTimes ?? []) {
    const entry = mirror.bySocket.get(socket);
    if (entry) entry.autoResponseAt = at;
  }
}

/** The hibernation methods of `ctx` for one object. */
export function socketMethods(key: string, call: SocketCall): Record<string, unknown> {
  const [ns, id] = splitKey(key);
  const mirror = () => mirrorOf(key);
  return {
    acceptWebSocket(ws: unknown, tags?: unknown): void {
      if (!sockets().isSocket(ws)) throw new TypeError('acceptWebSocket(): expected a WebSocket (the server end of a WebSocketPair)');
      const distinct = distinctTags(tags);
      const m = mirror();
      if (m.bySocket.size >= MAX_SOCKETS_PER_OBJECT) throw new Error(`acceptWebSocket(): an object may hold at most ${MAX_SOCKETS_PER_OBJECT} WebSockets`);
      const socket = m.next;
      sockets().hold(ws, transportFor(key, socket, call), attachHook(key, socket, call));
      m.next++;
      fireAndForget(call('wsAccept', [ns, id, socket, distinct]));
      const entry: Entry = { socket, ws, tags: distinct, autoResponseAt: null };
      m.bySocket.set(socket, entry);
      m.byWs.set(ws, entry);
    },
    getWebSockets(tag?: string): object[] {
      const all = [...mirror().bySocket.values()];
      return (tag === undefined ? all : all.filter((e) => e.tags.includes(String(tag)))).map((e) => e.ws);
    },
    getTags(ws: unknown): string[] {
      const entry = sockets().isSocket(ws) ? mirror().byWs.get(ws) : undefined;
      if (!entry) throw new TypeError('getTags(): this WebSocket was not accepted with ctx.acceptWebSocket()');
      return [...entry.tags];
    },
    setWebSocketAutoResponse(pair?: unknown): void {
      if (pair === undefined || pair === null) {
        mirror().autoResponse = null;
        fireAndForget(call('wsAutoResponse', [ns, id, null]));
        return;
      }
      if (!(pair instanceof WebSocketRequestResponsePair)) throw new TypeError('setWebSocketAutoResponse(): expected a WebSocketRequestResponsePair');
      if (pair.request.length > MAX_AUTO_RESPONSE_CHARS) throw new RangeError(`Request cannot be larger than ${MAX_AUTO_RESPONSE_CHARS} bytes. A request of size ${pair.request.length} was provided.`);
      if (pair.response.length > MAX_AUTO_RESPONSE_CHARS) throw new RangeError(`Response cannot be larger than ${MAX_AUTO_RESPONSE_CHARS} bytes. A response of size ${pair.response.length} was provided.`);
      mirror().autoResponse = [pair.request, pair.response];
      fireAndForget(call('wsAutoResponse', [ns, id, [pair.request, pair.response]]));
    },
    getWebSocketAutoResponse(): WebSocketRequestResponsePair | null {
      const pair = mirror().autoResponse;
      return pair ? new WebSocketRequestResponsePair(pair[0], pair[1]) : null;
    },
    getWebSocketAutoResponseTimestamp(ws: unknown): Date | null {
      const entry = sockets().isSocket(ws) ? mirror().byWs.get(ws) : undefined;
      return entry?.autoResponseAt == null ? null : new Date(entry.autoResponseAt);
    },
    setHibernatableWebSocketEventTimeout(ms?: number): void {
      if (ms === undefined || ms === 0) { mirror().eventTimeout = null; return; }
      if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0) throw new TypeError('setHibernatableWebSocketEventTimeout(): expected a whole number of milliseconds');
      if (ms > MAX_EVENT_TIMEOUT_MS) throw new Error(`Event timeout should not exceed ${MAX_EVENT_TIMEOUT_MS} ms.`);
      mirror().eventTimeout = ms;
    },
    getHibernatableWebSocketEventTimeout(): number | null {
      return mirror().eventTimeout;
    },
  };
}

/**
 * Delivers a socket event to the object's handler (`webSocketMessage`, `webSocketClose`, `webSocketError`). With an
 * event timeout set (`setHibernatableWebSocketEventTimeout`), a handler still running when it passes is canceled:
 * the event fails and `onTimeout` resets the instance, so the next event constructs a new one.
 */
export async function runSocketEvent(key: string, object: Record<string, unknown>, event: ObjectSocketEvent, call: SocketCall, onTimeout: (err: Error) => void): Promise<void> {
  const timeout = mirrorOf(key).eventTimeout;
  const running = deliverSocketEvent(key, object, event, call);
  if (timeout === null) return running;
  // What the canceled handler does after the timeout fails on its own; nothing waits for it any more.
  running.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`The WebSocket event ran past the object's event timeout of ${timeout} ms (setHibernatableWebSocketEventTimeout); it was canceled and the object was reset.`);
      onTimeout(err);
      reject(err);
    }, timeout);
  });
  try {
    await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
  }
}

async function deliverSocketEvent(key: string, object: Record<string, unknown>, event: ObjectSocketEvent, call: SocketCall): Promise<void> {
  const m = mirrorOf(key);
  let entry = m.bySocket.get(event.socket);
  // A close or an error for a socket this instance no longer knows (it already closed here): nothing to tell it.
  if (!entry && event.kind !== 'ws-message') return;
  if (!entry) {
    // The host holds a socket this isolate has not seen (it can only be one accepted here before): make it again.
    const ws = sockets().revive(transportFor(key, event.socket, call), attachHook(key, event.socket, call), null);
    entry = { socket: event.socket, ws, tags: [], autoResponseAt: null };
    m.bySocket.set(event.socket, entry);
    m.byWs.set(ws, entry);
  }
  const invoke = async (name: string, args: unknown[]): Promise<void> => {
    const handler = object[name];
    if (typeof handler !== 'function') {
      if (name === 'webSocketMessage') throw new TypeError('the object accepted a hibernatable WebSocket but has no webSocketMessage() handler');
      return;
    }
    await (handler as (...a: unknown[]) => unknown).apply(object, args);
  };
  switch (event.kind) {
    case 'ws-message': {
      const data = typeof event.data === 'string' ? event.data : event.data.buffer.slice(event.data.byteOffset, event.data.byteOffset + event.data.byteLength);
      await invoke('webSocketMessage', [entry.ws, data]);
      break;
    }
    case 'ws-close':
      m.bySocket.delete(event.socket);
      m.byWs.delete(entry.ws);
      sockets().markClosed(entry.ws);
      await invoke('webSocketClose', [entry.ws, event.code, event.reason, event.clean]);
      break;
    case 'ws-error':
      await invoke('webSocketError', [entry.ws, new Error(event.message)]);
      break;
  }
}

const flushes = new WeakMap<object, () => void>();

/**
 * How the socket of the object's 101 response leaves: held by the host when the object accepted its end with
 * `acceptWebSocket`, otherwise joined to this isolate (its frames flushed once the outcome has been sent:
 * `takeSocketFlush`).
 */
export function socketRefOf(key: string, client: unknown, response: object, arrivalGate?: (deliver: () => void) => void): ObjectSocketRef | undefined {
  if (client === null || client === undefined) return undefined;
  const s = sockets();
  if (!s.isSocket(client)) return undefined;
  const peer = s.peerOf(client);
  const held = peer ? mirrorOf(key).byWs.get(peer) : undefined;
  if (held) {
    s.release(client);
    return { socket: held.socket };
  }
  const { sid, flush } = s.attach(client);
  // A plain socket's messages and close are events of the object: they wait at its input gate.
  if (peer && arrivalGate) s.gateArrivals(peer, arrivalGate);
  flushes.set(response, flush);
  return { sid };
}

/** The flush of a plain socket returned in `response`, once. */
export function takeSocketFlush(response: object | undefined): (() => void) | undefined {
  if (!response) return undefined;
  const flush = flushes.get(response);
  flushes.delete(response);
  return flush;
}

/** Whether an event is one of a hibernatable socket. */
export function isSocketEvent(event: { kind: string }): event is ObjectSocketEvent {
  return event.kind === 'ws-message' || event.kind === 'ws-close' || event.kind === 'ws-error';
}

/**
 * The distinct tags of `acceptWebSocket(ws, tags)`, checked as workerd checks them (DurableObjectState::acceptWebSocket):
 * once 10 distinct tags are taken any further one is refused, even a repeat, and a tag's length is its UTF-8 bytes
 * (the message says characters, as workerd's does).
 */
export function distinctTags(tags: unknown): string[] {
  if (tags === undefined || tags === null) return [];
  if (!Array.isArray(tags)) throw new TypeError('acceptWebSocket(): tags must be an array of strings');
  const seen = new Set<string>();
  for (const tag of tags) {
    if (typeof tag !== 'string') throw new TypeError('acceptWebSocket(): tags must be an array of strings');
    if (seen.size >= MAX_TAGS_PER_SOCKET) throw new Error(`a Hibernatable WebSocket cannot have more than ${MAX_TAGS_PER_SOCKET} tags`);
    if (Buffer.byteLength(tag) > MAX_TAG_LENGTH) throw new Error(`"${tag}" is longer than the max tag length (${MAX_TAG_LENGTH} characters).`);
    seen.add(tag);
  }
  return [...seen];
}

function splitKey(key: string): [string, string] {
  const at = key.lastIndexOf('\n');
  return [key.slice(0, at), key.slice(at + 1)];
}

function fireAndForget(promise: Promise<unknown>): void {
  // A refused socket call (the instance was evicted meanwhile, the socket closed) changes nothing the object can act on.
  promise.catch(() => undefined);
}

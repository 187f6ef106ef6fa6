/**
 * The isolate's `WebSocket` and `WebSocketPair`, as the original platform defines them (docs/websockets.md):
 * a socket delivers nothing until `accept()` (events received before are held), a binary message arrives as
 * an ArrayBuffer, and a close from the far end is answered at once (the socket is then CLOSED). Where a
 * socket's frames go is its transport: the other end of its pair, or the host (isolate-sockets.ts).
 */
import { deserialize, serialize } from 'node:v8';
import { MAX_ATTACHMENT_BYTES } from '../../bindings/coordination/websockets-limits.js';
import { SocketOutbox, socketOutputGate } from './output-gate.js';
import { MAX_SOCKET_MESSAGE_BYTES, SOCKET_SEND_BUFFER_BYTES, sizeOf, type SocketData } from './protocol.js';

/** Where one end's outgoing frames go. */
export interface SocketTransport {
  send(data: SocketData): void;
  close(code: number, reason: string): void;
  /**
   * True for the other end of a pair in this isolate; false for the host, whose bytes count against the send
   * buffer until it reports them written, and which answers a close from the network itself.
   */
  readonly local: boolean;
}

/** Something received, held until `accept()`. */
export type SocketArrival =
  | { kind: 'message'; data: SocketData; ack: boolean }
  | { kind: 'close'; code: number; reason: string; clean: boolean };

/** The event a socket fires when it closes. */
export class CloseEvent extends Event {
  readonly code: number;
  readonly reason: string;
  readonly wasClean: boolean;
  constructor(type: string, init: { code?: number; reason?: string; wasClean?: boolean } = {}) {
    super(type);
    this.code = init.code ?? 0;
    this.reason = init.reason ?? '';
    this.wasClean = init.wasClean ?? false;
  }
}

/** The event a socket fires when its connection fails. */
export class ErrorEvent extends Event {
  readonly message: string;
  readonly error: unknown;
  constructor(type: string, init: { message?: string; error?: unknown } = {}) {
    super(type);
    this.message = init.message ?? '';
    this.error = init.error;
  }
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;
const encoder = new TextEncoder();
/** The close reason when a write before a held frame failed (output-gate.ts). */
export const OUTPUT_FAILED_REASON = 'the object was reset: a write made before this message failed';

/** Internal access to a socket, for the registry in isolate-sockets.ts; application code never gets these. */
export interface SocketInternals {
  deliver(socket: WebSocket, arrival: SocketArrival): void;
  setTransport(socket: WebSocket, transport: SocketTransport, onAck: ((bytes: number) => void) | undefined): void;
  /** Marks the end as handed to the platform and returns what it received before (its peer's early sends). */
  detach(socket: WebSocket): SocketArrival[];
  peerOf(socket: WebSocket): WebSocket | undefined;
  drained(socket: WebSocket, bytes: number): void;
  /** Counts bytes sent before the socket reached the host against its send buffer. */
  charge(socket: WebSocket, data: SocketData): void;
  opened(socket: WebSocket, protocol: string): void;
  failed(socket: WebSocket, message: string): void;
  isUsable(socket: WebSocket): boolean;
  /**
   * Makes the object's end of a pair a hibernatable socket (`ctx.acceptWebSocket`): accepted, its frames going
   * to `transport`, its attachment reported to `onAttach`; it fires no events (the object's handlers get them).
   */
  hold(socket: WebSocket, transport: SocketTransport, onAttach: (bytes: Uint8Array | null) => void): void;
  /** A hibernatable socket made again after its object was evicted, with the attachment the host kept. */
  revive(transport: SocketTransport, onAttach: (bytes: Uint8Array | null) => void, attachment: Uint8Array | null): WebSocket;
  /** The socket's connection is over (a hibernatable socket learns it from its object's close event). */
  markClosed(socket: WebSocket): void;
  /** A socket standing for one held by the host for a coordination object, to be returned in a Response (`token` names it). */
  handoff(token: string): WebSocket;
  /** The token of such a socket, once: a second Response cannot carry it. */
  takeHandoff(socket: WebSocket): string | undefined;
  /**
   * Delivers what the socket receives through `gate` (a coordination object's input gate, for a plain socket of the
   * object): each arrival is dispatched when `gate` calls its `deliver`, in the order they came.
   */
  gateArrivals(socket: WebSocket, gate: (deliver: () => void) => void): void;
  /** Holds what the socket sends until `resumeOutput` (it is being joined to the host, which must know it first). */
  pauseOutput(socket: WebSocket): void;
  resumeOutput(socket: WebSocket): void;
}

let internals: SocketInternals | undefined;
/** Set by isolate-sockets.ts: opens a client connection for `new WebSocket(url)`. */
let connectFromConstructor: ((socket: WebSocket, url: string, protocols: string[]) => void) | undefined;
/** Set by isolate-sockets.ts: joins an accepted stand-in to the socket the host holds under its token. */
let claimHandoff: ((socket: WebSocket, token: string) => void) | undefined;

/** Lets the registry join a stand-in that application code accepts (a worker talking to an object over its socket). */
export function setHandoffClaim(claim: (socket: WebSocket, token: string) => void): void {
  claimHandoff = claim;
}

/** Lets the registry open connections for `new WebSocket(url)`. */
export function setConstructorConnect(connect: (socket: WebSocket, url: string, protocols: string[]) => void): void {
  connectFromConstructor = connect;
}

/** The registry's handle on socket internals. */
export function socketInternals(): SocketInternals {
  if (!internals) throw new Error('WebSocket internals are not initialised');
  return internals;
}

/** One end of a WebSocket connection. */
export class WebSocket extends EventTarget {
  static readonly CONNECTING = CONNECTING;
  static readonly OPEN = OPEN;
  static readonly CLOSING = CLOSING;
  static readonly CLOSED = CLOSED;
  readonly CONNECTING = CONNECTING;
  readonly OPEN = OPEN;
  readonly CLOSING = CLOSING;
  readonly CLOSED = CLOSED;
  // The original's own names for the states; libraries built for it read these (PartyServer compares readyState to them).
  static readonly READY_STATE_CONNECTING = CONNECTING;
  static readonly READY_STATE_OPEN = OPEN;
  static readonly READY_STATE_CLOSING = CLOSING;
  static readonly READY_STATE_CLOSED = CLOSED;
  readonly READY_STATE_CONNECTING = CONNECTING;
  readonly READY_STATE_OPEN = OPEN;
  readonly READY_STATE_CLOSING = CLOSING;
  readonly READY_STATE_CLOSED = CLOSED;

  #state: number = OPEN;
  #accepted = false;
  #detached = false;
  #closeSent = false;
  #transport: SocketTransport | undefined;
  #onAck: ((bytes: number) => void) | undefined;
  #held: SocketArrival[] = [];
  #buffered = 0;
  #peer: WebSocket | undefined;
  #url: string | null = null;
  #protocol = '';
  #handlers = new Map<string, ((event: Event) => void) | null>();
  #attachment: Uint8Array | null = null;
  #onAttach: ((bytes: Uint8Array | null) => void) | undefined;
  #handoff: string | undefined;
  #gate: ((deliver: () => void) => void) | undefined;
  /** Frames waiting at the output gate (output-gate.ts), made when the first one has to wait. */
  #outbox: SocketOutbox | undefined;

  /** `new WebSocket(url, protocols?)` opens a client connection through the platform, as `fetch()` with `Upgrade: websocket` does. */
  constructor(url?: string | URL, protocols?: string | string[]) {
    super();
    if (url === undefined) return;
    const target = new URL(String(url));
    if (!['ws:', 'wss:', 'http:', 'https:'].includes(target.protocol)) throw new SyntaxError(`WebSocket: the URL must use ws:, wss:, http: or https:, got ${target.protocol}`);
    this.#url = target.href;
    this.#state = CONNECTING;
    this.#accepted = true;
    if (!connectFromConstructor) throw new Error('WebSocket client connections are not available here');
    connectFromConstructor(this, target.href, protocols === undefined ? [] : Array.isArray(protocols) ? protocols : [protocols]);
  }

  get readyState(): number { return this.#state; }
  get url(): string | null { return this.#url; }
  get protocol(): string { return this.#protocol; }
  get extensions(): string { return ''; }
  /** Binary messages always arrive as ArrayBuffer. */
  get binaryType(): 'arraybuffer' { return 'arraybuffer'; }
  /** Setting `"arraybuffer"` (what libraries written for browsers do) is accepted; nothing else is supported. */
  set binaryType(value: string) {
    if (value !== 'arraybuffer') throw new TypeError(`binaryType: only "arraybuffer" is supported, got ${JSON.stringify(String(value))}`);
  }
  /** Bytes sent that the network has not taken yet. */
  get bufferedAmount(): number { return this.#buffered; }

  get onmessage(): ((event: Event) => void) | null { return this.#handlers.get('message') ?? null; }
  set onmessage(fn: ((event: Event) => void) | null) { this.#setHandler('message', fn); }
  get onclose(): ((event: Event) => void) | null { return this.#handlers.get('close') ?? null; }
  set onclose(fn: ((event: Event) => void) | null) { this.#setHandler('close', fn); }
  get onerror(): ((event: Event) => void) | null { return this.#handlers.get('error') ?? null; }
  set onerror(fn: ((event: Event) => void) | null) { this.#setHandler('error', fn); }
  get onopen(): ((event: Event) => void) | null { return this.#handlers.get('open') ?? null; }
  set onopen(fn: ((event: Event) => void) | null) { this.#setHandler('open', fn); }

  /** Starts delivering events; what arrived before is delivered right after the current code finishes. */
  accept(): void {
    if (this.#handoff !== undefined && !this.#detached) {
      // A coordination object's socket, returned by a stub's fetch: the caller talks to the object over it itself.
      if (!claimHandoff) throw new Error('accept(): WebSockets of coordination objects are not available here');
      const token = this.#handoff;
      this.#handoff = undefined;
      this.#accepted = true;
      claimHandoff(this, token);
      return;
    }
    if (this.#detached) throw new TypeError('accept(): this WebSocket was returned in a Response and belongs to the platform now');
    if (this.#accepted) throw new TypeError('accept(): this WebSocket was already accepted');
    this.#accepted = true;
    queueMicrotask(() => {
      const held = this.#held;
      this.#held = [];
      for (const arrival of held) this.#dispatch(arrival);
    });
  }

  /** Keeps a structured-cloneable value with the socket; a hibernatable socket's attachment survives its object's eviction. */
  serializeAttachment(value: unknown): void {
    const bytes = new Uint8Array(serialize(value));
    if (bytes.byteLength > MAX_ATTACHMENT_BYTES) throw new Error(`A WebSocket 'attachment' cannot be larger than ${MAX_ATTACHMENT_BYTES} bytes.'attachment' was ${bytes.byteLength} bytes.`);
    this.#attachment = bytes;
    this.#onAttach?.(bytes);
  }

  /** A copy of the value given to `serializeAttachment`, or null. */
  deserializeAttachment(): unknown {
    return this.#attachment === null ? null : deserialize(this.#attachment);
  }

  /** Sends a text (string) or binary (ArrayBuffer or view) message. */
  send(data: string | ArrayBuffer | ArrayBufferView): void {
    this.#checkUsable('send');
    if (this.#state === CONNECTING) throw new DOMException('send(): the WebSocket is still connecting', 'InvalidStateError');
    // workerd's text: applications match it to tell a client that went away from a real failure.
    if (this.#state !== OPEN || this.#closeSent) throw new TypeError('Can\'t call WebSocket send() after close().');
    let payload: SocketData;
    if (typeof data === 'string') payload = data;
    else if (data instanceof ArrayBuffer) payload = new Uint8Array(data.slice(0));
    else if (ArrayBuffer.isView(data)) payload = new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
    else throw new TypeError('send(): the message must be a string, an ArrayBuffer or an ArrayBuffer view');
    const size = sizeOf(payload);
    if (size > MAX_SOCKET_MESSAGE_BYTES) throw new RangeError(`send(): the message is ${size} bytes; a WebSocket message may be at most ${MAX_SOCKET_MESSAGE_BYTES} bytes`);
    const transport = this.#transport as SocketTransport;
    if (!transport.local) {
      if (this.#buffered + size > SOCKET_SEND_BUFFER_BYTES) throw new RangeError(`send(): ${this.#buffered} bytes already wait for the network; the send buffer holds at most ${SOCKET_SEND_BUFFER_BYTES} (check bufferedAmount before sending more)`);
      this.#buffered += size;
    }
    const gate = socketOutputGate();
    // The usual frame: nothing to wait for, nothing held before it (no closure made on this path).
    if (gate === undefined && this.#outbox?.busy !== true) transport.send(payload);
    else this.#hold(gate, () => (this.#transport as SocketTransport).send(payload));
  }

  /** Closes the connection with a code (1000, or 3000-4999) and a reason of at most 123 bytes. */
  close(code?: number, reason?: string): void {
    this.#checkUsable('close');
    if (code !== undefined && (!Number.isInteger(code) || !(code === 1000 || (code >= 3000 && code <= 4999) || (code >= 1001 && code <= 1014 && ![1004, 1005, 1006].includes(code))))) {
      throw new TypeError(`close(): invalid close code ${String(code)}; use 1000 or a code from 3000 to 4999`);
    }
    const text = reason === undefined ? '' : String(reason);
    if (encoder.encode(text).byteLength > 123) throw new TypeError('close(): the reason may be at most 123 bytes of UTF-8');
    if (this.#closeSent || this.#state === CLOSED) return;
    this.#closeSent = true;
    if (this.#state === CONNECTING) {
      this.#state = CLOSING;
      return;
    }
    this.#state = CLOSING;
    const gate = socketOutputGate();
    if (gate === undefined && this.#outbox?.busy !== true) this.#transport?.close(code ?? 1000, text);
    else this.#hold(gate, () => this.#transport?.close(code ?? 1000, text));
  }

  /**
   * Holds a frame at the output gate (output-gate.ts): a coordination object's frame waits for the writes it made
   * before, and for every frame of this socket held before it. The transport is read when the frame leaves (a
   * returned end's moves from its pair to the host meanwhile).
   */
  #hold(gate: Promise<void> | undefined, frame: () => void): void {
    (this.#outbox ??= new SocketOutbox(() => this.#outputFailed())).push(gate, frame);
  }

  /**
   * A write before a held frame failed: nothing held leaves, and the connection is closed (1011) so the far end
   * knows it may have missed messages; a frame sent after this is refused as on any closed socket.
   */
  #outputFailed(): void {
    if (this.#state === CLOSED) return;
    this.#closeSent = true;
    this.#state = CLOSING;
    this.#transport?.close(1011, OUTPUT_FAILED_REASON);
  }

  #checkUsable(what: string): void {
    if (this.#detached) throw new TypeError(`${what}(): this WebSocket was returned in a Response and belongs to the platform now`);
    if (!this.#accepted) throw new TypeError('You must call one of accept() or state.acceptWebSocket() on this WebSocket before sending messages.');
  }

  #setHandler(type: string, fn: ((event: Event) => void) | null): void {
    const had = this.#handlers.has(type);
    this.#handlers.set(type, typeof fn === 'function' ? fn : null);
    if (!had) this.addEventListener(type, (event) => this.#handlers.get(type)?.call(this, event));
  }

  #deliver(arrival: SocketArrival): void {
    if (this.#detached || !this.#accepted) this.#held.push(arrival);
    else if (this.#gate) this.#gate(() => this.#dispatch(arrival));
    else this.#dispatch(arrival);
  }

  #dispatch(arrival: SocketArrival): void {
    if (arrival.kind === 'message') {
      if (arrival.ack) this.#onAck?.(sizeOf(arrival.data));
      if (this.#state === CLOSED) return;
      const data = typeof arrival.data === 'string' ? arrival.data : arrival.data.buffer.slice(arrival.data.byteOffset, arrival.data.byteOffset + arrival.data.byteLength);
      this.#fire(new MessageEvent('message', { data }));
      return;
    }
    if (this.#state === CLOSED) return;
    // A close from the far end is answered at once, as the original does from compatibility date 2026-04-07 on.
    if (!this.#closeSent && this.#transport?.local === true) {
      this.#closeSent = true;
      this.#transport?.close(arrival.code, arrival.reason);
    }
    this.#state = CLOSED;
    if (!arrival.clean) this.#fire(new ErrorEvent('error', { message: 'the WebSocket connection was lost' }));
    this.#fire(new CloseEvent('close', { code: arrival.code, reason: arrival.reason, wasClean: arrival.clean }));
  }

  /** Listeners run as on the original: an exception in one is reported and does not stop the others. */
  #fire(event: Event): void {
    this.dispatchEvent(event);
  }

  static {
    internals = {
      deliver: (socket, arrival) => socket.#deliver(arrival),
      setTransport: (socket, transport, onAck) => { socket.#transport = transport; socket.#onAck = onAck; },
      detach(socket) {
        if (socket.#detached) throw new TypeError('this WebSocket was already returned in a Response');
        if (socket.#accepted) throw new TypeError('a WebSocket returned in a Response must not be accepted; accept() the other end of its pair');
        if (!socket.#peer) throw new TypeError('a Response may carry only one end of a WebSocketPair');
        socket.#detached = true;
        const held = socket.#held;
        socket.#held = [];
        return held;
      },
      peerOf: (socket) => socket.#peer,
      drained(socket, bytes) { socket.#buffered = Math.max(0, socket.#buffered - bytes); },
      charge(socket, data) { socket.#buffered += sizeOf(data); },
      opened(socket, protocol) {
        socket.#protocol = protocol;
        const closing = socket.#closeSent;
        socket.#state = OPEN;
        if (closing) {
          socket.#closeSent = false;
          socket.close();
        }
        socket.#fire(new Event('open'));
      },
      failed(socket, message) {
        if (socket.#state === CLOSED) return;
        socket.#state = CLOSED;
        socket.#fire(new ErrorEvent('error', { message }));
        socket.#fire(new CloseEvent('close', { code: 1006, reason: '', wasClean: false }));
      },
      isUsable: (socket) => !socket.#detached && !socket.#accepted,
      hold(socket, transport, onAttach) {
        if (socket.#accepted) throw new Error('Cannot call `acceptWebSocket()` if the WebSocket was already accepted via `accept()`');
        const peer = socket.#peer;
        if (socket.#detached || !peer || peer.#detached || peer.#accepted) throw new Error('Cannot call `acceptWebSocket()` on this WebSocket because its pair has already been accepted or used in a Response.');
        socket.#accepted = true;
        socket.#transport = transport;
        socket.#onAttach = onAttach;
        socket.#held = [];
      },
      revive(transport, onAttach, attachment) {
        const socket = new WebSocket();
        socket.#accepted = true;
        socket.#transport = transport;
        socket.#onAttach = onAttach;
        socket.#attachment = attachment;
        return socket;
      },
      markClosed(socket) { socket.#state = CLOSED; },
      handoff(token) {
        const socket = new WebSocket();
        socket.#handoff = token;
        return socket;
      },
      gateArrivals(socket, gate) { socket.#gate = gate; },
      pauseOutput(socket) { (socket.#outbox ??= new SocketOutbox(() => socket.#outputFailed())).pause(); },
      resumeOutput(socket) { socket.#outbox?.resume(); },
      takeHandoff(socket) {
        const token = socket.#handoff;
        if (token === undefined || socket.#detached) return undefined;
        socket.#detached = true;
        return token;
      },
    };
  }

  /** Links two new ends: what one sends, the other receives. */
  static pair(): [WebSocket, WebSocket] {
    const a = new WebSocket();
    const b = new WebSocket();
    a.#peer = b;
    b.#peer = a;
    a.#transport = localTransport(b);
    b.#transport = localTransport(a);
    return [a, b];
  }
}

function localTransport(to: WebSocket): SocketTransport {
  return {
    local: true,
    send: (data) => socketInternals().deliver(to, { kind: 'message', data, ack: false }),
    close: (code, reason) => socketInternals().deliver(to, { kind: 'close', code, reason, clean: true }),
  };
}

/** `new WebSocketPair()`: two linked sockets, as properties `0` and `1` (code reads them with `Object.values`). */
export class WebSocketPair {
  declare 0: WebSocket;
  declare 1: WebSocket;
  constructor() {
    const [a, b] = WebSocket.pair();
    Object.defineProperty(this, 0, { value: a, enumerable: true });
    Object.defineProperty(this, 1, { value: b, enumerable: true });
  }
}

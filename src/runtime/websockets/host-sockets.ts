/**
 * The host's side of one isolate's sockets: a registry by socket id, apart from the events that opened
 * them, so a socket outlives its fetch event (and a coordination object can hold sockets the same way
 * later). Each entry joins a `ws` connection (the client's, after an upgrade, or one Ledge opened for
 * `fetch()` with `Upgrade: websocket`) to the isolate's messages in ./protocol.ts. Everything the isolate
 * sends is untrusted: an unknown id is ignored, an invalid close ends the connection.
 */
import type { IncomingMessage } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { WebSocket, type RawData } from 'ws';
import type { Logger } from '../../platform/logger.js';
import type { FlatHeaders } from '../protocol.js';
import { MAX_SOCKET_MESSAGE_BYTES, SOCKET_RECEIVE_WINDOW_BYTES, SOCKET_SEND_BUFFER_BYTES, sizeOf, type SocketData, type SocketHostMessage, type SocketIsolateMessage } from './protocol.js';
import { closeSafely, toBuffer } from '../../http/ws-util.js';
import { createMemorySocketPair } from '../../http/ws-memory-pair.js';
import { claimSocket } from '../../bindings/coordination/websockets-handoff.js';

/** The far end of an accepted WebSocket upgrade, as the entry layer sees it: the client's connection joins it. */
export interface UpgradeTarget {
  /** Joins the client's connection, once the handshake is done. */
  attach(ws: WebSocket): void;
  /** The connection never came (the handshake failed, or the client went away first). */
  refuse(reason: string): void;
}

/** How long after a message was handed over or acknowledged the isolate's time still counts as socket work. */
const SOCKET_WORK_WINDOW_MS = 1000;
/**
 * What one isolate's sockets together may leave with the host that the network has not taken: their bytes plus
 * SEND_MESSAGE_COST for each message (the host's own bookkeeping of a queued send), so many tiny messages to clients
 * that read nothing are bounded as well as a few large ones (docs/websockets.md, Limits).
 */
export const ISOLATE_SEND_TOTAL_BYTES = 128 * 1024 * 1024;
/** What the host counts for holding one queued message besides its bytes. */
export const SEND_MESSAGE_COST = 256;
/** Largest body of a refused outbound handshake passed back to application code. */
const REFUSAL_BODY_BYTES = 64 * 1024;
/** Request headers the `ws` client writes itself for an outbound handshake. */
const HANDSHAKE_HEADERS = new Set(['host', 'connection', 'upgrade', 'sec-websocket-key', 'sec-websocket-version', 'sec-websocket-extensions', 'sec-websocket-protocol', 'content-length', 'transfer-encoding', 'keep-alive']);

interface Entry {
  ws: WebSocket | undefined;
  /** What the isolate sent before the connection joined. */
  early: ({ data: SocketData } | { code: number; reason: string })[];
  /** Bytes handed to the isolate that it has not acknowledged. */
  unacked: number;
  /** Bytes the isolate sent that the network has not taken yet (held early, or queued by `ws`). */
  pending: number;
  /** Messages among them. */
  queued: number;
}

/** One isolate's sockets on the host. */
export class HostSockets {
  #post: (message: SocketHostMessage) => void;
  #logger: Logger;
  #entries = new Map<number, Entry>();
  #closedWith: { code: number; reason: string } | undefined;
  #unacked = 0;
  /** The cost of what every live entry holds unsent (entries' `pending` plus SEND_MESSAGE_COST per queued message). */
  #held = 0;
  #lastDelivery = 0;
  #onDelivering: (busy: boolean) => void;
  #checkOutbound: ((hostname: string, port: number) => Promise<string>) | undefined;

  /**
   * `onDelivering` hears when messages start or stop waiting for the isolate: while some do, the isolate is
   * working for its sockets, and its CPU is not background time (cpu-meter.ts). `checkOutbound`, where
   * outbound connections are policed (`ledge serve`), resolves and checks the host of an outbound socket
   * under the egress policy before any connection is attempted, and gives the address to connect to.
   */
  constructor(post: (message: SocketHostMessage) => void, logger: Logger, onDelivering: (busy: boolean) => void = () => undefined, checkOutbound?: (hostname: string, port: number) => Promise<string>) {
    this.#post = post;
    this.#logger = logger;
    this.#onDelivering = onDelivering;
    this.#checkOutbound = checkOutbound;
  }

  /**
   * Whether the isolate is working for its sockets at `now`: messages wait for it and one was handed over
   * or acknowledged within the last second. Held messages of a socket never accepted do not count for
   * longer, so they cannot hide background CPU (cpu-meter.ts).
   */
  working(now: number): boolean {
    return this.#unacked > 0 && now - this.#lastDelivery < SOCKET_WORK_WINDOW_MS;
  }

  /** Counts bytes handed to the isolate (positive) or acknowledged (negative); a change of state is booked first. */
  #owe(entry: Entry, bytes: number): void {
    const now = Date.now();
    const change = bytes >= 0 ? bytes : -Math.min(entry.unacked, -bytes);
    const after = this.#unacked + change;
    if (this.working(now) !== after > 0) this.#onDelivering(after > 0);
    this.#lastDelivery = now;
    entry.unacked += change;
    this.#unacked = after;
  }

  /** Sockets open or about to open. */
  get size(): number { return this.#entries.size; }

  /** The target for the socket a 101 response named; undefined when the id is already in use (the isolate is confused or lying). */
  target(sid: number): UpgradeTarget | undefined {
    if (this.#entries.has(sid) || this.#closedWith) return undefined;
    const entry: Entry = { ws: undefined, early: [], unacked: 0, pending: 0, queued: 0 };
    this.#entries.set(sid, entry);
    return {
      attach: (ws) => {
        if (this.#entries.get(sid) !== entry) {
          ws.close(this.#closedWith?.code ?? 1011, this.#closedWith?.reason ?? '');
          return;
        }
        this.#join(sid, entry, ws);
      },
      refuse: () => {
        if (this.#entries.get(sid) !== entry) return;
        this.#forget(sid, entry);
        this.#post({ t: 'ws-close', sid, code: 1006, reason: '', clean: false });
      },
    };
  }

  /** Handles a socket message from the isolate. */
  receive(message: SocketIsolateMessage): void {
    if (!wellFormed(message)) {
      this.#logger.warn(`the isolate sent a malformed ${String(message.t)} message; it was dropped`);
      return;
    }
    if (message.t === 'ws-connect') {
      this.#connect(message.sid, message.url, message.headers);
      return;
    }
    if (message.t === 'ws-claim') {
      this.#claim(message.sid, message.token);
      return;
    }
    const entry = this.#entries.get(message.sid);
    if (!entry) return;
    switch (message.t) {
      case 'ws-send': {
        // The isolate's send() refuses past its send buffer, counting bytes until the host reports them drained
        // (socket.ts), so an honest isolate never has more waiting here: more is a sandbox that ignored its bound,
        // and a client that reads nothing must not make the host hold it.
        const bytes = sizeOf(message.data);
        if (entry.pending + bytes > SOCKET_SEND_BUFFER_BYTES) {
          this.#overrun(message.sid, entry, `the isolate sent more than ${SOCKET_SEND_BUFFER_BYTES} bytes the network has not taken (its send buffer)`);
          break;
        }
        if (this.#held + bytes + SEND_MESSAGE_COST > ISOLATE_SEND_TOTAL_BYTES) {
          this.#overrun(message.sid, entry, `the isolate's sockets together hold more than ${ISOLATE_SEND_TOTAL_BYTES} bytes the network has not taken (${SEND_MESSAGE_COST} counted per message)`);
          break;
        }
        entry.pending += bytes;
        entry.queued += 1;
        this.#held += bytes + SEND_MESSAGE_COST;
        if (entry.ws) this.#send(message.sid, entry, entry.ws, message.data);
        else entry.early.push({ data: message.data });
        break;
      }
      case 'ws-close':
        if (entry.ws) closeSafely(entry.ws, message.code, message.reason);
        else entry.early.push({ code: message.code, reason: message.reason });
        break;
      case 'ws-ack':
        if (Number.isSafeInteger(message.bytes) && message.bytes > 0) this.#owe(entry, -message.bytes);
        if (entry.ws?.isPaused && entry.unacked < SOCKET_RECEIVE_WINDOW_BYTES) entry.ws.resume();
        break;
    }
  }

  /** The isolate is gone: every connection closes with `code` (1012 for a restart, 1011 for a failure). */
  closeAll(code: number, reason: string): void {
    this.#closedWith = { code, reason };
    for (const entry of this.#entries.values()) if (entry.ws) closeSafely(entry.ws, code, reason);
    this.#entries.clear();
    this.#unacked = 0;
    this.#held = 0;
  }

  /**
   * The isolate accepted the socket a stub's `fetch` returned: the object's end, held under `token`, is joined to
   * this isolate's socket `sid` through an in-memory pair, as a client's connection would be. A token unknown, used
   * or expired closes the isolate's socket with 1006.
   */
  #claim(sid: number, token: string): void {
    if (this.#entries.has(sid) || this.#closedWith) return;
    const target = claimSocket(token);
    if (!target) {
      this.#post({ t: 'ws-close', sid, code: 1006, reason: '', clean: false });
      return;
    }
    const entry: Entry = { ws: undefined, early: [], unacked: 0, pending: 0, queued: 0 };
    this.#entries.set(sid, entry);
    const [mine, objects] = createMemorySocketPair();
    this.#join(sid, entry, mine);
    target.attach(objects);
  }

  #join(sid: number, entry: Entry, ws: WebSocket): void {
    entry.ws = ws;
    ws.on('message', (raw: RawData, isBinary: boolean) => {
      const bytes = toBuffer(raw);
      const data: SocketData = isBinary ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes.toString('utf8');
      this.#owe(entry, bytes.byteLength);
      this.#post({ t: 'ws-message', sid, data });
      // Backpressure: past the window, stop reading the network until the isolate catches up.
      if (entry.unacked >= SOCKET_RECEIVE_WINDOW_BYTES && !ws.isPaused) ws.pause();
    });
    ws.on('close', (code: number, reason: Buffer) => {
      if (this.#entries.get(sid) !== entry) return;
      this.#forget(sid, entry);
      this.#owe(entry, -entry.unacked);
      this.#post({ t: 'ws-close', sid, code, reason: reason.toString('utf8'), clean: code !== 1006 });
    });
    ws.on('error', (err: Error) => this.#logger.debug(`websocket ${sid}: ${err.message}`));
    for (const early of entry.early) {
      if ('data' in early) this.#send(sid, entry, ws, early.data);
      else closeSafely(ws, early.code, early.reason);
    }
    entry.early = [];
  }

  #send(sid: number, entry: Entry, ws: WebSocket, data: SocketData): void {
    const bytes = sizeOf(data);
    ws.send(data, { binary: typeof data !== 'string' }, () => {
      entry.pending -= bytes;
      entry.queued -= 1;
      // An entry already forgotten gave back all it held then.
      if (this.#entries.get(sid) === entry) this.#held -= bytes + SEND_MESSAGE_COST;
      this.#post({ t: 'ws-drained', sid, bytes });
    });
  }

  /** Drops a live entry and gives back what it held unsent. */
  #forget(sid: number, entry: Entry): void {
    this.#entries.delete(sid);
    this.#held -= entry.pending + entry.queued * SEND_MESSAGE_COST;
  }

  /** The isolate sent past its send buffer, or past what its sockets may hold together: the connection closes (1011) rather than the host holding more. */
  #overrun(sid: number, entry: Entry, why: string): void {
    this.#forget(sid, entry);
    this.#owe(entry, -entry.unacked);
    entry.early = [];
    this.#logger.warn(`websocket ${sid}: ${why}; the connection is closed`);
    if (entry.ws) closeSafely(entry.ws, 1011, 'send buffer overrun');
    this.#post({ t: 'ws-close', sid, code: 1011, reason: 'send buffer overrun', clean: false });
  }

  /** An outbound connection for `fetch()`: joined once open, or refused with the server's answer. */
  #connect(sid: number, url: string, flat: FlatHeaders): void {
    if (this.#entries.has(sid) || this.#closedWith) return;
    const refuse = (status: number, statusText: string, headers: FlatHeaders, body: Uint8Array | null, error?: string) => {
      if (this.#entries.get(sid) !== entry) return;
      this.#forget(sid, entry);
      this.#post({ t: 'ws-refused', sid, status, statusText, headers, body, ...(error === undefined ? {} : { error: { name: 'TypeError', message: error } }) });
    };
    const entry: Entry = { ws: undefined, early: [], unacked: 0, pending: 0, queued: 0 };
    this.#entries.set(sid, entry);
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol === 'http:') target.protocol = 'ws:';
      else if (target.protocol === 'https:') target.protocol = 'wss:';
      if (target.protocol !== 'ws:' && target.protocol !== 'wss:') throw new TypeError(`a WebSocket URL must use http:, https:, ws: or wss:, got ${target.protocol}`);
    } catch (err) {
      refuse(0, '', [], null, (err as Error).message);
      return;
    }
    const check = this.#checkOutbound;
    if (!check) {
      this.#open(sid, entry, target, flat, refuse, undefined);
      return;
    }
    const port = Number(target.port) || (target.protocol === 'wss:' ? 443 : 80);
    void check(target.hostname, port).then(
      (address) => {
        if (this.#entries.get(sid) === entry && !this.#closedWith) this.#open(sid, entry, target, flat, refuse, address);
      },
      (err: Error) => refuse(0, '', [], null, err.message),
    );
  }

  /** Opens an outbound socket; `address`, when given, is the checked address the connection must use (never a new lookup). */
  #open(sid: number, entry: Entry, target: URL, flat: FlatHeaders, refuse: (status: number, statusText: string, headers: FlatHeaders, body: Uint8Array | null, error?: string) => void, address: string | undefined): void {
    const headers: Record<string, string> = {};
    let protocols: string[] = [];
    for (let i = 0; i < flat.length; i += 2) {
      const name = String(flat[i]).toLowerCase();
      const value = String(flat[i + 1]);
      if (name === 'sec-websocket-protocol') protocols = value.split(',').map((p) => p.trim()).filter(Boolean);
      else if (!HANDSHAKE_HEADERS.has(name)) headers[name] = value;
    }
    let ws: WebSocket;
    try {
      ws = new WebSocket(target, protocols, {
        headers, maxPayload: MAX_SOCKET_MESSAGE_BYTES, handshakeTimeout: 30_000, followRedirects: false, perMessageDeflate: false,
        ...(address === undefined ? {} : { lookup: pinnedLookup(address) }),
      });
    } catch (err) {
      refuse(0, '', [], null, (err as Error).message);
      return;
    }
    let answer: IncomingMessage | undefined;
    ws.once('upgrade', (res: IncomingMessage) => { answer = res; });
    ws.once('open', () => {
      if (this.#entries.get(sid) !== entry) { ws.terminate(); return; }
      this.#post({ t: 'ws-opened', sid, status: 101, statusText: answer?.statusMessage ?? 'Switching Protocols', headers: answer?.rawHeaders ?? [] });
      this.#join(sid, entry, ws);
    });
    ws.once('unexpected-response', (req, res: IncomingMessage) => {
      void readSome(res, REFUSAL_BODY_BYTES).then((body) => {
        refuse(res.statusCode ?? 502, res.statusMessage ?? '', res.rawHeaders, body);
        req.destroy();
      });
    });
    ws.on('error', (err: Error) => {
      if (!entry.ws) refuse(0, '', [], null, err.message);
    });
  }
}

/**
 * A lookup that answers every name with the address the egress policy checked, so the connection cannot
 * go elsewhere (a DNS answer that changes between check and connect). A literal address is never looked up:
 * it was checked as it is.
 */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/** Whether a message from the isolate has the shape its type says (the isolate is not trusted). */
function wellFormed(message: SocketIsolateMessage): boolean {
  if (!Number.isSafeInteger(message.sid)) return false;
  switch (message.t) {
    case 'ws-send':
      return (typeof message.data === 'string' || message.data instanceof Uint8Array) && sizeOf(message.data) <= MAX_SOCKET_MESSAGE_BYTES;
    case 'ws-close':
      return Number.isInteger(message.code) && typeof message.reason === 'string' && Buffer.byteLength(message.reason) <= 123;
    case 'ws-ack':
      return Number.isSafeInteger(message.bytes);
    case 'ws-claim':
      return typeof message.token === 'string';
    case 'ws-connect':
      return typeof message.url === 'string' && Array.isArray(message.headers) && message.headers.length % 2 === 0 && message.headers.every((h) => typeof h === 'string');
    default:
      return false;
  }
}



async function readSome(res: IncomingMessage, max: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      total += chunk.byteLength;
      if (total >= max) break;
    }
  } catch {
    // A body cut short is passed on as far as it came.
  }
  return total === 0 ? null : new Uint8Array(Buffer.concat(chunks).subarray(0, max));
}

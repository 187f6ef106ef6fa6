/**
 * The isolate's side of outbound TCP: `connect(address, options)` from `ledge:sockets` (and
 * `cloudflare:sockets`) returns a `Socket` as the original platform defines it (docs/runtime.md,
 * "Outbound TCP"): `readable`, `writable`, `opened`, `closed`, `close()`, `startTls()`. The bytes travel to
 * the host over ./protocol.ts; the host makes the connection under the egress policy. Argument errors are
 * thrown synchronously as TypeErrors with the original's texts; connection failures reject `opened` and
 * `closed` with an Error.
 */
import { parseAddress, parseOptions } from './arguments.js';
import { MAX_TCP_SOCKETS_PER_ISOLATE, TCP_CHUNK_BYTES, TCP_SEND_WINDOW_BYTES, type SecureTransport, type TcpHostMessage, type TcpIsolateMessage } from './protocol.js';

/** What `opened` resolves to. */
export interface SocketInfo {
  remoteAddress: string | null;
  localAddress: string | null;
}

/** The isolate's outbound TCP sockets. */
export interface IsolateTcp {
  connect(address: unknown, options?: unknown): Socket;
  /** Handles a TCP message from the host. */
  receive(message: TcpHostMessage): void;
}

/** One connection's state, shared by its Socket and the registry; application code never reaches it. */
interface Connection {
  cid: number;
  socket: Socket;
  /** Incoming chunks not yet read. */
  queue: Uint8Array[];
  eof: boolean;
  failure: Error | undefined;
  wakeReader: (() => void) | undefined;
  readCancelled: boolean;
  /** Bytes sent to the host that it has not written yet. */
  outstanding: number;
  wakeWriter: (() => void) | undefined;
  /** A chunk is inside the writable's sink right now. */
  writing: boolean;
  writeEnded: boolean;
  done: boolean;
  readController: ReadableStreamDefaultController<Uint8Array> | undefined;
  writeController: WritableStreamDefaultController | undefined;
  resolveOpened: (info: SocketInfo) => void;
  rejectOpened: (err: Error) => void;
  resolveClosed: () => void;
  rejectClosed: (err: Error) => void;
}

const internals = new WeakMap<Socket, { conn: Connection; options: { secureTransport: SecureTransport; allowHalfOpen: boolean }; hostname: string; registry: Registry }>();

interface Registry {
  post: (message: TcpIsolateMessage, transfer?: ArrayBuffer) => void;
  open(socket: Socket, hostname: string, port: number | undefined, options: { secureTransport: SecureTransport; allowHalfOpen: boolean }): Connection;
}

/** An outbound TCP connection (the original platform's `Socket`). */
export class Socket {
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<Uint8Array>;
  readonly opened: Promise<SocketInfo>;
  readonly closed: Promise<void>;
  #upgraded = false;
  #secureTransport: SecureTransport;

  /** @internal Built by `connect()` and `startTls()` only. */
  constructor(registry: Registry, hostname: string, port: number | undefined, options: { secureTransport: SecureTransport; allowHalfOpen: boolean }) {
    this.#secureTransport = options.secureTransport;
    const conn = registry.open(this, hostname, port, options);
    this.opened = new Promise<SocketInfo>((resolve, reject) => { conn.resolveOpened = resolve; conn.rejectOpened = reject; });
    this.closed = new Promise<void>((resolve, reject) => { conn.resolveClosed = resolve; conn.rejectClosed = reject; });
    // Like the original's, a failure nobody awaits is not an unhandled rejection.
    this.opened.catch(() => undefined);
    this.closed.catch(() => undefined);
    internals.set(this, { conn, options, hostname, registry });
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => { conn.readController = controller; },
      pull: (controller) => pull(conn, controller, registry),
      cancel: () => {
        conn.readCancelled = true;
        const unread = conn.queue.reduce((n, c) => n + c.byteLength, 0);
        conn.queue = [];
        if (unread > 0 && !conn.done) registry.post({ t: 'tcp-ack', cid: conn.cid, bytes: unread });
      },
    }, { highWaterMark: 0 });
    this.writable = new WritableStream<Uint8Array>({
      start: (controller) => { conn.writeController = controller; },
      write: (chunk) => write(conn, chunk, registry),
      close: () => {
        if (conn.done || conn.writeEnded) return;
        conn.writeEnded = true;
        registry.post({ t: 'tcp-end', cid: conn.cid });
      },
      abort: () => { closeConnection(conn, registry); },
    });
  }

  /** Whether `startTls()` replaced this socket. */
  get upgraded(): boolean { return this.#upgraded; }

  /** `"off"`, `"on"` or `"starttls"`, as the socket was opened (a socket `startTls()` returned says `"on"`). */
  get secureTransport(): SecureTransport { return this.#secureTransport; }

  /** Closes both directions at once; resolves once the socket is closed. */
  close(): Promise<void> {
    const own = internals.get(this);
    if (own) closeConnection(own.conn, own.registry);
    return this.closed;
  }

  /** Upgrades a socket opened with `secureTransport: "starttls"` to TLS; returns the secure socket, this one closes. */
  startTls(options?: { expectedServerHostname?: string }): Socket {
    const own = internals.get(this);
    if (!own) throw new TypeError('Illegal invocation');
    if (this.#secureTransport === 'on') throw new TypeError('Cannot startTls on a TLS socket.');
    if (this.#upgraded) throw new TypeError('startTls can only be called once.');
    if (this.#secureTransport !== 'starttls') throw new TypeError("The `secureTransport` socket option must be set to 'starttls' for startTls to be used.");
    const expected = options?.expectedServerHostname;
    if (expected !== undefined && typeof expected !== 'string') throw new TypeError('startTls(): expectedServerHostname must be a string');
    this.#upgraded = true;
    const old = own.conn;
    const secure = new Socket(own.registry, own.hostname, undefined, { secureTransport: 'on', allowHalfOpen: own.options.allowHalfOpen });
    const next = connectionOf(secure);
    // Bytes the application already wrote go out in the clear first (the original flushes the writable too).
    void (async () => {
      await this.opened.catch(() => undefined);
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (!old.done && (old.writing || old.outstanding > 0)) await new Promise<void>((resolve) => { old.wakeWriter = resolve; });
      if (old.done) {
        finish(next, new Error('the socket closed before startTls() could upgrade it'));
        return;
      }
      own.registry.post({ t: 'tcp-starttls', cid: old.cid, next: next.cid, servername: expected ?? own.hostname });
      finish(old, undefined, 'upgraded');
    })();
    return secure;
  }
}

function connectionOf(socket: Socket): Connection {
  const own = internals.get(socket);
  if (!own) throw new TypeError('Illegal invocation');
  return own.conn;
}

/** Hands the reader the next chunk, the end, or the failure; waits for the host when there is none yet. */
async function pull(conn: Connection, controller: ReadableStreamDefaultController<Uint8Array>, registry: Registry): Promise<void> {
  while (conn.queue.length === 0 && !conn.eof && !conn.failure && !conn.done) await new Promise<void>((resolve) => { conn.wakeReader = resolve; });
  const chunk = conn.queue.shift();
  if (chunk) {
    controller.enqueue(chunk);
    if (!conn.done) registry.post({ t: 'tcp-ack', cid: conn.cid, bytes: chunk.byteLength });
    return;
  }
  if (conn.failure) controller.error(conn.failure);
  else controller.close();
}

async function write(conn: Connection, chunk: unknown, registry: Registry): Promise<void> {
  if (!ArrayBuffer.isView(chunk)) throw new TypeError('The WritableStream of a socket accepts only Uint8Array chunks (or other ArrayBuffer views).');
  if (conn.failure) throw conn.failure;
  if (conn.done || conn.writeEnded) throw new TypeError('This WritableStream has been closed.');
  const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  conn.writing = true;
  try {
    for (let at = 0; at < bytes.byteLength; at += TCP_CHUNK_BYTES) {
      while (conn.outstanding >= TCP_SEND_WINDOW_BYTES && !conn.done) await new Promise<void>((resolve) => { conn.wakeWriter = resolve; });
      if (conn.failure) throw conn.failure;
      if (conn.done) throw new TypeError('This WritableStream has been closed.');
      // A copy of exactly this piece, moved rather than cloned.
      const piece = bytes.slice(at, at + TCP_CHUNK_BYTES);
      conn.outstanding += piece.byteLength;
      registry.post({ t: 'tcp-write', cid: conn.cid, chunk: piece }, piece.buffer);
    }
  } finally {
    conn.writing = false;
    wake(conn, 'writer');
  }
}

function wake(conn: Connection, which: 'reader' | 'writer'): void {
  const key = which === 'reader' ? 'wakeReader' : 'wakeWriter';
  const resolve = conn[key];
  conn[key] = undefined;
  resolve?.();
}

/** The application closed the socket: the connection is destroyed and both streams end. */
function closeConnection(conn: Connection, registry: Registry): void {
  if (conn.done) return;
  registry.post({ t: 'tcp-close', cid: conn.cid });
  finish(conn, undefined, 'closed');
}

/** Ends a connection's life in the isolate: `closed` settles, readers and writers wake and see the end. */
function finish(conn: Connection, failure: Error | undefined, how: 'closed' | 'upgraded' | 'remote' = 'remote'): void {
  if (conn.done) return;
  conn.done = true;
  registries.get(conn)?.delete(conn.cid);
  if (failure) {
    conn.failure = failure;
    conn.rejectOpened(failure);
    conn.rejectClosed(failure);
    try { conn.writeController?.error(failure); } catch { /* already errored */ }
  } else {
    conn.rejectOpened(new Error(how === 'upgraded' ? 'the socket was upgraded by startTls()' : 'the socket closed before it opened'));
    conn.resolveClosed();
    if (how !== 'remote') {
      try { conn.writeController?.error(new TypeError(how === 'upgraded' ? 'This socket was upgraded by startTls(); write to the socket it returned.' : 'The socket was closed.')); } catch { /* already errored */ }
    }
  }
  if (how !== 'remote') {
    // Forcibly closed: what was not read yet is dropped.
    conn.queue = [];
    conn.eof = true;
  }
  wake(conn, 'reader');
  wake(conn, 'writer');
}

/** Which registry a connection belongs to, so `finish` can forget it. */
const registries = new WeakMap<Connection, Map<number, Connection>>();

/** Creates the registry; `post` sends a message to the host. */
export function createIsolateTcp(post: (message: TcpIsolateMessage, transfer?: ArrayBuffer) => void): IsolateTcp {
  const connections = new Map<number, Connection>();
  let nextCid = 1;
  const registry: Registry = {
    post,
    open(socket, hostname, port, options) {
      const conn = {
        cid: nextCid++, socket, queue: [], eof: false, failure: undefined, wakeReader: undefined, readCancelled: false,
        outstanding: 0, wakeWriter: undefined, writing: false, writeEnded: false, done: false, readController: undefined, writeController: undefined,
      } as unknown as Connection;
      connections.set(conn.cid, conn);
      registries.set(conn, connections);
      if (port !== undefined) post({ t: 'tcp-connect', cid: conn.cid, hostname, port, secureTransport: options.secureTransport });
      return conn;
    },
  };

  return {
    connect(address, options) {
      const { hostname, port } = parseAddress(address);
      const parsed = parseOptions(options);
      if (connections.size >= MAX_TCP_SOCKETS_PER_ISOLATE) {
        // Counted again at the host; here the application learns it without a round trip.
        const socket = new Socket(registry, hostname, undefined, parsed);
        finish(connectionOf(socket), new Error(`Too many open sockets: an isolate may have at most ${MAX_TCP_SOCKETS_PER_ISOLATE} outbound TCP sockets open at once`));
        return socket;
      }
      return new Socket(registry, hostname, port, parsed);
    },

    receive(message) {
      const conn = connections.get(message.cid);
      if (!conn) return;
      switch (message.t) {
        case 'tcp-opened':
          conn.resolveOpened({ remoteAddress: message.remoteAddress, localAddress: message.localAddress });
          break;
        case 'tcp-data':
          if (conn.readCancelled) {
            post({ t: 'tcp-ack', cid: conn.cid, bytes: message.chunk.byteLength });
            break;
          }
          conn.queue.push(message.chunk);
          wake(conn, 'reader');
          break;
        case 'tcp-written':
          conn.outstanding = Math.max(0, conn.outstanding - message.bytes);
          wake(conn, 'writer');
          break;
        case 'tcp-eof': {
          conn.eof = true;
          wake(conn, 'reader');
          // Without allowHalfOpen the writable side closes when the far end's does (the original's default).
          const own = internals.get(conn.socket);
          if (own && !own.options.allowHalfOpen && !conn.writeEnded) {
            conn.writeEnded = true;
            post({ t: 'tcp-end', cid: conn.cid });
          }
          break;
        }
        case 'tcp-closed':
          conn.eof = true;
          finish(conn, message.error ? new Error(message.error.message) : undefined);
          break;
      }
    },
  };
}

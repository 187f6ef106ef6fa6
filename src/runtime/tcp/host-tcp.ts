/**
 * The host's side of one isolate's outbound TCP sockets (`connect()`, docs/runtime.md "Outbound TCP"): a
 * registry by socket id, apart from the events that opened them. Every connection is made here, in the
 * host process, never inside the isolate (under process isolation the sandbox has no network): the host
 * name is resolved and every address it has is checked under the egress policy, and the connection goes to
 * the address that was checked, so a DNS answer that changes between check and connect cannot redirect it.
 * Everything the isolate sends is untrusted: messages are checked by `toTcpIsolateMessage`, an unknown id is
 * ignored.
 */
import { Socket, isIP } from 'node:net';
import { checkServerIdentity, connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import type { Logger } from '../../platform/logger.js';
import type { SerializedError } from '../wire.js';
import {
  MAX_TCP_SOCKETS_PER_ISOLATE, TCP_CHUNK_BYTES, TCP_CONNECT_TIMEOUT_MS, TCP_RECEIVE_WINDOW_BYTES, TCP_SEND_WINDOW_BYTES, toTcpIsolateMessage,
  type SecureTransport, type TcpHostMessage,
} from './protocol.js';

/** What the host holds of one socket's writes the network has not taken: four send windows (an isolate that keeps to its window holds one and a chunk). */
export const TCP_SEND_HOLD_BYTES = 4 * TCP_SEND_WINDOW_BYTES;

/** The original platform's text for a connection it will not make; Ledge adds why after it. */
const REFUSED_TEXT = 'proxy request failed, cannot connect to the specified address';
/** Mail submission to port 25 is refused whatever the policy, as on the original platform. */
const PORT_25_TEXT = 'Connections to port 25 are prohibited';

interface Entry {
  socket: Socket | TLSSocket | undefined;
  secureTransport: SecureTransport;
  /** What the isolate sent before the connection existed. */
  early: ({ chunk: Uint8Array } | { end: true })[];
  /** Bytes handed to the isolate that it has not acknowledged. */
  unacked: number;
  /** Bytes the isolate sent that the host has not written to the network yet (early ones included). */
  unwritten: number;
  /** The first error the connection met, reported when it closes. */
  error: Error | undefined;
}

/** One isolate's outbound TCP sockets on the host. */
export class HostTcpSockets {
  #post: (message: TcpHostMessage) => void;
  #logger: Logger;
  #check: ((hostname: string, port: number) => Promise<string>) | undefined;
  #entries = new Map<number, Entry>();
  #closed = false;

  /**
   * `check`, where outbound connections are policed (`ledge serve`, `ledge dev --isolation process`), resolves
   * and checks a host under the egress policy and gives the address to connect to; without it (`ledge dev`
   * with threads, trusted code) the connection goes where the name resolves, as outbound fetch does there.
   */
  constructor(post: (message: TcpHostMessage) => void, logger: Logger, check?: (hostname: string, port: number) => Promise<string>) {
    this.#post = post;
    this.#logger = logger;
    this.#check = check;
  }

  /** Sockets open or opening. */
  get size(): number { return this.#entries.size; }

  /** Handles a TCP message from the isolate; a malformed one is dropped and logged. */
  receive(value: unknown): void {
    const message = toTcpIsolateMessage(value);
    if (!message) {
      this.#logger.warn('the isolate sent a malformed tcp message; it was dropped');
      return;
    }
    if (this.#closed) return;
    if (message.t === 'tcp-connect') {
      this.#connect(message.cid, message.hostname, message.port, message.secureTransport);
      return;
    }
    const entry = this.#entries.get(message.cid);
    if (!entry) return;
    switch (message.t) {
      case 'tcp-write':
        // An isolate that waits for `tcp-written` keeps this within its window and a chunk; more is sent past its
        // credit (code that replaced the realm's built-ins can post any message), so the host closes the connection
        // rather than hold what the network does not take.
        entry.unwritten += message.chunk.byteLength;
        if (entry.unwritten > TCP_SEND_HOLD_BYTES) {
          this.#entries.delete(message.cid);
          entry.socket?.destroy();
          this.#logger.warn(`tcp socket ${message.cid}: the isolate sent ${entry.unwritten} bytes the network has not taken, past its send window; the connection is closed`);
          this.#fail(message.cid, `the connection was closed: more than ${TCP_SEND_HOLD_BYTES} bytes were sent that the network had not taken (past the send window)`);
          break;
        }
        if (entry.socket) this.#write(message.cid, entry, entry.socket, message.chunk);
        else entry.early.push({ chunk: message.chunk });
        break;
      case 'tcp-end':
        if (entry.socket) entry.socket.end();
        else entry.early.push({ end: true });
        break;
      case 'tcp-close':
        this.#entries.delete(message.cid);
        entry.socket?.destroy();
        break;
      case 'tcp-ack':
        entry.unacked = Math.max(0, entry.unacked - message.bytes);
        if (entry.socket?.isPaused() && entry.unacked < TCP_RECEIVE_WINDOW_BYTES) entry.socket.resume();
        break;
      case 'tcp-starttls':
        this.#startTls(message.cid, entry, message.next, message.servername);
        break;
    }
  }

  /** The isolate is gone: every connection is destroyed. */
  closeAll(): void {
    this.#closed = true;
    for (const entry of this.#entries.values()) entry.socket?.destroy();
    this.#entries.clear();
  }

  #fail(cid: number, message: string): void {
    this.#post({ t: 'tcp-closed', cid, error: { name: 'Error', message } });
  }

  #connect(cid: number, hostname: string, port: number, secureTransport: SecureTransport): void {
    if (this.#entries.has(cid)) return;
    if (port === 25) return this.#fail(cid, PORT_25_TEXT);
    if (this.#entries.size >= MAX_TCP_SOCKETS_PER_ISOLATE) return this.#fail(cid, `Too many open sockets: an isolate may have at most ${MAX_TCP_SOCKETS_PER_ISOLATE} outbound TCP sockets open at once`);
    const host = hostname.replace(/^\[|\]$/g, '');
    if (host === '' || port === 0) return this.#fail(cid, `${REFUSED_TEXT} (${host === '' ? 'no host name' : 'port 0'})`);
    const entry: Entry = { socket: undefined, secureTransport, early: [], unacked: 0, unwritten: 0, error: undefined };
    this.#entries.set(cid, entry);
    const check = this.#check;
    const target = check ? check(host, port) : Promise.resolve(host);
    void target.then(
      (address) => {
        if (this.#entries.get(cid) === entry) this.#open(cid, entry, host, address, port);
      },
      (err: Error) => {
        if (this.#entries.get(cid) !== entry) return;
        this.#entries.delete(cid);
        this.#fail(cid, `${REFUSED_TEXT} (${err.message})`);
      },
    );
  }

  /** Connects to `address` (already checked when outbound connections are policed): the name is never looked up again. */
  #open(cid: number, entry: Entry, hostname: string, address: string, port: number): void {
    const policed = this.#check !== undefined;
    const socket = entry.secureTransport === 'on'
      ? tlsConnect({ host: address, port, allowHalfOpen: true, ...tlsIdentity(hostname) } as ConnectionOptions)
      : new Socket({ allowHalfOpen: true }).connect({ host: address, port });
    entry.socket = socket;
    socket.setTimeout(TCP_CONNECT_TIMEOUT_MS, () => socket.destroy(new Error(`connection to ${hostname}:${port} timed out after ${TCP_CONNECT_TIMEOUT_MS / 1000} s`)));
    socket.once(entry.secureTransport === 'on' ? 'secureConnect' : 'connect', () => {
      socket.setTimeout(0);
      if (this.#entries.get(cid) !== entry) return;
      // The platform's own address is not the application's to know where connections are policed.
      this.#post({ t: 'tcp-opened', cid, remoteAddress: socket.remoteAddress ?? null, localAddress: policed ? null : socket.localAddress ?? null });
    });
    this.#relay(cid, entry, socket);
    for (const early of entry.early) {
      if ('chunk' in early) this.#write(cid, entry, socket, early.chunk);
      else socket.end();
    }
    entry.early = [];
  }

  /** Joins a connection's events to the isolate's messages. */
  #relay(cid: number, entry: Entry, socket: Socket | TLSSocket): void {
    socket.on('data', (data: Buffer) => {
      if (this.#entries.get(cid) !== entry) return;
      for (let at = 0; at < data.byteLength; at += TCP_CHUNK_BYTES) {
        // Copies of exactly these bytes (a pooled Buffer would drag its whole pool along).
        this.#post({ t: 'tcp-data', cid, chunk: new Uint8Array(data.subarray(at, at + TCP_CHUNK_BYTES)) });
      }
      entry.unacked += data.byteLength;
      // Backpressure: past the window, stop reading the network until the isolate catches up.
      if (entry.unacked >= TCP_RECEIVE_WINDOW_BYTES) socket.pause();
    });
    socket.on('end', () => {
      if (this.#entries.get(cid) === entry) this.#post({ t: 'tcp-eof', cid });
    });
    socket.on('error', (err: Error) => {
      entry.error ??= err;
      this.#logger.debug(`tcp socket ${cid}: ${err.message}`);
    });
    socket.on('close', () => {
      if (this.#entries.get(cid) !== entry || entry.socket !== socket) return;
      this.#entries.delete(cid);
      this.#post({ t: 'tcp-closed', cid, ...(entry.error ? { error: errorOf(entry.error) } : {}) });
    });
  }

  #write(cid: number, entry: Entry, socket: Socket | TLSSocket, chunk: Uint8Array): void {
    const bytes = chunk.byteLength;
    socket.write(chunk, (err) => {
      entry.unwritten -= bytes;
      if (!err) this.#post({ t: 'tcp-written', cid, bytes });
    });
  }

  /** Upgrades a plain connection opened with `secureTransport: "starttls"`; the secure one continues as `next`. */
  #startTls(cid: number, entry: Entry, next: number, servername: string): void {
    const raw = entry.socket;
    this.#entries.delete(cid);
    if (!raw || entry.secureTransport !== 'starttls' || this.#entries.has(next) || !(raw instanceof Socket) || 'encrypted' in raw) {
      raw?.destroy();
      this.#fail(next, 'startTls() needs a connected socket opened with secureTransport "starttls"');
      return;
    }
    raw.removeAllListeners('data');
    raw.removeAllListeners('end');
    raw.removeAllListeners('close');
    raw.removeAllListeners('error');
    // The TLS socket reports the connection's failures from here on; the raw one must not throw unheard.
    raw.on('error', () => undefined);
    const secure: Entry = { socket: undefined, secureTransport: 'on', early: [], unacked: 0, unwritten: 0, error: undefined };
    this.#entries.set(next, secure);
    const socket = tlsConnect({ socket: raw, allowHalfOpen: true, ...tlsIdentity(servername) } as ConnectionOptions);
    secure.socket = socket;
    socket.setTimeout(TCP_CONNECT_TIMEOUT_MS, () => socket.destroy(new Error(`the TLS handshake with ${servername} timed out after ${TCP_CONNECT_TIMEOUT_MS / 1000} s`)));
    socket.once('secureConnect', () => {
      socket.setTimeout(0);
      if (this.#entries.get(next) !== secure) return;
      this.#post({ t: 'tcp-opened', cid: next, remoteAddress: raw.remoteAddress ?? null, localAddress: this.#check ? null : raw.localAddress ?? null });
    });
    this.#relay(next, secure, socket);
    if (raw.isPaused()) raw.resume();
  }
}

// `allowHalfOpen` is passed on to the TLSSocket by tls.connect (Node's types leave it out of ConnectionOptions).
/** The TLS options that check the server's certificate against `hostname` (a name, or an address for a literal). */
function tlsIdentity(hostname: string): { servername?: string; checkServerIdentity: (host: string, cert: Parameters<typeof checkServerIdentity>[1]) => Error | undefined } {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return {
    // SNI carries names only; an address is still checked against the certificate's IP entries.
    ...(isIP(bare) ? {} : { servername: bare }),
    checkServerIdentity: (_host, cert) => checkServerIdentity(bare, cert),
  };
}

function errorOf(err: Error): SerializedError {
  return { name: 'Error', message: err.message };
}

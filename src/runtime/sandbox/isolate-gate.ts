import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';

/** Bytes of an isolate's token, the first bytes on its connection. */
export const TOKEN_BYTES = 32;
/** Connections that have not yet presented a token, at once; more is a protocol violation. */
const MAX_UNBOUND = 16;
/** How long a new connection has to present its token. */
const HELLO_MS = 10_000;

/** Options of a gate (the defaults are the platform's; tests shorten the wait). */
export interface IsolateGateOptions<W> {
  /** A connection presented the token of `isolate`: from now on it is that isolate's (`rest`: bytes after the token). */
  bind(isolate: W, socket: Socket, rest: Buffer): void;
  /** A connection broke the rules: the sandbox is stopped. */
  violation(why: string): void;
  helloMs?: number;
}

/**
 * Who may connect to a sandbox's isolates' socket (isolate-channel.ts). The host hands each isolate it starts a
 * random token over the sandbox's channel; a connection's first bytes must be the token of an isolate of this
 * sandbox not yet connected, which binds the connection to that isolate for good. A token works once, and only
 * here (each sandbox has its own gate and socket). Anything else (a token of no isolate here or one already
 * used, other bytes, silence, a part of a token, or more than 16 connections naming no isolate at once)
 * is a violation, and the sandbox is stopped: only code that took over the sandbox sends such things.
 */
export class IsolateGate<W> {
  #byToken = new Map<string, W>();
  #unbound = 0;
  #closed = false;
  #options: IsolateGateOptions<W>;

  constructor(options: IsolateGateOptions<W>) { this.#options = options; }

  /** A new token for `isolate` (hex, as the isolate gets it). */
  issue(isolate: W): string {
    const token = randomBytes(TOKEN_BYTES).toString('hex');
    this.#byToken.set(token, isolate);
    return token;
  }

  /** The isolate stopped: its token, if still unused, no longer binds anything. */
  revoke(token: string): void {
    this.#byToken.delete(token);
  }

  /** No connection is bound from now on (the sandbox stopped). */
  close(): void {
    this.#closed = true;
    this.#byToken.clear();
  }

  /** A new connection: bound to its isolate once it presents the token, else a violation. */
  accept(socket: Socket): void {
    socket.on('error', () => undefined);
    if (this.#closed) {
      socket.destroy();
      return;
    }
    if (this.#unbound >= MAX_UNBOUND) {
      socket.destroy();
      this.#options.violation(`more than ${MAX_UNBOUND} connections at once did not name their isolate`);
      return;
    }
    this.#unbound++;
    let head: Buffer = Buffer.alloc(0);
    let settled = false;
    const helloMs = this.#options.helloMs ?? HELLO_MS;
    const timer = setTimeout(() => fail(`a connection did not name its isolate within ${helloMs / 1000} s`), helloMs).unref();
    const settle = () => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      socket.off('data', hello);
      this.#unbound--;
      return true;
    };
    const fail = (why: string) => {
      if (!settle()) return;
      socket.destroy();
      this.#options.violation(why);
    };
    const hello = (chunk: Buffer) => {
      head = head.byteLength === 0 ? chunk : Buffer.concat([head, chunk]);
      if (head.byteLength < TOKEN_BYTES) return;
      const token = head.subarray(0, TOKEN_BYTES).toString('hex');
      const isolate = this.#closed ? undefined : this.#byToken.get(token);
      if (isolate === undefined) return fail('a connection named no isolate of this sandbox, or one already connected');
      this.#byToken.delete(token);
      settle();
      this.#options.bind(isolate, socket, head.subarray(TOKEN_BYTES));
    };
    socket.on('data', hello);
    socket.once('close', () => {
      // Closed before sending anything: a worker stopped while it connected (the kernel had completed the
      // connection before its thread ran again). Harmless; a part of a token is not.
      if (head.byteLength === 0) settle();
      else fail('a connection closed before it named its isolate');
    });
  }
}

import type { Socket } from 'node:net';
import type { ErrorCode } from '../../platform/errors.js';
import type { EgressSession } from '../egress/gateway.js';
import { eventsIn } from '../isolate-guard-protocol.js';
import { MEMORY_EXIT_CODE, type IsolateWorker } from '../isolate-worker.js';
import type { HostMessage, IsolateMessage } from '../protocol.js';
import { toIsolateMessage, type HostRecord } from './channel.js';
import { encodeFrame, FrameError, FrameReader } from './frames.js';

/** Synchronous calls the host answers through the sandbox at once per isolate: a blocked thread makes one; the rest is slack. */
const MAX_SYNC_WAITING = 16;
/** How long an isolate's connection may stay open after the sandbox said the isolate exited (its last frames are read first). */
const CLOSE_GRACE_MS = 2_000;

/**
 * The host's handle on one isolate living in a sandbox process: the same `IsolateWorker` an `Isolate` uses
 * for a thread. Its messages travel both ways on the isolate's own connection (`attach`, once the isolate
 * presented its token: batches posted before that wait here, in order); starting, stopping, stats, exit, egress
 * and the answers of synchronous calls on the sandbox's channel. Messages from the sandbox are checked before
 * the isolate code sees them; one that breaks the protocol stops the whole sandbox (`onViolation`).
 */
export class ProxyWorker implements IsolateWorker {
  readonly id: number;
  #send: (record: HostRecord) => void;
  #egress: EgressSession | undefined;
  #onViolation: (why: string) => void;
  #messageListeners: ((messages: IsolateMessage[]) => void)[] = [];
  #errorListeners: ((err: Error & { code?: string }) => void)[] = [];
  #exitListeners: ((failure: ErrorCode | undefined, reclaimed?: boolean) => void)[] = [];
  #exited = false;
  #exitWaiters: (() => void)[] = [];
  #activeMs = 0;
  #beat = 0;
  /** The isolate's own connection, once it presented its token; batches posted before wait in `#early`. */
  #socket: Socket | undefined;
  #early: HostMessage[][] = [];
  /** The sandbox said the isolate exited: the exit is delivered when the connection closes (its last frames read). */
  #exitCode: number | undefined;
  #closed = false;
  /** Ids of synchronous calls the isolate waits for, blocked: their answers go through the sandbox, which wakes it. */
  #syncWaiting = new Set<number>();
  /** Outbound connections the host opens for this isolate go through its egress session's policy. */
  readonly checkOutbound?: (hostname: string, port: number) => Promise<string>;

  /** Marks the sandbox used (its least recently used one is stopped first, pool.ts). */
  #touch: () => void;

  constructor(id: number, send: (record: HostRecord) => void, egress: EgressSession | undefined, onViolation: (why: string) => void, touch: () => void = () => undefined) {
    this.id = id;
    this.#touch = touch;
    this.#send = send;
    this.#egress = egress;
    this.#onViolation = onViolation;
    if (egress) this.checkOutbound = (hostname, port) => egress.checkConnection(hostname, port);
  }

  get exited(): boolean { return this.#exited; }

  postMessage(messages: HostMessage[]): void {
    if (this.#exited) return;
    this.#touch();
    this.#egress?.grant(eventsIn(messages));
    let rest = messages;
    if (this.#syncWaiting.size > 0) {
      rest = [];
      for (const m of messages) {
        if (m.t === 'call-result' && this.#syncWaiting.delete(m.id)) this.#send(['sync', this.id, m]);
        else rest.push(m);
      }
      if (rest.length === 0) return;
    }
    if (this.#socket) this.#socket.write(encodeFrame(rest));
    else this.#early.push(rest);
  }

  /** The isolate's own connection, bound to it by its token: its frames are read from now on, and what waited is written. */
  attach(socket: Socket, rest: Buffer): void {
    if (this.#exited || this.#socket) {
      socket.destroy();
      return;
    }
    this.#socket = socket;
    const reader = new FrameReader();
    const read = (chunk: Buffer) => {
      if (this.#exited) return;
      try {
        for (const batch of reader.push(chunk)) {
          if (!Array.isArray(batch)) throw new FrameError('a frame is not a list of messages');
          this.deliver(batch);
        }
      } catch (err) {
        this.#onViolation(`the connection of isolate ${this.id} broke the protocol (${err instanceof FrameError ? err.message : (err as Error).message})`);
      }
    };
    socket.on('data', read);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      this.#closed = true;
      if (this.#exitCode !== undefined) this.exit(this.#exitCode);
    });
    for (const batch of this.#early.splice(0)) socket.write(encodeFrame(batch));
    if (rest.byteLength > 0) read(rest);
  }

  onMessage(listener: (messages: IsolateMessage[]) => void): void { this.#messageListeners.push(listener); }
  onError(listener: (err: Error & { code?: string }) => void): void { this.#errorListeners.push(listener); }
  onExit(listener: (failure: ErrorCode | undefined, reclaimed?: boolean) => void): void { this.#exitListeners.push(listener); }

  terminate(): Promise<void> {
    if (this.#exited) return Promise.resolve();
    this.#send(['terminate', this.id]);
    return new Promise((resolve) => this.#exitWaiters.push(resolve));
  }

  activeMs(): number { return this.#activeMs; }
  heartbeat(): number { return this.#beat; }

  /** Isolate messages from the sandbox: each is checked; any malformed one is a protocol violation. */
  deliver(raw: unknown[]): void {
    if (this.#exited) return;
    this.#touch();
    const messages: IsolateMessage[] = [];
    for (const value of raw) {
      let message = toIsolateMessage(value);
      if (!message) {
        this.#onViolation(`isolate ${this.id} sent a malformed message (${describe(value)})`);
        return;
      }
      if (message.t === 'call' && message.sync === true) {
        // A worker that marks more calls than it can wait for loses the bridge for the extra ones (their answers go the usual way).
        if (this.#syncWaiting.size < MAX_SYNC_WAITING) this.#syncWaiting.add(message.id);
        const call = { ...message };
        delete call.sync;
        message = call;
      }
      messages.push(message);
    }
    for (const listener of this.#messageListeners) listener(messages);
  }

  /** An egress message from the isolate (checked by the session). */
  egress(message: unknown): void {
    if (!this.#exited) this.#egress?.receive(message);
  }

  stats(activeMs: number, beat: number): void {
    // Busy time only grows; a reading that goes back is ignored rather than trusted.
    if (activeMs > this.#activeMs) this.#activeMs = activeMs;
    this.#beat = beat;
  }

  error(err: { code?: string; message: string }): void {
    const error = Object.assign(new Error(err.message), err.code === undefined ? {} : { code: err.code });
    for (const listener of this.#errorListeners) listener(error);
  }

  /**
   * The worker stopped (by itself, or with its whole sandbox: then `failure` says why, and `reclaimed` whether the
   * platform took it back). A worker that stopped by itself closes its connection as it goes: what it wrote before
   * is read first, so its last messages come before its exit (bounded: a connection the sandbox keeps open is cut).
   */
  exit(code: number | undefined, failure?: ErrorCode, reclaimed = false): void {
    if (this.#exited) return;
    if (failure === undefined && this.#socket && !this.#closed) {
      if (this.#exitCode === undefined) {
        this.#exitCode = code ?? 0;
        const socket = this.#socket;
        setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
      }
      return;
    }
    this.#exited = true;
    this.#socket?.destroy();
    this.#early = [];
    this.#egress?.close();
    const reason = failure ?? (code === MEMORY_EXIT_CODE ? 'exceeded_memory' : undefined);
    for (const listener of this.#exitListeners) listener(reason, reclaimed);
    for (const wake of this.#exitWaiters.splice(0)) wake();
  }
}

function describe(value: unknown): string {
  const t = (value as { t?: unknown } | null)?.t;
  return typeof t === 'string' ? `type ${JSON.stringify(t.slice(0, 40))}` : typeof value;
}

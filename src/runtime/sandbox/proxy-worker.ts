import { writeSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { ErrorCode } from '../../platform/errors.js';
import { CHANNEL_BATCH_LIMIT } from '../batch-port.js';
import type { EgressSession } from '../egress/gateway.js';
import { eventsIn } from '../isolate-guard-protocol.js';
import { MEMORY_EXIT_CODE, type IsolateWorker } from '../isolate-worker.js';
import type { HostMessage, IsolateMessage } from '../protocol.js';
import { toIsolateMessage, type HostRecord } from './channel.js';
import { approxBytes, encodeFrame, FrameError, FrameReader } from './frames.js';
import { encodeTextFrame, plainBatchText } from './plain-frames.js';

/** A batch for an isolate bigger than this (about) goes as several frames, so no frame holds much more than 4 MiB. */
const RECORD_BYTES = 4 * 1024 * 1024;
/** Synchronous calls the host answers through the sandbox at once per isolate: a blocked thread makes one; the rest is slack. */
const MAX_SYNC_WAITING = 16;
/** How long an isolate's connection may stay open after the sandbox said the isolate exited (its last frames are read first). */
const CLOSE_GRACE_MS = 2_000;

/** What a ProxyWorker needs from its sandbox. */
export interface ProxyWorkerLinks {
  /** Sends a record on the sandbox's channel. */
  send(record: HostRecord, size: number): void;
  /** `bytes` were just written toward the isolate on its own connection (the sandbox bounds what waits: channel-bounds.ts). */
  wrote(bytes: number): void;
  /** The isolate or its sandbox broke the protocol: the sandbox is stopped. */
  violation(why: string): void;
  /** Marks the sandbox used (its least recently used one is stopped first, pool.ts). */
  touch(): void;
}

/**
 * The host's handle on one isolate living in a sandbox process: the same `IsolateWorker` an `Isolate` uses
 * for a thread. Its messages travel both ways on the isolate's own connection (`attach`, once the isolate
 * presented its token: batches posted before that wait here, in order); starting, stopping, stats, errors, exit,
 * egress and the answers of synchronous calls on the sandbox's channel. Messages from the isolate are checked
 * before the isolate code sees them; one that breaks the protocol stops the whole sandbox.
 */
export class ProxyWorker implements IsolateWorker {
  readonly id: number;
  #links: ProxyWorkerLinks;
  #egress: EgressSession | undefined;
  #messageListeners: ((messages: IsolateMessage[]) => void)[] = [];
  #errorListeners: ((err: Error & { code?: string }) => void)[] = [];
  #exitListeners: ((failure: ErrorCode | undefined, reclaimed?: boolean) => void)[] = [];
  #exited = false;
  #exitWaiters: (() => void)[] = [];
  #activeMs = 0;
  #beat = 0;
  #beatAt = Date.now();
  /** The isolate's own connection, once it presented its token; frames posted before wait in `#early`. */
  #socket: Socket | undefined;
  /** Reads the isolate's frames from its connection; when bytes last came (an unfinished frame must keep coming). */
  #reader: FrameReader | undefined;
  #readAt = 0;
  #early: Buffer[] = [];
  #earlyBytes = 0;
  /** The sandbox said the isolate exited: the exit is delivered when the connection closes (its last frames read). */
  #exitCode: number | undefined;
  #closed = false;
  #closeTimer: NodeJS.Timeout | undefined;
  /** Errors of the worker told once its connection closed, after its last messages. */
  #pendingErrors: (Error & { code?: string })[] = [];
  /** Ids of synchronous calls the isolate waits for, blocked: their answers go through the sandbox, which wakes it. */
  #syncWaiting = new Set<number>();
  /** Batches to an isolate in a sandbox carry more messages (batch-port.ts). */
  readonly batchLimit = CHANNEL_BATCH_LIMIT;
  /** Outbound connections the host opens for this isolate go through its egress session's policy. */
  readonly checkOutbound?: (hostname: string, port: number) => Promise<string>;

  constructor(id: number, links: ProxyWorkerLinks, egress: EgressSession | undefined) {
    this.id = id;
    this.#links = links;
    this.#egress = egress;
    if (egress) this.checkOutbound = (hostname, port) => egress.checkConnection(hostname, port);
  }

  get exited(): boolean { return this.#exited; }

  /** Bytes written toward the isolate that it has not read yet (in the host's queue, or waiting for its connection). */
  get queuedBytes(): number { return this.#earlyBytes + (this.#socket?.writableLength ?? 0); }

  postMessage(messages: HostMessage[]): void {
    if (this.#exited) return;
    this.#links.touch();
    this.#egress?.grant(eventsIn(messages));
    let rest = messages;
    if (this.#syncWaiting.size > 0) {
      rest = [];
      for (const m of messages) {
        // The isolate is blocked on it: its sandbox's main thread wakes it with the answer (sync-relay.ts).
        if (m.t === 'call-result' && this.#syncWaiting.delete(m.id)) this.#links.send(['sync', this.id, m], approxBytes(m, 0));
        else rest.push(m);
      }
      if (rest.length === 0) return;
    }
    // Sized, so a burst of big values (a hundred 1 MiB KV gets answered in one turn) goes as frames of about 4 MiB
    // rather than one of 100 MiB that the isolate would hold whole while decoding it.
    const size = approxBytes(rest, 0);
    if (size <= RECORD_BYTES) {
      this.#write(rest);
      return;
    }
    let part: HostMessage[] = [];
    let bytes = 0;
    for (const message of rest) {
      const n = approxBytes(message, 0);
      if (part.length > 0 && bytes + n > RECORD_BYTES) {
        this.#write(part);
        part = [];
        bytes = 0;
      }
      part.push(message);
      bytes += n;
    }
    if (part.length > 0) this.#write(part);
  }

  #write(messages: HostMessage[]): void {
    // A request's own messages usually go as JSON text, cheaper both ways (plain-frames.ts).
    const text = plainBatchText(messages);
    const frame = text === undefined ? encodeFrame(messages) : encodeTextFrame(text);
    if (this.#socket) writeNow(this.#socket, frame);
    else {
      this.#early.push(frame);
      this.#earlyBytes += frame.byteLength;
    }
    this.#links.wrote(frame.byteLength);
  }

  /**
   * The isolate's own connection, bound to it by its token: its frames are read from now on, and what waited is
   * written. `rest`: bytes that came after the token in the same read.
   */
  attach(socket: Socket, rest: Buffer): void {
    if (this.#exited || this.#socket) {
      socket.destroy();
      return;
    }
    this.#socket = socket;
    const reader = new FrameReader();
    this.#reader = reader;
    const read = (chunk: Buffer) => {
      if (this.#exited) return;
      this.#readAt = Date.now();
      try {
        for (const batch of reader.push(chunk)) {
          if (!Array.isArray(batch)) throw new FrameError('a frame is not a list of messages');
          this.deliver(batch);
        }
      } catch (err) {
        this.#links.violation(`the connection of isolate ${this.id} broke the protocol (${err instanceof FrameError ? err.message : (err as Error).message})`);
      }
    };
    socket.on('data', read);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      this.#closed = true;
      for (const error of this.#pendingErrors.splice(0)) for (const listener of this.#errorListeners) listener(error);
      if (this.#exitCode !== undefined) this.exit(this.#exitCode);
    });
    for (const frame of this.#early.splice(0)) socket.write(frame);
    this.#earlyBytes = 0;
    if (rest.byteLength > 0) read(rest);
  }

  onMessage(listener: (messages: IsolateMessage[]) => void): void { this.#messageListeners.push(listener); }
  onError(listener: (err: Error & { code?: string }) => void): void { this.#errorListeners.push(listener); }
  onExit(listener: (failure: ErrorCode | undefined, reclaimed?: boolean) => void): void { this.#exitListeners.push(listener); }

  terminate(): Promise<void> {
    if (this.#exited) return Promise.resolve();
    this.#links.send(['terminate', this.id], 0);
    return new Promise((resolve) => this.#exitWaiters.push(resolve));
  }

  activeMs(): number { return this.#activeMs; }
  heartbeat(): number { return this.#beat; }

  /** Isolate messages from its connection: each is checked; any malformed one is a protocol violation. */
  deliver(raw: unknown[]): void {
    if (this.#exited) return;
    this.#links.touch();
    const messages: IsolateMessage[] = [];
    for (const value of raw) {
      let message = toIsolateMessage(value);
      if (!message) {
        this.#links.violation(`isolate ${this.id} sent a malformed message (${describe(value)})`);
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

  stats(activeMs: number, beat: number, now = Date.now()): void {
    // Busy time only grows; a reading that goes back is ignored rather than trusted.
    if (activeMs > this.#activeMs) this.#activeMs = activeMs;
    if (beat !== this.#beat) this.#beatAt = now;
    this.#beat = beat;
  }

  /**
   * When bytes last came on the isolate's connection while a frame it started is unfinished, else undefined. The
   * isolate writes a frame whole unless its thread is busy, but its code can make the frame's length say more than
   * it sends (it shares %TypedArray%.prototype with the code that writes the length): the host would wait for the
   * rest for as long as the isolate lives, holding what came, and read everything the isolate sends later as part
   * of that frame (its sandbox judges the wait: sandbox.ts).
   */
  get unfinishedSince(): number | undefined { return this.#reader?.partial === true && !this.#exited ? this.#readAt : undefined; }

  /** When the isolate's heartbeat last moved, as its sandbox reported it (its event loop turned then). */
  get heartbeatAt(): number { return this.#beatAt; }

  /** The worker failed (its exit follows): told after its last messages, like the exit, when its connection is still open. */
  error(err: { code?: string; message: string }): void {
    const error = Object.assign(new Error(err.message), err.code === undefined ? {} : { code: err.code });
    if (this.#socket && !this.#closed && !this.#exited) {
      this.#pendingErrors.push(error);
      this.#closeSoon();
      return;
    }
    for (const listener of this.#errorListeners) listener(error);
  }

  /** Cuts a connection the sandbox keeps open after its isolate stopped (its exit or error waits for the close). */
  #closeSoon(): void {
    if (this.#closeTimer || !this.#socket) return;
    const socket = this.#socket;
    this.#closeTimer = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
  }

  /**
   * The worker stopped (by itself, or with its whole sandbox: then `failure` says why, and `reclaimed` whether the
   * platform took it back). A worker that stopped by itself closes its connection as it goes: what it wrote before
   * is read first, so its last messages come before its exit (bounded: a connection the sandbox keeps open is cut).
   */
  exit(code: number | undefined, failure?: ErrorCode, reclaimed = false): void {
    if (this.#exited) return;
    if (failure === undefined && this.#socket && !this.#closed) {
      this.#exitCode ??= code ?? 0;
      this.#closeSoon();
      return;
    }
    this.#exited = true;
    clearTimeout(this.#closeTimer);
    this.#socket?.destroy();
    this.#early = [];
    this.#earlyBytes = 0;
    this.#egress?.close();
    const reason = failure ?? (code === MEMORY_EXIT_CODE ? 'exceeded_memory' : undefined);
    for (const listener of this.#exitListeners) listener(reason, reclaimed);
    for (const wake of this.#exitWaiters.splice(0)) wake();
  }
}

/**
 * Writes a frame to an isolate's connection: straight to the socket's descriptor when nothing waits in the socket's
 * own queue (the kernel usually takes a small frame whole: none of the stream's queueing, callbacks and ticks per
 * frame), and through the socket for whatever the kernel did not take, after which every frame goes through it until
 * its queue is empty again, so frames keep their order. The descriptor is non-blocking: a full socket takes nothing
 * and the stream waits for room (and counts it toward the sandbox's bound) as before.
 */
function writeNow(socket: Socket, frame: Buffer): void {
  const fd = socket.writableLength === 0 && !socket.destroyed ? (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd : undefined;
  let written = 0;
  if (typeof fd === 'number' && fd >= 0) {
    try {
      written = writeSync(fd, frame);
    } catch {
      // EAGAIN (no room) or a connection that broke: the socket's own write waits for room or reports the error.
      written = 0;
    }
  }
  if (written < frame.byteLength) socket.write(written === 0 ? frame : frame.subarray(written));
}

function describe(value: unknown): string {
  const t = (value as { t?: unknown } | null)?.t;
  return typeof t === 'string' ? `type ${JSON.stringify(t.slice(0, 40))}` : typeof value;
}

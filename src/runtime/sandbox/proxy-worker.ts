import type { ErrorCode } from '../../platform/errors.js';
import { CHANNEL_BATCH_LIMIT } from '../batch-port.js';
import type { EgressSession } from '../egress/gateway.js';
import { eventsIn } from '../isolate-guard-protocol.js';
import { MEMORY_EXIT_CODE, type IsolateWorker } from '../isolate-worker.js';
import type { HostMessage, IsolateMessage } from '../protocol.js';
import { toIsolateMessage, type HostRecord } from './channel.js';
import { approxBytes } from './frames.js';

/** A batch for an isolate bigger than this (about) goes as several records, so no frame holds much more than 8 MiB. */
const RECORD_BYTES = 4 * 1024 * 1024;

/**
 * The host's handle on one isolate living in a sandbox process: the same `IsolateWorker` an `Isolate` uses
 * for a thread, backed by records on the sandbox's channel. Messages from the sandbox are checked before
 * the isolate code sees them; one that breaks the protocol stops the whole sandbox (`onViolation`).
 */
export class ProxyWorker implements IsolateWorker {
  readonly id: number;
  #send: (record: HostRecord, size: number) => void;
  #egress: EgressSession | undefined;
  #onViolation: (why: string) => void;
  #messageListeners: ((messages: IsolateMessage[]) => void)[] = [];
  #errorListeners: ((err: Error & { code?: string }) => void)[] = [];
  #exitListeners: ((failure: ErrorCode | undefined, reclaimed?: boolean) => void)[] = [];
  #exited = false;
  #exitWaiters: (() => void)[] = [];
  #activeMs = 0;
  #beat = 0;
  /** Batches to an isolate in a sandbox carry more messages (batch-port.ts). */
  readonly batchLimit = CHANNEL_BATCH_LIMIT;
  /** Outbound connections the host opens for this isolate go through its egress session's policy. */
  readonly checkOutbound?: (hostname: string, port: number) => Promise<string>;

  constructor(id: number, send: (record: HostRecord, size: number) => void, egress: EgressSession | undefined, onViolation: (why: string) => void) {
    this.id = id;
    this.#send = send;
    this.#egress = egress;
    this.#onViolation = onViolation;
    if (egress) this.checkOutbound = (hostname, port) => egress.checkConnection(hostname, port);
  }

  get exited(): boolean { return this.#exited; }

  postMessage(messages: HostMessage[]): void {
    if (this.#exited) return;
    this.#egress?.grant(eventsIn(messages));
    // Sized, so the frame writer cuts a burst of big values (a hundred 1 MiB KV gets answered in one turn) into
    // frames of about 8 MiB rather than one of 100 MiB that the sandbox would hold whole while decoding it. A
    // batch (up to CHANNEL_BATCH_LIMIT messages) past RECORD_BYTES goes as several records, in order, for the same reason.
    const size = approxBytes(messages, 0);
    if (size <= RECORD_BYTES) {
      this.#send(['post', this.id, messages], size);
      return;
    }
    let part: HostMessage[] = [];
    let bytes = 0;
    for (const message of messages) {
      const n = approxBytes(message, 0);
      if (part.length > 0 && bytes + n > RECORD_BYTES) {
        this.#send(['post', this.id, part], bytes);
        part = [];
        bytes = 0;
      }
      part.push(message);
      bytes += n;
    }
    if (part.length > 0) this.#send(['post', this.id, part], bytes);
  }

  onMessage(listener: (messages: IsolateMessage[]) => void): void { this.#messageListeners.push(listener); }
  onError(listener: (err: Error & { code?: string }) => void): void { this.#errorListeners.push(listener); }
  onExit(listener: (failure: ErrorCode | undefined, reclaimed?: boolean) => void): void { this.#exitListeners.push(listener); }

  terminate(): Promise<void> {
    if (this.#exited) return Promise.resolve();
    this.#send(['terminate', this.id], 0);
    return new Promise((resolve) => this.#exitWaiters.push(resolve));
  }

  activeMs(): number { return this.#activeMs; }
  heartbeat(): number { return this.#beat; }

  /** Isolate messages from the sandbox: each is checked; any malformed one is a protocol violation. */
  deliver(raw: unknown[]): void {
    if (this.#exited) return;
    const messages: IsolateMessage[] = [];
    for (const value of raw) {
      const message = toIsolateMessage(value);
      if (!message) {
        this.#onViolation(`isolate ${this.id} sent a malformed message (${describe(value)})`);
        return;
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

  /** The worker stopped (by itself, or with its whole sandbox: then `failure` says why, and `reclaimed` whether the platform took it back). */
  exit(code: number | undefined, failure?: ErrorCode, reclaimed = false): void {
    if (this.#exited) return;
    this.#exited = true;
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

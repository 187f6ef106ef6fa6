/**
 * The relay half of the synchronous bridge (sync-bridge.ts is the isolate's half). Whoever posts host messages
 * to an isolate's worker relays for it: the host's main thread for a thread isolate (isolate-worker.ts), the
 * sandbox process's main thread for a process isolate (sandbox/sandbox-main.ts, which only wakes the worker with answers the host picked out). A synchronous call travels
 * as an ordinary `call` message marked `sync` (so it stays in order with the isolate's other messages and the
 * host answers it like any binding call, validating it as untrusted); the relay notes its id and strips the mark,
 * and when the `call-result` for that id comes by, posts it on the bridge's own port and wakes the worker, which
 * is blocked in `Atomics.wait`. The relay never blocks: a worker that never reads its answers only stalls itself.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { HostMessage, IsolateMessage } from './protocol.js';

/** What the worker gets (in `workerData`): the port its answers arrive on and the word it waits on. */
export interface SyncBridgeEnd {
  port: MessagePort;
  /** Int32Array view: [0] counts answers posted; the worker waits for it to change. */
  flag: SharedArrayBuffer;
}

/** Synchronous calls one worker may have waiting at once: one is all a blocked thread can make; the rest is slack. */
const MAX_WAITING = 16;

/** The relay of one worker's synchronous calls. */
export class SyncRelay {
  /** Goes to the worker (transfer `workerEnd.port`). */
  readonly workerEnd: SyncBridgeEnd;
  readonly #port: MessagePort;
  readonly #flag: Int32Array;
  readonly #waiting = new Set<number>();

  constructor() {
    const channel = new MessageChannel();
    const flag = new SharedArrayBuffer(4);
    this.workerEnd = { port: channel.port2, flag };
    this.#port = channel.port1;
    this.#flag = new Int32Array(flag);
    // Only answers go this way: the port must not keep the relaying thread alive.
    this.#port.unref();
  }

  /**
   * A batch from the worker: notes the ids of its synchronous calls and strips their mark before it goes on.
   * Returns the same array when it has none, a new one when it has (its sender then flushes at once).
   */
  fromWorker(messages: IsolateMessage[]): IsolateMessage[] {
    // What the worker posts is untrusted: anything but a batch of objects goes on untouched, for the receiver to refuse.
    if (!Array.isArray(messages) || !messages.some(isMarkedCall)) return messages;
    return messages.map((m) => {
      if (!isMarkedCall(m)) return m;
      // A worker that floods marks without waiting loses the bridge for the extra ones (their answers go the usual way).
      if (m.sync === true && Number.isSafeInteger(m.id) && this.#waiting.size < MAX_WAITING) this.#waiting.add(m.id);
      const call = { ...m };
      delete call.sync;
      return call;
    });
  }

  /** A batch for the worker: answers to waiting synchronous calls go over the bridge; the rest is returned to post. */
  toWorker(messages: HostMessage[]): HostMessage[] {
    if (this.#waiting.size === 0) return messages;
    const rest: HostMessage[] = [];
    for (const m of messages) {
      if (m.t === 'call-result' && this.#waiting.delete(m.id)) this.answer(m);
      else rest.push(m);
    }
    return rest;
  }

  /**
   * Hands the worker the answer to a synchronous call and wakes it. A sandbox's main thread calls this directly:
   * there the host tracks which calls wait (sandbox/proxy-worker.ts), since the worker's messages reach the host
   * on its own connection without passing this thread. An answer no call waits for is dropped by the worker.
   */
  answer(m: HostMessage): void {
    this.#port.postMessage(m);
    // Posted before the count changes: a woken worker finds the answer on its port.
    Atomics.add(this.#flag, 0, 1);
    Atomics.notify(this.#flag, 0);
  }

  close(): void {
    this.#port.close();
  }
}

function isMarkedCall(m: unknown): m is Extract<IsolateMessage, { t: 'call' }> {
  return typeof m === 'object' && m !== null && (m as { t?: unknown }).t === 'call' && (m as { sync?: unknown }).sync !== undefined;
}

/**
 * The host's side of RPC: one `RpcPort` per isolate, joined to other isolates' ports link by link. Every
 * message an isolate sends about a link is checked against the links the host joined for that isolate, so
 * an isolate reaches only the exports of peers it was given (a call it made, or one made to it), and the
 * size of every argument list and result is bounded here, where the isolate's code cannot skip the check.
 */
import { serialize } from 'node:v8';
import type { RpcOutcome } from './errors.js';
import { RPC_LIMITS } from './limits.js';
import type { RpcHostMessage, RpcIsolateMessage } from './protocol.js';

interface LinkEnd {
  peer: RpcPort;
  peerLink: number;
}

interface PendingInvoke {
  resolve: (outcome: RpcOutcome) => void;
  timer: NodeJS.Timeout;
}

/** Options of a port. */
export interface RpcPortOptions {
  /** Sends a message to the port's isolate. */
  post(message: RpcHostMessage): void;
  /** @default RPC_LIMITS.stubCallTimeoutMs */
  callTimeoutMs?: number;
  /** @default RPC_LIMITS.maxMessageBytes */
  maxMessageBytes?: number;
}

/** The outcome of a message that is too large, or of a link that is gone, as the caller sees it. */
function failure(name: string, message: string): RpcOutcome {
  return { error: { name, message } };
}

/** Size of a value in V8's structured-clone format, or Infinity when it cannot be serialised. */
export function encodedBytes(value: unknown): number {
  try {
    return serialize(value).byteLength;
  } catch {
    return Infinity;
  }
}

/** Values `plainSizeBound` walks at most before leaving the size to `encodedBytes`. */
const PLAIN_NODES = 64;

/**
 * An upper bound of `encodedBytes(value)` for plain data (primitives, arrays, objects of the Object prototype),
 * or Infinity for anything else, or past `budget.nodes` values: the exact size is measured then. The bound is
 * generous (16 bytes of framing per value, 2 per UTF-16 unit), so it never says a value fits when it does not.
 */
export function plainSizeBound(value: unknown, budget: { nodes: number }): number {
  if (--budget.nodes < 0) return Infinity;
  switch (typeof value) {
    case 'string': return 16 + 2 * value.length;
    case 'number': case 'boolean': case 'undefined': return 16;
    case 'object': {
      if (value === null) return 16;
      let total = 16;
      if (Array.isArray(value)) {
        if (value.length > budget.nodes) return Infinity;
        for (let i = 0; i < value.length; i++) total += plainSizeBound(value[i], budget);
        // Properties beyond the indices are serialised too: only plain arrays are bounded here.
        return Object.keys(value).length === value.length ? total : Infinity;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return Infinity;
      for (const key of Object.keys(value)) {
        total += 16 + 2 * key.length + plainSizeBound((value as Record<string, unknown>)[key], budget);
        if (total === Infinity) return Infinity;
      }
      return total;
    }
    default: return Infinity;
  }
}

/** The host side of one isolate's RPC links. */
export class RpcPort {
  #post: (message: RpcHostMessage) => void;
  #ends = new Map<number, LinkEnd>();
  #pending = new Map<number, PendingInvoke>();
  #nextInvoke = 1;
  #nextIncoming = -1;
  #closed = false;
  #timeoutMs: number;
  #maxBytes: number;

  constructor(options: RpcPortOptions) {
    this.#post = options.post;
    this.#timeoutMs = options.callTimeoutMs ?? RPC_LIMITS.stubCallTimeoutMs;
    this.#maxBytes = options.maxMessageBytes ?? RPC_LIMITS.maxMessageBytes;
  }

  /** Links joined now. */
  get links(): number { return this.#ends.size; }

  /** Whether the isolate has stopped. */
  get closed(): boolean { return this.#closed; }

  /** The refusal of a value too large to send, or undefined when it fits. */
  oversized(value: unknown, what: string): RpcOutcome | undefined {
    // Most calls carry a few numbers and short strings: bounded without serialising them (a copy per call).
    if (plainSizeBound(value, { nodes: PLAIN_NODES }) <= this.#maxBytes) return undefined;
    const bytes = encodedBytes(value);
    if (bytes <= this.#maxBytes) return undefined;
    return failure('RangeError', bytes === Infinity ? `the ${what} could not be serialised` : `the ${what} is ${bytes} bytes, over the limit of ${this.#maxBytes} bytes per call`);
  }

  /**
   * Joins this isolate's link `link` (one it opened for a call) to a new link of `callee`; returns the
   * callee's number for it. A link number already joined is refused: the isolate chose it, and may lie.
   */
  join(link: number, callee: RpcPort): number {
    if (this.#closed || callee.#closed) throw new Error('the isolate has stopped');
    if (!Number.isSafeInteger(link) || link <= 0 || this.#ends.has(link)) throw new TypeError('this RPC link number is not free');
    const calleeLink = callee.#nextIncoming--;
    this.#ends.set(link, { peer: callee, peerLink: calleeLink });
    callee.#ends.set(calleeLink, { peer: this, peerLink: link });
    return calleeLink;
  }

  /**
   * Forgets this isolate's link `link` and its end at `callee`, telling neither: the callee dropped its end,
   * holding nothing there (an object call's `linkDone`), and the caller drops its own when the answer arrives.
   */
  forget(link: number, callee: RpcPort): void {
    const end = this.#ends.get(link);
    if (!end || end.peer !== callee) return;
    this.#ends.delete(link);
    if (callee.#ends.get(end.peerLink)?.peer === this) callee.#ends.delete(end.peerLink);
  }

  /** A message from the isolate. */
  receive(message: RpcIsolateMessage): void {
    switch (message.t) {
      case 'rpc-call': void this.#relayCall(message); break;
      case 'rpc-answer': this.#settle(message.id, message.outcome); break;
      case 'rpc-release': {
        const end = this.#ends.get(message.link);
        if (end && Number.isSafeInteger(message.cap)) end.peer.#post({ t: 'rpc-release', link: end.peerLink, cap: message.cap });
        break;
      }
      case 'rpc-close': this.#unlink(message.link, false); break;
    }
  }

  /** Asks this isolate to run its export `cap` on `link`; resolves with how it went (a timeout or a stop is a failure). */
  invoke(link: number, cap: number, method: string | null, args: unknown[]): Promise<RpcOutcome> {
    if (this.#closed) return Promise.resolve(failure('Error', 'the deployment behind this RPC stub has stopped'));
    const id = this.#nextInvoke++;
    return new Promise<RpcOutcome>((resolve) => {
      const timer = setTimeout(() => this.#settle(id, failure('Error', `the call on an RPC stub did not return within ${this.#timeoutMs / 1000} s`)), this.#timeoutMs);
      timer.unref();
      this.#pending.set(id, { resolve, timer });
      this.#post({ t: 'rpc-invoke', id, link, cap, method, args });
    });
  }

  /** The isolate stopped: every link ends (peers are told), and calls waiting on it fail. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const link of [...this.#ends.keys()]) this.#unlink(link, true);
    for (const id of [...this.#pending.keys()]) this.#settle(id, failure('Error', 'the deployment behind this RPC stub stopped before it answered'));
  }

  async #relayCall(message: Extract<RpcIsolateMessage, { t: 'rpc-call' }>): Promise<void> {
    const end = this.#ends.get(message.link);
    let outcome: RpcOutcome;
    if (!end) outcome = failure('Error', 'the RPC session of this stub has ended');
    else if (!Number.isSafeInteger(message.cap) || (message.method !== null && typeof message.method !== 'string') || !Array.isArray(message.args)) outcome = failure('TypeError', 'a malformed RPC call was refused');
    else outcome = this.oversized(message.args, 'argument list') ?? await end.peer.invoke(end.peerLink, message.cap, message.method, message.args);
    if ('value' in outcome) outcome = this.oversized(outcome.value, 'result') ?? outcome;
    if (!this.#closed) this.#post({ t: 'rpc-reply', id: message.id, outcome });
  }

  #settle(id: number, outcome: RpcOutcome): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    pending.resolve(outcome);
  }

  /** Forgets one link here and at its peer; `tell` sends this isolate an `rpc-close` too (it did not close the link itself). */
  #unlink(link: number, tell: boolean): void {
    const end = this.#ends.get(link);
    if (!end) return;
    this.#ends.delete(link);
    if (tell && !this.#closed) this.#post({ t: 'rpc-close', link });
    const peer = end.peer;
    if (peer.#ends.get(end.peerLink)?.peer === this) {
      peer.#ends.delete(end.peerLink);
      if (!peer.#closed) peer.#post({ t: 'rpc-close', link: end.peerLink });
    }
  }
}

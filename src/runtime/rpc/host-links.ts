/**
 * The host's side of RPC: one `RpcPort` per isolate, joined to other isolates' ports link by link. Every
 * message an isolate sends about a link is checked against the links the host joined for that isolate, so
 * an isolate reaches only the exports of peers it was given (a call it made, or one made to it), and the
 * size of every argument list and result is bounded here, where the isolate's code cannot skip the check.
 */
import type { RpcOutcome } from './errors.js';
import { RPC_LIMITS } from './limits.js';
import type { RpcHostMessage, RpcIsolateMessage } from './protocol.js';
import { encodedBytes, oversizedValue, plainSizeBound } from './sizes.js';

export { encodedBytes, plainSizeBound };

interface LinkEnd {
  peer: RpcPort;
  peerLink: number;
  /** How many calls through bindings the call that opened the link is nested in: calls on its stubs are one deeper. */
  depth: number;
}

interface PendingInvoke {
  resolve: (outcome: RpcOutcome) => void;
  timer: NodeJS.Timeout;
  /** How many calls through bindings and stubs it is nested in. */
  depth: number;
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

  /** How deeply nested the deepest call on this isolate's stubs still running is (0 with none). */
  get deepestInvoke(): number {
    let deepest = 0;
    for (const pending of this.#pending.values()) if (pending.depth > deepest) deepest = pending.depth;
    return deepest;
  }

  /** The refusal of a value too large to send, or undefined when it fits. */
  oversized(value: unknown, what: string): RpcOutcome | undefined {
    return oversizedValue(value, what, this.#maxBytes);
  }

  /**
   * Joins this isolate's link `link` (one it opened for a call) to a new link of `callee`; returns the
   * callee's number for it. A link number already joined is refused: the isolate chose it, and may lie.
   */
  join(link: number, callee: RpcPort, depth = 0): number {
    if (this.#closed || callee.#closed) throw new Error('the isolate has stopped');
    if (!Number.isSafeInteger(link) || link <= 0 || this.#ends.has(link)) throw new TypeError('this RPC link number is not free');
    const calleeLink = callee.#nextIncoming--;
    this.#ends.set(link, { peer: callee, peerLink: calleeLink, depth });
    callee.#ends.set(calleeLink, { peer: this, peerLink: link, depth });
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
  invoke(link: number, cap: number, method: string | null, args: unknown[], depth = 0): Promise<RpcOutcome> {
    if (this.#closed) return Promise.resolve(failure('Error', 'the deployment behind this RPC stub has stopped'));
    const id = this.#nextInvoke++;
    return new Promise<RpcOutcome>((resolve) => {
      const timer = setTimeout(() => this.#settle(id, failure('Error', `the call on an RPC stub did not return within ${this.#timeoutMs / 1000} s`)), this.#timeoutMs);
      timer.unref();
      this.#pending.set(id, { resolve, timer, depth });
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
    else {
      // A call on a stub is nested one deeper than the call whose link carries it (the calls it makes count from there:
      // Isolate's deepest work), so a callback passed back and forth between two deployments ends where service
      // binding calls do; it ran on without end (test/service-loop-forgery.test.ts). The call itself is never refused
      // for depth: reading the body a call 16 deep answered is a call on a stub too.
      outcome = this.oversized(message.args, 'argument list') ?? await end.peer.invoke(end.peerLink, message.cap, message.method, message.args, end.depth + 1);
    }
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

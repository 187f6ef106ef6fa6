/**
 * Bounds on what the host holds for one sandbox (docs/architecture.md, "Threat model": the channel). Everything the
 * host sends a sandbox (request bodies, binding results, WebSocket messages, outbound fetch answers) is written to
 * the channel at once; a sandbox that does not read it (stuck, stopped, or hostile code that took over its main
 * thread) would make the host's write queue grow for as long as its account has traffic. Each stream is already
 * bounded by its credit window, but the number of streams is not, so the queue as a whole is bounded here.
 */

/** Bytes the host may hold queued toward one sandbox; past it the sandbox is stopped. */
export const CHANNEL_QUEUE_LIMIT_BYTES = 256 * 1024 * 1024;
/** A sandbox that takes none of the bytes queued toward it for this long is stopped. */
export const CHANNEL_STALL_MS = 10_000;

/** Why a sandbox's channel broke its bounds, for the operator's log line. */
export type ChannelOverrun = { kind: 'queue'; queuedBytes: number } | { kind: 'stall'; queuedBytes: number; idleMs: number };

/**
 * Watches the host's write queue toward one sandbox: `queued()` is what the channel holds unsent (its
 * `writableLength`). `wrote()` after each write says whether the queue passed its limit; `check()`, called on a
 * timer, whether the sandbox took nothing of it for `stallMs`. Progress is measured as bytes taken (written minus
 * still queued), so new writes never hide a sandbox that stopped reading.
 */
export class ChannelQueueWatch {
  #queued: () => number;
  #waiting: () => number;
  #now: () => number;
  #limitBytes: number;
  #stallMs: number;
  #written = 0;
  #taken = 0;
  #lastProgress: number;

  /**
   * `waiting`: the part of the queue a stall is judged on (all of it unless given): bytes toward a reader known to be
   * busy (an isolate in one long turn, which its CPU limit bounds) are not a stall; the limit counts them all the same.
   */
  constructor(queued: () => number, options: { now?: () => number; limitBytes?: number; stallMs?: number; waiting?: () => number } = {}) {
    this.#queued = queued;
    this.#waiting = options.waiting ?? queued;
    this.#now = options.now ?? Date.now;
    this.#limitBytes = options.limitBytes ?? CHANNEL_QUEUE_LIMIT_BYTES;
    this.#stallMs = options.stallMs ?? CHANNEL_STALL_MS;
    this.#lastProgress = this.#now();
  }

  /** `bytes` were just written to the channel: the overrun when the queue is now past its limit. */
  wrote(bytes: number): ChannelOverrun | null {
    this.#written += bytes;
    const queuedBytes = this.#queued();
    return queuedBytes > this.#limitBytes ? { kind: 'queue', queuedBytes } : null;
  }

  /** The overrun when bytes wait and none was taken for the stall time. */
  check(): ChannelOverrun | null {
    const queuedBytes = this.#waiting();
    const taken = this.#written - queuedBytes;
    const now = this.#now();
    if (queuedBytes === 0 || taken > this.#taken) {
      this.#taken = taken;
      this.#lastProgress = now;
      return null;
    }
    const idleMs = now - this.#lastProgress;
    return idleMs >= this.#stallMs ? { kind: 'stall', queuedBytes, idleMs } : null;
  }
}

/** The operator's log line for an overrun (the sandbox is then stopped). */
export function describeOverrun(overrun: ChannelOverrun): string {
  const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
  return overrun.kind === 'queue'
    ? `${mb(overrun.queuedBytes)} MB wait to be sent to it, past the limit of ${mb(CHANNEL_QUEUE_LIMIT_BYTES)} MB`
    : `it took none of the ${mb(overrun.queuedBytes)} MB waiting for it in ${Math.round(overrun.idleMs / 1000)} s`;
}

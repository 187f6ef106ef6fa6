/**
 * The output gate on what a WebSocket sends (reference §4.2: the output gate "blocks all outgoing messages from an
 * actor that would allow the rest of the world to observe the actor's state ... If the flush fails, these messages
 * will never be sent"). A coordination object's `ws.send()` and `ws.close()` made after a write leave only once that
 * write is committed; one socket's frames keep the order they were sent in, so a frame sent later with nothing to
 * wait for still waits behind one that is held. Outside an object's code, or with no write unconfirmed, a frame
 * leaves at once (no promise, no allocation: the hot path of a socket that only echoes).
 */

/** Gives the writes the running code must see committed before it sends, or undefined when none are outstanding. */
export type SocketOutputGate = () => Promise<void> | undefined;

let currentGate: SocketOutputGate | undefined;

/** Installed once by the isolate (a coordination object's storage knows its unconfirmed writes: bindings/coordination). */
export function setSocketOutputGate(gate: SocketOutputGate): void {
  currentGate = gate;
}

/** The gate of the code sending now, if it must wait. */
export function socketOutputGate(): Promise<void> | undefined {
  return currentGate?.();
}

interface Held {
  ready: boolean;
  failed: Error | undefined;
  run: () => void;
}

/**
 * One socket's frames that wait: each for the gate it was sent under, all in order. `pause()` holds everything
 * (the socket is being joined to the host and must not send before the host knows it); `resume()` lets it go.
 * When a gate fails, every frame still held is dropped and `onFailed` hears why (the socket is then closed).
 */
export class SocketOutbox {
  #held: Held[] = [];
  #paused = false;
  #failed = false;
  readonly #onFailed: (err: Error) => void;

  constructor(onFailed: (err: Error) => void) {
    this.#onFailed = onFailed;
  }

  /** Whether a frame sent now without a gate would have to wait (something is held, or the outbox is paused). */
  get busy(): boolean {
    return this.#paused || this.#held.length > 0;
  }

  /** Runs `run` once `gate` (if any) and every frame before it have gone; never, if a gate fails. */
  push(gate: Promise<void> | undefined, run: () => void): void {
    if (this.#failed) return;
    const held: Held = { ready: gate === undefined, failed: undefined, run };
    this.#held.push(held);
    if (gate) {
      gate.then(
        () => { held.ready = true; this.#drain(); },
        (err: unknown) => { held.failed = err instanceof Error ? err : new Error(String(err)); this.#drain(); },
      );
    } else this.#drain();
  }

  pause(): void {
    this.#paused = true;
  }

  resume(): void {
    this.#paused = false;
    this.#drain();
  }

  #drain(): void {
    while (!this.#paused && !this.#failed && this.#held.length > 0) {
      const first = this.#held[0] as Held;
      if (first.failed) {
        // The write before this frame failed: neither it nor anything sent after it ever leaves.
        this.#failed = true;
        this.#held = [];
        this.#onFailed(first.failed);
        return;
      }
      if (!first.ready) return;
      this.#held.shift();
      first.run();
    }
  }
}

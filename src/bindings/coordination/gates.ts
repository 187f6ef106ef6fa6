/**
 * The input gate of one instance (reference §4.2). Events are delivered one per turn of the event loop, so an
 * event runs until it truly waits before the next one starts (a `get` served from the cache followed by a
 * `put` is never interleaved with another event). While the gate is locked (a storage read on its way to the
 * store, `blockConcurrencyWhile`), no event is delivered at all; a lock is released a turn after its holder's
 * operation settles, so the holder's continuation runs first.
 */
export class InputGate {
  #locks = 0;
  #waiting: (() => void)[] = [];
  #scheduled = false;

  /** Resolves when it is this event's turn to be delivered. */
  enter(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
    });
  }

  /** Locks the gate until the returned function is called. */
  lock(): () => void {
    this.#locks++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      setImmediate(() => {
        this.#locks--;
        this.#schedule();
      });
    };
  }

  /** Holds the gate while `work` runs. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    const release = this.lock();
    try {
      return await work();
    } finally {
      release();
    }
  }

  #schedule(): void {
    if (this.#scheduled || this.#locks > 0 || this.#waiting.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (this.#locks > 0) return;
      // One delivery per turn: the event's synchronous part and its microtasks run before the next is let in.
      this.#waiting.shift()?.();
      this.#schedule();
    });
  }
}

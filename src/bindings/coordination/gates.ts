/**
 * The input gate of one instance (reference §4.2): while locked, no new event is delivered to the instance.
 * A lock is released a macrotask after its holder's operation settles, so the continuation of that operation
 * (a `get` followed by a `put` without another `await`) runs before any other event starts.
 */
export class InputGate {
  #locks = 0;
  #waiters: (() => void)[] = [];

  /** Resolves once the gate is open. */
  async enter(): Promise<void> {
    while (this.#locks > 0) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  /** Locks the gate until the returned function is called. */
  lock(): () => void {
    this.#locks++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      setImmediate(() => {
        if (--this.#locks > 0) return;
        const waiters = this.#waiters;
        this.#waiters = [];
        for (const wake of waiters) wake();
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
}

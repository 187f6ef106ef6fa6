import { afterMicrotasks } from './after-microtasks.js';

/**
 * The input gate of one instance (reference §4.2). Events are delivered one at a time, each once the microtasks
 * queued before it have drained (after-microtasks.ts), so an event runs until it truly waits before the next one
 * starts (a `get` served from the cache followed by a `put` is never interleaved with another event). While the gate is locked (a storage read on its way to the
 * store, `blockConcurrencyWhile`), no event is delivered at all, and neither are the answers to what the object
 * sent (`whenOpen`); a lock is released a turn after its holder's operation settles, so the holder's continuation
 * runs first.
 */
interface WaitingAnswer {
  inside: ReadonlySet<object> | undefined;
  resolve: () => void;
}

export class InputGate {
  #locks = 0;
  /** Locks held by a `blockConcurrencyWhile` section, by the section's token: code inside it is not held by them. */
  #sectionLocks = new Map<object, number>();
  #waiting: (() => void)[] = [];
  #answers: WaitingAnswer[] = [];
  #scheduled = false;

  /** Resolves when it is this event's turn to be delivered. */
  enter(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
    });
  }

  /**
   * Resolves once no lock holds the gate, except those of the sections in `inside` (the `blockConcurrencyWhile`
   * calls the waiting code runs in: what it sent from inside its own section is answered to it).
   */
  whenOpen(inside?: ReadonlySet<object>): Promise<void> {
    if (this.#openFor(inside)) return Promise.resolve();
    return new Promise<void>((resolve) => this.#answers.push({ inside, resolve }));
  }

  /** Locks the gate until the returned function is called; `section` names the `blockConcurrencyWhile` that holds it. */
  lock(section?: object): () => void {
    this.#locks++;
    if (section) this.#sectionLocks.set(section, (this.#sectionLocks.get(section) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      setImmediate(() => {
        this.#locks--;
        if (section) {
          const left = (this.#sectionLocks.get(section) ?? 1) - 1;
          if (left > 0) this.#sectionLocks.set(section, left);
          else this.#sectionLocks.delete(section);
        }
        this.#releaseAnswers();
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

  #openFor(inside: ReadonlySet<object> | undefined): boolean {
    if (this.#locks === 0) return true;
    if (!inside) return false;
    let own = 0;
    for (const section of inside) own += this.#sectionLocks.get(section) ?? 0;
    return this.#locks === own;
  }

  #releaseAnswers(): void {
    if (this.#answers.length === 0) return;
    const still: WaitingAnswer[] = [];
    for (const answer of this.#answers) {
      if (this.#openFor(answer.inside)) answer.resolve();
      else still.push(answer);
    }
    this.#answers = still;
  }

  #schedule(): void {
    if (this.#scheduled || this.#locks > 0 || this.#waiting.length === 0) return;
    this.#scheduled = true;
    afterMicrotasks(this.#deliver);
  }

  /** The scheduled delivery of #schedule (one function per gate, not one per event). */
  readonly #deliver = (): void => {
    this.#scheduled = false;
    if (this.#locks > 0) return;
    // One delivery at a time: the event's synchronous part and its microtasks run before the next is let in.
    this.#waiting.shift()?.();
    this.#schedule();
  };
}

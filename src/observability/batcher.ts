/** Options of a batcher. */
export interface BatcherOptions<T> {
  /** Milliseconds the first item of a batch waits before the batch is written. */
  flushMs: number;
  /** Items waiting at most; past it new ones are dropped (and counted) rather than grow memory. */
  maxQueued: number;
  /** Writes one batch (off the event's path, from a timer or an explicit flush). May throw: the batch is then counted as dropped. */
  write(batch: T[]): void;
  /** Told when a batch could not be written. */
  onError(err: Error, items: number): void;
}

/** Items queued in memory and written together (invocation records, problems for the issues feature). */
export interface Batcher<T> {
  /** Queues an item; false when the queue was full and it was dropped. */
  add(item: T): boolean;
  /** Writes what waits now (a query that must see it, tests, a stop). */
  flush(): void;
  /** Items dropped: the queue was full, or their batch could not be written. */
  readonly dropped: number;
}

/**
 * Creates a batcher: the first item queued starts a timer of `flushMs` (unref'd: it never holds the process
 * open), and the batch goes to `write` in one call, so the event that queued an item never waits for a disk.
 */
export function createBatcher<T>(options: BatcherOptions<T>): Batcher<T> {
  let queue: T[] = [];
  let timer: NodeJS.Timeout | undefined;
  let dropped = 0;

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    try {
      options.write(batch);
    } catch (err) {
      dropped += batch.length;
      options.onError(err as Error, batch.length);
    }
  }

  return {
    add(item) {
      if (queue.length >= options.maxQueued) {
        dropped++;
        return false;
      }
      queue.push(item);
      timer ??= setTimeout(flush, options.flushMs).unref();
      return true;
    },
    flush,
    get dropped() { return dropped; },
  };
}

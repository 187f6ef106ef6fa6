/** Messages per batch before it is sent without waiting for the end of the turn. */
export const BATCH_LIMIT = 8;

/**
 * The same between the host and an isolate in a sandbox process (both ways). A batch there crosses the channel
 * and the sandbox's main thread, each costing system calls and thread wake-ups per batch whatever its size, so
 * fewer, fuller batches save more than the overlap of the threads that a batch of 8 buys between two threads
 * (hello under process isolation: 64 against 8 saved 5-15 µs of CPU per request in alternating rounds; README, "Benchmark").
 */
export const CHANNEL_BATCH_LIMIT = 64;

/** A batch limit given to a worker (`workerData`): a whole number from 1 to 1024, else the default. */
export function batchLimitOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1024 ? value : BATCH_LIMIT;
}

/** Anything messages can be posted to: a worker, or the worker's parent port. */
interface PostTarget {
  postMessage(value: unknown, transfer?: readonly ArrayBuffer[]): void;
}

/**
 * Sends messages in batches: everything posted during one turn of the event loop travels as one array.
 * Each postMessage wakes the other thread and dispatches an event there; under load, batching turns
 * dozens of wake-ups into one (docs/architecture.md, "Performance").
 */
export function createBatchSender<M>(target: PostTarget, maxBatch = BATCH_LIMIT): ((message: M, transfer?: ArrayBuffer) => void) & { flush(): void } {
  let batch: M[] = [];
  let transfers: ArrayBuffer[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (batch.length === 0) return;
    const messages = batch;
    const moved = transfers;
    batch = [];
    transfers = [];
    target.postMessage(messages, moved);
  };
  // `flush` sends what is queued now (a synchronous call must not wait behind the end of a turn that is blocked).
  return Object.assign(function send(message: M, transfer?: ArrayBuffer) {
    batch.push(message);
    if (transfer) transfers.push(transfer);
    // A full batch goes at once, so the other thread starts on it while this one carries on: the two overlap.
    if (batch.length >= maxBatch) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  }, { flush });
}

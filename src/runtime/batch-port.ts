/** Messages per batch before it is sent without waiting for the end of the turn. */
export const BATCH_LIMIT = 8;

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

import type { IsolateMessage } from './protocol.js';

/** Messages per batch before it is sent without waiting for the end of the turn. */
export const BATCH_LIMIT = 8;

/**
 * The same between the host and an isolate in a sandbox process (both ways). A batch there crosses the channel
 * and the sandbox's main thread, each costing system calls and thread wake-ups per batch whatever its size, so
 * fewer, fuller batches save more than the overlap of the threads that a batch of 8 buys between two threads
 * (hello under process isolation: 64 against 8 saved 5-15 µs of CPU per request in alternating rounds; README, "Benchmark").
 */
export const CHANNEL_BATCH_LIMIT = 64;

/**
 * Bytes of bulk (see isolateMessageBytes) past which a batch goes at once: with 64 messages a batch of 1 MiB
 * binding arguments would hold 64 MiB, which the sandbox's main thread holds whole while relaying it (100
 * parallel 1 MiB KV puts peaked about 120 MB higher); 8 MiB is what a batch of 8 such messages held.
 */
export const BATCH_BYTES = 8 * 1024 * 1024;

/**
 * About how many bytes an isolate's message carries in its bulky fields (binding call arguments at the top
 * level, response bodies and chunks, log lines): cheap enough to weigh every message, not a full count.
 */
export function isolateMessageBytes(message: IsolateMessage): number {
  switch (message.t) {
    case 'call': {
      let n = 0;
      for (const arg of message.args) n += typeof arg === 'string' ? arg.length : ArrayBuffer.isView(arg) || arg instanceof ArrayBuffer ? arg.byteLength : 0;
      return n;
    }
    case 'res-chunk': return message.chunk.byteLength;
    case 'head': return message.body === null ? 0 : typeof message.body === 'string' ? message.body.length : message.body.byteLength;
    case 'log': return message.message.length;
    default: return 0;
  }
}

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
 * dozens of wake-ups into one (docs/architecture.md, "Performance"). With `weigh`, a batch whose messages
 * weigh BATCH_BYTES or more goes at once too.
 */
export function createBatchSender<M>(target: PostTarget, maxBatch = BATCH_LIMIT, weigh?: (message: M) => number): ((message: M, transfer?: ArrayBuffer) => void) & { flush(): void } {
  let batch: M[] = [];
  let transfers: ArrayBuffer[] = [];
  let bytes = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    bytes = 0;
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
    if (weigh) bytes += weigh(message);
    // A full batch goes at once, so the other thread starts on it while this one carries on: the two overlap.
    if (batch.length >= maxBatch || bytes >= BATCH_BYTES) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  }, { flush });
}

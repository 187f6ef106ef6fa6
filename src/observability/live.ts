import { matchesFilter, type RecordFilter } from './filter.js';
import type { InvocationRecord } from './record.js';

/** A live reader of records (`ledge tail`): its filter, the share it samples, and where matching records go. */
export interface LiveSubscriber {
  filter: RecordFilter;
  /** Share of matching records delivered. @default 1 */
  sampling?: number;
  deliver(record: InvocationRecord): void;
}

/** Records as they happen, to whoever tails them; nothing is kept. */
export interface LiveFeed {
  /** True while someone listens: only then are records built for the feed alone. */
  readonly active: boolean;
  subscribe(subscriber: LiveSubscriber): () => void;
  publish(record: InvocationRecord): void;
}

/** Creates an empty live feed. */
export function createLiveFeed(): LiveFeed {
  const subscribers = new Set<LiveSubscriber>();
  return {
    get active() { return subscribers.size > 0; },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => { subscribers.delete(subscriber); };
    },
    publish(record) {
      for (const s of subscribers) {
        if (!matchesFilter(record, s.filter)) continue;
        if (s.sampling !== undefined && s.sampling < 1 && Math.random() >= s.sampling) continue;
        s.deliver(record);
      }
    },
  };
}

/** Most records a tail stream holds for a slow reader; past it, records are dropped and the reader is told how many. */
export const TAIL_BUFFER_RECORDS = 1000;
/** Seconds between the keep-alive lines of an idle tail stream (so a reader that left is noticed). */
export const TAIL_HEARTBEAT_MS = 15_000;

/**
 * One tail stream as NDJSON: a line per record (`{"type":"record","record":{...}}`), `{"type":"dropped","count":n}`
 * when a slow reader missed some, `{"type":"heartbeat"}` when idle. The reader letting go (`return()`, which the
 * response writer calls when the client leaves) unsubscribes at once, even while the stream waits.
 */
export function tailStream(feed: LiveFeed, filter: RecordFilter, sampling: number | undefined): AsyncIterable<Uint8Array> {
  const encoder = new TextEncoder();
  const queue: string[] = ['{"type":"connected"}'];
  let dropped = 0;
  let wake: (() => void) | undefined;
  let ended = false;
  const unsubscribe = feed.subscribe({
    filter,
    ...(sampling === undefined ? {} : { sampling }),
    deliver(record) {
      if (queue.length >= TAIL_BUFFER_RECORDS) dropped++;
      else queue.push(JSON.stringify({ type: 'record', record }));
      wake?.();
    },
  });
  const heartbeat = setInterval(() => { queue.push('{"type":"heartbeat"}'); wake?.(); }, TAIL_HEARTBEAT_MS);
  heartbeat.unref();
  const end = (): IteratorResult<Uint8Array> => {
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    wake?.();
    return { done: true, value: undefined };
  };
  const iterator: AsyncIterator<Uint8Array> = {
    async next() {
      while (!ended && queue.length === 0 && dropped === 0) await new Promise<void>((resolve) => { wake = resolve; });
      wake = undefined;
      if (ended) return { done: true, value: undefined };
      if (dropped > 0) {
        queue.push(JSON.stringify({ type: 'dropped', count: dropped }));
        dropped = 0;
      }
      return { done: false, value: encoder.encode(`${queue.splice(0).join('\n')}\n`) };
    },
    async return() { return end(); },
  };
  return { [Symbol.asyncIterator]: () => iterator };
}

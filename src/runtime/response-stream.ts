/** What a response stream tells its producer. */
export interface ResponseStreamHooks {
  /**
   * The reader has taken every chunk queued so far, `read` bytes in all since the stream began (the producer may
   * send more: credit). A total, not a signal: a producer whose chunks arrive cut in pieces is told once per piece,
   * and counting each as "all read" let it run ahead of its client (splitBatch cuts chunks over 4 MiB).
   */
  onDrained?: (read: number) => void;
  /** The reader gave up before the end (the client went away): the producer should stop and let go. */
  onCancel?: () => void;
}

/**
 * What a body source tells a reader that is not pulling from it: the HTTP writer waits on a client that takes
 * nothing (backpressure) and pulls no further, yet must end the connection as soon as the producer has failed.
 */
export interface SourceFailure {
  /** The producer's failure once it failed (the reader would get it after the chunks queued), else undefined. */
  readonly failure: Error | undefined;
  /** Calls `listener` when the producer fails; one listener (a stream has one reader), undefined removes it. */
  onFailure(listener: ((err: Error) => void) | undefined): void;
}

/** Whether a body can tell its reader that it failed without being pulled (a ResponseStream can). */
export function hasSourceFailure(body: object): body is SourceFailure {
  return typeof (body as Partial<SourceFailure>).onFailure === 'function';
}

/**
 * A response body arriving chunk by chunk from a producer on another thread or connection (an isolate, a
 * tunnel connector), read by one consumer (the HTTP bridge). Unlike an async generator, its iterator's
 * `return()` works while a `next()` is still waiting: a client that disconnects during a quiet stream
 * cancels it at once, so the producer's event ends instead of waiting for a chunk that may never come.
 */
export class ResponseStream implements AsyncIterable<Uint8Array>, SourceFailure {
  #queue: Uint8Array[] = [];
  #bytes = 0;
  #largest = 0;
  /** Bytes the reader has taken in all. */
  #read = 0;
  #done = false;
  #cancelled = false;
  #error: Error | undefined;
  #waiter: ((result: IteratorResult<Uint8Array>) => void) | undefined;
  #failWaiter: ((err: Error) => void) | undefined;
  #failureListener: ((err: Error) => void) | undefined;
  #hooks: ResponseStreamHooks;

  constructor(hooks: ResponseStreamHooks = {}) { this.#hooks = hooks; }

  /** Bytes queued and not yet read. */
  get buffered(): number { return this.#bytes; }

  /** The largest chunk pushed so far (a producer that keeps to its credit holds about a window and a chunk unread). */
  get largest(): number { return this.#largest; }

  /** Whether the reader cancelled the stream. */
  get cancelled(): boolean { return this.#cancelled; }

  get failure(): Error | undefined { return this.#cancelled ? undefined : this.#error; }

  onFailure(listener: ((err: Error) => void) | undefined): void { this.#failureListener = listener; }

  /** Adds a chunk (ignored once the stream ended or was cancelled). */
  push(chunk: Uint8Array): void {
    if (this.#done || this.#cancelled) return;
    if (chunk.byteLength > this.#largest) this.#largest = chunk.byteLength;
    const waiter = this.#take();
    if (waiter) {
      this.#read += chunk.byteLength;
      waiter.resolve({ done: false, value: chunk });
      this.#hooks.onDrained?.(this.#read);
      return;
    }
    this.#queue.push(chunk);
    this.#bytes += chunk.byteLength;
  }

  /** The producer finished. */
  end(): void {
    if (this.#done) return;
    this.#done = true;
    this.#take()?.resolve({ done: true, value: undefined });
  }

  /** The producer failed: the reader gets `err` after the chunks already queued. */
  fail(err: Error): void {
    if (this.#done) return;
    this.#done = true;
    this.#error = err;
    this.#take()?.reject(err);
    const listener = this.#failureListener;
    this.#failureListener = undefined;
    listener?.(err);
  }

  /** The producer broke its bounds: what is queued is dropped at once and the reader gets `err` next. */
  abandon(err: Error): void {
    this.#queue = [];
    this.#bytes = 0;
    this.fail(err);
  }

  /** The reader stops early: queued chunks are dropped and the producer is told, unless it had already finished. */
  cancel(): void {
    if (this.#cancelled) return;
    this.#cancelled = true;
    this.#queue = [];
    this.#bytes = 0;
    this.#take()?.resolve({ done: true, value: undefined });
    if (!this.#done) {
      this.#done = true;
      this.#hooks.onCancel?.();
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    return {
      next: () => this.#next(),
      return: () => {
        this.cancel();
        return Promise.resolve({ done: true, value: undefined });
      },
    };
  }

  #next(): Promise<IteratorResult<Uint8Array>> {
    const chunk = this.#queue.shift();
    if (chunk) {
      this.#bytes -= chunk.byteLength;
      this.#read += chunk.byteLength;
      if (this.#queue.length === 0 && !this.#done) this.#hooks.onDrained?.(this.#read);
      return Promise.resolve({ done: false, value: chunk });
    }
    if (this.#error && !this.#cancelled) return Promise.reject(this.#error);
    if (this.#done) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => {
      this.#waiter = resolve;
      this.#failWaiter = reject;
    });
  }

  #take(): { resolve: (result: IteratorResult<Uint8Array>) => void; reject: (err: Error) => void } | undefined {
    const resolve = this.#waiter;
    const reject = this.#failWaiter;
    this.#waiter = undefined;
    this.#failWaiter = undefined;
    return resolve && reject ? { resolve, reject } : undefined;
  }
}

import type { ServerResponse } from 'node:http';
import type { Logger } from '../platform/logger.js';
import type { DispatchResponse } from '../runtime/isolate.js';
import { hasSourceFailure, type SourceFailure } from '../runtime/response-stream.js';
import { toResponseHead } from './response-head.js';

/** Default write timeout: a client that accepts none of the pending bytes for this long is disconnected. */
export const DEFAULT_WRITE_TIMEOUT_MS = 30_000;

/** Complete bodies up to this size are written in one call; larger ones in slices, so the write timeout sees progress. */
const SLICE_BYTES = 64 * 1024;

/** How one response is written. */
export interface WriteOptions {
  /** The request's method (HEAD gets no body). */
  method: string;
  /** Milliseconds the client may take to accept any pending bytes. @default 30000 */
  writeTimeoutMs: number;
  logger: Logger;
  /** The request as log lines name it (method, host and path, never the query); built only when a line is written. */
  label: () => string;
}

/**
 * Writes a response: the head as the platform frames it (response-head.ts), then the body, held to the
 * announced length. Resolves once the response finished or the connection closed; a stream the client
 * no longer reads is cancelled, so the event behind it ends (docs/runtime.md, Limits).
 */
export function writeResponse(res: ServerResponse, response: DispatchResponse, options: WriteOptions): Promise<void> {
  const body = response.body;
  const complete = body === null || typeof body === 'string' || body instanceof Uint8Array;
  const size = body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : null;
  const head = toResponseHead(response.status, response.headers, options.method, size);
  if (head.problem) options.logger.warn(`${options.label()} answered ${response.status} with ${head.problem}; the platform frames the body`);
  if (head.close) res.shouldKeepAlive = false;
  res.writeHead(response.status, response.statusText || undefined, head.headers);
  if (!head.hasBody || (complete && head.length === size && (size as number) <= SLICE_BYTES)) {
    // The common case: nothing more to check, and the bytes usually leave in this very call.
    if (!complete) void body[Symbol.asyncIterator]().return?.();
    res.end(head.hasBody ? body ?? undefined : undefined);
    // Usually the socket took every byte within end() (Node then holds none: 'finish' only waits for the next
    // tick) and there is nothing for a write timeout to watch; the server's keep-alive timeout takes over from
    // there. Only bytes still queued in Node need the writer (an object, listeners and a timer per response).
    return res.writableFinished || res.writableLength === 0 ? Promise.resolve() : new BodyWriter(res, null, null, head.length, options).finishing();
  }
  const source = complete ? slices(body === null ? new Uint8Array(0) : typeof body === 'string' ? Buffer.from(body) : body) : body;
  return new BodyWriter(res, source[Symbol.asyncIterator](), !complete && hasSourceFailure(body) ? body : null, head.length, options).done;
}

/** The body in slices of at most SLICE_BYTES, as an async iterator would give them. */
async function* slices(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += SLICE_BYTES) yield bytes.subarray(at, at + SLICE_BYTES);
}

/**
 * Pumps a body into a response with one listener per event for the whole response (never one per
 * wait: thousands of waits would pile up listeners, and removing them when the connection closes costs
 * time quadratic in their number, during which the main thread serves nobody). A wait for the client
 * longer than the write timeout disconnects it; the connection closing cancels the source. A source that
 * fails while the writer waits on the client (an isolate stopped for memory) closes the connection at once,
 * without a pull past the backpressure: the response can no longer be completed.
 */
class BodyWriter {
  readonly done: Promise<void>;
  #res: ServerResponse;
  #source: AsyncIterator<Uint8Array> | null;
  /** How the source says it failed while nobody pulls (null when it cannot: then only a pull finds out). */
  #failure: SourceFailure | null;
  #length: number | null;
  #options: WriteOptions;
  #written = 0;
  #timer: NodeJS.Timeout | undefined;
  #finished = false;
  /** The connection is being closed after a framing fault: only the client hanging up (or the timeout) is awaited. */
  #closing = false;
  #resolve: () => void = () => undefined;
  #onDrain = (): void => this.#drained();
  #onEnd = (): void => this.#finish();

  constructor(res: ServerResponse, source: AsyncIterator<Uint8Array> | null, failure: SourceFailure | null, length: number | null, options: WriteOptions) {
    this.#res = res;
    this.#source = source;
    this.#failure = failure;
    this.#length = length;
    this.#options = options;
    this.done = new Promise<void>((resolve) => { this.#resolve = resolve; });
    res.on('close', this.#onEnd);
    res.on('finish', this.#onEnd);
    // The client left before the head was written: 'close' has already been emitted.
    if (res.destroyed) this.#finish();
    else if (source) {
      res.on('drain', this.#onDrain);
      failure?.onFailure((err) => this.#sourceFailed(err));
      this.#pull();
    }
  }

  /** After the last write: waits until the client has taken the bytes still buffered, within the write timeout. */
  finishing(): Promise<void> {
    if (this.#finished) return this.done;
    if (this.#res.writableFinished) this.#finish();
    else this.#arm();
    return this.done;
  }

  #pull(): void {
    (this.#source as AsyncIterator<Uint8Array>).next().then((next) => this.#write(next), (err: unknown) => this.#fail(err));
  }

  #write(next: IteratorResult<Uint8Array>): void {
    if (this.#finished) return;
    const res = this.#res;
    if (res.destroyed) return this.#finish();
    if (next.done) {
      if (this.#length !== null && this.#written < this.#length) {
        this.#options.logger.warn(`${this.#options.label()}: the body ended after ${this.#written} of the ${this.#length} bytes its content-length declares; the connection is closed`);
        this.#source = null;
        this.#closeConnection();
        return;
      }
      res.end();
      this.#source = null;
      this.finishing();
      return;
    }
    let chunk = next.value;
    const room = this.#length === null ? Infinity : this.#length - this.#written;
    const over = chunk.byteLength > room;
    if (over) {
      this.#options.logger.warn(`${this.#options.label()}: the body is longer than the ${this.#length} bytes its content-length declares; it is cut there and the connection is closed`);
      chunk = chunk.subarray(0, room);
    }
    this.#written += chunk.byteLength;
    const more = res.write(chunk);
    if (over) {
      // The client gets exactly the declared bytes; the connection then closes, so nothing else is read as part of it.
      this.#stopSource();
      this.#closeConnection();
      return;
    }
    if (more) this.#pull();
    else {
      // The source failed while this chunk was being taken (chunks it had queued come first): no client wait for it.
      const failed = this.#failure?.failure;
      if (failed) this.#fail(failed);
      else this.#arm();
    }
  }

  /** The source failed: while the writer waits on the client it closes the connection now; a pull under way meets the failure itself. */
  #sourceFailed(err: Error): void {
    if (this.#finished || this.#closing || !this.#source || !this.#timer) return;
    this.#fail(err);
  }

  /**
   * Ends the connection once what was written has left, without finishing the response: a pipelined
   * response queued behind this one is never written on a connection whose framing went wrong.
   */
  #closeConnection(): void {
    const res = this.#res;
    const socket = res.socket;
    if (!socket) {
      res.destroy();
      return;
    }
    this.#closing = true;
    res.flushHeaders();
    socket.end();
    this.#arm('closing');
  }

  #drained(): void {
    if (this.#finished || this.#closing || !this.#timer) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#source) this.#pull();
  }

  /** Starts the write timeout: the client must take some of the pending bytes (or, when closing, hang up) before it fires. */
  #arm(state: 'writing' | 'closing' = 'writing'): void {
    if (this.#finished) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      if (state === 'writing') this.#options.logger.warn(`${this.#options.label()}: the client took no data for ${this.#options.writeTimeoutMs} ms; the connection is closed`);
      this.#res.destroy();
    }, this.#options.writeTimeoutMs);
  }

  #fail(err: unknown): void {
    if (this.#finished) return;
    this.#source = null;
    this.#options.logger.warn(`${this.#options.label()}: the response body failed after ${this.#written} bytes (${(err as Error)?.message ?? String(err)}); the connection is closed`);
    this.#res.destroy();
  }

  #stopSource(): void {
    const source = this.#source;
    this.#source = null;
    void source?.return?.()?.catch(() => undefined);
  }

  #finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    clearTimeout(this.#timer);
    const res = this.#res;
    res.off('close', this.#onEnd);
    res.off('finish', this.#onEnd);
    res.off('drain', this.#onDrain);
    this.#failure?.onFailure(undefined);
    // The connection closed before the end: the source's producer (an isolate event, a connector) stops.
    this.#stopSource();
    this.#resolve();
  }
}

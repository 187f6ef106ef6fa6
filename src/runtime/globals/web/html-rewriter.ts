/**
 * `HTMLRewriter`: a streaming HTML rewriter with CSS-selector handlers, on lol-html's WebAssembly build.
 * `transform(response)` returns a new Response at once; its body is rewritten as the original body
 * arrives, chunk by chunk, with backpressure (a slow reader slows the source), and handlers may be
 * async (the rewriter waits for each returned promise). A handler that throws errors the body stream.
 */
import { loadRewriterEngine, type RawRewriter } from './html-rewriter-engine.js';

type Handlers = Record<string, unknown>;

const ELEMENT_HANDLERS = ['element', 'comments', 'text'];
const DOCUMENT_HANDLERS = ['doctype', 'comments', 'text', 'end'];

function checkHandlers(handlers: unknown, allowed: string[], method: string): Handlers {
  if (typeof handlers !== 'object' || handlers === null) throw new TypeError(`HTMLRewriter.${method}(): handlers must be an object with ${allowed.join(', ')} methods`);
  for (const name of allowed) {
    const handler = (handlers as Handlers)[name];
    if (handler !== undefined && typeof handler !== 'function') throw new TypeError(`HTMLRewriter.${method}(): handlers.${name} must be a function`);
  }
  return handlers as Handlers;
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError('HTMLRewriter: the response body produced a chunk that is not an ArrayBuffer or ArrayBufferView');
}

/** The global `HTMLRewriter` class. */
export class HTMLRewriter {
  readonly #elements: [string, Handlers][] = [];
  readonly #documents: Handlers[] = [];

  /** Runs `handlers` for every element matching `selector` (and its comments and text). */
  on(selector: string, handlers: { element?: unknown; comments?: unknown; text?: unknown }): this {
    if (typeof selector !== 'string') throw new TypeError('HTMLRewriter.on(): the selector must be a string');
    this.#elements.push([selector, checkHandlers(handlers, ELEMENT_HANDLERS, 'on')]);
    return this;
  }

  /** Runs `handlers` for the document's doctype, comments, text and end. */
  onDocument(handlers: { doctype?: unknown; comments?: unknown; text?: unknown; end?: unknown }): this {
    this.#documents.push(checkHandlers(handlers, DOCUMENT_HANDLERS, 'onDocument'));
    return this;
  }

  /** A Response with the same status and headers (less `content-length`) whose body is rewritten as it streams. */
  transform(response: Response): Response {
    if (!(response instanceof Response)) throw new TypeError('HTMLRewriter.transform(): the argument must be a Response');
    const body = response.body;
    if (body === null) return new Response(null, response);
    const { HTMLRewriter: Raw } = loadRewriterEngine();
    let output: TransformStreamDefaultController<Uint8Array> | undefined;
    // The output arrives as views into WebAssembly memory, reused by the next write: each is copied.
    const rewriter: RawRewriter = new Raw((chunk) => { if (chunk.byteLength > 0) output?.enqueue(chunk.slice()); }, { enableEsiTags: false });
    try {
      // An invalid selector throws here, from transform(), as on the edge.
      for (const [selector, handlers] of this.#elements) rewriter.on(selector, handlers);
      for (const handlers of this.#documents) rewriter.onDocument(handlers);
    } catch (err) {
      rewriter.free();
      throw err;
    }
    const stream = new TransformStream<unknown, Uint8Array>({
      start(controller) { output = controller; },
      transform: (chunk) => rewriter.write(toBytes(chunk)),
      flush: () => rewriter.end(),
    });
    // The raw rewriter is freed once the source is drained or failed; a write in flight finishes first.
    void body.pipeTo(stream.writable).catch(() => undefined).finally(() => rewriter.free());
    const result = new Response(stream.readable, response);
    result.headers.delete('content-length');
    return result;
  }
}

/**
 * The `Request` a fetch handler receives: Node's own class, built by its own constructor, with one cost
 * deferred. Node's `Request` constructor (undici) makes an AbortController and reads its signal for every
 * request; an AbortSignal is an EventTarget whose prototype is swapped after it is made, which V8 pays for
 * with a slow object and young-generation garbage: 2.7 of the constructor's 4.9 µs in a microbenchmark
 * (`node bench/incoming-request.mjs`), on every request, although most handlers never touch `request.signal`.
 *
 * So while the constructor runs, the global `AbortController` it looks up is a placeholder whose signal is
 * an inert stand-in, and the `signal` getter of `Request.prototype` swaps the stand-in for the real,
 * never-aborted signal (what Node gives a request built without a `signal`) the first time it is read; so do
 * `clone()` and `fetch(request)`, which read it through that getter. `new Request(incoming)` reads the slot
 * directly and links its own new signal to the stand-in, which never aborts, exactly as the real one would
 * not. Nothing else about the request changes: its class, headers, body, method and URL are the
 * constructor's own.
 *
 * Undici's internals are not an API, so the deferral checks itself: the first request tells whether exactly
 * one own slot of the request holds the stand-in, and when not (another Node, another undici), every request
 * is built plainly from then on. Requests with a signal of their own (`init.signal`: the opt-in
 * `request.signal` that aborts when the client goes away) are always built plainly, so undici links them.
 */

const NativeRequest = globalThis.Request;
const NativeAbortController = globalThis.AbortController;

/** The signal slot's value until first read: shaped like a signal that never aborts, so undici's own checks accept it. */
const STAND_IN: object = Object.freeze({
  aborted: false,
  reason: undefined,
  addEventListener(): void { /* it never aborts: nothing to listen for */ },
  removeEventListener(): void { /* nothing was added */ },
  throwIfAborted(): void { /* never aborted */ },
});

class PlaceholderController {
  get signal(): object {
    return STAND_IN;
  }

  abort(): void {
    // Nothing holds this controller once the constructor returns.
  }
}

/** The request's own slot for its signal: unknown until the first request; null when the deferral does not apply. */
let signalSlot: symbol | null | undefined;

/** What the platform gives an incoming request besides its URL and headers: a streamed body or none. */
export interface IncomingRequestInit {
  method: string;
  body: ReadableStream<Uint8Array> | null;
  /** The opt-in signal that aborts when the client goes away (`enable_request_signal`); null without it. */
  signal: AbortSignal | null;
}

/**
 * A new incoming request. Its headers (a flat name, value list, as the host sends them) are appended after
 * the constructor rather than given to it as pairs: the same checks and the same list (Headers' append is
 * what the constructor's fill calls), without building the pairs and iterating them through WebIDL's sequence
 * conversion (about 0.5 µs a request). A body is a stream, so the constructor adds no content-type of its own.
 */
export function createIncomingRequest(url: string, init: IncomingRequestInit, headers: readonly string[]): Request {
  const options = { method: init.method, body: init.body, signal: init.signal, duplex: 'half' } as RequestInit;
  const request = construct(url, options);
  const list = request.headers;
  for (let i = 0; i + 1 < headers.length; i += 2) list.append(headers[i] as string, headers[i + 1] as string);
  return request;
}

function construct(url: string, init: RequestInit): Request {
  if (signalSlot === null || (init.signal !== undefined && init.signal !== null)) return new NativeRequest(url, init);
  const request = constructWithPlaceholder(url, init);
  if (request === null) return new NativeRequest(url, init);
  // Only on the first request, when the deferral turns out not to apply: that one is built again plainly.
  if (signalSlot === undefined && findSignalSlot(request) === null) return new NativeRequest(url, init);
  return request;
}

/** Installs the `signal` getter that swaps the stand-in for a real signal; before application code runs. */
export function installIncomingRequestSignal(): void {
  const descriptor = Object.getOwnPropertyDescriptor(NativeRequest.prototype, 'signal');
  const nativeGet = descriptor?.get;
  if (!descriptor || !nativeGet) {
    signalSlot = null;
    return;
  }
  Object.defineProperty(NativeRequest.prototype, 'signal', {
    ...descriptor,
    get(this: Request): AbortSignal {
      const signal = nativeGet.call(this) as AbortSignal | object;
      if (signal !== STAND_IN) return signal as AbortSignal;
      const real = new NativeAbortController().signal;
      (this as unknown as Record<symbol, unknown>)[signalSlot as symbol] = real;
      return real;
    },
  });
  installed = true;
}
let installed = false;

/** The constructor with the placeholder as the global AbortController; null when the global cannot be swapped. */
function constructWithPlaceholder(url: string, init: RequestInit): Request | null {
  // Application code shares this global scope: swap only the platform's own, plain, writable AbortController,
  // never one the application replaced, froze or turned into an accessor.
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'AbortController');
  if (!installed || !descriptor || descriptor.value !== NativeAbortController || !descriptor.writable) return null;
  const global = globalThis as { AbortController: unknown };
  global.AbortController = PlaceholderController;
  try {
    return new NativeRequest(url, init);
  } finally {
    global.AbortController = NativeAbortController;
  }
}

/** Finds, on the first request, the one own slot that holds the stand-in; null (and plain requests from now on) otherwise. */
function findSignalSlot(request: Request): symbol | null {
  const slots = Object.getOwnPropertySymbols(request).filter((key) => (request as unknown as Record<symbol, unknown>)[key] === STAND_IN);
  signalSlot = slots.length === 1 ? (slots[0] as symbol) : null;
  return signalSlot;
}

/**
 * The RPC value codec: what crosses between two isolates as the arguments and the result of a call
 * (service bindings, coordination-object stubs). Values travel by structured clone (the transport clones
 * them: postMessage between threads, V8's serializer into a sandbox); what structured clone cannot carry
 * is replaced on the way by a marker object, and put back as the receiver's own object on arrival:
 *
 * - a function or an `RpcTarget` instance becomes a stub: calling it (or a method of it) calls back into
 *   the isolate that owns it (session.ts);
 * - a `ReadableStream` or `WritableStream` becomes a stream whose reads or writes are calls to the owner;
 * - a `Request` or `Response` is rebuilt with its method, URL, status and headers, its body as a stream;
 * - a binding's own value (a coordination object's id or stub: bindings/rpc-values.ts) travels as the data its
 *   kind chooses, and its kind makes the receiver's value from it.
 *
 * This file is loaded by the isolate: it imports nothing host-only.
 */
import { types } from 'node:util';
import { RPC_TARGET_BRAND } from '../modules/hooks.js';
import { encodeRpcValueKind, rpcValueKind, type RpcValueImporter } from '../../bindings/rpc-values.js';

/** The key that marks a marker object; no value an application sends may carry it. */
export const RPC_MARK = '\u0000ledge.rpc';

/** A header list as pairs. */
export type HeaderPairs = [string, string][];

/** One value structured clone cannot carry, as it travels. */
export type RpcMarker =
  | { [RPC_MARK]: 'function' | 'target'; id: number }
  | { [RPC_MARK]: 'readable' | 'writable'; id: number }
  | { [RPC_MARK]: 'request'; method: string; url: string; headers: HeaderPairs; redirect: string; body: RpcMarker | null }
  | { [RPC_MARK]: 'response'; status: number; statusText: string; headers: HeaderPairs; body: RpcMarker | null }
  | { [RPC_MARK]: 'value'; kind: string; data: Record<string, unknown> };

/** What the encoder asks of its session: a capability number for a local object the other side may call. */
export interface RpcExporter {
  /** Exports a function, an RpcTarget or a stream's reader/writer object; returns its number on the link. */
  export(value: object): number;
  /** The marker of a stub that is itself an import of this same link (sent back to its owner), if `value` is one. */
  markerOf?(value: object): RpcMarker | undefined;
}

/** What the decoder asks of its session: the local object standing for a capability the other side exported. */
export interface RpcImporter {
  /**
   * A stub for the other side's capability `id`: a callable for a function, an object of methods for a
   * target or a stream's end (a stream's stub releases itself when the stream ends, not with the call).
   */
  stub(id: number, kind: 'function' | 'target' | 'stream'): unknown;
  /** Tells the other side at once that its export `id` is not needed (a binding value that did not need it). */
  drop?(id: number): void;
}

/** Thrown (as the platform's structured clone does) for a value that cannot be sent. */
export function dataCloneError(message: string): Error {
  return new DOMException(message, 'DataCloneError');
}

/** True when `value` is an instance of `RpcTarget` from `ledge:workers` (bundled into the application, so recognised by brand). */
export function isRpcTarget(value: object): boolean {
  return (value as Record<symbol, unknown>)[RPC_TARGET_BRAND] === true;
}

/** Prototypes structured clone carries as they are: plain data, dates, patterns, errors, buffers and views, maps and sets. */
function clonesAsIs(value: object): boolean {
  return value instanceof Date || value instanceof RegExp || value instanceof Error || value instanceof ArrayBuffer || ArrayBuffer.isView(value)
    || (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer) || value instanceof Boolean || value instanceof Number
    || value instanceof String || (typeof BigInt !== 'undefined' && Object.prototype.toString.call(value) === '[object BigInt]');
}

/** Encodes `value` for the other side; functions, RpcTargets and streams are exported through `exporter`. */
export function encodeRpcValue(value: unknown, exporter: RpcExporter): unknown {
  if (isPlain(value)) return value;
  if (!isPlainArray(value)) return encode(value, exporter, new Map());
  // The usual argument list or result: encode's array branch, its map of objects seen made only for an element that needs it.
  const out: unknown[] = new Array<unknown>(value.length);
  let seen: Map<object, unknown> | undefined;
  for (let i = 0; i < value.length; i++) {
    const element: unknown = value[i];
    if (isPlain(element)) out[i] = element;
    else out[i] = encode(element, exporter, (seen ??= new Map<object, unknown>([[value, out]])));
  }
  return out;
}

/** A value that is its own encoding and decoding: neither a symbol (refused), nor a function, nor an object. */
function isPlain(value: unknown): boolean {
  return value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol');
}

/**
 * An array the codec's array branch takes whatever the checks before it (a real array, no proxy, whose prototype
 * is Array's: no marker, target, stream or clonable class).
 */
function isPlainArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && !types.isProxy(value) && Object.getPrototypeOf(value) === Array.prototype;
}

/** Whether encoding or decoding `value` needs no exporter or importer (a plain value or an empty list), checked without reading any element. */
export function needsNoLink(value: unknown): boolean {
  return isPlain(value) || (isPlainArray(value) && value.length === 0);
}

function encode(value: unknown, exporter: RpcExporter, seen: Map<object, unknown>): unknown {
  if (typeof value === 'symbol') throw dataCloneError(`${String(value)} could not be cloned.`);
  if (typeof value === 'function') return exportStub(value, exporter, 'function');
  if (value === null || typeof value !== 'object') return value;
  const done = seen.get(value);
  if (done !== undefined) return done;
  const own = exporter.markerOf?.(value);
  if (own) return own;
  if (isRpcTarget(value)) return exportStub(value, exporter, 'target');
  if (value instanceof ReadableStream) return { [RPC_MARK]: 'readable', id: exporter.export(readerOf(value)) };
  if (value instanceof WritableStream) return { [RPC_MARK]: 'writable', id: exporter.export(writerOf(value)) };
  if (value instanceof Request) return encodeRequest(value, exporter);
  if (value instanceof Response) return encodeResponse(value, exporter);
  if (clonesAsIs(value)) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array<unknown>(value.length);
    seen.set(value, out);
    for (let i = 0; i < value.length; i++) out[i] = encode(value[i], exporter, seen);
    return out;
  }
  if (value instanceof Map) {
    const out = new Map<unknown, unknown>();
    seen.set(value, out);
    for (const [k, v] of value) out.set(encode(k, exporter, seen), encode(v, exporter, seen));
    return out;
  }
  if (value instanceof Set) {
    const out = new Set<unknown>();
    seen.set(value, out);
    for (const v of value) out.add(encode(v, exporter, seen));
    return out;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    const own = encodeRpcValueKind(value, exporter);
    if (own) return { [RPC_MARK]: 'value', kind: own.kind, data: own.data };
    // As the original platform: an application's own class is not plain data; extend RpcTarget to pass it by reference.
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    throw dataCloneError(`Could not serialize object of type "${typeof name === 'string' && name ? name : 'Object'}". This type does not support serialization.`);
  }
  if (Object.hasOwn(value, RPC_MARK)) throw dataCloneError('an object with a key reserved by the platform could not be cloned.');
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const key of Object.keys(value)) out[key] = encode((value as Record<string, unknown>)[key], exporter, seen);
  return out;
}

function exportStub(value: object, exporter: RpcExporter, kind: 'function' | 'target'): RpcMarker {
  return exporter.markerOf?.(value) ?? { [RPC_MARK]: kind, id: exporter.export(value) };
}

function encodeRequest(request: Request, exporter: RpcExporter): RpcMarker {
  if (request.bodyUsed) throw new TypeError('a Request whose body was already read cannot be sent');
  return {
    [RPC_MARK]: 'request', method: request.method, url: request.url, headers: [...request.headers], redirect: request.redirect,
    body: request.body === null ? null : { [RPC_MARK]: 'readable', id: exporter.export(readerOf(request.body)) },
  };
}

function encodeResponse(response: Response, exporter: RpcExporter): RpcMarker {
  if (response.bodyUsed) throw new TypeError('a Response whose body was already read cannot be sent');
  return {
    [RPC_MARK]: 'response', status: response.status, statusText: response.statusText, headers: [...response.headers],
    body: response.body === null ? null : { [RPC_MARK]: 'readable', id: exporter.export(readerOf(response.body)) },
  };
}

/** The exported side of a readable stream: the other side pulls it chunk by chunk. */
export interface StreamSource {
  read(): Promise<{ done: boolean; value?: unknown }>;
  cancel(reason?: unknown): Promise<void>;
}

/** The exported side of a writable stream: the other side pushes chunks into it. */
export interface StreamSink {
  write(chunk: unknown): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}

/** Marks the objects the codec itself exports for streams (an RpcTarget's methods are the whole surface). */
const STREAM_EXPORT = Symbol('ledge.rpc-stream');

function readerOf(stream: ReadableStream): StreamSource {
  if (stream.locked) throw new TypeError('a locked ReadableStream cannot be sent');
  const reader = stream.getReader();
  return Object.assign(Object.create(null) as object, {
    [STREAM_EXPORT]: true,
    async read() {
      const next = await reader.read();
      return next.done ? { done: true } : { done: false, value: ownBytes(next.value) };
    },
    async cancel(reason?: unknown) { await reader.cancel(reason); },
  }) as StreamSource;
}

function writerOf(stream: WritableStream): StreamSink {
  if (stream.locked) throw new TypeError('a locked WritableStream cannot be sent');
  const writer = stream.getWriter();
  return Object.assign(Object.create(null) as object, {
    [STREAM_EXPORT]: true,
    write: (chunk: unknown) => writer.write(chunk),
    close: () => writer.close(),
    abort: (reason?: unknown) => writer.abort(reason),
  }) as StreamSink;
}

/**
 * A stream chunk that is a view on part of a larger buffer, copied to a buffer of its own: structured clone
 * copies a view's whole buffer, and a body's chunks are often views into one transport frame (hundreds of KiB),
 * so sending them as they are would copy the frame once per chunk and hold every copy.
 */
function ownBytes(chunk: unknown): unknown {
  if (!ArrayBuffer.isView(chunk) || chunk.byteLength === chunk.buffer.byteLength) return chunk;
  if (chunk instanceof DataView) return new DataView(chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength));
  return (chunk as unknown as { slice(): unknown }).slice();
}

/** True for the reader/writer objects the codec exports for streams: their methods may be called over the link. */
export function isStreamExport(value: object): boolean {
  return (value as Record<symbol, unknown>)[STREAM_EXPORT] === true;
}

/** Decodes a value from the other side; its stubs and streams call back through `importer`. */
export function decodeRpcValue(value: unknown, importer: RpcImporter): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (!isPlainArray(value)) return decode(value, importer, new Map());
  // As encodeRpcValue: decode's array branch, its map of objects seen made only for an element that needs it.
  const out: unknown[] = new Array<unknown>(value.length);
  let seen: Map<object, unknown> | undefined;
  for (let i = 0; i < value.length; i++) {
    const element: unknown = value[i];
    if (element === null || typeof element !== 'object') out[i] = element;
    else out[i] = decode(element, importer, (seen ??= new Map<object, unknown>([[value, out]])));
  }
  return out;
}

function decode(value: unknown, importer: RpcImporter, seen: Map<object, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value;
  const done = seen.get(value);
  if (done !== undefined) return done;
  if (clonesAsIs(value)) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array<unknown>(value.length);
    seen.set(value, out);
    for (let i = 0; i < value.length; i++) out[i] = decode(value[i], importer, seen);
    return out;
  }
  if (value instanceof Map) {
    const out = new Map<unknown, unknown>();
    seen.set(value, out);
    for (const [k, v] of value) out.set(decode(k, importer, seen), decode(v, importer, seen));
    return out;
  }
  if (value instanceof Set) {
    const out = new Set<unknown>();
    seen.set(value, out);
    for (const v of value) out.add(decode(v, importer, seen));
    return out;
  }
  if (Object.hasOwn(value, RPC_MARK)) return decodeMarker(value as RpcMarker, importer);
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const key of Object.keys(value)) out[key] = decode((value as Record<string, unknown>)[key], importer, seen);
  return out;
}

function decodeMarker(marker: RpcMarker, importer: RpcImporter): unknown {
  switch (marker[RPC_MARK]) {
    case 'function':
    case 'target':
      return importer.stub(capId(marker.id), marker[RPC_MARK]);
    case 'readable':
      return readableFrom(importer.stub(capId(marker.id), 'stream') as StreamSource);
    case 'writable':
      return writableFrom(importer.stub(capId(marker.id), 'stream') as StreamSink);
    case 'request': {
      const body = marker.body === null ? null : decodeMarker(marker.body, importer) as ReadableStream;
      // @ts-expect-error -- duplex is required by Node's fetch for streamed bodies but missing from the DOM types.
      return new Request(String(marker.url), { method: String(marker.method), headers: marker.headers, body, redirect: marker.redirect as RequestRedirect, duplex: 'half' });
    }
    case 'response': {
      const body = marker.body === null ? null : decodeMarker(marker.body, importer) as ReadableStream;
      return new Response(body, { status: marker.status, statusText: marker.statusText, headers: marker.headers });
    }
    case 'value': {
      const kind = rpcValueKind(marker.kind);
      if (!kind) throw new TypeError(`the other side sent a value of a kind this isolate does not know (${String(marker.kind).slice(0, 64)})`);
      return kind.decode(marker.data, valueImporter(importer));
    }
    default:
      throw new TypeError('the other side sent a value this isolate cannot read');
  }
}

function valueImporter(importer: RpcImporter): RpcValueImporter {
  return {
    target: (cap) => importer.stub(capId(cap), 'target') as ReturnType<RpcValueImporter['target']>,
    drop: (cap) => importer.drop?.(capId(cap)),
  };
}

function capId(id: unknown): number {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw new TypeError('the other side sent a stub without a valid number');
  return id;
}

function readableFrom(source: StreamSource): ReadableStream {
  return new ReadableStream({
    async pull(controller) {
      const next = await source.read();
      if (next.done) {
        controller.close();
        release(source);
      } else controller.enqueue(next.value);
    },
    async cancel(reason) {
      try {
        await source.cancel(reason instanceof Error ? reason.message : reason === undefined ? undefined : String(reason));
      } finally {
        release(source);
      }
    },
  }, { highWaterMark: 0 });
}

function writableFrom(sink: StreamSink): WritableStream {
  return new WritableStream({
    write: (chunk) => sink.write(ownBytes(chunk)),
    async close() {
      try {
        await sink.close();
      } finally {
        release(sink);
      }
    },
    async abort(reason) {
      try {
        await sink.abort(reason instanceof Error ? reason.message : reason === undefined ? undefined : String(reason));
      } finally {
        release(sink);
      }
    },
  });
}

function release(stub: object): void {
  const dispose = (stub as Record<symbol, unknown>)[DISPOSE];
  if (typeof dispose === 'function') (dispose as () => void).call(stub);
}

/** `Symbol.dispose`, or the registered symbol libraries use where the runtime lacks it. */
export const DISPOSE: symbol = (Symbol as { dispose?: symbol }).dispose ?? Symbol.for('Symbol.dispose');

/** Sets (or replaces) one header of an encoded Request: the host's way to state who is calling (strips any copy the caller set). */
export function setEncodedRequestHeader(value: unknown, name: string, headerValue: string): boolean {
  if (value === null || typeof value !== 'object' || (value as Record<string, unknown>)[RPC_MARK] !== 'request') return false;
  const marker = value as Extract<RpcMarker, { method: string }>;
  const lower = name.toLowerCase();
  marker.headers = (Array.isArray(marker.headers) ? marker.headers : []).filter((pair) => !Array.isArray(pair) || String(pair[0]).toLowerCase() !== lower);
  marker.headers.push([lower, headerValue]);
  return true;
}

/** The method and URL of an encoded Request (for the record of the call that carries it); undefined for anything else. */
export function encodedRequestLine(value: unknown): { method: string; url: string } | undefined {
  if (value === null || typeof value !== 'object' || (value as Record<string, unknown>)[RPC_MARK] !== 'request') return undefined;
  const { method, url } = value as Record<string, unknown>;
  return typeof method === 'string' && typeof url === 'string' ? { method, url } : undefined;
}

/** The status of an encoded Response; undefined for anything else. */
export function encodedResponseStatus(value: unknown): number | undefined {
  if (value === null || typeof value !== 'object' || (value as Record<string, unknown>)[RPC_MARK] !== 'response') return undefined;
  const { status } = value as Record<string, unknown>;
  return typeof status === 'number' ? status : undefined;
}

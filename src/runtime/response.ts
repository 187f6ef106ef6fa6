/**
 * The isolate's `Response`: the web-standard class, except that a body given as a string or bytes is kept
 * as it is until someone reads it. Node's own Response wraps every body in a ReadableStream when it is
 * constructed (about 20 µs); most handlers return a string and never touch the stream, so the runtime
 * can send the bytes without building one. Everything observable follows the Fetch standard: headers,
 * `body`, `bodyUsed`, the readers, `clone()`, `Response.json()`, and `instanceof` for responses from `fetch()`.
 */
import { WebSocket } from './websockets/socket.js';

const NativeResponse = globalThis.Response;
/** Responses that upgrade to a WebSocket (status 101, which Node's Response refuses): the socket each carries. */
const upgrades = new WeakMap<object, WebSocket>();
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

type Bytes = Uint8Array<ArrayBuffer>;
type Source = string | Bytes;

/** A body kept as given (a string or bytes), until read: on the response itself, in a private field. */
interface BodySource { source: Source; used: boolean; stream: ReadableStream<Bytes> | undefined }
/**
 * The body source of one of this class's responses; undefined for any other object (Node's own responses, from
 * fetch()). A private field rather than a WeakMap entry per response: an ephemeron the collector must trace
 * costs a hello about 0.8 µs a response with its garbage, a field next to nothing.
 */
let sourceOf: (value: object) => BodySource | undefined;

function unusable(): TypeError {
  return new TypeError('Body is unusable: Body has already been read');
}

function copyBytes(body: ArrayBuffer | ArrayBufferView): Bytes {
  if (body instanceof ArrayBuffer) return new Uint8Array(body.slice(0));
  const copy = new Uint8Array(body.byteLength);
  copy.set(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
  return copy;
}

function toBytes(source: Source): Bytes {
  return typeof source === 'string' ? encoder.encode(source) : source;
}

class Response extends NativeResponse {
  #body: BodySource | undefined;

  static {
    sourceOf = (value) => (#body in value ? value.#body : undefined);
  }

  constructor(body?: BodyInit | null, init?: ResponseInit) {
    const socket = (init as { webSocket?: unknown } | undefined)?.webSocket;
    if (socket !== undefined && socket !== null) {
      if (!(socket instanceof WebSocket)) throw new TypeError('Response: webSocket must be a WebSocket (one end of a WebSocketPair)');
      if (init?.status !== 101) throw new RangeError(`Response: a response with a webSocket must have status 101, got ${String(init?.status)}`);
      if (body !== undefined && body !== null) throw new TypeError('Response: a 101 response with a webSocket has no body');
      super(null, { ...init, status: 200 });
      upgrades.set(this, socket);
      return;
    }
    // Node's own refusal ("must be in the range of 200 to 599") would not say what a 101 needs here.
    if (init?.status === 101) throw new RangeError('Response: status 101 needs a webSocket (one end of a WebSocketPair): new Response(null, { status: 101, webSocket: client })');
    const simple = typeof body === 'string' || body instanceof ArrayBuffer || ArrayBuffer.isView(body);
    if (!simple || NULL_BODY_STATUS.has(init?.status ?? 200)) {
      super(body, init);
      return;
    }
    super(null, init);
    // The Fetch standard copies a BufferSource body when the Response is made.
    const source: Source = typeof body === 'string' ? body : copyBytes(body as ArrayBuffer | ArrayBufferView);
    if (typeof body === 'string' && !this.headers.has('content-type')) this.headers.set('content-type', 'text/plain;charset=UTF-8');
    this.#body = { source, used: false, stream: undefined };
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof NativeResponse;
  }

  static override json(data: unknown, init?: ResponseInit): Response {
    const text = JSON.stringify(data);
    if (text === undefined) throw new TypeError('Response.json: the value cannot be serialized to JSON');
    const headers = new Headers(init?.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new Response(text, { ...init, headers });
  }

  override get status(): number {
    return upgrades.has(this) ? 101 : super.status;
  }

  override get ok(): boolean {
    return upgrades.has(this) ? false : super.ok;
  }

  override get body(): ReadableStream<Bytes> | null {
    const state = sourceOf(this);
    if (!state) return super.body;
    if (!state.stream) {
      const bytes: Bytes = state.used ? new Uint8Array(0) : toBytes(state.source);
      state.stream = new ReadableStream<Bytes>({
        start(controller) {
          if (bytes.byteLength) controller.enqueue(bytes);
          controller.close();
        },
      });
      // A body already read is a disturbed, locked stream: reading it again must fail, as with any Response.
      if (state.used) state.stream.getReader();
    }
    return state.stream;
  }

  override get bodyUsed(): boolean {
    const state = sourceOf(this);
    if (!state) return super.bodyUsed;
    return state.used || (state.stream?.locked ?? false);
  }

  #take(): Source | undefined {
    const state = sourceOf(this);
    if (!state) return undefined;
    if (state.used || state.stream?.locked) throw unusable();
    state.used = true;
    if (state.stream) return undefined;
    return state.source;
  }

  /** Reads through the materialized stream when application code already touched `body`. */
  #viaStream(): globalThis.Response {
    return new NativeResponse(sourceOf(this)?.stream ?? null, { headers: this.headers });
  }

  override async text(): Promise<string> {
    const source = this.#take();
    if (source === undefined) return sourceOf(this) !== undefined ? this.#viaStream().text() : super.text();
    return typeof source === 'string' ? source : decoder.decode(source);
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const source = this.#take();
    if (source === undefined) return sourceOf(this) !== undefined ? this.#viaStream().arrayBuffer() : super.arrayBuffer();
    const bytes = toBytes(source);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  override async blob(): Promise<Blob> {
    if (sourceOf(this) === undefined) return super.blob();
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  override async formData(): Promise<FormData> {
    if (sourceOf(this) === undefined) return super.formData();
    return new NativeResponse(await this.arrayBuffer(), { headers: this.headers }).formData();
  }

  override clone(): globalThis.Response {
    const state = sourceOf(this);
    if (!state) return super.clone();
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    const init = { status: this.status, statusText: this.statusText, headers: new Headers(this.headers) };
    if (!state.stream) return new Response(state.source, init);
    const [mine, theirs] = state.stream.tee();
    state.stream = mine;
    return new Response(theirs, init);
  }
}

/** Makes the isolate's global `Response` the class above. */
export function installResponse(): void {
  // `response.webSocket` is null on every response that does not upgrade, as on the original.
  Object.defineProperty(NativeResponse.prototype, 'webSocket', { get(this: object) { return upgrades.get(this) ?? null; }, configurable: true });
  Object.defineProperty(globalThis, 'Response', { value: Response, writable: true, configurable: true });
}

/** The WebSocket a 101 response carries, if any. */
export function responseWebSocket(response: globalThis.Response): WebSocket | undefined {
  return upgrades.get(response);
}

/**
 * The body of a response whose body nobody has read, taking it (the response is then used): a string
 * stays a string, since a string crosses threads more cheaply than a buffer. Undefined when the body
 * must be read as a stream.
 */
export function takeBodySource(response: globalThis.Response): string | Uint8Array | undefined {
  const state = sourceOf(response);
  if (!state || state.used || state.stream) return undefined;
  state.used = true;
  return state.source;
}

/**
 * `IdentityTransformStream` and `FixedLengthStream`: transform streams that pass bytes through
 * unchanged, with a readable side that is a byte stream (BYOB readers work). A write completes once
 * the reader has taken the chunk, so a slow reader slows the writer rather than filling memory.
 * `FixedLengthStream(n)` also insists on exactly `n` bytes: one byte too many errors the write, too
 * few errors the close, and a Response whose body is its readable side carries `content-length: n`.
 */

const lengths = new WeakMap<ReadableStream, number>();

/** The declared length of a FixedLengthStream's readable side, or undefined for any other stream. */
export function fixedLengthOf(stream: unknown): number | undefined {
  return typeof stream === 'object' && stream !== null ? lengths.get(stream as ReadableStream) : undefined;
}

function toBytes(chunk: unknown): Uint8Array<ArrayBuffer> {
  // Copied, because enqueueing a view into a byte stream detaches its buffer, and the writer still owns it.
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk.slice(0));
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  throw new TypeError('This TransformStream is being used as a byte stream, but received an object of non-ArrayBuffer/ArrayBufferView type on its writable side.');
}

/** Checks each chunk's size and the total at close; `undefined` for a stream of any length. */
interface LengthCheck {
  write(bytes: number): void;
  close(): void;
}

/** Handed from FixedLengthStream's constructor to its parent's: never an argument application code can pass. */
let nextCheck: LengthCheck | undefined;

/** A TransformStream whose readable side is a byte stream and whose output is its input. */
export class IdentityTransformStream extends TransformStream<ArrayBuffer | ArrayBufferView, Uint8Array> {
  readonly #readable: ReadableStream<Uint8Array>;
  readonly #writable: WritableStream<ArrayBuffer | ArrayBufferView>;

  constructor() {
    const check = nextCheck;
    nextCheck = undefined;
    super();
    let output!: ReadableByteStreamController;
    let input!: WritableStreamDefaultController;
    let wantsMore: (() => void) | undefined;
    const wake = () => { const resolve = wantsMore; wantsMore = undefined; resolve?.(); };
    this.#readable = new ReadableStream({
      type: 'bytes',
      start(controller) { output = controller; },
      pull() { wake(); },
      cancel(reason) {
        input.error(reason);
        wake();
      },
    }) as ReadableStream<Uint8Array>;
    this.#writable = new WritableStream({
      start(controller) { input = controller; },
      async write(chunk) {
        const bytes = toBytes(chunk);
        try {
          check?.write(bytes.byteLength);
        } catch (err) {
          output.error(err);
          throw err;
        }
        if (bytes.byteLength === 0) return;
        output.enqueue(bytes);
        if ((output.desiredSize ?? 0) <= 0) await new Promise<void>((resolve) => { wantsMore = resolve; });
      },
      close() {
        try {
          check?.close();
        } catch (err) {
          output.error(err);
          throw err;
        }
        output.close();
        // A BYOB read waiting for bytes that will never come completes empty.
        output.byobRequest?.respond(0);
      },
      abort(reason) { output.error(reason); },
    });
  }

  override get readable(): ReadableStream<Uint8Array> { return this.#readable; }
  override get writable(): WritableStream<ArrayBuffer | ArrayBufferView> { return this.#writable; }
}

/** An identity stream that carries exactly `expectedLength` bytes. */
export class FixedLengthStream extends IdentityTransformStream {
  constructor(expectedLength: number | bigint) {
    const expected = typeof expectedLength === 'bigint' ? Number(expectedLength) : expectedLength;
    if (typeof expected !== 'number' || !Number.isSafeInteger(expected) || expected < 0) {
      throw new TypeError(`FixedLengthStream requires a non-negative integer length, got ${String(expectedLength)}`);
    }
    let seen = 0;
    nextCheck = {
      write(bytes) {
        if (seen + bytes > expected) throw new TypeError('Attempt to write too many bytes through a FixedLengthStream.');
        seen += bytes;
      },
      close() {
        if (seen < expected) throw new TypeError('FixedLengthStream did not see all expected bytes before close().');
      },
    };
    super();
    lengths.set(this.readable, expected);
  }
}

/**
 * The global `Response`, extended so that a FixedLengthStream body declares its length as the edge does.
 * Every other body costs one type check.
 */
export function withFixedLengths(Base: typeof Response): typeof Response {
  return class Response extends Base {
    constructor(body?: BodyInit | null, init?: ResponseInit) {
      super(body, init);
      if (body instanceof ReadableStream) {
        const length = lengths.get(body);
        if (length !== undefined && !this.headers.has('content-length')) this.headers.set('content-length', String(length));
      }
    }
  };
}

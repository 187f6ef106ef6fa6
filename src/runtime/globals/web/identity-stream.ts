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

function toBytes(chunk: unknown): Uint8Array {
  // A view of the writer's bytes: what reaches the reader is always a copy (enqueue would detach the buffer).
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
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
    // The chunk being handed over and the read waiting for it: a write settles once its chunk is fully read.
    let pending: { bytes: Uint8Array; offset: number; resolve: () => void; reject: (reason: unknown) => void } | undefined;
    let waitingRead: (() => void) | undefined;
    const deliver = () => {
      if (!pending || !waitingRead) return;
      const rest = pending.bytes.subarray(pending.offset);
      const request = output.byobRequest;
      let taken: number;
      if (request?.view) {
        taken = Math.min(request.view.byteLength, rest.byteLength);
        new Uint8Array(request.view.buffer, request.view.byteOffset, taken).set(rest.subarray(0, taken));
        request.respond(taken);
      } else {
        taken = rest.byteLength;
        output.enqueue(rest.slice());
      }
      pending.offset += taken;
      if (pending.offset === pending.bytes.byteLength) {
        pending.resolve();
        pending = undefined;
      }
      const read = waitingRead;
      waitingRead = undefined;
      read();
    };
    const fail = (reason: unknown, stream: 'input' | 'output') => {
      if (stream === 'output') output.error(reason);
      else input.error(reason);
      pending?.reject(reason);
      pending = undefined;
      waitingRead?.();
      waitingRead = undefined;
    };
    this.#readable = new ReadableStream({
      type: 'bytes',
      start(controller) { output = controller; },
      pull() {
        return new Promise<void>((resolve) => {
          waitingRead = resolve;
          deliver();
        });
      },
      cancel(reason) { fail(reason, 'input'); },
    }) as ReadableStream<Uint8Array>;
    this.#writable = new WritableStream({
      start(controller) { input = controller; },
      write(chunk) {
        const bytes = toBytes(chunk);
        try {
          check?.write(bytes.byteLength);
        } catch (err) {
          fail(err, 'output');
          throw err;
        }
        if (bytes.byteLength === 0) return undefined;
        return new Promise<void>((resolve, reject) => {
          pending = { bytes, offset: 0, resolve, reject };
          deliver();
        });
      },
      close() {
        try {
          check?.close();
        } catch (err) {
          fail(err, 'output');
          throw err;
        }
        output.close();
        // A BYOB read waiting for bytes that will never come completes empty.
        output.byobRequest?.respond(0);
        waitingRead?.();
        waitingRead = undefined;
      },
      abort(reason) { fail(reason, 'output'); },
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
    /** Every response the base class recognises, from fetch() included, is still a Response. */
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof Base;
    }

    constructor(body?: BodyInit | null, init?: ResponseInit) {
      super(body, init);
      if (body instanceof ReadableStream) {
        const length = lengths.get(body);
        if (length !== undefined && !this.headers.has('content-length')) this.headers.set('content-length', String(length));
      }
    }
  };
}

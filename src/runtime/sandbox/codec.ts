import { Buffer } from 'node:buffer';
import { deserialize, serialize } from 'node:v8';

/**
 * The compact encoding of the records on a sandbox's channel (frames.ts). The isolate protocol is plain data
 * (strings, numbers, booleans, null, undefined, byte arrays, arrays and plain objects), so most records are
 * written here by a small tagged encoder that costs a fraction of V8's serializer per message (issue 13
 * item 8: every KV get crosses the channel four times, on both sides). A record holding anything else (a
 * Date, a Map, a BigInt, an ArrayBuffer, a shared or very large graph) travels as one V8-serialized blob
 * inside the frame instead, so nothing the structured clone carried is lost.
 *
 * An isolate's batch of messages crosses the sandbox's main thread without being decoded there: the isolate
 * worker encodes it (isolate-port.ts), the main thread puts the bytes in a frame as a nested value tagged with
 * the isolate's id, and the host decodes it with the rest of the frame; the host's batches go the other way
 * the same. The nested bytes are length-delimited by the main thread, so an isolate cannot write past its own.
 *
 * The host decodes frames from a sandbox as untrusted input: every length is checked against the bytes
 * left, nesting is bounded, `__proto__` is an ordinary own key, and any fault is a FrameError (the host
 * then stops that sandbox). Arrays come back dense: a hole becomes undefined.
 */

/** First byte of a compact frame's payload (V8's serializer starts with 0xFF: the two are never confused). */
export const COMPACT_MAGIC = 0xc5;

const T_UNDEFINED = 0;
const T_NULL = 1;
const T_FALSE = 2;
const T_TRUE = 3;
const T_INT = 4;
const T_FLOAT = 5;
const T_STRING = 6;
const T_WORD = 7;
const T_STRING16 = 8;
const T_BYTES = 9;
const T_ARRAY = 10;
const T_OBJECT = 11;
/** A whole record in V8's format (only at a record's place in the frame). */
const T_V8 = 12;
/** A value encoded on its own (an isolate's batch), length-delimited. */
const T_NESTED = 13;

/** The depth of a nested value in its record (`['msg', id, nested]`): its bytes are written and read at it, so both count alike. */
const NESTED_DEPTH = 2;

/** A value the writer encodes as a nested, length-delimited value (the host's batch for one isolate). */
export class Nested {
  constructor(readonly value: unknown) {}
}

/** A nested value already encoded (`encodeMessages`): written as it is, or read without decoding it (the sandbox's main thread). */
export class NestedBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/** Bodies larger than this travel as several chunks (the sandbox's main thread splits them), so no frame grows past the host's limit. */
export const SPLIT_BYTES = 4 * 1024 * 1024;

/** Deepest nesting written compactly (deeper records go as V8 blobs); a decoder refuses anything deeper. */
export const MAX_DEPTH = 64;
/** Values per record written compactly: past it (a long list, or a graph sharing objects) the record goes to V8, which keeps references. */
const MAX_VALUES = 100_000;

/**
 * Strings common on the channel (keys and message types of the isolate protocol, record tags), written
 * as one byte. Only an index travels: both sides are the same build of Ledge.
 */
const WORDS = [
  't', 'id', 'req', 'method', 'url', 'headers', 'hasBody', 'httpProtocol', 'call', 'binding', 'args', 'event',
  'call-result', 'value', 'error', 'head', 'status', 'statusText', 'body', 'streaming', 'done', 'res-chunk', 'chunk',
  'res-end', 'req-chunk', 'req-end', 'req-credit', 'res-credit', 'abort', 'reason', 'log', 'level', 'message', 'usage',
  'subrequests', 'name', 'stack', 'cause', 'msg', 'post', 'stats', 'egress', 'spawn', 'terminate', 'exit', 'ready',
  'hasFetch', 'get', 'put', 'delete', 'list', 'type', 'text', 'json', 'GET', 'POST', 'HTTP/1.1', 'content-type',
  'content-length', 'host', 'user-agent', 'accept', 'text/plain;charset=UTF-8', 'info', 'warn', 'debug', 'webSocket',
  'fail', 'code', 'cacheTtl', 'metadata', 'expiration', 'expirationTtl', 'prefix', 'cursor', 'limit', 'keys',
];
const WORD_INDEX = new Map(WORDS.map((w, i) => [w, i]));
const MAX_WORD_LENGTH = Math.max(...WORDS.map((w) => w.length));

/** Thrown inside the encoder for a value it does not write; one instance, so throwing captures no stack. */
const UNSUPPORTED = new Error('not compact');

/** Thrown when a frame is not one this side accepts (frames.ts re-exports it). */
export class FrameError extends Error {}

/** One growing buffer, reused frame after frame (encoding is synchronous). */
class Writer {
  buf = Buffer.allocUnsafe(64 * 1024);
  at = 0;
  values = 0;
  /** Past this many bytes the encoding gives up (UNSUPPORTED). */
  limit = Infinity;

  room(n: number): void {
    if (this.at + n > this.limit) throw UNSUPPORTED;
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  u8(v: number): void {
    this.room(1);
    this.buf[this.at++] = v;
  }

  u32(v: number): void {
    this.room(4);
    this.buf.writeUInt32LE(v, this.at);
    this.at += 4;
  }

  string(s: string): void {
    if (s.length <= MAX_WORD_LENGTH) {
      const word = WORD_INDEX.get(s);
      if (word !== undefined) {
        this.room(2);
        this.buf[this.at++] = T_WORD;
        this.buf[this.at++] = word;
        return;
      }
    }
    // A lone surrogate has no UTF-8 form: such a string goes as UTF-16 so it arrives unchanged.
    const wellFormed = (s as string & { isWellFormed(): boolean }).isWellFormed();
    this.room(5 + s.length * 3);
    this.buf[this.at] = wellFormed ? T_STRING : T_STRING16;
    const n = this.buf.write(s, this.at + 5, wellFormed ? 'utf8' : 'utf16le');
    this.buf.writeUInt32LE(n, this.at + 1);
    this.at += 5 + n;
  }

  value(v: unknown, depth: number): void {
    if (++this.values > MAX_VALUES) throw UNSUPPORTED;
    switch (typeof v) {
      case 'string': this.string(v); return;
      case 'number':
        if ((v | 0) === v && !(v === 0 && 1 / v < 0)) {
          this.room(5);
          this.buf[this.at] = T_INT;
          this.buf.writeInt32LE(v, this.at + 1);
          this.at += 5;
        } else {
          this.room(9);
          this.buf[this.at] = T_FLOAT;
          this.buf.writeDoubleLE(v, this.at + 1);
          this.at += 9;
        }
        return;
      case 'boolean': this.u8(v ? T_TRUE : T_FALSE); return;
      case 'undefined': this.u8(T_UNDEFINED); return;
      case 'object': break;
      default: throw UNSUPPORTED;
    }
    if (v === null) { this.u8(T_NULL); return; }
    if (depth >= MAX_DEPTH) throw UNSUPPORTED;
    if (v instanceof NestedBytes) {
      this.room(5 + v.bytes.byteLength);
      this.buf[this.at] = T_NESTED;
      this.buf.writeUInt32LE(v.bytes.byteLength, this.at + 1);
      this.buf.set(v.bytes, this.at + 5);
      this.at += 5 + v.bytes.byteLength;
      return;
    }
    if (v instanceof Nested) {
      this.u8(T_NESTED);
      this.u32(0);
      const start = this.at;
      this.value(v.value, depth + 1);
      this.buf.writeUInt32LE(this.at - start, start - 4);
      return;
    }
    if (Array.isArray(v)) {
      this.u8(T_ARRAY);
      this.u32(v.length);
      for (let i = 0; i < v.length; i++) this.value(v[i], depth + 1);
      return;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto === Uint8Array.prototype || proto === Buffer.prototype) {
      const bytes = v as Uint8Array;
      this.room(5 + bytes.byteLength);
      this.buf[this.at] = T_BYTES;
      this.buf.writeUInt32LE(bytes.byteLength, this.at + 1);
      this.buf.set(bytes, this.at + 5);
      this.at += 5 + bytes.byteLength;
      return;
    }
    if (proto !== Object.prototype && proto !== null) throw UNSUPPORTED;
    const keys = Object.keys(v);
    this.u8(T_OBJECT);
    this.u32(keys.length);
    for (const key of keys) {
      this.string(key);
      this.value((v as Record<string, unknown>)[key], depth + 1);
    }
  }
}

const writer = new Writer();

/** Encodes a list of records as one frame: a 4-byte big-endian length, then the compact payload. */
export function encodeCompactFrame(records: readonly unknown[]): Buffer {
  const w = writer;
  w.at = 0;
  w.room(9);
  w.at = 4;
  w.u8(COMPACT_MAGIC);
  w.u32(records.length);
  for (const record of records) {
    const start = w.at;
    w.values = 0;
    try {
      w.value(record, 0);
    } catch (err) {
      if (err !== UNSUPPORTED) throw err;
      w.at = start;
      const blob = serialize(plain(record));
      w.room(5 + blob.byteLength);
      w.buf[w.at] = T_V8;
      w.buf.writeUInt32LE(blob.byteLength, w.at + 1);
      w.buf.set(blob, w.at + 5);
      w.at += 5 + blob.byteLength;
    }
  }
  w.buf.writeUInt32BE(w.at - 4, 0);
  const frame = Buffer.allocUnsafe(w.at);
  w.buf.copy(frame, 0, 0, w.at);
  // One huge frame does not keep its buffer for good.
  if (w.buf.length > 4 * 1024 * 1024) w.buf = Buffer.allocUnsafe(64 * 1024);
  return frame;
}

/** A record for V8's serializer: its nested parts as the values they stand for. */
function plain(record: unknown): unknown {
  if (!Array.isArray(record)) return record;
  return record.map((part: unknown) => (part instanceof Nested ? part.value : part instanceof NestedBytes ? decodeMessages(part.bytes) : part));
}

/**
 * Encodes one isolate's batch on its own, into bytes that own their buffer (to be moved to another thread);
 * undefined when the batch holds what the compact form does not carry or is over `maxBytes` (it is then
 * posted as it is, and the sandbox's main thread frames it).
 */
export function encodeMessages(messages: readonly unknown[], maxBytes: number): Uint8Array | undefined {
  const w = writer;
  w.at = 0;
  w.values = 0;
  w.limit = maxBytes;
  try {
    w.value(messages, NESTED_DEPTH);
  } catch (err) {
    if (err !== UNSUPPORTED) throw err;
    return undefined;
  } finally {
    w.limit = Infinity;
  }
  const bytes = new Uint8Array(w.at);
  bytes.set(w.buf.subarray(0, w.at));
  if (w.buf.length > 4 * 1024 * 1024) w.buf = Buffer.allocUnsafe(64 * 1024);
  return bytes;
}

/** Decodes what `encodeMessages` wrote; throws FrameError on anything malformed. */
export function decodeMessages(bytes: Uint8Array): unknown {
  const r = new Reader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), false);
  const value = r.value(NESTED_DEPTH);
  if (r.at !== bytes.byteLength) throw new FrameError(`a nested value has ${bytes.byteLength - r.at} bytes after it`);
  return value;
}

/**
 * Decodes one frame's payload (without its length) into its records; throws FrameError on anything malformed.
 * `keepNested`: nested values stay encoded (NestedBytes), for the sandbox's main thread to hand on.
 */
export function decodeCompactPayload(payload: Buffer, keepNested = false): unknown[] {
  if (payload.byteLength < 5 || payload[0] !== COMPACT_MAGIC) throw new FrameError('a frame is not in the channel\'s encoding');
  const r = new Reader(payload, keepNested);
  r.at = 1;
  const count = r.u32();
  r.fits(count);
  const records: unknown[] = [];
  for (let i = 0; i < count; i++) {
    if (payload[r.at] === T_V8) {
      r.at++;
      const n = r.u32();
      r.fits(n);
      try {
        records.push(deserialize(payload.subarray(r.at, r.at + n)));
      } catch (err) {
        throw new FrameError(`a record could not be decoded: ${(err as Error).message}`);
      }
      r.at += n;
    } else records.push(r.value(0));
  }
  if (r.at !== payload.byteLength) throw new FrameError(`a frame has ${payload.byteLength - r.at} bytes after its last record`);
  return records;
}

class Reader {
  at = 0;
  constructor(readonly buf: Buffer, readonly keepNested: boolean) {}

  /** Checks that `n` more bytes (or values of at least a byte each) are there. */
  fits(n: number): void {
    if (n > this.buf.byteLength - this.at) throw new FrameError(`a frame ends inside a value (at byte ${this.at}, ${n} more announced)`);
  }

  u8(): number {
    this.fits(1);
    return this.buf[this.at++] as number;
  }

  u32(): number {
    this.fits(4);
    const v = this.buf.readUInt32LE(this.at);
    this.at += 4;
    return v;
  }

  string(tag: number): string {
    if (tag === T_WORD) {
      const word = WORDS[this.u8()];
      if (word === undefined) throw new FrameError(`a frame names an unknown common string (at byte ${this.at - 1})`);
      return word;
    }
    const n = this.u32();
    this.fits(n);
    if (tag === T_STRING16 && n % 2 !== 0) throw new FrameError(`a UTF-16 string of an odd ${n} bytes (at byte ${this.at})`);
    const s = this.buf.toString(tag === T_STRING ? 'utf8' : 'utf16le', this.at, this.at + n);
    this.at += n;
    return s;
  }

  value(depth: number): unknown {
    const tag = this.u8();
    switch (tag) {
      case T_UNDEFINED: return undefined;
      case T_NULL: return null;
      case T_FALSE: return false;
      case T_TRUE: return true;
      case T_INT: {
        this.fits(4);
        const v = this.buf.readInt32LE(this.at);
        this.at += 4;
        return v;
      }
      case T_FLOAT: {
        this.fits(8);
        const v = this.buf.readDoubleLE(this.at);
        this.at += 8;
        return v;
      }
      case T_STRING: case T_WORD: case T_STRING16: return this.string(tag);
      case T_BYTES: {
        const n = this.u32();
        this.fits(n);
        // A copy that owns its whole buffer: it may be moved to a worker, and it does not pin the frame.
        const bytes = new Uint8Array(n);
        bytes.set(this.buf.subarray(this.at, this.at + n));
        this.at += n;
        return bytes;
      }
      default: break;
    }
    if (depth >= MAX_DEPTH) throw new FrameError(`a frame nests values deeper than ${MAX_DEPTH}`);
    if (tag === T_NESTED) {
      const n = this.u32();
      this.fits(n);
      const end = this.at + n;
      if (this.keepNested) {
        const bytes = new Uint8Array(n);
        bytes.set(this.buf.subarray(this.at, end));
        this.at = end;
        return new NestedBytes(bytes);
      }
      const value = this.value(depth + 1);
      if (this.at !== end) throw new FrameError(`a nested value does not fill its ${n} bytes (at byte ${this.at})`);
      return value;
    }
    if (tag === T_ARRAY) {
      const n = this.u32();
      this.fits(n);
      const list: unknown[] = new Array(n);
      for (let i = 0; i < n; i++) list[i] = this.value(depth + 1);
      return list;
    }
    if (tag === T_OBJECT) {
      const n = this.u32();
      this.fits(n * 2);
      const object: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const keyTag = this.u8();
        if (keyTag !== T_STRING && keyTag !== T_WORD && keyTag !== T_STRING16) throw new FrameError(`an object key is not a string (at byte ${this.at - 1})`);
        const key = this.string(keyTag);
        const value = this.value(depth + 1);
        // `__proto__` is data like any other key, never the object's prototype.
        if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
        else object[key] = value;
      }
      return object;
    }
    throw new FrameError(`a frame holds an unknown value tag ${tag} (at byte ${this.at - 1})`);
  }
}

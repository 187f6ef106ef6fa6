import { Buffer } from 'node:buffer';
import type { BindingCall } from '../protocol.js';
import { withOriginalName } from '../original-names.js';
import { OBJECT_LIMITS, objectErrorText } from './limits.js';
import type { ObjectsProtocol, WireBody, WireConditional, WireObject, WireRange } from './protocol.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const HTTP_FIELDS = ['contentType', 'contentLanguage', 'contentDisposition', 'contentEncoding', 'cacheControl'] as const;
const HTTP_HEADERS: Record<(typeof HTTP_FIELDS)[number], string> = {
  contentType: 'content-type', contentLanguage: 'content-language', contentDisposition: 'content-disposition', contentEncoding: 'content-encoding', cacheControl: 'cache-control',
};
const HASHES = { md5: 16, sha1: 20, sha256: 32, sha384: 48, sha512: 64 } as const;

type HttpMetadata = Partial<Record<(typeof HTTP_FIELDS)[number], string>> & { cacheExpiry?: Date };

/** The checksums of an object: raw digests, and hex strings from `toJSON()`. */
class ObjectChecksums {
  readonly #hex: Record<string, string>;
  constructor(hex: Record<string, string>) {
    this.#hex = hex;
    for (const [name, value] of Object.entries(hex)) Object.defineProperty(this, name, { value: Uint8Array.from(Buffer.from(value, 'hex')).buffer, enumerable: true });
  }
  toJSON(): Record<string, string> { return { ...this.#hex }; }
}

/** An object's metadata, as `head`, `put`, `list` and a failed `get` precondition return it. */
export class BucketObject {
  readonly key: string;
  readonly version: string;
  readonly size: number;
  readonly etag: string;
  readonly httpEtag: string;
  readonly uploaded: Date;
  readonly httpMetadata: HttpMetadata;
  readonly customMetadata: Record<string, string>;
  readonly checksums: ObjectChecksums;
  readonly storageClass: string;
  readonly range?: { offset: number; length: number };

  constructor(wire: WireObject) {
    this.key = wire.key;
    this.version = wire.version;
    this.size = wire.size;
    this.etag = wire.etag;
    this.httpEtag = `"${wire.etag}"`;
    this.uploaded = new Date(wire.uploaded);
    const http: HttpMetadata = {};
    for (const field of HTTP_FIELDS) if (typeof wire.httpMetadata[field] === 'string') http[field] = wire.httpMetadata[field] as string;
    if (typeof wire.httpMetadata.cacheExpiry === 'number') http.cacheExpiry = new Date(wire.httpMetadata.cacheExpiry);
    this.httpMetadata = http;
    this.customMetadata = { ...wire.customMetadata };
    this.checksums = new ObjectChecksums(wire.checksums);
    this.storageClass = wire.storageClass;
    if (wire.range) this.range = wire.range;
  }

  /** Sets the object's HTTP metadata on `headers` (content-type, cache-control, expires, ...). */
  writeHttpMetadata(headers: Headers): void {
    for (const field of HTTP_FIELDS) {
      const value = this.httpMetadata[field];
      if (value !== undefined) headers.set(HTTP_HEADERS[field], value);
    }
    if (this.httpMetadata.cacheExpiry) headers.set('expires', this.httpMetadata.cacheExpiry.toUTCString());
  }
}

/** BucketObject under the name the original platform gives it. */
const NamedBucketObject = withOriginalName(BucketObject, 'R2Object');

/** An object with its body; it extends the named class so `instanceof` holds for both names of both classes. */
export class BucketObjectBody extends NamedBucketObject {
  readonly body: ReadableStream<Uint8Array>;

  constructor(wire: WireObject, body: ReadableStream<Uint8Array>) {
    super(wire);
    this.body = body;
  }

  get bodyUsed(): boolean { return this.body.locked; }
  async arrayBuffer(): Promise<ArrayBuffer> { return new Response(this.body).arrayBuffer(); }
  async bytes(): Promise<Uint8Array> { return new Uint8Array(await this.arrayBuffer()); }
  async text(): Promise<string> { return decoder.decode(await this.arrayBuffer()); }
  async json(): Promise<unknown> { return JSON.parse(await this.text()) as unknown; }
  async blob(): Promise<Blob> { return new Blob([await this.arrayBuffer()], { type: this.httpMetadata.contentType ?? '' }); }
}

/** BucketObjectBody under the name the original platform gives it. */
const NamedBucketObjectBody = withOriginalName(BucketObjectBody, 'R2ObjectBody');

/** A multipart upload in progress. */
export class MultipartUpload {
  readonly key: string;
  readonly uploadId: string;
  readonly #call: BindingCall<ObjectsProtocol>;

  constructor(call: BindingCall<ObjectsProtocol>, key: string, uploadId: string) {
    this.#call = call;
    this.key = key;
    this.uploadId = uploadId;
  }

  async uploadPart(partNumber: number, value: unknown): Promise<{ partNumber: number; etag: string }> {
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > OBJECT_LIMITS.maxPartNumber) {
      throw new Error(objectErrorText('uploadPart', 'InvalidArgument', `Part number must be between 1 and ${OBJECT_LIMITS.maxPartNumber} (inclusive).`));
    }
    const body = await sendBody(this.#call, 'uploadPart', value, []);
    return this.#call('uploadPart', [this.key, this.uploadId, partNumber, body]);
  }

  async abort(): Promise<void> {
    await this.#call('abortUpload', [this.key, this.uploadId]);
  }

  async complete(parts: { partNumber: number; etag: string }[]): Promise<BucketObject> {
    if (!Array.isArray(parts)) throw new TypeError('complete() takes an array of { partNumber, etag }');
    return new NamedBucketObject(await this.#call('completeUpload', [this.key, this.uploadId, parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag }))]));
  }
}

/** MultipartUpload under the name the original platform gives it. */
const NamedMultipartUpload = withOriginalName(MultipartUpload, 'R2MultipartUpload');

/** The bucket object application code finds in `env` (isolate side). */
export class ObjectBucket {
  readonly #call: BindingCall<ObjectsProtocol>;

  constructor(call: BindingCall<ObjectsProtocol>) {
    this.#call = call;
  }

  async head(key: string): Promise<BucketObject | null> {
    checkKey('head', key);
    const wire = await this.#call('head', [key]);
    return wire && new NamedBucketObject(wire);
  }

  async get(key: string, options: { onlyIf?: unknown; range?: unknown } = {}): Promise<BucketObject | BucketObjectBody | null> {
    checkKey('get', key);
    const onlyIf = options.onlyIf === undefined ? null : toConditional(options.onlyIf);
    const range = options.range === undefined ? null : toRange(options.range);
    const found = await this.#call('get', [key, onlyIf, range]);
    if (!found) return null;
    if (!found.body) return new NamedBucketObject(found.object);
    const span = found.object.range ?? { offset: 0, length: found.object.size };
    return new NamedBucketObjectBody(found.object, bodyStream(this.#call, found.object, span, found.inline));
  }

  async put(key: string, value: unknown, options: { onlyIf?: unknown; httpMetadata?: unknown; customMetadata?: unknown; md5?: unknown; sha1?: unknown; sha256?: unknown; sha384?: unknown; sha512?: unknown; storageClass?: string } = {}): Promise<BucketObject | null> {
    checkKey('put', key);
    const checksum = toChecksum(options);
    const meta = {
      onlyIf: options.onlyIf === undefined ? null : toConditional(options.onlyIf),
      httpMetadata: toHttpMetadata(options.httpMetadata),
      customMetadata: toCustomMetadata('put', options.customMetadata),
      checksum,
    };
    const body = await sendBody(this.#call, 'put', value, checksum ? [checksum.algorithm] : []);
    const wire = await this.#call('put', [key, body, meta]);
    return wire && new NamedBucketObject(wire);
  }

  async delete(keys: string | string[]): Promise<void> {
    const list = Array.isArray(keys) ? keys : [keys];
    list.forEach((key) => checkKey('delete', key));
    await this.#call('delete', [list]);
  }

  async list(options: { prefix?: string; cursor?: string; delimiter?: string; startAfter?: string; limit?: number; include?: string[] } = {}): Promise<unknown> {
    const limit = options.limit ?? OBJECT_LIMITS.listLimit;
    if (!Number.isInteger(limit) || limit < 1 || limit > OBJECT_LIMITS.listLimit) throw new Error(objectErrorText('list', 'InvalidMaxKeys'));
    const include = options.include ?? [];
    for (const field of include) if (field !== 'httpMetadata' && field !== 'customMetadata') throw new TypeError(`list(): include may contain "httpMetadata" and "customMetadata", not "${field}"`);
    const page = await this.#call('list', [{ prefix: options.prefix ?? '', cursor: options.cursor ?? null, startAfter: options.startAfter ?? null, delimiter: options.delimiter ?? null, limit, include }]);
    const objects = page.objects.map((wire) => {
      const object = new NamedBucketObject(wire);
      // Listed objects carry only the metadata asked for with `include`.
      if (!include.includes('httpMetadata')) Object.defineProperty(object, 'httpMetadata', { value: undefined });
      if (!include.includes('customMetadata')) Object.defineProperty(object, 'customMetadata', { value: undefined });
      return object;
    });
    return page.truncated ? { objects, delimitedPrefixes: page.delimitedPrefixes, truncated: true, cursor: page.cursor } : { objects, delimitedPrefixes: page.delimitedPrefixes, truncated: false };
  }

  async createMultipartUpload(key: string, options: { httpMetadata?: unknown; customMetadata?: unknown } = {}): Promise<MultipartUpload> {
    checkKey('createMultipartUpload', key);
    const uploadId = await this.#call('createUpload', [key, { httpMetadata: toHttpMetadata(options.httpMetadata), customMetadata: toCustomMetadata('createMultipartUpload', options.customMetadata) }]);
    return new NamedMultipartUpload(this.#call, key, uploadId);
  }

  resumeMultipartUpload(key: string, uploadId: string): MultipartUpload {
    return new NamedMultipartUpload(this.#call, key, uploadId);
  }
}

/** ObjectBucket under the name the original platform gives it. */
export const NamedObjectBucket = withOriginalName(ObjectBucket, 'R2Bucket');


function checkKey(action: string, key: unknown): void {
  if (typeof key !== 'string') throw new TypeError(`${action}(): the key must be a string, got ${key === null ? 'null' : typeof key}`);
  if (key === '' || encoder.encode(key).byteLength > OBJECT_LIMITS.keyBytes) throw new Error(objectErrorText(action, 'InvalidObjectName'));
}

/** Sends a body inline when small, otherwise as a stream of chunks to the host. */
async function sendBody(call: BindingCall<ObjectsProtocol>, action: string, value: unknown, algorithms: string[]): Promise<WireBody> {
  if (value === null || value === undefined) return null;
  let bytes: Uint8Array | undefined;
  if (typeof value === 'string') bytes = encoder.encode(value);
  else if (value instanceof ArrayBuffer) bytes = new Uint8Array(value.slice(0));
  else if (ArrayBuffer.isView(value)) bytes = new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  else if (value instanceof Blob) bytes = new Uint8Array(await value.arrayBuffer());
  else if (!(value instanceof ReadableStream)) throw new TypeError(`${action}(): the value must be a ReadableStream, ArrayBuffer, ArrayBufferView, string, Blob or null`);
  if (bytes && bytes.byteLength <= OBJECT_LIMITS.chunkBytes) return bytes;
  const writeId = await call('writeStart', [algorithms]);
  try {
    if (bytes) {
      for (let i = 0; i < bytes.byteLength; i += OBJECT_LIMITS.chunkBytes) await call('writeChunk', [writeId, bytes.slice(i, i + OBJECT_LIMITS.chunkBytes)]);
    } else {
      const reader = (value as ReadableStream<unknown>).getReader();
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        const piece = typeof chunk === 'string' ? encoder.encode(chunk) : chunk instanceof Uint8Array ? chunk : ArrayBuffer.isView(chunk) ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) : new Uint8Array(chunk as ArrayBuffer);
        for (let i = 0; i < piece.byteLength; i += OBJECT_LIMITS.chunkBytes) await call('writeChunk', [writeId, piece.slice(i, i + OBJECT_LIMITS.chunkBytes)]);
      }
    }
  } catch (err) {
    await call('writeAbort', [writeId]);
    throw err;
  }
  return { writeId };
}

function bodyStream(call: BindingCall<ObjectsProtocol>, object: WireObject, span: { offset: number; length: number }, inline: Uint8Array | undefined): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (inline) {
        if (inline.byteLength) controller.enqueue(inline);
        controller.close();
        return;
      }
      if (sent >= span.length) { controller.close(); return; }
      const length = Math.min(OBJECT_LIMITS.chunkBytes, span.length - sent);
      const chunk = await call('read', [object.key, object.version, span.offset + sent, length]);
      if (chunk.byteLength === 0) { controller.close(); return; }
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  }, { highWaterMark: 0 });
}

function etagList(action: string, value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((etag) => {
    if (typeof etag !== 'string') throw new TypeError(`${action}: an etag condition must be a string`);
    if (etag.startsWith('"') || etag.startsWith('W/"')) throw new TypeError(`Conditional ETag should not be wrapped in quotes (${etag}).`);
    return etag;
  });
}

function headerEtags(value: string): string[] {
  return value.split(',').map((e) => e.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1')).filter(Boolean);
}

function toConditional(onlyIf: unknown): WireConditional {
  if (onlyIf instanceof Headers) {
    const cond: WireConditional = { secondsGranularity: true };
    const ifMatch = onlyIf.get('if-match');
    const ifNoneMatch = onlyIf.get('if-none-match');
    const since = onlyIf.get('if-modified-since');
    const unmodified = onlyIf.get('if-unmodified-since');
    if (ifMatch) cond.etagMatches = headerEtags(ifMatch);
    if (ifNoneMatch) cond.etagDoesNotMatch = headerEtags(ifNoneMatch);
    if (since && !Number.isNaN(Date.parse(since))) cond.uploadedAfter = Date.parse(since);
    if (unmodified && !Number.isNaN(Date.parse(unmodified))) cond.uploadedBefore = Date.parse(unmodified);
    return cond;
  }
  if (onlyIf === null || typeof onlyIf !== 'object') throw new TypeError('onlyIf must be an object of conditions or a Headers object');
  const c = onlyIf as Record<string, unknown>;
  const cond: WireConditional = {};
  if (c.etagMatches !== undefined) cond.etagMatches = etagList('onlyIf.etagMatches', c.etagMatches);
  if (c.etagDoesNotMatch !== undefined) cond.etagDoesNotMatch = etagList('onlyIf.etagDoesNotMatch', c.etagDoesNotMatch);
  for (const field of ['uploadedBefore', 'uploadedAfter'] as const) {
    if (c[field] === undefined) continue;
    if (!(c[field] instanceof Date) || Number.isNaN((c[field] as Date).getTime())) throw new TypeError(`onlyIf.${field} must be a Date`);
    cond[field] = (c[field] as Date).getTime();
  }
  if (c.secondsGranularity) cond.secondsGranularity = true;
  return cond;
}

function toRange(range: unknown): WireRange | null {
  if (range instanceof Headers) {
    const header = range.get('range');
    if (!header) return null;
    const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
    if (!m || (m[1] === '' && m[2] === '')) throw new RangeError(`Invalid range header: ${header} (one range of the form bytes=a-b, bytes=a- or bytes=-n)`);
    if (m[1] === '') return { suffix: Number(m[2]) };
    return m[2] === '' ? { offset: Number(m[1]) } : { offset: Number(m[1]), length: Number(m[2]) - Number(m[1]) + 1 };
  }
  if (range === null || typeof range !== 'object') throw new TypeError('range must be { offset, length }, { suffix } or a Headers object');
  const r = range as Record<string, unknown>;
  if (r.suffix !== undefined) {
    if (r.offset !== undefined || r.length !== undefined) throw new TypeError('Suffix is incompatible with offset.');
    if (!Number.isInteger(r.suffix) || (r.suffix as number) < 0) throw new RangeError(`Invalid range. Suffix (${String(r.suffix)}) must be a non-negative integer.`);
    return { suffix: r.suffix as number };
  }
  if (r.offset === undefined && r.length === undefined) throw new TypeError('range needs an offset, a length or a suffix');
  if (r.offset !== undefined && (!Number.isInteger(r.offset) || (r.offset as number) < 0)) throw new RangeError(`Invalid range. Starting offset (${String(r.offset)}) must be greater than or equal to 0.`);
  if (r.length !== undefined && (!Number.isInteger(r.length) || (r.length as number) < 0)) throw new RangeError(`Invalid range. Length (${String(r.length)}) must be greater than or equal to 0.`);
  const out: WireRange = {};
  if (r.offset !== undefined) out.offset = r.offset as number;
  if (r.length !== undefined) out.length = r.length as number;
  return out;
}

function toHttpMetadata(value: unknown): Record<string, string | number> {
  if (value === undefined || value === null) return {};
  const out: Record<string, string | number> = {};
  if (value instanceof Headers) {
    for (const field of HTTP_FIELDS) {
      const header = value.get(HTTP_HEADERS[field]);
      if (header !== null) out[field] = header;
    }
    const expires = value.get('expires');
    if (expires && !Number.isNaN(Date.parse(expires))) out.cacheExpiry = Date.parse(expires);
    return out;
  }
  if (typeof value !== 'object') throw new TypeError('httpMetadata must be an object or a Headers object');
  const v = value as Record<string, unknown>;
  for (const field of HTTP_FIELDS) {
    if (v[field] === undefined) continue;
    if (typeof v[field] !== 'string') throw new TypeError(`httpMetadata.${field} must be a string`);
    out[field] = v[field] as string;
  }
  if (v.cacheExpiry !== undefined) {
    if (!(v.cacheExpiry instanceof Date)) throw new TypeError('httpMetadata.cacheExpiry must be a Date');
    out.cacheExpiry = v.cacheExpiry.getTime();
  }
  return out;
}

function toCustomMetadata(action: string, value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object') throw new TypeError('customMetadata must be an object of strings');
  let size = 0;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v !== 'string') throw new TypeError(`customMetadata.${k} must be a string`);
    size += encoder.encode(k).byteLength + encoder.encode(v).byteLength;
    out[k] = v;
  }
  if (size > OBJECT_LIMITS.metadataBytes) throw new Error(objectErrorText(action, 'MetadataTooLarge'));
  return out;
}

function toChecksum(options: Record<string, unknown>): { algorithm: string; hex: string } | null {
  const given = (Object.keys(HASHES) as (keyof typeof HASHES)[]).filter((name) => options[name] !== undefined);
  if (given.length === 0) return null;
  if (given.length > 1) throw new TypeError('You cannot specify multiple hashing algorithms.');
  const algorithm = given[0] as keyof typeof HASHES;
  const value = options[algorithm];
  const label = algorithm === 'md5' ? 'MD5' : algorithm.toUpperCase().replace('SHA', 'SHA-');
  const bytes = HASHES[algorithm];
  if (typeof value === 'string') {
    if (value.length !== bytes * 2) throw new TypeError(`${label} is ${bytes * 2} hex characters, not ${value.length}`);
    if (!/^[0-9a-fA-F]*$/.test(value)) throw new TypeError(`Provided ${label} wasn't a valid hex string`);
    return { algorithm, hex: value.toLowerCase() };
  }
  const view = value instanceof ArrayBuffer ? new Uint8Array(value) : ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : undefined;
  if (!view) throw new TypeError(`${label} must be an ArrayBuffer, an ArrayBufferView or a hex string`);
  if (view.byteLength !== bytes) throw new TypeError(`${label} is ${bytes} bytes, not ${view.byteLength}`);
  return { algorithm, hex: Buffer.from(view).toString('hex') };
}

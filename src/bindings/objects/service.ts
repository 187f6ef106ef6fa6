import { createHash, randomBytes, type Hash } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { BlobWriter, ObjectStoragePort, StoredObject } from '../../storage/ports.js';
import { BindingError } from '../plugin.js';
import type { CallHandlers } from '../protocol.js';
import type { ObjectsProtocol, WireBody, WireConditional, WireListOptions, WireListPage, WireObject, WireRange } from './protocol.js';
import { OBJECT_LIMITS, objectErrorText, type OBJECT_ERRORS } from './limits.js';
import { decodeCursor, encodeCursor } from '../cursor.js';

interface PendingWrite {
  writer: BlobWriter;
  size: number;
  hashes: Map<string, Hash>;
}

const HASH_NAMES: Record<string, string> = { md5: 'md5', sha1: 'sha1', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512' };

function fail(action: string, name: keyof typeof OBJECT_ERRORS, detail?: string): never {
  throw new BindingError('Error', objectErrorText(action, name, detail));
}

/** The host side of one bucket binding. */
export function createObjectHandlers(options: { bucket: string; storage: ObjectStoragePort; clock: Clock }): CallHandlers<ObjectsProtocol> {
  const { bucket, storage, clock } = options;
  const writes = new Map<string, PendingWrite>();

  async function startWrite(algorithms: string[]): Promise<string> {
    const writeId = randomBytes(12).toString('hex');
    const hashes = new Map<string, Hash>();
    for (const name of new Set(['md5', ...algorithms])) hashes.set(name, createHash(HASH_NAMES[name] ?? 'md5'));
    writes.set(writeId, { writer: await storage.createBlob(), size: 0, hashes });
    return writeId;
  }

  async function writeChunk(action: string, writeId: string, chunk: Uint8Array): Promise<void> {
    const pending = writes.get(writeId);
    if (!pending) fail(action, 'InternalError', 'the upload stream is not open');
    pending.size += chunk.byteLength;
    if (pending.size > OBJECT_LIMITS.maxObjectBytes) {
      writes.delete(writeId);
      await pending.writer.abort();
      fail(action, 'EntityTooLarge');
    }
    for (const hash of pending.hashes.values()) hash.update(chunk);
    await pending.writer.write(chunk);
  }

  /** Finishes a body (inline or streamed) into a durable blob with its digests; a digest that does not match `expect` stores nothing. */
  async function finishBody(action: string, body: WireBody, algorithms: string[], expect?: { algorithm: string; hex: string } | null): Promise<{ blobId: string; size: number; digests: Map<string, string> }> {
    let writeId: string;
    if (body !== null && !(body instanceof Uint8Array)) {
      writeId = body.writeId;
    } else {
      writeId = await startWrite(algorithms);
      if (body !== null && body.byteLength > 0) await writeChunk(action, writeId, body);
    }
    const pending = writes.get(writeId);
    if (!pending) fail(action, 'InternalError', 'the upload stream is not open');
    writes.delete(writeId);
    const digests = new Map([...pending.hashes].map(([name, hash]) => [name, hash.digest('hex')]));
    if (expect && digests.get(expect.algorithm) !== expect.hex.toLowerCase()) {
      await pending.writer.abort();
      fail(action, 'BadDigest', expect.algorithm === 'md5' ? undefined : `The ${expect.algorithm.toUpperCase().replace('SHA', 'SHA-')} checksum you specified did not match what we received.`);
    }
    return { blobId: await pending.writer.finish(), size: pending.size, digests };
  }

  return {
    async head([key]) {
      const object = await storage.head(bucket, key);
      return object && toWire(object);
    },
    async get([key, onlyIf, range]) {
      const object = await storage.head(bucket, key);
      if (!object) return null;
      // As on the original platform, what get() returns always says which bytes it covers: the whole object without a range.
      if (onlyIf && !conditionPasses(onlyIf, object)) return { object: { ...toWire(object), range: { offset: 0, length: object.size } }, body: false };
      const resolved = resolveRange('get', range, object.size);
      const wire = toWire(object);
      wire.range = resolved;
      const inline = resolved.length <= OBJECT_LIMITS.chunkBytes ? await storage.read(object.blobId, resolved.offset, resolved.length) : undefined;
      return { object: wire, body: true, inline };
    },
    async read([key, version, offset, length]) {
      const object = await storage.head(bucket, key);
      if (!object || object.version !== version) fail('get', 'InternalError', `the object ${key} was replaced or deleted while it was being read`);
      return storage.read(object.blobId, offset, Math.min(length, OBJECT_LIMITS.chunkBytes));
    },
    writeStart: ([algorithms]) => startWrite(algorithms),
    async writeChunk([writeId, chunk]) {
      await writeChunk('put', writeId, chunk);
      return null;
    },
    async writeAbort([writeId]) {
      const pending = writes.get(writeId);
      writes.delete(writeId);
      await pending?.writer.abort();
      return null;
    },
    async put([key, body, opts]) {
      const { blobId, size, digests } = await finishBody('put', body, opts.checksum ? [opts.checksum.algorithm] : [], opts.checksum);
      const checksums: Record<string, string> = {};
      for (const [name, hex] of digests) checksums[name] = hex;
      const object: StoredObject = {
        bucket, key, version: randomBytes(16).toString('hex'), size, etag: digests.get('md5') as string, uploaded: clock.now(),
        httpMetadata: opts.httpMetadata, customMetadata: opts.customMetadata, checksums, blobId,
      };
      const onlyIf = opts.onlyIf;
      const stored = await storage.commit(object, onlyIf ? (existing) => conditionPasses(onlyIf, existing) : undefined);
      return stored ? toWire(object) : null;
    },
    async delete([keys]) {
      await storage.delete(bucket, keys);
      return null;
    },
    list: ([listOptions]) => list(storage, bucket, listOptions),
    async createUpload([key, opts]) {
      const uploadId = randomBytes(16).toString('hex');
      await storage.createUpload({ bucket, key, uploadId, initiated: clock.now(), httpMetadata: opts.httpMetadata, customMetadata: opts.customMetadata });
      return uploadId;
    },
    async uploadPart([key, uploadId, partNumber, body]) {
      const upload = await storage.getUpload(bucket, uploadId);
      if (!upload || upload.key !== key) fail('uploadPart', 'NoSuchUpload');
      const { blobId, size, digests } = await finishBody('uploadPart', body, []);
      const md5 = digests.get('md5') as string;
      await storage.putPart(uploadId, { partNumber, size, md5, blobId });
      return { partNumber, etag: md5 };
    },
    async abortUpload([key, uploadId]) {
      const upload = await storage.getUpload(bucket, uploadId);
      if (!upload || upload.key !== key) fail('abortMultipartUpload', 'NoSuchUpload');
      await storage.deleteUpload(uploadId);
      return null;
    },
    completeUpload: ([key, uploadId, parts]) => complete(storage, bucket, clock, key, uploadId, parts),
  };
}

function toWire(object: StoredObject, include: { http: boolean; custom: boolean } = { http: true, custom: true }): WireObject {
  return {
    key: object.key, version: object.version, size: object.size, etag: object.etag, uploaded: object.uploaded,
    httpMetadata: include.http ? object.httpMetadata : {}, customMetadata: include.custom ? object.customMetadata : {},
    checksums: object.checksums, storageClass: 'Standard',
  };
}

/** RFC 7232 section 6 evaluation, as the edge's object store does it. */
export function conditionPasses(cond: WireConditional, object: StoredObject | null): boolean {
  if (!object) return cond.etagMatches === undefined && cond.uploadedAfter === undefined;
  const truncate = (t: number) => (cond.secondsGranularity ? Math.floor(t / 1000) * 1000 : t);
  const last = truncate(object.uploaded);
  const ifMatch = cond.etagMatches === undefined || cond.etagMatches.some((e) => e === '*' || e === object.etag);
  const ifNoneMatch = cond.etagDoesNotMatch === undefined || !cond.etagDoesNotMatch.some((e) => e === '*' || e.replace(/^W\//, '') === object.etag);
  const modifiedSince = cond.uploadedAfter === undefined || truncate(cond.uploadedAfter) < last || (cond.etagDoesNotMatch !== undefined && ifNoneMatch);
  const unmodifiedSince = cond.uploadedBefore === undefined || last < truncate(cond.uploadedBefore) || (cond.etagMatches !== undefined && ifMatch);
  return ifMatch && ifNoneMatch && modifiedSince && unmodifiedSince;
}

function resolveRange(action: string, range: WireRange | null, size: number): { offset: number; length: number } {
  if (!range) return { offset: 0, length: size };
  if (range.suffix !== undefined) {
    const length = Math.min(range.suffix, size);
    return { offset: size - length, length };
  }
  const offset = range.offset ?? 0;
  if (offset > size || (range.length !== undefined && range.length <= 0)) fail(action, 'InvalidRange');
  const length = Math.min(range.length ?? size - offset, size - offset);
  return { offset, length };
}


async function list(storage: ObjectStoragePort, bucket: string, options: WireListOptions): Promise<WireListPage> {
  let after: string | null = options.cursor === null ? null : decodeCursor(options.cursor) ?? fail('list', 'InvalidArgument', 'Invalid cursor');
  if (options.startAfter !== null && (after === null || Buffer.compare(Buffer.from(options.startAfter), Buffer.from(after)) > 0)) after = options.startAfter;
  const include = { http: options.include.includes('httpMetadata'), custom: options.include.includes('customMetadata') };
  const objects: WireObject[] = [];
  const prefixes: string[] = [];
  let last: string | null = after;
  let truncated = false;
  outer: for (;;) {
    const page = await storage.list(bucket, { prefix: options.prefix, after: last, limit: 1000 });
    if (page.length === 0) break;
    for (const object of page) {
      if (objects.length + prefixes.length >= options.limit) {
        truncated = true;
        break outer;
      }
      last = object.key;
      const rest = object.key.slice(options.prefix.length);
      const cut = options.delimiter ? rest.indexOf(options.delimiter) : -1;
      if (options.delimiter && cut !== -1) {
        const common = options.prefix + rest.slice(0, cut + options.delimiter.length);
        if (prefixes.at(-1) !== common) prefixes.push(common);
        continue;
      }
      objects.push(toWire(object, include));
    }
  }
  return truncated ? { objects, delimitedPrefixes: prefixes, truncated: true, cursor: encodeCursor(last as string) } : { objects, delimitedPrefixes: prefixes, truncated: false };
}

async function complete(storage: ObjectStoragePort, bucket: string, clock: Clock, key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<WireObject> {
  const upload = await storage.getUpload(bucket, uploadId);
  if (!upload || upload.key !== key) fail('completeMultipartUpload', 'NoSuchUpload');
  const stored = new Map((await storage.listParts(uploadId)).map((p) => [p.partNumber, p]));
  const chosen = [...parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => {
    const part = stored.get(p.partNumber);
    if (!part || part.md5 !== p.etag.replace(/"/g, '')) fail('completeMultipartUpload', 'InvalidPart');
    return part;
  });
  if (chosen.length === 0) fail('completeMultipartUpload', 'InvalidPart');
  chosen.forEach((part, i) => {
    const isLast = i === chosen.length - 1;
    if (!isLast && part.size < OBJECT_LIMITS.minPartBytes) fail('completeMultipartUpload', 'EntityTooSmall');
    if (!isLast && part.size !== chosen[0]?.size) fail('completeMultipartUpload', 'BadUpload', 'There was a problem with the multipart upload: all parts but the last must have the same size.');
  });
  const blobId = await storage.concatBlobs(chosen.map((p) => p.blobId));
  // The multipart etag: MD5 of the concatenated binary part MD5s, a dash, the part count (S3-compatible).
  const etag = `${createHash('md5').update(Buffer.concat(chosen.map((p) => Buffer.from(p.md5, 'hex')))).digest('hex')}-${chosen.length}`;
  const object: StoredObject = {
    bucket, key, version: randomBytes(16).toString('hex'), size: chosen.reduce((n, p) => n + p.size, 0), etag, uploaded: clock.now(),
    httpMetadata: upload.httpMetadata, customMetadata: upload.customMetadata, checksums: {}, blobId,
  };
  await storage.commit(object);
  await storage.deleteUpload(uploadId);
  return toWire(object);
}

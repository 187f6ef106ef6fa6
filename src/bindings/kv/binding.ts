import type { BindingCall } from '../protocol.js';
import { KV_LIMITS } from './limits.js';
import type { KvProtocol } from './protocol.js';
import type { CachedRead, KvReadCache } from './read-cache.js';

type ValueType = 'text' | 'json' | 'arrayBuffer' | 'stream';
const TYPES: readonly string[] = ['text', 'json', 'arrayBuffer', 'stream'];
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The key-value namespace object application code finds in `env` (isolate side). Argument checks that
 * need no storage happen here, synchronously, with the error types and texts existing code expects; the
 * rest travels to the host-side service.
 */
export class KvNamespace {
  readonly #call: BindingCall<KvProtocol>;
  /** The isolate's read cache and this binding's number in it, when the host pushes the namespace's writes (read-cache.ts). */
  readonly #cache: { store: KvReadCache; ns: number } | undefined;

  constructor(call: BindingCall<KvProtocol>, cache?: { store: KvReadCache; ns: number }) {
    this.#call = call;
    this.#cache = cache;
  }

  get(key: string | string[], options?: ValueType | { type?: ValueType; cacheTtl?: number }): Promise<unknown> {
    return this.#read(key, options, false);
  }

  getWithMetadata(key: string | string[], options?: ValueType | { type?: ValueType; cacheTtl?: number }): Promise<unknown> {
    return this.#read(key, options, true);
  }

  async #read(key: string | string[], options: ValueType | { type?: ValueType; cacheTtl?: number } | undefined, withMetadata: boolean): Promise<unknown> {
    const { type, cacheTtl } = readOptions(options);
    if (Array.isArray(key)) {
      if (type !== 'text' && type !== 'json') throw new TypeError('Unknown response type. Possible types are "text" and "json".');
      if (key.length > KV_LIMITS.bulkKeys) throw new Error(`KV GET_BULK failed: 400 You can request a maximum of ${KV_LIMITS.bulkKeys} keys`);
      if (key.length === 0) throw new TypeError('KV GET_BULK requires at least one key.');
      key.forEach((k) => checkKey(k, 'GET_BULK'));
      checkCacheTtl(cacheTtl, 'GET_BULK');
      const found = await this.#readMany(key, cacheTtl);
      const result = new Map<string, unknown>();
      key.forEach((k, i) => result.set(k, answer(found[i] ?? ABSENT, type, withMetadata)));
      return result;
    }
    checkKey(key, 'GET');
    checkCacheTtl(cacheTtl, 'GET');
    return answer(await this.#readOne(key, cacheTtl), type, withMetadata);
  }

  /** One key's stored bytes and metadata: from the read cache when it holds them, otherwise from the host (and kept). */
  async #readOne(key: string, cacheTtl: number | undefined): Promise<CachedRead> {
    const cache = this.#cache;
    if (!cache) return (await this.#call('get', [key])) ?? ABSENT;
    const hit = cache.store.get(cache.ns, key);
    if (hit) return hit;
    const mark = cache.store.mark();
    const stored = await this.#call('get', [key]);
    cache.store.keep(cache.ns, key, mark, stored ?? ABSENT, stored?.ttlMs ?? null, lifeMs(cacheTtl));
    return stored ?? ABSENT;
  }

  /** Several keys: those the cache holds from it, the others in one call to the host. */
  async #readMany(keys: string[], cacheTtl: number | undefined): Promise<CachedRead[]> {
    const cache = this.#cache;
    if (!cache) return (await this.#call('getMany', [keys])).map((stored) => stored ?? ABSENT);
    const found: (CachedRead | undefined)[] = keys.map((k) => cache.store.get(cache.ns, k));
    const missing = keys.filter((_, i) => found[i] === undefined);
    if (missing.length === 0) return found as CachedRead[];
    const mark = cache.store.mark();
    const fetched = await this.#call('getMany', [missing]);
    let next = 0;
    return found.map((hit, i) => {
      if (hit) return hit;
      const stored = fetched[next++] ?? null;
      cache.store.keep(cache.ns, keys[i] as string, mark, stored ?? ABSENT, stored?.ttlMs ?? null, lifeMs(cacheTtl));
      return stored ?? ABSENT;
    });
  }

  async put(key: string, value: unknown, options: { expiration?: unknown; expirationTtl?: unknown; metadata?: unknown } = {}): Promise<void> {
    checkKey(key, 'PUT');
    const bytes = await toBytes(value);
    if (bytes.byteLength > KV_LIMITS.valueBytes) throw new Error(`KV PUT failed: 413 Value length of ${bytes.byteLength} exceeds limit of ${KV_LIMITS.valueBytes}.`);
    if (options === null || typeof options !== 'object') throw new TypeError('KV put() options must be an object.');
    const [expiration, expirationTtl] = (['expiration', 'expirationTtl'] as const).map((field) => {
      const v = options[field];
      if (v === undefined || v === null) return null;
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new TypeError(`KV put() option "${field}" must be a number of seconds, got ${typeof v}.`);
      return v;
    });
    let metadata: string | null = null;
    if (options.metadata !== undefined && options.metadata !== null) {
      metadata = JSON.stringify(options.metadata) ?? null;
      if (metadata === null) throw new TypeError('KV put() metadata must be serializable to JSON.');
      const size = encoder.encode(metadata).byteLength;
      if (size > KV_LIMITS.metadataBytes) throw new Error(`KV PUT failed: 413 Metadata length of ${size} exceeds limit of ${KV_LIMITS.metadataBytes}.`);
    }
    await this.#call('put', [key, bytes, expiration ?? null, expirationTtl ?? null, metadata]);
  }

  async delete(key: string): Promise<void> {
    checkKey(key, 'DELETE');
    await this.#call('delete', [key]);
  }

  async list(options: { prefix?: string | null; limit?: number; cursor?: string | null } = {}): Promise<unknown> {
    if (options === null || typeof options !== 'object') throw new TypeError('KV list() options must be an object.');
    const prefix = options.prefix ?? '';
    if (typeof prefix !== 'string') throw new TypeError('KV list() option "prefix" must be a string.');
    const prefixBytes = encoder.encode(prefix).byteLength;
    if (prefixBytes > KV_LIMITS.keyBytes) throw new Error(`KV LIST failed: 414 UTF-8 encoded length of ${prefixBytes} exceeds key length limit of ${KV_LIMITS.keyBytes}.`);
    const limit = options.limit ?? KV_LIMITS.listLimit;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) throw new Error(`KV LIST failed: 400 Invalid key_count_limit of ${String(limit)}. Please specify an integer greater than 0.`);
    if (limit > KV_LIMITS.listLimit) throw new Error(`KV LIST failed: 400 Invalid key_count_limit of ${limit}. Please specify an integer less than ${KV_LIMITS.listLimit + 1}.`);
    const cursor = options.cursor ?? null;
    if (cursor !== null && typeof cursor !== 'string') throw new TypeError('KV list() option "cursor" must be a string.');
    const page = await this.#call('list', [prefix, limit, cursor]);
    const keys = page.keys.map((k) => {
      const entry: { name: string; expiration?: number; metadata?: unknown } = { name: k.name };
      if (k.expiration !== null) entry.expiration = k.expiration;
      if (k.metadata !== null) entry.metadata = JSON.parse(k.metadata) as unknown;
      return entry;
    });
    return page.cursor === null ? { keys, list_complete: true, cacheStatus: null } : { keys, list_complete: false, cursor: page.cursor, cacheStatus: null };
  }
}

function readOptions(options: ValueType | { type?: ValueType; cacheTtl?: number } | undefined): { type: ValueType; cacheTtl: number | undefined } {
  if (options === undefined || options === null) return { type: 'text', cacheTtl: undefined };
  const type = typeof options === 'string' ? options : options.type ?? 'text';
  if (!TYPES.includes(type)) throw new TypeError('Unknown response type. Possible types are "text", "arrayBuffer", "json", and "stream".');
  return { type, cacheTtl: typeof options === 'object' ? options.cacheTtl : undefined };
}

function checkKey(key: unknown, method: string): void {
  if (typeof key !== 'string') throw new TypeError(`KV ${method} requires a key that is a string, got ${key === null ? 'null' : typeof key}.`);
  if (key === '') throw new TypeError('Key name cannot be empty.');
  if (key === '.' || key === '..') throw new TypeError(`"${key}" is not allowed as a key name.`);
  const size = encoder.encode(key).byteLength;
  if (size > KV_LIMITS.keyBytes) throw new Error(`KV ${method} failed: 414 UTF-8 encoded length of ${size} exceeds key length limit of ${KV_LIMITS.keyBytes}.`);
}

function checkCacheTtl(cacheTtl: unknown, method: string): void {
  if (cacheTtl === undefined) return;
  if (typeof cacheTtl !== 'number' || !Number.isFinite(cacheTtl) || cacheTtl < KV_LIMITS.minCacheTtl) {
    throw new Error(`KV ${method} failed: 400 Invalid cache_ttl of ${String(cacheTtl)}. Cache TTL must be at least ${KV_LIMITS.minCacheTtl}.`);
  }
}

async function toBytes(value: unknown): Promise<Uint8Array> {
  if (typeof value === 'string') return encoder.encode(value);
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  if (value instanceof ReadableStream) {
    const chunks: Uint8Array[] = [];
    let total = 0;
    const reader = value.getReader();
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk as ArrayBuffer);
      total += bytes.byteLength;
      if (total > KV_LIMITS.valueBytes) {
        await reader.cancel();
        throw new Error(`KV PUT failed: 413 Value length of ${total} exceeds limit of ${KV_LIMITS.valueBytes}.`);
      }
      chunks.push(bytes);
    }
    const out = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) { out.set(chunk, offset); offset += chunk.byteLength; }
    return out;
  }
  throw new TypeError('KV put() accepts only strings, ArrayBuffers, ArrayBufferViews, and ReadableStreams as values.');
}

/** What a read of an absent (or expired) key found. */
const ABSENT: CachedRead = Object.freeze({ value: null, metadata: null });

/** How long a read may be kept in the cache: `cacheTtl` seconds (at least 30, default 60, as on the edge). */
function lifeMs(cacheTtl: number | undefined): number {
  return (cacheTtl ?? KV_LIMITS.defaultCacheTtl) * 1000;
}

/** A read's answer to application code: the value converted to `type` (a new object each call), with its metadata when asked. */
function answer(found: CachedRead, type: ValueType, withMetadata: boolean): unknown {
  const value = found.value === null ? null : convert(found.value, type);
  return withMetadata ? { value, metadata: found.metadata === null ? null : JSON.parse(found.metadata) as unknown, cacheStatus: null } : value;
}

function convert(bytes: Uint8Array, type: ValueType): unknown {
  switch (type) {
    case 'text': return decoder.decode(bytes);
    case 'json': return JSON.parse(decoder.decode(bytes)) as unknown;
    case 'arrayBuffer': return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    // A copy: the stream's reader may change the bytes it is given, and these may be the read cache's.
    case 'stream': return new ReadableStream<Uint8Array>({ start(controller) { if (bytes.byteLength) controller.enqueue(bytes.slice()); controller.close(); } });
  }
}

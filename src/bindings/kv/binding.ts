import type { BindingCall } from '../protocol.js';
import { KV_LIMITS } from './limits.js';
import type { KvProtocol, StoredValue } from './protocol.js';

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

  constructor(call: BindingCall<KvProtocol>) {
    this.#call = call;
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
      const found = await this.#call('getMany', [key]);
      const result = new Map<string, unknown>();
      key.forEach((k, i) => {
        const stored = found[i] ?? null;
        const value = stored === null ? null : convert(stored.value, type);
        result.set(k, withMetadata ? { value, metadata: parseMetadata(stored), cacheStatus: null } : value);
      });
      return result;
    }
    checkKey(key, 'GET');
    checkCacheTtl(cacheTtl, 'GET');
    const stored = await this.#call('get', [key]);
    const value = stored === null ? null : convert(stored.value, type);
    return withMetadata ? { value, metadata: parseMetadata(stored), cacheStatus: null } : value;
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

function convert(bytes: Uint8Array, type: ValueType): unknown {
  switch (type) {
    case 'text': return decoder.decode(bytes);
    case 'json': return JSON.parse(decoder.decode(bytes)) as unknown;
    case 'arrayBuffer': return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    case 'stream': return new ReadableStream<Uint8Array>({ start(controller) { if (bytes.byteLength) controller.enqueue(bytes); controller.close(); } });
  }
}

function parseMetadata(stored: StoredValue | null): unknown {
  return stored?.metadata == null ? null : JSON.parse(stored.metadata) as unknown;
}

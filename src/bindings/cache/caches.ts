/**
 * The isolate's `caches` (docs/cache.md): `caches.default` and `caches.open(name)`, each with `match`,
 * `put` and `delete`, as the original defines them: keys are GET requests by URL, `put` refuses what the
 * original refuses, and whether a response is stored (and how long) is decided by the host from its headers.
 */
import type { BindingCall } from '../protocol.js';
import { CACHE_LIMITS, DEFAULT_CACHE, namedCache } from './limits.js';
import type { CacheProtocol } from './protocol.js';

/** The typed call to the host's cache service (protocol.ts). */
type Call = BindingCall<CacheProtocol>;

/** Request headers that make a match conditional or partial. */
const CONDITIONS = ['if-none-match', 'if-modified-since', 'range'];

function toRequest(request: unknown, what: string): Request {
  if (request instanceof Request) return request;
  if (typeof request === 'string' || request instanceof URL) return new Request(request);
  throw new TypeError(`${what}: the key must be a Request, a URL or a string`);
}

function keyOf(request: Request): string {
  const url = new URL(request.url);
  url.hash = '';
  return url.href;
}

function pairs(flat: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i] as string, flat[i + 1] as string]);
  return out;
}

/** Reads a body up to `max` bytes; undefined when it is larger (what was read is dropped, the rest cancelled). */
async function readUpTo(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | undefined> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** One cache: responses keyed by the URL of a GET request. */
export class Cache {
  #name: string;
  #call: Call;

  constructor(name: string, call: Call) {
    this.#name = name;
    this.#call = call;
  }

  /** The stored response for `request`, or undefined; conditional and range requests are answered from the entry. */
  async match(request: RequestInfo | URL, options?: { ignoreMethod?: boolean }): Promise<Response | undefined> {
    const req = toRequest(request, 'match()');
    if (req.method !== 'GET' && options?.ignoreMethod !== true) return undefined;
    const conditions: string[] = [];
    for (const name of CONDITIONS) {
      const value = req.headers.get(name);
      if (value !== null) conditions.push(name, value);
    }
    const found = await this.#call('match', [this.#name, keyOf(req), conditions]);
    if (!found) return undefined;
    return new Response(found.body as Uint8Array<ArrayBuffer> | null, { status: found.status, statusText: found.statusText, headers: pairs(found.headers) });
  }

  /** Stores `response` for `request` when its headers allow (`Cache-Control`, `Expires`); resolves either way. */
  async put(request: RequestInfo | URL, response: Response): Promise<undefined> {
    const req = toRequest(request, 'put()');
    if (req.method !== 'GET') throw new TypeError('Cannot cache response to non-GET request.');
    if (!(response instanceof Response)) throw new TypeError('put(): the second argument must be a Response');
    if (response.status === 206) throw new TypeError('Cannot cache response to a range request (206 Partial Content).');
    if (response.status === 304) throw new TypeError('Cannot cache response with status 304 (Not Modified).');
    if ((response as { webSocket?: unknown }).webSocket) throw new TypeError('Cannot cache a WebSocket upgrade response.');
    const vary = response.headers.get('vary');
    if (vary !== null && vary.split(',').some((v) => v.trim() === '*')) throw new TypeError("Cannot cache response with 'Vary: *' header.");
    if (response.bodyUsed) throw new TypeError('put(): the response body has already been used');
    const headers: string[] = [];
    for (const [name, value] of response.headers) headers.push(name, value);
    const body = await readUpTo(response.body, CACHE_LIMITS.maxEntryBytes);
    // Too large to store: the original's put resolves without storing, and so does this one.
    if (body === undefined) return undefined;
    await this.#call('put', [this.#name, keyOf(req), response.status, response.statusText, headers, body]);
    return undefined;
  }

  /** Deletes the entry for `request`; resolves with whether there was one. */
  async delete(request: RequestInfo | URL, options?: { ignoreMethod?: boolean }): Promise<boolean> {
    const req = toRequest(request, 'delete()');
    if (req.method !== 'GET' && options?.ignoreMethod !== true) return false;
    return await this.#call('delete', [this.#name, keyOf(req)]);
  }
}

/** The global `caches`: `default` and `open(name)`. */
export class CacheStorage {
  readonly default: Cache;
  #call: Call;
  #opened = new Map<string, Cache>();

  constructor(call: Call) {
    this.#call = call;
    this.default = new Cache(DEFAULT_CACHE, call);
  }

  /** A cache by name, created on first use. */
  async open(name: string): Promise<Cache> {
    if (typeof name !== 'string') throw new TypeError('caches.open(): the name must be a string');
    if (name.length > CACHE_LIMITS.maxNameLength) throw new TypeError(`caches.open(): the name may be at most ${CACHE_LIMITS.maxNameLength} characters`);
    let cache = this.#opened.get(name);
    if (!cache) this.#opened.set(name, (cache = new Cache(namedCache(name), this.#call)));
    return cache;
  }
}

/** Makes `caches`, `Cache` and `CacheStorage` globals of the isolate; `call` reaches the host's cache service. */
export function installCaches(call: Call): void {
  Object.defineProperty(globalThis, 'caches', { value: new CacheStorage(call), writable: true, configurable: true, enumerable: true });
  Object.defineProperty(globalThis, 'Cache', { value: Cache, writable: true, configurable: true });
  Object.defineProperty(globalThis, 'CacheStorage', { value: CacheStorage, writable: true, configurable: true });
}

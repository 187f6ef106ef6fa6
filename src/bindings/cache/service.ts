/**
 * The host side of the Cache API (docs/cache.md): answers `match`, `put` and `delete` from the isolate
 * through the account's cache storage port. The isolate is not trusted: every call is checked against the
 * Cache API's protocol (protocol.ts) before a handler runs, and the handlers refuse keys and statuses the
 * cache cannot hold.
 */
import type { Clock } from '../../platform/clock.js';
import type { CacheEntry, CacheStoragePort } from '../../storage/ports.js';
import { serveProtocol } from '../host-protocol.js';
import { BindingError, type BindingService } from '../plugin.js';
import type { CallHandlers } from '../protocol.js';
import { CACHE_LIMITS } from './limits.js';
import { decide } from './policy.js';
import { CACHE_CALLS, type CacheProtocol, type CachedAnswer } from './protocol.js';

/** Options of the cache service. */
export interface CacheServiceOptions {
  /** The account's cache store, read at each call: it opens on first use, and a damaged one fails only the call. */
  storage: () => CacheStoragePort;
  clock: Clock;
  /** Bytes the account's caches hold together. @default CACHE_LIMITS.maxAccountBytes */
  maxBytes?: number;
}

/** Creates the host-side service of the Cache API for one deployment (its account's store), checked against its protocol. */
export function createCacheService(options: CacheServiceOptions): BindingService {
  return serveProtocol('cache', CACHE_CALLS, createCacheHandlers(options));
}

/** The handlers of the Cache API's calls, given arguments of the declared types. */
export function createCacheHandlers(options: CacheServiceOptions): CallHandlers<CacheProtocol> {
  const { clock } = options;
  const maxBytes = options.maxBytes ?? CACHE_LIMITS.maxAccountBytes;
  return {
    async match([cache, url, conditions]) {
      const entry = await options.storage().get(cache, key(url), clock.now());
      return entry ? answer(entry, conditions) : null;
    },
    async put([cache, url, status, statusText, headers, body]) {
      if (status < 200 || status > 599 || status === 206 || status === 304) throw new BindingError('TypeError', 'put(): the response status cannot be cached');
      const storedKey = key(url);
      if (body.byteLength > CACHE_LIMITS.maxEntryBytes) return undefined;
      const now = clock.now();
      const decision = decide(status, headers, now);
      if (!decision.store) return undefined;
      await options.storage().put(cache, storedKey, { status, statusText, headers: decision.headers, body, expiresAt: decision.expiresAt }, now, maxBytes);
      return undefined;
    },
    delete: ([cache, url]) => options.storage().delete(cache, key(url), clock.now()),
  };
}

/** The key of an entry: only http: and https: URLs are cached (the isolate sends a Request's URL; a forged call may not). */
function key(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new BindingError('TypeError', 'the cache key must be an http: or https: URL');
  return url;
}

function header(flat: readonly string[], name: string): string | null {
  for (let i = 0; i < flat.length; i += 2) if ((flat[i] as string).toLowerCase() === name) return flat[i + 1] as string;
  return null;
}

/** A stored response for a request's conditions: 304 when `If-None-Match` or `If-Modified-Since` is met, 206 for one satisfiable range. */
function answer(entry: CacheEntry, conditions: readonly string[]): CachedAnswer {
  const notModified = (): CachedAnswer => ({ status: 304, statusText: 'Not Modified', headers: entry.headers.filter((_, i) => i % 2 === 1 ? !isLength(entry.headers[i - 1]) : !isLength(entry.headers[i])), body: null });
  const etag = header(entry.headers, 'etag');
  const ifNoneMatch = header(conditions, 'if-none-match');
  if (ifNoneMatch !== null && etag !== null) {
    // If-None-Match uses the weak comparison: W/"x" and "x" are the same validator.
    const ours = opaque(etag);
    if (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === ours)) return notModified();
  } else {
    const lastModified = header(entry.headers, 'last-modified');
    const since = header(conditions, 'if-modified-since');
    if (lastModified !== null && since !== null && Date.parse(lastModified) <= Date.parse(since)) return notModified();
  }
  const range = header(conditions, 'range');
  const size = entry.body.byteLength;
  const parsed = range === null ? null : parseRange(range, size);
  if (parsed === 'unsatisfiable') return { status: 416, statusText: 'Range Not Satisfiable', headers: ['content-range', `bytes */${size}`], body: null };
  if (parsed) {
    const headers = entry.headers.filter((_, i) => i % 2 === 1 ? !isLength(entry.headers[i - 1]) : !isLength(entry.headers[i]));
    headers.push('content-range', `bytes ${parsed.start}-${parsed.end}/${size}`, 'content-length', String(parsed.end - parsed.start + 1));
    return { status: 206, statusText: 'Partial Content', headers, body: entry.body.slice(parsed.start, parsed.end + 1) };
  }
  return { status: entry.status, statusText: entry.statusText, headers: entry.headers, body: entry.body };
}

function isLength(name: string | undefined): boolean {
  return name?.toLowerCase() === 'content-length';
}

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/** One `bytes=` range; null for a header Ledge does not serve partially (several ranges, another unit), which gets the whole body. */
function parseRange(value: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return null;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

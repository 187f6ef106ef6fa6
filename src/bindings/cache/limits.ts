/** Bounds of the Cache API (docs/cache.md). */
export const CACHE_LIMITS = {
  /** Largest response body one entry may hold; a larger one is not stored (`put` still resolves, as on the original). */
  maxEntryBytes: 32 * 1024 * 1024,
  /** Bytes one account's caches hold together; past it the least recently used entries are evicted. */
  maxAccountBytes: 512 * 1024 * 1024,
  /** Longest cache name for `caches.open()`, in characters. */
  maxNameLength: 1024,
  /** Longest URL used as a key, in characters. */
  maxUrlLength: 16 * 1024,
} as const;

/** The name `caches.default` is stored under; `caches.open()` names cannot collide with it (they are stored with a prefix). */
export const DEFAULT_CACHE = 'default';

/** The storage name of a cache opened by name. */
export function namedCache(name: string): string {
  return `open:${name}`;
}

/** The service name the isolate calls the cache through: not a valid binding name, so no binding can shadow it. */
export const CACHE_SERVICE = 'ledge:cache';

/** Most URLs one purge names (the account API's limit, as the original's purge by URL has one). */
export const MAX_PURGE_URLS = 100;

/** The key a URL is stored under (without its fragment), or null when it is not an http: or https: URL. */
export function cacheKeyOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  parsed.hash = '';
  return parsed.href;
}

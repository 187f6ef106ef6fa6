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

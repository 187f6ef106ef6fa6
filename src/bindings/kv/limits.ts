/** Limits of the key-value binding, as existing application code expects them (reference: data-work.md, KV). */
export const KV_LIMITS = {
  keyBytes: 512,
  valueBytes: 25 * 1024 * 1024,
  metadataBytes: 1024,
  minExpirationTtl: 60,
  minCacheTtl: 30,
  /** How long a read is kept in an isolate's read cache when `get` names no `cacheTtl` (read-cache.ts). */
  defaultCacheTtl: 60,
  listLimit: 1000,
  bulkKeys: 100,
} as const;

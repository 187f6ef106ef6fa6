/** Limits of the key-value binding, as existing application code expects them (reference: data-work.md, KV). */
export const KV_LIMITS = {
  keyBytes: 512,
  valueBytes: 25 * 1024 * 1024,
  metadataBytes: 1024,
  minExpirationTtl: 60,
  minCacheTtl: 30,
  listLimit: 1000,
  bulkKeys: 100,
} as const;

import type { KvStoragePort } from '../../storage/ports.js';
import { SYSTEM_CLOCK, type Clock } from '../../platform/clock.js';
import { BindingError } from '../plugin.js';
import type { CallHandlers } from '../protocol.js';
import type { KvProtocol } from './protocol.js';
import { KV_LIMITS } from './limits.js';
import { decodeCursor, encodeCursor } from '../cursor.js';

/**
 * The host side of one key-value binding: the checks that need the clock (expirations) and the storage
 * port. Strongly consistent, a superset of the edge's eventual consistency.
 */
export function createKvHandlers(options: { namespace: string; storage: KvStoragePort; clock: Clock; announce?: (keys: string[]) => void }): CallHandlers<KvProtocol> {
  const { namespace, storage, clock } = options;
  const announce = options.announce ?? (() => undefined);
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  // An isolate's read cache measures a value's life by the wall clock: under another clock (tests), an expiring value is not kept.
  const wallClock = clock === SYSTEM_CLOCK;
  const read = async (key: string) => {
    const now = clock.now();
    const entry = await storage.get(namespace, key, Math.floor(now / 1000));
    if (entry === null) return null;
    const ttlMs = entry.expiration === null ? null : wallClock ? Math.max(0, entry.expiration * 1000 - now) : 0;
    return { value: entry.value, metadata: entry.metadata, ttlMs };
  };
  return {
    get: ([key]) => read(key),
    getMany: ([keys]) => Promise.all(keys.map(read)),
    async put([key, value, expiration, expirationTtl, metadata]) {
      const entry = { value, expiration: expiresAt(expiration, expirationTtl, nowSeconds()), metadata };
      // Watchers (read caches) hear of the write once it is committed and before it is acknowledged; also when
      // the store failed, since a failed write may still have been committed.
      try { await storage.put(namespace, key, entry); } finally { announce([key]); }
      return null;
    },
    async delete([key]) {
      try { await storage.delete(namespace, key); } finally { announce([key]); }
      return null;
    },
    async list([prefix, limit, cursor]) {
      const after = cursor === null ? null : decodeCursor(cursor) ?? invalidCursor();
      const page = await storage.list(namespace, { prefix, after, limit }, nowSeconds());
      return { keys: page.keys, cursor: page.more ? encodeCursor(page.last as string) : null };
    },
  };
}

function expiresAt(expiration: number | null, ttl: number | null, now: number): number | null {
  if (ttl !== null) {
    if (!Number.isInteger(ttl) || ttl < KV_LIMITS.minExpirationTtl) {
      throw new BindingError('Error', `KV PUT failed: 400 Invalid expiration_ttl of ${ttl}. Expiration TTL must be at least ${KV_LIMITS.minExpirationTtl}.`);
    }
    return now + ttl;
  }
  if (expiration !== null) {
    if (!Number.isInteger(expiration) || expiration < now + KV_LIMITS.minExpirationTtl) {
      throw new BindingError('Error', `KV PUT failed: 400 Invalid expiration of ${expiration}. Expiration times must be at least ${KV_LIMITS.minExpirationTtl} seconds in the future.`);
    }
    return expiration;
  }
  return null;
}

function invalidCursor(): never {
  throw new BindingError('Error', 'KV LIST failed: 400 Invalid cursor.');
}

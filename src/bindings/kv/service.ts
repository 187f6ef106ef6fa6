import type { KvStoragePort } from '../../storage/ports.js';
import type { Clock } from '../../platform/clock.js';
import { BindingError } from '../plugin.js';
import type { CallHandlers } from '../protocol.js';
import type { KvProtocol } from './protocol.js';
import { KV_LIMITS } from './limits.js';
import { decodeCursor, encodeCursor } from '../cursor.js';

/**
 * The host side of one key-value binding: the checks that need the clock (expirations) and the storage
 * port. Strongly consistent, a superset of the edge's eventual consistency.
 */
export function createKvHandlers(options: { namespace: string; storage: KvStoragePort; clock: Clock }): CallHandlers<KvProtocol> {
  const { namespace, storage, clock } = options;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const read = async (key: string) => {
    const entry = await storage.get(namespace, key, nowSeconds());
    return entry === null ? null : { value: entry.value, metadata: entry.metadata };
  };
  return {
    get: ([key]) => read(key),
    getMany: ([keys]) => Promise.all(keys.map(read)),
    async put([key, value, expiration, expirationTtl, metadata]) {
      await storage.put(namespace, key, { value, expiration: expiresAt(expiration, expirationTtl, nowSeconds()), metadata });
      return null;
    },
    async delete([key]) {
      await storage.delete(namespace, key);
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

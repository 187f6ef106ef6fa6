import type { Clock } from '../../platform/clock.js';
import type { CallHandlers } from '../protocol.js';
import type { RateLimitProtocol } from './protocol.js';
import type { RateLimitEntryConfig } from './schema.js';

/** Keys counted at most per namespace at once; past it the oldest window is forgotten (its key starts afresh). */
export const RATE_LIMIT_KEYS_PER_NAMESPACE = 100_000;

/** The counts of one namespace: per key, the window it counts in and how many calls it took there. */
type Namespace = Map<string, { window: number; count: number }>;

/**
 * Counters by the account's storage (one `StoragePorts` per account, so accounts never share a count) and
 * namespace. In memory, as the original's counters are per location and not durable: a restart starts every
 * window afresh, which can only let calls through, never refuse one a correct count would allow.
 */
const byAccount = new WeakMap<object, Map<string, Namespace>>();

/** The host side of one rate limiter binding: fixed windows of `period` seconds, aligned to the clock. */
export function createRateLimitHandlers(entry: RateLimitEntryConfig, account: object, clock: Clock): CallHandlers<RateLimitProtocol> {
  let namespaces = byAccount.get(account);
  if (!namespaces) byAccount.set(account, (namespaces = new Map()));
  let counts = namespaces.get(entry.namespace_id);
  if (!counts) namespaces.set(entry.namespace_id, (counts = new Map()));
  const namespace = counts;
  const { limit, period } = entry.simple;
  return {
    async limit([key]) {
      const window = Math.floor(clock.now() / (period * 1000));
      let counter = namespace.get(key);
      if (counter === undefined || counter.window !== window) {
        namespace.delete(key);
        if (namespace.size >= RATE_LIMIT_KEYS_PER_NAMESPACE) namespace.delete(namespace.keys().next().value as string);
        counter = { window, count: 0 };
        namespace.set(key, counter);
      }
      if (counter.count >= limit) return { success: false };
      counter.count++;
      return { success: true };
    },
  };
}

import ipaddr from 'ipaddr.js';
import type { Clock } from '../platform/clock.js';

/** Failed password sign-ins allowed per user (account and email) within the window (docs/access.md). */
export const USER_FAILURE_LIMIT = 5;
/** Failed password sign-ins allowed per client address (an IPv6 client by its /64) within the window. */
export const ADDRESS_FAILURE_LIMIT = 20;
/** The sliding window failures are counted over: 15 minutes. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Users and addresses remembered at most, each; the one whose last failure is oldest is forgotten first. */
export const MAX_TRACKED_KEYS = 10_000;
/** A longer email cannot exist (RFC 5321); longer form values are cut, so a key's size is bounded. */
const MAX_EMAIL_LENGTH = 320;

/** Which limit a failure reached, for the log. */
export type ReachedLimit = 'user' | 'address' | null;

/** One reserved attempt: it counts as a failure unless it is settled as a success. */
export interface SignInAttempt {
  /** The password matched: the attempt no longer counts. */
  succeeded(): void;
  /** The password did not match: the attempt stays counted; says which limit, if any, it was the one to reach. */
  failed(): ReachedLimit;
}

/** Limits failed password sign-ins per user and per client address (issue 11, item 9). */
export interface SignInLimiter {
  /**
   * Reserves an attempt before the password is checked, so parallel guesses count at once; when either
   * limit is reached, answers how long to wait instead (and the password must not be checked).
   */
  attempt(accountId: string, email: string, address: string | undefined): SignInAttempt | { retryAfterMs: number };
}

/** Failure times per key within a sliding window, at most `limit` kept per key and `maxKeys` keys. */
function createFailureLog(limit: number, windowMs: number, maxKeys: number) {
  const failures = new Map<string, number[]>();
  function recent(key: string, now: number): number[] {
    const times = failures.get(key) ?? [];
    while (times.length > 0 && (times[0] as number) <= now - windowMs) times.shift();
    if (times.length === 0) failures.delete(key);
    return times;
  }
  return {
    /** How long until one more failure is allowed; 0 when it is now. */
    waitMs(key: string, now: number): number {
      const times = recent(key, now);
      return times.length >= limit ? (times[0] as number) + windowMs - now : 0;
    },
    /** Counts a failure; true when it reached the limit. */
    add(key: string, now: number): boolean {
      const times = recent(key, now);
      // Re-inserted so the map's order is by last failure: eviction forgets the quietest key.
      failures.delete(key);
      times.push(now);
      if (times.length > limit) times.shift();
      failures.set(key, times);
      if (failures.size > maxKeys) failures.delete(failures.keys().next().value as string);
      return times.length === limit;
    },
    /** Uncounts one failure recorded at `time`. */
    remove(key: string, time: number): void {
      const times = failures.get(key);
      const at = times?.lastIndexOf(time) ?? -1;
      if (times && at !== -1) times.splice(at, 1);
    },
  };
}

/** The key of a client address: IPv4 (also when mapped into IPv6) as it is, IPv6 by its /64 network. */
export function addressKey(address: string | undefined): string {
  if (address === undefined || !ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16)).join(':')}::/64`;
}

/** Creates the limiter; time comes from the clock, so tests move it instead of waiting. */
export function createSignInLimiter(clock: Clock, limits: { user?: number; address?: number; windowMs?: number; maxKeys?: number } = {}): SignInLimiter {
  const windowMs = limits.windowMs ?? FAILURE_WINDOW_MS;
  const maxKeys = limits.maxKeys ?? MAX_TRACKED_KEYS;
  const users = createFailureLog(limits.user ?? USER_FAILURE_LIMIT, windowMs, maxKeys);
  const addresses = createFailureLog(limits.address ?? ADDRESS_FAILURE_LIMIT, windowMs, maxKeys);
  return {
    attempt(accountId, email, address) {
      const now = clock.now();
      const user = `${accountId}\n${email.slice(0, MAX_EMAIL_LENGTH)}`;
      const from = addressKey(address);
      const wait = Math.max(users.waitMs(user, now), addresses.waitMs(from, now));
      if (wait > 0) return { retryAfterMs: wait };
      const userFull = users.add(user, now);
      const addressFull = addresses.add(from, now);
      let settled = false;
      return {
        succeeded() {
          if (settled) return;
          settled = true;
          users.remove(user, now);
          addresses.remove(from, now);
        },
        failed() {
          if (settled) return null;
          settled = true;
          return userFull ? 'user' : addressFull ? 'address' : null;
        },
      };
    },
  };
}

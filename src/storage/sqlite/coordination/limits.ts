import { LedgeError } from '../../../platform/errors.js';

/**
 * The key-value API's limits (reference: data-work.md 4.3): a key of at most 2 KiB and a value of at most 2 MB (the
 * SQLite backend's bound; a KV-backed class's 128 KiB is the runtime's to check, since the store does not know which
 * backend a class was created with), both counted in bytes (the key as UTF-8, the value as its structured-clone
 * serialisation). The texts are the original's; the runtime shows them as `RangeError`s. The limit of 128 keys per
 * call is the runtime's to check too (a turn's coalesced writes may hold more).
 */
export const COORDINATION_KV_LIMITS = { keyBytes: 2048, valueBytes: 2_000_000 } as const;

/** Refuses a key over the limit; `many` when it came in a list of keys (the message names it then). */
export function checkKey(key: string, many: boolean): void {
  if (typeof key !== 'string') throw new LedgeError('bad_argument', 'Keys must be strings.');
  const size = Buffer.byteLength(key);
  if (size <= COORDINATION_KV_LIMITS.keyBytes) return;
  throw new LedgeError('bad_argument', many
    ? `Key "${key.slice(0, 64)}..." is larger than the limit of ${COORDINATION_KV_LIMITS.keyBytes} bytes.`
    : `Keys cannot be larger than ${COORDINATION_KV_LIMITS.keyBytes} bytes.`);
}

/** Checks every key and value of one write before any of it is applied. */
export function checkWrite(puts: readonly (readonly [string, Uint8Array])[], deletes: readonly string[]): void {
  const many = puts.length + deletes.length > 1;
  for (const [key, value] of puts) {
    checkKey(key, many);
    if (!(value instanceof Uint8Array)) throw new LedgeError('bad_argument', 'a stored value must be bytes (its structured-clone serialisation)');
    if (value.byteLength > COORDINATION_KV_LIMITS.valueBytes) {
      throw new LedgeError('bad_argument', many
        ? `Value for key "${key.slice(0, 64)}" is above the limit of ${COORDINATION_KV_LIMITS.valueBytes} bytes.`
        : `Values cannot be larger than ${COORDINATION_KV_LIMITS.valueBytes} bytes.`);
    }
  }
  for (const key of deletes) checkKey(key, many);
}

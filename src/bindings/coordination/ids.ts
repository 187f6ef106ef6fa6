/**
 * Coordination object ids, built exactly as the original builds them (reference §4.1, workerd
 * `actor-id-impl.c++`), so an id made elsewhere for the same namespace is recognised and any other refused with
 * the same errors. Loaded by the isolate (before imports are guarded) and by the host, which checks every id again.
 */
import { Buffer } from 'node:buffer';
import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A namespace's key: SHA-256 of its unique key (`<account>/<script>/<class>`). */
export function namespaceKey(uniqueKey: string): Buffer {
  return createHash('sha256').update(uniqueKey).digest();
}

function mac(key: Buffer, head: Uint8Array): Buffer {
  return createHmac('sha256', key).update(head).digest().subarray(0, 16);
}

/** Ids already made or checked, per namespace key: two HMACs cost about 7 µs, a call to an object about 50. */
const known = new WeakMap<Buffer, Map<string, string | null>>();
const KNOWN_PER_KEY = 4096;

function remembered(key: Buffer, entry: string, make: () => string | null): string | null {
  let cache = known.get(key);
  if (!cache) known.set(key, (cache = new Map()));
  const hit = cache.get(entry);
  if (hit !== undefined) return hit;
  const value = make();
  // Bounded: a worker naming a million objects keeps the newest few thousand.
  if (cache.size >= KNOWN_PER_KEY) cache.delete(cache.keys().next().value as string);
  cache.set(entry, value);
  return value;
}

/** The id of `name`: HMAC(key, name)[0..16] followed by HMAC(key, those bytes)[0..16], as 64 hex digits. */
export function idFromName(key: Buffer, name: string): string {
  return remembered(key, `n${name}`, () => {
    const head = createHmac('sha256', key).update(name).digest().subarray(0, 16);
    return Buffer.concat([head, mac(key, head)]).toString('hex');
  }) as string;
}

/** A new random id: 16 random bytes and their MAC. */
export function newUniqueId(key: Buffer): string {
  const head = randomBytes(16);
  return Buffer.concat([head, mac(key, head)]).toString('hex');
}

/** Why `text` is not an id of the namespace (the original's TypeError messages), or null when it is one. */
export function idProblem(key: Buffer, text: unknown): string | null {
  if (typeof text !== 'string' || !/^[0-9a-fA-F]{64}$/.test(text)) return 'Invalid Durable Object ID: must be 64 hex digits';
  return remembered(key, `i${text.toLowerCase()}`, () => {
    const bytes = Buffer.from(text, 'hex');
    return mac(key, bytes.subarray(0, 16)).equals(bytes.subarray(16)) ? null : 'Durable Object ID is not valid for this namespace.';
  });
}

/** The namespace of one class: which objects a binding reaches. */
export function namespaceOf(account: string, script: string, className: string): string {
  return `${account}/${script}/${className}`;
}

/**
 * The key-value read cache of one isolate in a sandbox process (docs/bindings/kv.md, "Read cache"). It keeps the
 * answers the host gave to this isolate's own reads, so a repeated read costs no crossing of the sandbox's channel;
 * the host pushes every write to a namespace the isolate binds (`binding-push`) before the write is acknowledged,
 * and the push drops the written keys. A read that was on its way while a push arrived is answered but not kept:
 * its value may be from before the write. Loaded by the isolate: it imports nothing at run time.
 */

/** Bounds of one isolate's cache: it counts toward the isolate's memory limit (16 MiB at the least) and the sandbox's. */
export const KV_READ_CACHE_LIMITS = {
  /** Entries kept at most, over every key-value binding of the isolate. */
  entries: 2048,
  /** Bytes kept at most (values, keys and metadata). */
  bytes: 2 * 1024 * 1024,
  /** A larger value is never kept: it is read from the host each time. */
  valueBytes: 64 * 1024,
  /**
   * Reads per second the cache answers, in bursts of up to `hitBurst`; past that a read goes to the host. A hit
   * resolves without waiting for anything, so a loop that polls a key (`for (;;) await env.KV.get(k)`) would spin
   * the isolate's thread, never turn its event loop (so never receive the push of the write it waits for) and be
   * stopped for CPU; with the bound it runs at the pace of the host's answers, as it does without a cache.
   */
  hitsPerSecond: 20_000,
  hitBurst: 1_000,
} as const;

/** What a read found, as kept: the bytes (never handed to application code, which gets copies or decoded values). */
export interface CachedRead {
  /** Null: the key had no live value. */
  value: Uint8Array | null;
  metadata: string | null;
}

interface Entry extends CachedRead {
  /** performance.now() after which the entry is not served (its expiration, or its cacheTtl). */
  deadline: number;
  size: number;
}

/** Per-entry bookkeeping beyond the bytes, so a cache of many small values is bounded too. */
const ENTRY_OVERHEAD = 96;
// Taken before application code runs: code that replaces performance.now or Date cannot stretch an entry's life.
const now = performance.now.bind(performance);

/** One cache shared by the isolate's key-value bindings, each under a number of its own. */
export class KvReadCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  /** Counts pushes: a read started before one must not be kept. */
  #generation = 0;
  #nextNamespace = 1;
  #tokens: number = KV_READ_CACHE_LIMITS.hitBurst;
  #refilledAt = now();

  /** A number for one binding's keys. */
  register(): number {
    return this.#nextNamespace++;
  }

  /** Where a read starts: what `keep` needs to tell whether a push came since. */
  mark(): { generation: number; at: number } {
    return { generation: this.#generation, at: now() };
  }

  /** The kept answer for `key` of binding `ns`, unless there is none, it has expired, or the hit rate is spent. */
  get(ns: number, key: string): CachedRead | undefined {
    const id = `${ns}:${key}`;
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    const at = now();
    if (at >= entry.deadline) {
      this.#remove(id, entry);
      return undefined;
    }
    const { hitsPerSecond, hitBurst } = KV_READ_CACHE_LIMITS;
    this.#tokens = Math.min(hitBurst, this.#tokens + ((at - this.#refilledAt) * hitsPerSecond) / 1000);
    this.#refilledAt = at;
    if (this.#tokens < 1) return undefined;
    this.#tokens -= 1;
    // Least recently used first out: a hit moves the entry to the end.
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    return entry;
  }

  /**
   * Keeps the host's answer to a read started at `mark`, for at most `lifeMs` from the start and never past
   * `ttlMs` (the host's time left before the value expires; null: no expiration; 0: do not keep). Nothing is kept
   * when a push arrived since the read started, or the value is over the size bound.
   */
  keep(ns: number, key: string, mark: { generation: number; at: number }, found: CachedRead, ttlMs: number | null, lifeMs: number): void {
    if (mark.generation !== this.#generation) return;
    const life = ttlMs === null ? lifeMs : Math.min(lifeMs, ttlMs);
    if (!(life > 0)) return;
    const valueBytes = found.value?.byteLength ?? 0;
    if (valueBytes > KV_READ_CACHE_LIMITS.valueBytes) return;
    const size = valueBytes + key.length * 2 + (found.metadata?.length ?? 0) * 2 + ENTRY_OVERHEAD;
    const id = `${ns}:${key}`;
    const old = this.#entries.get(id);
    if (old) this.#remove(id, old);
    // A view on a larger buffer (a batch's) would keep all of it alive: the entry holds its own bytes.
    const value = found.value !== null && found.value.byteLength !== found.value.buffer.byteLength ? found.value.slice() : found.value;
    this.#entries.set(id, { value, metadata: found.metadata, deadline: mark.at + life, size });
    this.#bytes += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= KV_READ_CACHE_LIMITS.entries && this.#bytes <= KV_READ_CACHE_LIMITS.bytes) break;
      this.#remove(oldest, entry);
    }
  }

  /** The host wrote `keys` of binding `ns` (null: any of its keys): they are dropped, and reads on their way are not kept. */
  drop(ns: number, keys: readonly string[] | null): void {
    this.#generation++;
    if (keys === null) {
      for (const [id, entry] of this.#entries) if (id.startsWith(`${ns}:`)) this.#remove(id, entry);
      return;
    }
    for (const key of keys) {
      const id = `${ns}:${key}`;
      const entry = this.#entries.get(id);
      if (entry) this.#remove(id, entry);
    }
  }

  /** Entries and bytes held now. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  #remove(id: string, entry: Entry): void {
    this.#entries.delete(id);
    this.#bytes -= entry.size;
  }
}

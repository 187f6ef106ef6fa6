import type { Clock } from '../../../platform/clock.js';
import { readProcessLimits, softOpenFileLimit } from '../../../platform/open-files.js';

/** File descriptors one open object database holds: file, WAL, shared memory, the same for its history index, and its point log. */
export const DESCRIPTORS_PER_OBJECT = 7;
/** Bounds of the default: below it objects in use thrash; above it memory (each connection's page cache) dominates. */
const MIN_OPEN = 32;
const MAX_OPEN = 4096;
/** The bound where the process's descriptor limit cannot be read (no /proc). */
const FALLBACK_MAX_OPEN = 256;

/**
 * How many object databases stay open at once by default: as many as half the process's open-file limit allows
 * (the other half is for sockets, KV, SQL and the rest), within [32, 4096]. An object whose database must be
 * reopened for each call costs about a hundred times a call on an open one (closing archives its WAL with an
 * fsync), so the bound should cover every object in active use: 1,428 with a limit of 20,000, 4,096 with the
 * usual 1,048,576 (Node raises its soft limit to the hard one at start).
 */
export function defaultMaxOpen(limits = readProcessLimits()): number {
  const soft = softOpenFileLimit(limits);
  if (soft === undefined) return FALLBACK_MAX_OPEN;
  return Math.max(MIN_OPEN, Math.min(MAX_OPEN, Math.floor(soft / 2 / DESCRIPTORS_PER_OBJECT)));
}

/** An object database unused this long is closed (its WAL segment archived) by the next sweep. */
export const DEFAULT_IDLE_MS = 60_000;

/** What the cache holds: something that can be closed, and says when it must not be (an open transaction). */
export interface Closable {
  readonly inTransaction: boolean;
  close(): void;
}

/** One open handle as the cache holds it; `open` turns false once the cache has closed it (a holder then asks again). */
export interface CachedHandle<T> {
  readonly handle: T;
  used: number;
  open: boolean;
}

/**
 * Open handles by key, at most `maxOpen` of them: opening an object's database costs two SQLite connections and a
 * history check, so a handle outlives the call that opened it. Past the bound the least recently used handle is
 * closed; a sweep closes those idle longer than `idleMs`. A handle in a transaction is never closed by either (it
 * is pinned until its commit or rollback). A use only stamps its time (`use`): finding the least recently used is
 * left to the rare open past the bound, rather than reordering the map at every call.
 */
export class HandleCache<T extends Closable> {
  readonly #entries = new Map<string, CachedHandle<T>>();
  readonly #clock: Clock;
  readonly #maxOpen: number;
  readonly #idleMs: number;

  constructor(options: { clock: Clock; maxOpen: number; idleMs: number }) {
    this.#clock = options.clock;
    this.#maxOpen = options.maxOpen;
    this.#idleMs = options.idleMs;
  }

  get size(): number { return this.#entries.size; }

  /** The open handle for `key`, now the most recently used; undefined when none is open. */
  get(key: string): T | undefined {
    return this.entry(key)?.handle;
  }

  /** The same as held by the cache (kept by a caller, it is used again through `use` while `open`). */
  entry(key: string): CachedHandle<T> | undefined {
    const entry = this.#entries.get(key);
    if (entry) entry.used = this.#clock.now();
    return entry;
  }

  /** A held entry is used again: the most recently used now. */
  use(entry: CachedHandle<T>): T {
    entry.used = this.#clock.now();
    return entry.handle;
  }

  /** Keeps a newly opened handle, closing the least recently used ones past the bound. */
  add(key: string, handle: T): CachedHandle<T> {
    const added: CachedHandle<T> = { handle, used: this.#clock.now(), open: true };
    this.#entries.set(key, added);
    while (this.#entries.size > this.#maxOpen) {
      let oldest: [string, CachedHandle<T>] | undefined;
      for (const pair of this.#entries) {
        if (pair[1] === added || pair[1].handle.inTransaction) continue;
        if (!oldest || pair[1].used < oldest[1].used) oldest = pair;
      }
      if (!oldest) break;
      this.#forget(oldest[0], oldest[1]);
    }
    return added;
  }

  #forget(key: string, entry: CachedHandle<T>): void {
    this.#entries.delete(key);
    entry.open = false;
    entry.handle.close();
  }

  /** Closes and forgets the handle of `key` (it is about to be deleted or moved). */
  close(key: string): void {
    const entry = this.#entries.get(key);
    if (entry) this.#forget(key, entry);
  }

  /** Keys of open handles matching `test`. */
  keys(test: (key: string) => boolean): string[] {
    return [...this.#entries.keys()].filter(test);
  }

  /** Closes the handles idle longer than the idle time; returns how many. */
  closeIdle(): number {
    return this.closeIdleWithin(Infinity).closed;
  }

  /**
   * The same, stopping once `budgetMs` of the wall clock has gone (after at least one close): `more` says whether
   * idle handles are left. Closing a handle archives its WAL and checkpoints, with syncs that take milliseconds
   * each on a busy disk, on the thread that serves every call: a thousand objects going idle together held it for
   * seconds, and every call waited (bench/coordination.mjs measured no answer at all for 6 s).
   */
  closeIdleWithin(budgetMs: number, now: () => number = () => performance.now()): { closed: number; more: boolean; tookMs: number } {
    const before = this.#clock.now() - this.#idleMs;
    const started = now();
    let closed = 0;
    for (const [key, entry] of this.#entries) {
      if (entry.used > before || entry.handle.inTransaction) continue;
      const tookMs = now() - started;
      if (closed > 0 && tookMs >= budgetMs) return { closed, more: true, tookMs };
      this.#forget(key, entry);
      closed++;
    }
    return { closed, more: false, tookMs: now() - started };
  }

  closeAll(): void {
    for (const [key, entry] of this.#entries) this.#forget(key, entry);
  }
}

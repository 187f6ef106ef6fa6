/**
 * `ctx.storage` of an instance, the asynchronous key-value API (reference §4.3), in the isolate. Reads are
 * cached in the instance; writes go to the cache at once and are sent to the store as one transaction once the
 * code that made them truly waits (write coalescing: after-microtasks.ts); an event's result waits for the writes made before it (the output
 * gate, instances.ts); reads that reach the store hold the input gate.
 */
import { Buffer } from 'node:buffer';
import { deserialize, serialize } from 'node:v8';
import type { BindingCall } from '../protocol.js';
import type { InputGate } from './gates.js';
import type { ObjectStorageProtocol } from './protocol.js';
import type { CoordinationListOptions } from '../../storage/ports.js';
import { afterMicrotasks } from './after-microtasks.js';

/** Keys one get, put or delete may name. */
export const MAX_BATCH_KEYS = 128;
/** Longest key, in UTF-8 bytes. */
export const MAX_KEY_BYTES = 2048;
/** Largest serialised value of a KV-backed class; SQLite-backed classes take 2 MB. */
export const MAX_VALUE_BYTES_KV = 128 * 1024;
export const MAX_VALUE_BYTES_SQLITE = 2 * 1000 * 1000;
/** The original's refusal of a list naming both bounds (workerd actor-state.c++). */
export const BOTH_START_AND_START_AFTER = 'list() cannot be called with both start and startAfter values.';

interface ReadOptions { allowConcurrency?: boolean; noCache?: boolean }
interface WriteOptions { allowUnconfirmed?: boolean; allowConcurrency?: boolean; noCache?: boolean }
interface ListOptions extends CoordinationListOptions, ReadOptions {}

/** Where an instance's storage calls go, and what they must know about it. */
export interface StorageTarget {
  call: BindingCall<ObjectStorageProtocol>;
  namespace: string;
  id: string;
  sqlite: boolean;
  gate: InputGate;
  /** A write could not be committed: the instance is reset (its confirmed results were never sent). */
  onBroken(err: Error): void;
  /** Runs `work` holding the instance's input gate as `blockConcurrencyWhile` does, without resetting it if `work` throws (`transaction()`). */
  critical?<T>(work: () => Promise<T>): Promise<T>;
}

const ABSENT = Symbol('absent');

/** A value whose serialised form deserialises to the same value: the cache keeps it as it is (no bytes to hold or decode). */
type Primitive = string | number | boolean | bigint | null;
/** What the cache knows of a key: its serialised value, or the value itself when it is a primitive. */
type Known = Uint8Array | Primitive;

function isPrimitive(value: unknown): value is Primitive {
  return value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol' && value !== undefined);
}

/** The value `known` stands for: bytes are deserialised (a new copy each time), a primitive is itself. */
function decode(known: Known): unknown {
  return typeof known === 'object' && known !== null ? deserialize(known) : known;
}

/**
 * What `#committed` and `#confirmed` become once the batch they stood for has committed: an instance idle between
 * its calls then holds no promise of its last call, which would outlive the young generation and be promoted.
 */
const SETTLED: Promise<void> = Promise.resolve();

/**
 * A number serialised as V8's serializer writes a heap number (its header, the double tag, the 8 bytes of the
 * double), which `deserialize` reads back as the same number (-0 and NaN included), without making a serializer
 * (about 0.75 µs a put). The header and byte order are V8's own, taken from `serialize` and checked against it
 * when this module loads; where they differ, numbers are serialised by `serialize` like any value.
 */
const numberBytes = (() => {
  const scratch = new Float64Array(1);
  const scratchBytes = new Uint8Array(scratch.buffer);
  const probe = serialize(3.5);
  const head = Uint8Array.from(probe.subarray(0, probe.byteLength - 8));
  const encode = (value: number): Uint8Array => {
    scratch[0] = value;
    const bytes = new Uint8Array(head.byteLength + 8);
    bytes.set(head);
    bytes.set(scratchBytes, head.byteLength);
    return bytes;
  };
  // Values V8 always writes as heap numbers (not small integers): the fast form must be byte for byte theirs.
  for (const value of [3.5, -0, -2.25, 1e300, 2 ** 53 + 2]) {
    const own = encode(value);
    if (!Buffer.from(own).equals(serialize(value)) || !Object.is(deserialize(own), value)) return undefined;
  }
  return encode;
})();

function noop(): void { /* a batch nobody waits on may fail: its failure is reported through onBroken */ }

function checkKey(key: unknown): string {
  if (typeof key !== 'string') throw new TypeError('Keys must be strings');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new RangeError(`Keys cannot be larger than ${MAX_KEY_BYTES} bytes.`);
  return key;
}

function checkKeys(keys: unknown[]): string[] {
  if (keys.length > MAX_BATCH_KEYS) throw new RangeError(`Maximum of ${MAX_BATCH_KEYS} keys may be passed in a single call.`);
  return keys.map(checkKey);
}

/** The asynchronous storage API of one instance. */
export class ObjectStorage {
  readonly #t: StorageTarget;
  /**
   * Values known to be current (ABSENT: known missing): serialised, or a primitive as it is, which an instance
   * keeps between its calls without holding a buffer (the bytes of a write die young; the GC promotes none).
   */
  #cache = new Map<string, Known | typeof ABSENT>();
  /** Writes not yet sent (null: a delete), and the promise of their commit. */
  #pending = new Map<string, Uint8Array | null>();
  #pendingBatch: Batch | undefined;
  #scheduled = false;
  #writing = false;
  /** Every write sent so far, committed (the output gate waits on it). */
  #committed: Promise<void> = SETTLED;
  #confirmed: Promise<void> = SETTLED;
  #alarm: number | null | undefined;

  constructor(target: StorageTarget) {
    this.#t = target;
  }

  /** Set while `transactionSync`'s function runs: `put` and `delete` join its transaction (sync-storage.ts). */
  #joined: SyncJoin | undefined;

  /**
   * Makes `put` and `delete` write through `join` at once, inside the synchronous transaction, as on the original
   * (a SQLite-backed object's asynchronous writes go to its database at once, so `transactionSync` covers them);
   * returns what was joined before (nested transactions), to be given back when the function returns.
   */
  joinSyncTransaction(join: SyncJoin | undefined): SyncJoin | undefined {
    const previous = this.#joined;
    this.#joined = join;
    return previous;
  }

  /** Resolves once every write made so far without `allowUnconfirmed` is committed; rejects if one failed. */
  confirmed(): Promise<void> {
    return this.#confirmed;
  }

  /** Whether `#confirmed` has resolved: nothing sent now has to wait (a socket's frame leaves at once). */
  #confirmedOpen = true;

  /**
   * The same promise while a write made without `allowUnconfirmed` is not committed yet (or one failed), undefined
   * once they all are: what a WebSocket frame waits for (runtime/websockets/output-gate.ts), known without a turn.
   */
  unconfirmed(): Promise<void> | undefined {
    return this.#confirmedOpen ? undefined : this.#confirmed;
  }

  /** `batch`: the promise of a batch, which reopens `#confirmedOpen` itself when it resolves (#batch), without a reaction. */
  #setConfirmed(promise: Promise<void>, batch = false): void {
    if (promise === this.#confirmed) return;
    this.#confirmed = promise;
    this.#confirmedOpen = false;
    if (!batch) promise.then(() => { if (this.#confirmed === promise) this.#confirmedOpen = true; }, noop);
  }

  async get(keyOrKeys: string | string[], options?: ReadOptions): Promise<unknown> {
    if (Array.isArray(keyOrKeys)) {
      const keys = checkKeys(keyOrKeys);
      const found = await this.#read(keys, options);
      const out = new Map<string, unknown>();
      for (const key of [...new Set(keys)].sort(compareUtf8)) {
        const known = found.get(key);
        if (known !== undefined) out.set(key, decode(known));
      }
      return out;
    }
    const key = checkKey(keyOrKeys);
    // A key the cache knows (the usual get): answered without the read's list and map.
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached === ABSENT ? undefined : decode(cached);
    const known = (await this.#read([key], options)).get(key);
    return known === undefined ? undefined : decode(known);
  }

  async put(keyOrEntries: string | Record<string, unknown>, valueOrOptions?: unknown, maybeOptions?: WriteOptions): Promise<void> {
    if (typeof keyOrEntries === 'string' && !this.#joined) {
      // One key (the usual put): the same checks, without the lists of entries.
      checkKey(keyOrEntries);
      const value = valueOrOptions;
      if (value === undefined) throw new TypeError('put() called with undefined value.');
      const bytes = this.#encode(value);
      this.#write(keyOrEntries, bytes, maybeOptions, isPrimitive(value) ? value : bytes);
      return;
    }
    // put(entries) leaves out entries whose value is undefined, as the original does; put(key, undefined) is refused.
    const entries: [string, unknown][] = typeof keyOrEntries === 'string'
      ? [[keyOrEntries, valueOrOptions]]
      : Object.entries(keyOrEntries ?? {}).filter(([, value]) => value !== undefined);
    const options = (typeof keyOrEntries === 'string' ? maybeOptions : valueOrOptions) as WriteOptions | undefined;
    if (typeof keyOrEntries !== 'string' && valueOrOptions !== undefined && valueOrOptions !== null && typeof valueOrOptions !== 'object') {
      throw new TypeError('put() may only be called with a single key-value pair and optional options as put(key, value, options) or with multiple key-value pairs and optional options as put(entries, options)');
    }
    checkKeys(entries.map(([key]) => key));
    const encoded = entries.map(([key, value]): [string, Uint8Array] => {
      if (value === undefined) throw new TypeError('put() called with undefined value.');
      return [key, this.#encode(value)];
    });
    if (this.#joined) {
      this.#joined.write(encoded, []);
      for (const [key, bytes] of encoded) this.#cache.set(key, bytes);
      return;
    }
    for (let i = 0; i < encoded.length; i++) {
      const [key, bytes] = encoded[i] as [string, Uint8Array];
      const value = (entries[i] as [string, unknown])[1];
      this.#write(key, bytes, options, isPrimitive(value) ? value : bytes);
    }
  }

  /** A value serialised for the store, within the class's limit. */
  #encode(value: unknown): Uint8Array {
    if (typeof value === 'number' && numberBytes) return numberBytes(value);
    const limit = this.#t.sqlite ? MAX_VALUE_BYTES_SQLITE : MAX_VALUE_BYTES_KV;
    const bytes = serialize(value);
    if (bytes.byteLength > limit) throw new RangeError(`Values cannot be larger than ${limit} bytes. A value of size ${bytes.byteLength} was provided.`);
    return bytes;
  }

  async delete(keyOrKeys: string | string[], options?: WriteOptions): Promise<boolean | number> {
    const keys = Array.isArray(keyOrKeys) ? checkKeys(keyOrKeys) : [checkKey(keyOrKeys)];
    if (this.#joined) {
      const unique = [...new Set(keys)];
      const deleted = this.#joined.write([], unique);
      for (const key of unique) this.#cache.set(key, ABSENT);
      return Array.isArray(keyOrKeys) ? deleted : deleted > 0;
    }
    const existing = await this.#read(keys, {});
    let count = 0;
    for (const key of new Set(keys)) {
      if (existing.has(key)) count++;
      this.#write(key, null, options);
    }
    return Array.isArray(keyOrKeys) ? count : count > 0;
  }

  async list(options: ListOptions = {}): Promise<Map<string, unknown>> {
    // workerd takes the limit as an integer (1.5 lists 1; 0.5 is 0, refused), then requires it to be positive.
    const limit = options.limit === undefined ? undefined : Math.trunc(Number(options.limit));
    if (limit !== undefined && !(limit > 0)) throw new TypeError('List limit must be positive.');
    if (options.start !== undefined && options.startAfter !== undefined) throw new TypeError(BOTH_START_AND_START_AFTER);
    const query: CoordinationListOptions = {};
    for (const key of ['start', 'startAfter', 'end', 'prefix', 'reverse'] as const) {
      if (options[key] !== undefined) (query as Record<string, unknown>)[key] = options[key];
    }
    if (limit !== undefined) query.limit = limit;
    // The store lists what is committed: writes still queued go first (they are this instance's own).
    await this.#sendPending();
    const rows = await this.#hold(options, () => this.#t.call('list', [this.#t.namespace, this.#t.id, query]));
    const out = new Map<string, unknown>();
    for (const [key, bytes] of rows) out.set(key, deserialize(bytes));
    return out;
  }

  async deleteAll(): Promise<void> {
    await this.#sendPending();
    await this.#hold({}, () => this.#t.call('deleteAll', [this.#t.namespace, this.#t.id]));
    this.#cache.clear();
    // The alarm stays (reference: deleteAll "does not remove the alarm").
  }

  /**
   * Runs `fn` with a view whose writes apply together when it returns, or not at all after `rollback()` or a throw.
   * As on the original, it runs as `blockConcurrencyWhile` does (no other event of the object is delivered until it
   * ends), but a throw from `fn` only rolls it back and reaches the caller: the instance is not reset.
   */
  async transaction<T>(fn: (txn: object) => Promise<T>): Promise<T> {
    if (typeof fn !== 'function') throw new TypeError('transaction(): expected a function');
    const run = () => this.#transaction(fn);
    return this.#t.critical ? this.#t.critical(run) : run();
  }

  async #transaction<T>(fn: (txn: object) => Promise<T>): Promise<T> {
    /** The transaction's own writes, serialised (ABSENT: deleted), applied when `fn` returns. */
    const overlay = new Map<string, Uint8Array | typeof ABSENT>();
    let state: 'open' | 'rolledBack' | 'committed' = 'open';
    // The original's texts (workerd DurableObjectTransaction::getCache), `op` as it names them: `get()`, `put()`, ...
    const check = (op: string): void => {
      if (state === 'rolledBack') throw new Error(`Cannot ${op} on rolled back transaction`);
      if (state === 'committed') throw new Error(`Cannot call ${op} on transaction that has already committed: did you move \`txn\` outside of the closure?`);
    };
    const limit = this.#t.sqlite ? MAX_VALUE_BYTES_SQLITE : MAX_VALUE_BYTES_KV;
    const read = (bytes: Uint8Array | typeof ABSENT | undefined): unknown => (bytes === undefined || bytes === ABSENT ? undefined : deserialize(bytes));
    const txn = {
      get: async (keyOrKeys: string | string[], options?: ReadOptions) => {
        check('get()');
        if (Array.isArray(keyOrKeys)) {
          const keys = checkKeys(keyOrKeys);
          const base = await this.get(keys.filter((k) => !overlay.has(k)), options) as Map<string, unknown>;
          for (const k of keys) if (overlay.has(k) && overlay.get(k) !== ABSENT) base.set(k, read(overlay.get(k)));
          return new Map([...base].sort(([a], [b]) => compareUtf8(a, b)));
        }
        const key = checkKey(keyOrKeys);
        return overlay.has(key) ? read(overlay.get(key)) : this.get(key, options);
      },
      put: async (keyOrEntries: string | Record<string, unknown>, value?: unknown) => {
        check('put()');
        const entries: [string, unknown][] = typeof keyOrEntries === 'string'
          ? [[keyOrEntries, value]]
          : Object.entries(keyOrEntries ?? {}).filter(([, v]) => v !== undefined);
        checkKeys(entries.map(([k]) => k));
        const encoded = entries.map(([k, v]): [string, Uint8Array] => {
          if (v === undefined) throw new TypeError('put() called with undefined value.');
          const bytes = serialize(v);
          if (bytes.byteLength > limit) throw new RangeError(`Values cannot be larger than ${limit} bytes. A value of size ${bytes.byteLength} was provided.`);
          return [k, bytes];
        });
        for (const [k, bytes] of encoded) overlay.set(k, bytes);
      },
      delete: async (keyOrKeys: string | string[]) => {
        check('delete()');
        const keys = Array.isArray(keyOrKeys) ? checkKeys(keyOrKeys) : [checkKey(keyOrKeys)];
        const unknown = [...new Set(keys)].filter((k) => !overlay.has(k));
        const stored = unknown.length > 0 ? await this.get(unknown) as Map<string, unknown> : new Map<string, unknown>();
        let count = 0;
        for (const k of new Set(keys)) {
          if (overlay.has(k) ? overlay.get(k) !== ABSENT : stored.has(k)) count++;
          overlay.set(k, ABSENT);
        }
        return Array.isArray(keyOrKeys) ? count : count > 0;
      },
      list: async (options: ListOptions = {}) => {
        check('list()');
        // The store's pairs in the range, with enough beyond the limit to make up for the keys deleted here.
        let deleted = 0;
        for (const bytes of overlay.values()) if (bytes === ABSENT) deleted++;
        const limit = options.limit === undefined ? undefined : Math.trunc(Number(options.limit));
        const base = await this.list(limit === undefined ? options : { ...options, limit: limit + deleted });
        for (const [k, bytes] of overlay) {
          if (!inListRange(k, options)) continue;
          if (bytes === ABSENT) base.delete(k);
          else base.set(k, read(bytes));
        }
        const sorted = [...base].sort(([a], [b]) => compareUtf8(a, b));
        if (options.reverse === true) sorted.reverse();
        return new Map(limit === undefined ? sorted : sorted.slice(0, limit));
      },
      // Thrown, not returned as a rejection, as the original's (a method without a promise).
      deleteAll: () => { throw new Error('Cannot call deleteAll() within a transaction'); },
      rollback: () => {
        if (state === 'rolledBack') return;
        check('rollback()');
        state = 'rolledBack';
      },
      getAlarm: async (options?: ReadOptions) => { check('getAlarm()'); return this.getAlarm(options); },
      setAlarm: async (time: number | Date) => { check('setAlarm()'); return this.setAlarm(time); },
      deleteAlarm: async () => { check('deleteAlarm()'); return this.deleteAlarm(); },
    };
    let result: T;
    try {
      result = await fn(txn);
    } catch (err) {
      state = 'rolledBack';
      throw err;
    }
    if (state === 'open') {
      state = 'committed';
      // Applied in one turn: the writes travel to the store in one transaction.
      for (const [k, bytes] of overlay) this.#write(k, bytes === ABSENT ? null : bytes, undefined);
    }
    return result;
  }

  /** Resolves once every write made so far is committed. */
  async sync(): Promise<void> {
    await this.#sendPending();
  }

  async getAlarm(options?: ReadOptions): Promise<number | null> {
    if (this.#alarm === undefined) this.#alarm = await this.#hold(options ?? {}, () => this.#t.call('getAlarm', [this.#t.namespace, this.#t.id]));
    return this.#alarm;
  }

  async setAlarm(time: number | Date, _options?: WriteOptions): Promise<void> {
    const ms = time instanceof Date ? time.getTime() : time;
    if (typeof ms !== 'number' || !Number.isFinite(ms)) throw new TypeError('setAlarm(): expected a Date or a number of milliseconds since the epoch');
    if (ms <= 0) throw new TypeError('setAlarm() cannot be called with an alarm time <= 0');
    await this.#setAlarm(Math.floor(ms));
  }

  async deleteAlarm(_options?: WriteOptions): Promise<void> {
    await this.#setAlarm(null);
  }

  /** An alarm handler starts: the alarm counts as gone (getAlarm() answers null) unless the handler sets another. */
  beginAlarm(): void {
    this.#alarm = null;
    this.#alarmSet = false;
  }

  /** The alarm handler returned: the alarm that fired is cleared, unless a new one was set meanwhile. */
  async endAlarm(succeeded: boolean): Promise<void> {
    if (!succeeded) {
      // The runner reschedules it for a retry; what is stored is no longer known here.
      this.#alarm = undefined;
      return;
    }
    if (!this.#alarmSet) await this.#setAlarm(null);
  }

  #alarmSet = false;

  async #setAlarm(time: number | null): Promise<void> {
    this.#alarm = time;
    this.#alarmSet = true;
    const done = this.#t.call('setAlarm', [this.#t.namespace, this.#t.id, time]).then(() => undefined);
    this.#chainConfirmed(done);
    await done;
  }

  async #read(keys: string[], options: ReadOptions | undefined): Promise<Map<string, Known>> {
    const out = new Map<string, Known>();
    const missing: string[] = [];
    for (const key of keys) {
      const known = this.#cache.get(key);
      if (known === undefined) missing.push(key);
      else if (known !== ABSENT) out.set(key, known);
    }
    if (missing.length === 0) return out;
    const rows = await this.#hold(options ?? {}, () => this.#t.call('get', [this.#t.namespace, this.#t.id, [...new Set(missing)]]));
    const found = new Map(rows);
    for (const key of missing) {
      // A write made while the read was on its way is newer than what the read found.
      const now = this.#cache.get(key);
      if (now !== undefined) {
        if (now !== ABSENT) out.set(key, now);
        continue;
      }
      const bytes = found.get(key);
      if (options?.noCache !== true) this.#cache.set(key, bytes ?? ABSENT);
      if (bytes !== undefined) out.set(key, bytes);
    }
    return out;
  }

  #hold<T>(options: ReadOptions, work: () => Promise<T>): Promise<T> {
    return options.allowConcurrency === true ? work() : this.#t.gate.hold(work);
  }

  /** Queues a write of `bytes` (null: a delete); `known` is what the cache keeps for it (the value itself when a primitive). */
  #write(key: string, bytes: Uint8Array | null, options: WriteOptions | undefined, known: Known = bytes as Known): void {
    this.#cache.set(key, bytes === null ? ABSENT : known);
    this.#pending.set(key, bytes);
    const batch = this.#batch();
    // Batches commit in order and a failure fails every later one, so the newest batch stands for all before it.
    if (options?.allowUnconfirmed !== true) this.#setConfirmed(batch.promise, true);
    if (!this.#scheduled && !this.#writing) {
      this.#scheduled = true;
      // Once the code that wrote has run until it truly waits: every write it made without waiting is in the batch.
      afterMicrotasks(this.#sendLater);
    }
  }

  /** The scheduled send of #write (one function per instance, not one per write). */
  readonly #sendLater = (): void => {
    this.#scheduled = false;
    this.#send();
  };

  #batch(): Batch {
    if (!this.#pendingBatch) {
      let settle: (err?: Error) => void = noop;
      const promise = new Promise<void>((res, rej) => {
        settle = (err) => {
          if (err) return rej(err);
          res();
          // The newest confirmed writes are committed: nothing sent now has to wait (unconfirmed()).
          if (this.#confirmed === promise) {
            this.#confirmed = SETTLED;
            this.#confirmedOpen = true;
          }
          if (this.#committed === promise) this.#committed = SETTLED;
        };
      });
      // Nobody may be waiting on a batch; its failure is reported through onBroken.
      promise.catch(noop);
      this.#pendingBatch = { promise, settle };
    }
    return this.#pendingBatch;
  }

  /** The queued writes, taken as the batch now on its way to the store. */
  #takePending(): { puts: [string, Uint8Array][]; deletes: string[] } {
    const puts: [string, Uint8Array][] = [];
    const deletes: string[] = [];
    for (const [key, bytes] of this.#pending) if (bytes === null) deletes.push(key); else puts.push([key, bytes]);
    this.#pending = new Map();
    this.#pendingBatch = undefined;
    this.#writing = true;
    return { puts, deletes };
  }

  /**
   * Sends the queued writes as one transaction. While one is on its way, writes gather into the next batch,
   * sent as soon as it is committed (group commit: many events' writes per commit under load).
   */
  #send(): void {
    const batch = this.#pendingBatch;
    if (this.#writing || this.#pending.size === 0 || !batch) return;
    const { puts, deletes } = this.#takePending();
    // Posted now, not a microtask later (no write is in flight here): a synchronous call made after this
    // (sync-storage.ts) must reach the store behind it. After a failed write nothing more is sent.
    const done = this.#failed ? Promise.reject(this.#failed) : this.#t.call('write', [this.#t.namespace, this.#t.id, puts, deletes]);
    // The batch settles with the write (a failure rejects it with the write's error).
    this.#committed = batch.promise;
    done.then(() => this.#written(batch, undefined), (err: unknown) => this.#written(batch, err instanceof Error ? err : new Error(String(err))));
  }

  /** A batch sent by #send was committed (or failed: `err`, and the instance is reset); the next one goes. */
  #written(batch: Batch, err: Error | undefined): void {
    if (err) {
      this.#failed ??= err;
      batch.settle(err);
      this.#t.onBroken(err);
    } else {
      batch.settle();
    }
    this.#writing = false;
    this.#send();
  }

  /** The first write that failed: every later one fails with it (the instance is reset). */
  #failed: Error | undefined;

  /**
   * `ctx.abort()`: as workerd breaks an aborted object's storage at once, no write queued and not yet sent, nor any
   * made after, reaches the store (each fails with `err`); a write already on its way still commits.
   */
  shutdown(err: Error): void {
    this.#failed ??= err;
  }

  /** The batch travelling on an event's result (takeForResult), until the host says how its commit went. */
  #carried: Batch | undefined;

  /**
   * Whether the writes queued now are all an event's output gate waits for (nothing on its way to the store, no
   * alarm change, no synchronous transaction joined), so they may travel on the event's result (takeForResult).
   */
  carryable(): boolean {
    const batch = this.#pendingBatch;
    return batch !== undefined && this.#pending.size > 0 && !this.#writing && !this.#failed && !this.#joined && this.#confirmed === batch.promise;
  }

  /**
   * For an event's result (instances.ts): the queued writes, taken to travel on the result message when they are
   * carryable; the host commits them before it releases the result, and answers with `settleCarried`. Until then
   * they count as on their way to the store: later writes queue behind them, `sync()` and the output gate wait.
   * The caller posts the result in the same turn, before anything else can reach the store (a synchronous call).
   */
  takeForResult(): { puts: [string, Uint8Array][]; deletes: string[] } | undefined {
    const batch = this.#pendingBatch;
    if (!batch || !this.carryable()) return undefined;
    const { puts, deletes } = this.#takePending();
    this.#carried = batch;
    this.#committed = batch.promise;
    return { puts, deletes };
  }

  /** The host committed the writes carried on a result (or failed to: `err`, and the instance is reset). */
  settleCarried(err?: Error): void {
    const batch = this.#carried;
    if (!batch) return;
    this.#carried = undefined;
    this.#written(batch, err);
  }

  /**
   * For a synchronous call (sync-storage.ts): the writes queued and not yet sent, taken out of the queue. The
   * caller commits them before its own call and reports how that went with `settle`.
   */
  takePending(): { puts: [string, Uint8Array][]; deletes: string[]; settle(err?: Error): void } | undefined {
    const batch = this.#pendingBatch;
    if (this.#pending.size === 0 || !batch) return undefined;
    if (this.#failed) throw this.#failed;
    const puts: [string, Uint8Array][] = [];
    const deletes: string[] = [];
    for (const [key, bytes] of this.#pending) if (bytes === null) deletes.push(key); else puts.push([key, bytes]);
    this.#pending = new Map();
    this.#pendingBatch = undefined;
    return {
      puts,
      deletes,
      settle: (err) => {
        if (!err) return batch.settle();
        this.#failed ??= err;
        batch.settle(err);
        this.#t.onBroken(err);
      },
    };
  }

  /** A synchronous write (`ctx.storage.kv`) committed `bytes` (null: a delete) under `key`: reads here see it. */
  noteWrite(key: string, bytes: Uint8Array | null): void {
    this.#cache.set(key, bytes ?? ABSENT);
  }

  /** A synchronous transaction rolled back: what the cache holds may be undone, so it starts again from the store. */
  forgetCache(): void {
    this.#cache.clear();
  }

  /** A cached value (`{ value }`, value undefined: known missing), or undefined when the store must be asked. */
  cached(key: string): { value: unknown } | undefined {
    const known = this.#cache.get(key);
    if (known === undefined) return undefined;
    return { value: known === ABSENT ? undefined : decode(known) };
  }

  #chainConfirmed(done: Promise<void>): void {
    const chained = Promise.all([this.#confirmed, done]).then(() => undefined);
    chained.catch(() => undefined);
    this.#setConfirmed(chained);
  }

  /** Resolves once every write made so far is committed. */
  async #sendPending(): Promise<void> {
    if (this.#pending.size) {
      const batch = this.#batch();
      this.#send();
      await batch.promise;
    }
    await this.#committed;
  }
}

/** A synchronous transaction's way to write (sync-storage.ts): commits nothing itself; answers how many keys a delete removed. */
export interface SyncJoin {
  write(puts: [string, Uint8Array][], deletes: string[]): number;
}

interface Batch {
  promise: Promise<void>;
  /** Resolves the batch's promise, or rejects it with `err`. */
  settle(err?: Error): void;
}

/** Whether `key` is within a list's `start`/`startAfter`/`end`/`prefix` (UTF-8 order; start inclusive, end exclusive). */
function inListRange(key: string, o: CoordinationListOptions): boolean {
  if (o.prefix !== undefined && !key.startsWith(o.prefix)) return false;
  if (o.start !== undefined && compareUtf8(key, o.start) < 0) return false;
  if (o.startAfter !== undefined && compareUtf8(key, o.startAfter) <= 0) return false;
  return o.end === undefined || compareUtf8(key, o.end) < 0;
}

/** Orders keys by their UTF-8 bytes, as the store does. */
export function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

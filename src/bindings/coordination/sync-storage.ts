/**
 * The synchronous half of an instance's `ctx.storage` (reference §4.3), for classes created by
 * `new_sqlite_classes`: `sql.exec` (a cursor), `sql.databaseSize`, `transactionSync(fn)`, the synchronous
 * `kv`, and the point-in-time methods. Each synchronous method is one call over the blocking bridge
 * (runtime/sync-bridge.ts) to the object's store, which answers only the isolate holding the instance. Writes
 * the asynchronous API still has queued are committed first, in order, so a synchronous call sees them; a
 * synchronous write is committed when the method returns. Runs in the isolate.
 */
import { Buffer } from 'node:buffer';
import { deserialize, serialize } from 'node:v8';
import type { BindingCall } from '../protocol.js';
import { SqlStorageCursor, type SqlStorageValue } from './sql-cursor.js';
import { MAX_KEY_BYTES, MAX_VALUE_BYTES_KV, type ObjectStorage } from './storage.js';
import type { ObjectStorageProtocol, SqlBinding } from './protocol.js';

/** A storage call that returns its answer before the caller goes on. */
export type SyncStorageCall = <M extends keyof ObjectStorageProtocol & string>(method: M, args: ObjectStorageProtocol[M]['args']) => ObjectStorageProtocol[M]['result'];

/** The reference's refusal for a class created by `new_classes` (its KV-backed storage has no SQL). */
export const SQL_NOT_ENABLED = 'SQL is not enabled for this Durable Object class. To enable it, change `new_classes` to `new_sqlite_classes` within the \'migrations\' field in your ledge.jsonc (a class cannot be changed after it was deployed).';

/** What the synchronous API needs of its instance. */
export interface SyncStorageTarget {
  storage: ObjectStorage;
  callSync: SyncStorageCall;
  call: BindingCall<ObjectStorageProtocol>;
  namespace: string;
  id: string;
  sqlite: boolean;
}

/** Adds `sql`, `kv`, `transactionSync` and the bookmark methods to an instance's `ctx.storage`. */
export function attachSyncStorage(target: SyncStorageTarget): void {
  const api = new SyncStorage(target);
  const sql = target.sqlite ? Object.freeze({
    exec: (query: unknown, ...bindings: unknown[]) => api.exec(query, bindings),
    get databaseSize() { return api.databaseSize(); },
    Cursor: SqlStorageCursor,
  }) : undefined;
  const kv = Object.freeze({
    get: (key: unknown) => api.kvGet(key),
    put: (key: unknown, value: unknown) => api.kvPut(key, value),
    delete: (key: unknown) => api.kvDelete(key),
    list: (options?: unknown) => api.kvList(options),
  });
  Object.defineProperties(target.storage, {
    sql: { enumerable: true, get() { if (!sql) throw new Error(SQL_NOT_ENABLED); return sql; } },
    kv: { enumerable: true, get() { if (!target.sqlite) throw new Error(SQL_NOT_ENABLED); return kv; } },
    transactionSync: { enumerable: true, value: (fn: unknown) => api.transactionSync(fn) },
    getCurrentBookmark: { enumerable: true, value: () => api.getCurrentBookmark() },
    getBookmarkForTime: { enumerable: true, value: (time: unknown) => api.getBookmarkForTime(time) },
    onNextSessionRestoreBookmark: { enumerable: true, value: (bookmark: unknown) => api.onNextSessionRestoreBookmark(bookmark) },
  });
}

/** A new instance of a SQLite-backed class starts: a restore its predecessor arranged happens now, before its constructor. */
export function startSession(target: Pick<SyncStorageTarget, 'callSync' | 'namespace' | 'id' | 'sqlite'>): void {
  if (target.sqlite) target.callSync('session', [target.namespace, target.id]);
}

class SyncStorage {
  readonly #t: SyncStorageTarget;

  constructor(target: SyncStorageTarget) {
    this.#t = target;
  }

  exec(query: unknown, bindings: unknown[]): SqlStorageCursor {
    if (typeof query !== 'string') throw new TypeError(`sql.exec(): the query must be a string, got ${describe(query)}`);
    const values = bindings.map(toBinding);
    this.#flush();
    return new SqlStorageCursor(this.#call('exec', [query, values]));
  }

  databaseSize(): number {
    this.#flush();
    return this.#call('databaseSize', []);
  }

  transactionSync<T>(fn: unknown): T {
    if (!this.#t.sqlite) throw new Error(SQL_NOT_ENABLED);
    if (typeof fn !== 'function') throw new TypeError(`transactionSync(): expected a function, got ${describe(fn)}`);
    this.#flush();
    this.#call('begin', []);
    // The asynchronous put and delete called inside fn join the transaction, as on the original.
    const joined = this.#t.storage.joinSyncTransaction({ write: (puts, deletes) => this.#write(puts, deletes) });
    let result: T;
    try {
      result = (fn as () => T)();
    } catch (err) {
      this.#end('rollback');
      throw err;
    } finally {
      this.#t.storage.joinSyncTransaction(joined);
    }
    try {
      this.#end('commit');
    } catch (err) {
      // A commit that failed leaves SQLite's transaction open: it is undone, and the caller learns why.
      this.#end('rollback');
      throw err;
    }
    return result;
  }

  kvGet(key: unknown): unknown {
    const k = checkKey(key);
    const cached = this.#t.storage.cached(k);
    if (cached !== undefined) return cached.value;
    this.#flush();
    const found = this.#call('get', [[k]]);
    const bytes = found[0]?.[1];
    return bytes === undefined ? undefined : deserialize(bytes);
  }

  kvPut(key: unknown, value: unknown): void {
    const k = checkKey(key);
    if (value === undefined) throw new TypeError('put() called with undefined value.');
    const bytes = serialize(value);
    // The store's limit (storage/sqlite/coordination/limits.ts), checked here so the caller gets it as a RangeError.
    if (bytes.byteLength > MAX_VALUE_BYTES_KV) throw new RangeError(`Values cannot be larger than ${MAX_VALUE_BYTES_KV} bytes. A value of size ${bytes.byteLength} was provided.`);
    this.#flush();
    this.#write([[k, bytes]], []);
    this.#t.storage.noteWrite(k, bytes);
  }

  kvDelete(key: unknown): boolean {
    const k = checkKey(key);
    this.#flush();
    const deleted = this.#write([], [k]);
    this.#t.storage.noteWrite(k, null);
    return deleted > 0;
  }

  kvList(options: unknown): IterableIterator<[string, unknown]> {
    const query = listOptions(options);
    this.#flush();
    const rows = this.#call('list', [query]);
    return rows.map(([key, bytes]): [string, unknown] => [key, deserialize(bytes)])[Symbol.iterator]();
  }

  async getCurrentBookmark(): Promise<string> {
    this.#needSql();
    await this.#t.storage.sync();
    return this.#t.call('bookmark', [this.#t.namespace, this.#t.id]);
  }

  async getBookmarkForTime(time: unknown): Promise<string> {
    this.#needSql();
    const ms = time instanceof Date ? time.getTime() : time;
    if (typeof ms !== 'number' || !Number.isFinite(ms)) throw new TypeError(`getBookmarkForTime(): expected a Date or a number of milliseconds since the epoch, got ${describe(time)}`);
    await this.#t.storage.sync();
    return this.#t.call('bookmarkAt', [this.#t.namespace, this.#t.id, ms]);
  }

  async onNextSessionRestoreBookmark(bookmark: unknown): Promise<string> {
    this.#needSql();
    if (typeof bookmark !== 'string') throw new TypeError(`onNextSessionRestoreBookmark(): the bookmark must be a string, got ${describe(bookmark)}`);
    await this.#t.storage.sync();
    return this.#t.call('restoreOnNextSession', [this.#t.namespace, this.#t.id, bookmark]);
  }

  #needSql(): void {
    if (!this.#t.sqlite) throw new Error(SQL_NOT_ENABLED);
  }

  #end(how: 'commit' | 'rollback'): void {
    if (how === 'rollback') this.#t.storage.forgetCache();
    this.#call(how, []);
  }

  #write(puts: [string, Uint8Array][], deletes: string[]): number {
    return this.#call('write', [puts, deletes]);
  }

  /** Commits the asynchronous API's queued writes, so this call sees them and stays behind them. */
  #flush(): void {
    const pending = this.#t.storage.takePending();
    if (!pending) return;
    try {
      this.#call('write', [pending.puts, pending.deletes]);
    } catch (err) {
      pending.settle(err instanceof Error ? err : new Error(String(err)));
      throw err;
    }
    pending.settle();
  }

  /** One synchronous call naming this object. */
  #call<M extends keyof ObjectStorageProtocol & string>(method: M, rest: DropTwo<ObjectStorageProtocol[M]['args']>): ObjectStorageProtocol[M]['result'] {
    return this.#t.callSync(method, [this.#t.namespace, this.#t.id, ...rest] as unknown as ObjectStorageProtocol[M]['args']);
  }
}

type DropTwo<T extends readonly unknown[]> = T extends readonly [unknown, unknown, ...infer R] ? R : never;

function checkKey(key: unknown): string {
  if (typeof key !== 'string') throw new TypeError(`Keys must be strings, got ${describe(key)}`);
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new RangeError(`Keys cannot be larger than ${MAX_KEY_BYTES} bytes.`);
  return key;
}

function listOptions(options: unknown): ObjectStorageProtocol['list']['args'][2] {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') throw new TypeError(`kv.list(): options must be an object, got ${describe(options)}`);
  const o = options as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of ['start', 'startAfter', 'end', 'prefix'] as const) {
    if (o[name] === undefined) continue;
    out[name] = checkKey(o[name]);
  }
  if (o['reverse'] !== undefined) out['reverse'] = Boolean(o['reverse']);
  if (o['limit'] !== undefined) {
    if (typeof o['limit'] !== 'number' || !(o['limit'] > 0)) throw new TypeError('List limit must be positive.');
    out['limit'] = Math.floor(o['limit']);
  }
  if (out['start'] !== undefined && out['startAfter'] !== undefined) throw new TypeError('list(): start and startAfter cannot both be set');
  return out;
}

/** A bound value as it crosses: ArrayBuffers and typed arrays become bytes (a BLOB). */
function toBinding(value: unknown, index: number): SqlBinding {
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError(`sql.exec(): binding ${index + 1} is a bigint outside the safe integer range`);
    return Number(value);
  }
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer);
  throw new TypeError(`sql.exec(): binding ${index + 1} is ${describe(value)}; SQL values are strings, numbers, null and ArrayBuffers (or typed arrays)`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`}`;
}

export type { SqlStorageValue };

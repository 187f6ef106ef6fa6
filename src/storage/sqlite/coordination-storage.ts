import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../platform/clock.js';
import { LedgeError } from '../../platform/errors.js';
import type { CoordinationListOptions, CoordinationObjectStore, CoordinationSqlResult, CoordinationStoragePort } from '../ports.js';
import { damagedFileError, isDamagedFile } from './damage.js';
import { DEFAULT_IDLE_MS, HandleCache, defaultMaxOpen, type CachedHandle } from './coordination/handle-cache.js';
import { checkKey, checkWrite } from './coordination/limits.js';
import { ObjectDatabase } from './coordination/object-database.js';
import { ObjectIndex, pageOfIds } from './coordination/object-index.js';

/** The longest object name kept with an alarm: the longest an event may carry (bindings/coordination/protocol.ts). */
const MAX_OBJECT_NAME = 4096;
import { boundedReadQueries } from './coordination/read-query.js';
import { checkNamespace, checkObjectId, namespaceFolder, objectFile, objectPaths } from './coordination/paths.js';

/** Options of the coordination objects' store. */
export interface SqliteCoordinationOptions {
  clock: Clock;
  /** Object databases kept open at once. @default defaultMaxOpen(): half the open-file limit's worth, within [32, 4096] */
  maxOpen?: number;
  /** An object database unused this long is closed. @default DEFAULT_IDLE_MS (60 s) */
  idleMs?: number;
  /**
   * The most bytes every object of this store (one account, or one `ledge dev` state) may use together, asked at
   * each write (an operator may change it): while they use this much or more, a write that would grow its object's database is refused.
   * @default no limit
   */
  maxBytes?: () => number | undefined;
  /**
   * The refusal's text past `maxBytes`, naming the limit and how to raise it (`ledge dev` names its flag).
   * @default the account's limit, coordination_storage_mb, raised by the operator
   */
  limitMessage?: (limitBytes: number, usedBytes: number) => string;
  /** Told when an object's write has committed, before its history is recorded (a store process stops timing the call then). @default nothing */
  onCommitted?: () => void;
}

/** The refusal past an account's limit (ledge serve: the operator sets coordination_storage_mb). */
export const accountLimitMessage = (limit: number, used: number) =>
  `the account's coordination storage limit (coordination_storage_mb: ${Math.floor(limit / 1_048_576)} MiB) is reached: its objects use ${used} bytes; delete data or ask the operator to raise the limit`;

/** The port, plus what the platform and tests need of the adapter itself. */
export interface SqliteCoordinationStorage extends CoordinationStoragePort {
  /** How many object databases are open now. */
  openHandles(): number;
  /** Closes the object databases idle past the idle time (a timer does it too); returns how many. */
  closeIdle(): number;
  close(): void;
}

/** Wall time (ms) a step of the idle sweep closes handles for (at least one), and the least pause after it. */
const SWEEP_STEP_MS = 5;
const SWEEP_PAUSE_MS = 20;

/**
 * Coordination objects on SQLite under `root` (`<state>/coordination`): one database per object, made on its
 * first write, and one index of objects and alarms (docs/bindings/coordination.md, Storage).
 */
export function createSqliteCoordinationStorage(root: string, options: SqliteCoordinationOptions): SqliteCoordinationStorage {
  const clock = options.clock;
  const index = new ObjectIndex(root);
  const cache = new HandleCache<ObjectDatabase>({ clock, maxOpen: options.maxOpen ?? defaultMaxOpen(), idleMs: options.idleMs ?? DEFAULT_IDLE_MS });
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  // Idle handles are closed a few milliseconds' worth at a time, with pauses four times as long in between
  // (closeIdleWithin): calls keep most of the thread while a thousand objects that went idle together are closed.
  let sweeping: NodeJS.Timeout | undefined;
  const sweepSome = (): void => {
    sweeping = undefined;
    const step = cache.closeIdleWithin(SWEEP_STEP_MS);
    if (step.more) sweeping = setTimeout(sweepSome, Math.max(SWEEP_PAUSE_MS, 4 * step.tookMs)).unref();
  };
  const sweep = setInterval(() => { if (!sweeping) sweepSome(); }, Math.max(1000, Math.min(idleMs, 30_000)));
  sweep.unref();
  const cacheKey = (namespace: string, id: string) => `${namespace}\0${id}`;
  const readQuery = boundedReadQueries();
  const inNamespace = (namespace: string) => (key: string) => key.slice(0, -65) === namespace;

  /** The object's open database as the cache holds it; with `create`, made (and indexed) when it does not exist yet; otherwise undefined then. */
  function acquire(namespace: string, id: string, create: boolean): CachedHandle<ObjectDatabase> | undefined {
    const key = cacheKey(namespace, id);
    const open = cache.entry(key);
    if (open) return open;
    const file = path.join(root, objectFile('', namespace, id));
    if (!existsSync(file)) {
      if (!create) return undefined;
      index.markStored(namespace, id);
    }
    let database: ObjectDatabase;
    try {
      database = new ObjectDatabase(file, clock, options.onCommitted);
    } catch (err) {
      if (isDamagedFile(err)) throw damagedFileError(`the coordination object ${id} of ${namespace}`, file, err);
      throw err;
    }
    return cache.add(key, database);
  }

  function closeNamespace(namespace: string, refuseTransactions: boolean): void {
    for (const key of cache.keys(inNamespace(namespace))) {
      if (refuseTransactions && cache.get(key)?.inTransaction) throw new LedgeError('wrong_state', `an object of ${namespace} is in a transaction; end it first`);
    }
    for (const key of cache.keys(inNamespace(namespace))) cache.close(key);
  }

  /** The refusal a write that would grow storage gets while the store's objects use its limit or more (`maxBytes`); undefined below it. */
  function overLimit(): LedgeError | undefined {
    const limit = options.maxBytes?.();
    if (limit === undefined) return undefined;
    const used = index.totalSize();
    return used >= limit ? new LedgeError('operation_failed', (options.limitMessage ?? accountLimitMessage)(limit, used)) : undefined;
  }

  return {
    async open(namespace, id) {
      checkNamespace(namespace);
      checkObjectId(id);
      return new SqliteObjectStore(namespace, id, {
        acquire: (create) => acquire(namespace, id, create),
        use: (entry) => cache.use(entry),
        index,
        overLimit,
        deleteAll() {
          if (cache.get(cacheKey(namespace, id))?.inTransaction) throw new LedgeError('wrong_state', 'Cannot call deleteAll() within a transaction');
          cache.close(cacheKey(namespace, id));
          const folder = namespaceFolder(namespace);
          // The reference: deleteAll "does not remove the alarm"; the files go, the alarm's row stays.
          index.forgetStored(namespace, id, objectPaths(path.join(folder, `${id}.sqlite`)));
        },
      });
    },
    async list(namespace, options) {
      checkNamespace(namespace);
      return pageOfIds((after, limit) => index.list(namespace, after, limit), options);
    },
    async dueAlarms(now, limit) {
      return index.due(now, limit);
    },
    async retryAlarm(namespace, id, fired, next) {
      checkNamespace(namespace);
      checkObjectId(id);
      return index.retryAlarm(namespace, id, fired, next);
    },
    async namespaces() {
      return index.namespaces();
    },
    async usage() {
      return index.totalSize();
    },
    async query(namespace, id, sql, params) {
      checkNamespace(namespace);
      checkObjectId(id);
      return readQuery(path.join(root, objectFile('', namespace, id)), id, sql, params);
    },
    async deleteObject(namespace, id) {
      checkNamespace(namespace);
      checkObjectId(id);
      const key = cacheKey(namespace, id);
      if (cache.get(key)?.inTransaction) throw new LedgeError('wrong_state', `coordination object ${id} is in a transaction; end it first`);
      const known = index.get(namespace, id) !== undefined;
      cache.close(key);
      index.removeObject(namespace, id, objectPaths(path.join(namespaceFolder(namespace), `${id}.sqlite`)));
      return known;
    },
    async renameNamespace(from, to) {
      checkNamespace(from);
      checkNamespace(to);
      if (from === to) return;
      if (index.count(to) > 0) throw new LedgeError('conflict', `${to} already has coordination objects; ${from} cannot be renamed to it`);
      closeNamespace(from, true);
      closeNamespace(to, true);
      index.renameNamespace(from, to, namespaceFolder(from), namespaceFolder(to));
    },
    async deleteNamespace(namespace) {
      checkNamespace(namespace);
      closeNamespace(namespace, false);
      index.removeNamespace(namespace, namespaceFolder(namespace));
    },
    openHandles: () => cache.size,
    closeIdle: () => cache.closeIdle(),
    close() {
      clearInterval(sweep);
      clearTimeout(sweeping);
      cache.closeAll();
      index.close();
    },
  };
}

/** What one object's handle needs of the storage. */
interface ObjectAccess {
  acquire(create: boolean): CachedHandle<ObjectDatabase> | undefined;
  /** The cached database is used again (its idle time starts over). */
  use(entry: CachedHandle<ObjectDatabase>): ObjectDatabase;
  index: ObjectIndex;
  /** The refusal of a write that would grow storage, while the store is at or past its limit; undefined below it. */
  overLimit(): LedgeError | undefined;
  deleteAll(): void;
}

/**
 * One object's storage as its instance sees it. It holds no connection: each call takes the object's
 * database from the handle cache (opening it if it was closed meanwhile), so a handle kept by a long-lived
 * instance never pins a file, and reads of an object never written make no file.
 */
class SqliteObjectStore implements CoordinationObjectStore {
  readonly #namespace: string;
  readonly #id: string;
  readonly #access: ObjectAccess;
  #closed = false;
  /** The database as the cache last gave it: used again while the cache keeps it open, without a lookup by key. */
  #cached: CachedHandle<ObjectDatabase> | undefined;

  constructor(namespace: string, id: string, access: ObjectAccess) {
    this.#namespace = namespace;
    this.#id = id;
    this.#access = access;
  }

  #database(create: true): ObjectDatabase;
  #database(create: boolean): ObjectDatabase | undefined;
  #database(create: boolean): ObjectDatabase | undefined {
    this.#checkOpen();
    const cached = this.#cached;
    if (cached?.open) return this.#access.use(cached);
    const entry = this.#access.acquire(create);
    this.#cached = entry;
    return entry?.handle;
  }

  #checkOpen(): void {
    if (this.#closed) throw new LedgeError('wrong_state', `the storage handle of coordination object ${this.#id} is closed`);
  }

  async get(keys: readonly string[]): Promise<Map<string, Uint8Array>> {
    for (const key of keys) checkKey(key, keys.length > 1);
    return this.#database(false)?.get(keys) ?? new Map();
  }

  async list(options: CoordinationListOptions): Promise<[string, Uint8Array][]> {
    if (options.limit !== undefined && !(Number.isInteger(options.limit) && options.limit > 0)) throw new LedgeError('bad_argument', 'List limit must be positive.');
    return this.#database(false)?.list(options) ?? [];
  }

  async write(puts: readonly (readonly [string, Uint8Array])[], deletes: readonly string[]): Promise<number> {
    checkWrite(puts, deletes);
    if (puts.length === 0) {
      // Deleting from an object never written changes nothing and makes no file.
      const database = deletes.length > 0 ? this.#database(false) : undefined;
      return database ? database.write([], deletes) : 0;
    }
    return this.#growing((database) => database.write(puts, deletes));
  }

  /** Runs a change that may add data: measured after, and held to the store's limit when it is reached. */
  #growing<T>(work: (database: ObjectDatabase) => T): T {
    const over = this.#access.overLimit();
    if (over) return this.#withinRoom(over, work);
    const database = this.#database(true);
    const result = work(database);
    this.#measure(database);
    return result;
  }

  /**
   * Past the store's limit, a write runs only if it does not make the object's database larger: it runs in a
   * transaction (a savepoint inside one already open) that is undone when the database grew. So deletes, updates,
   * writes into the space deletes freed and `CREATE TABLE IF NOT EXISTS` of an existing table still run, and an
   * object whose constructor runs such DDL still starts (and can give space back). An object with no database yet
   * gets none: making one grows the storage.
   */
  #withinRoom<T>(refusal: LedgeError, work: (database: ObjectDatabase) => T): T {
    const database = this.#database(false);
    if (!database) throw refusal;
    const before = database.databaseSize();
    database.begin();
    let result: T;
    try {
      result = work(database);
    } catch (err) {
      // SQLite may have rolled the transaction back itself (a full disk): the error that matters is the write's.
      try { database.rollback(); } catch { /* nothing left to undo */ }
      throw err;
    }
    if (database.databaseSize() > before) {
      database.rollback();
      throw refusal;
    }
    database.commit();
    this.#measure(database);
    return result;
  }

  /** Records the database's size in the index after a change (the account's storage limit sums them). */
  #measure(database: ObjectDatabase): void {
    if (database.inTransaction) return;
    const size = database.committedSize();
    if (size === database.recordedSize) return;
    this.#access.index.setSize(this.#namespace, this.#id, size);
    database.recordedSize = size;
  }

  async deleteAll(): Promise<void> {
    this.#checkOpen();
    this.#access.deleteAll();
  }

  async exec(sql: string, params: readonly unknown[]): Promise<CoordinationSqlResult> {
    return this.#growing((database) => database.exec(sql, params));
  }

  async begin(): Promise<void> { this.#database(true).begin(); }

  async commit(): Promise<void> {
    const database = this.#inTransaction();
    database.commit();
    this.#measure(database);
  }

  async rollback(): Promise<void> { this.#inTransaction().rollback(); }

  #inTransaction(): ObjectDatabase {
    const database = this.#database(false);
    if (!database?.inTransaction) throw new LedgeError('wrong_state', 'no transaction is open');
    return database;
  }

  async databaseSize(): Promise<number> {
    return this.#database(false)?.databaseSize() ?? 0;
  }

  async bookmark(): Promise<string> { return this.#database(true).bookmark(); }

  async bookmarkAt(time: number): Promise<string> { return this.#database(true).bookmarkAt(time); }

  async restore(bookmark: string): Promise<string> {
    const database = this.#database(false);
    if (!database) throw new LedgeError('bad_argument', `"${bookmark}" is not a bookmark of this object (it has no stored data)`);
    const undo = database.restore(bookmark);
    this.#measure(database);
    return undo;
  }

  async getAlarm(): Promise<number | null> {
    this.#checkOpen();
    return this.#access.index.get(this.#namespace, this.#id)?.alarm ?? null;
  }

  async setAlarm(time: number | null, name?: string): Promise<void> {
    if (time !== null && !(typeof time === 'number' && Number.isFinite(time))) throw new LedgeError('bad_argument', 'an alarm time must be a finite number of milliseconds since the epoch, or null');
    if (name !== undefined && (typeof name !== 'string' || name.length > MAX_OBJECT_NAME)) throw new LedgeError('bad_argument', `an object's name must be a string of at most ${MAX_OBJECT_NAME} characters`);
    this.#checkOpen();
    this.#access.index.setAlarm(this.#namespace, this.#id, time === null ? null : Math.trunc(time), name);
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}

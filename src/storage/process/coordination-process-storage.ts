/**
 * Coordination objects served by the account's coordination store process (store-process.ts): the same
 * CoordinationStoragePort the embedded storage gives, so the directory, the instances and the account API work
 * unchanged above it, while an object's statement that runs past the time limit (`ctx.storage.sql.exec` of an
 * endless query) is stopped by killing that process instead of freezing the platform's thread.
 *
 * The process is one per account and of its own (not the account's SQL process): a SQL database's long query never
 * holds its objects' storage calls, nor the other way round, and a kill for one fails only the other's calls of the
 * same kind. The index's reads (due alarms, lists, usage) run here on a connection of their own (index-reader.ts),
 * so polling alarms neither starts the process nor waits behind an object's statement. The operator's read-only
 * query runs in its own short-lived process, as in the embedded storage.
 */
import path from 'node:path';
import { hasCode, LedgeError } from '../../platform/errors.js';
import { StoreStoppedError, type CoordinationListOptions, type CoordinationObjectStore, type CoordinationQueryResult, type CoordinationSqlResult, type CoordinationStoragePort } from '../ports.js';
import { accountLimitMessage } from '../sqlite/coordination-storage.js';
import { IndexReader } from '../sqlite/coordination/index-reader.js';
import { pageOfIds } from '../sqlite/coordination/object-index.js';
import { checkNamespace, checkObjectId, objectFile } from '../sqlite/coordination/paths.js';
import { boundedReadQueries } from '../sqlite/coordination/read-query.js';
import { parseLimitRefusal, type ObjectMethod } from './coordination-handlers.js';
import { StoreProcess, type StoreProcessSettings } from './store-process.js';

/** Options of the process-backed coordination storage of one account (or one `ledge dev` state). */
export interface ProcessCoordinationStorageOptions extends StoreProcessSettings {
  /** The most bytes the objects may use together, read at each write (an operator's change applies at once). @default no limit */
  maxBytes?: () => number | undefined;
  /** The refusal's text past that limit. @default the account's (coordination_storage_mb, raised by the operator) */
  limitMessage?: (limitBytes: number, usedBytes: number) => string;
  /** Told when an object's file turns out to be damaged (once per message). */
  onDamage?(error: LedgeError): void;
  /** The child's script (tests give a misbehaving one to check the adapter's checks). @default store-process-main */
  script?: string;
}

/** The coordination storage of one account in its own process, with `close()` to stop that process (owned by the caller). */
export interface ProcessCoordinationStorage extends CoordinationStoragePort {
  /** The process id of the store process, when one runs (tests kill it). */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

/** The failure of the storage call that ran past the time limit: the limit, and that nothing it did was kept. */
export function coordinationTimeLimitMessage(seconds: number): string {
  return `the query ran longer than ${seconds} s, the time limit of one storage call of a coordination object, and was stopped; nothing it did was kept (a transaction it was in was rolled back) and the object was reset`;
}

/** The failure of calls that were queued behind, or still open beside, one that was stopped. */
export const COORDINATION_STOPPED_MESSAGE = 'another storage call of this account\'s coordination objects ran past the time limit, so their store process was stopped before this call finished; nothing it did was kept (a transaction it was in was rolled back) and the object was reset. Run it again.';

/** The failure of a call on a handle whose transaction was lost when the store process stopped (it was rolled back there). */
const LOST_TRANSACTION = 'this object\'s transaction was rolled back: the coordination store process of this account was stopped while it was open; nothing of it was kept';

/** Starts nothing until the first call that needs the process. */
export function createProcessCoordinationStorage(options: ProcessCoordinationStorageOptions): ProcessCoordinationStorage {
  const root = path.join(options.dir, 'coordination');
  const index = new IndexReader(root);
  /** Transactions open on every handle: while there are any the process is not stopped for being idle (that would roll them back). */
  let openTransactions = 0;
  const store = new StoreProcess({
    kind: 'coordination', dir: options.dir, clock: options.clock, timeLimitMs: options.timeLimitMs, idleMs: options.idleMs, memoryBytes: options.memoryBytes, logger: options.logger,
    limitMessage: coordinationTimeLimitMessage,
    stoppedMessage: COORDINATION_STOPPED_MESSAGE,
    keepAlive: () => openTransactions > 0, script: options.script,
  });
  const reported = new Set<string>();
  const limitMessage = options.limitMessage ?? accountLimitMessage;
  const call = async (method: string, args: unknown[]): Promise<unknown> => {
    try {
      return await store.call(method, args);
    } catch (err) {
      if (hasCode(err, 'operation_failed')) {
        const refusal = parseLimitRefusal(err.message);
        if (refusal) throw new LedgeError('operation_failed', limitMessage(refusal.limitBytes, refusal.usedBytes));
      }
      if (!hasCode(err, 'store_damaged')) throw err;
      // The operator is told where the file is; the application learns no path.
      if (!reported.has(err.message)) {
        reported.add(err.message);
        options.onDamage?.(err as LedgeError);
      }
      throw new LedgeError('store_damaged', 'a coordination object\'s database is damaged and cannot be used until the platform\'s operator restores it');
    }
  };
  const context: HandleContext = {
    store, call,
    maxBytes: () => {
      const limit = options.maxBytes?.();
      return limit === undefined ? null : Math.max(0, Math.floor(limit));
    },
    transactions: (delta) => { openTransactions += delta; },
  };
  const readQuery = boundedReadQueries();
  return {
    get pid() { return store.pid; },
    async open(namespace, id) {
      checkNamespace(namespace);
      checkObjectId(id);
      return new ProcessObjectStore(namespace, id, context);
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
      return expect(await call('retryAlarm', [namespace, id, fired, next]), 'boolean', 'retryAlarm');
    },
    async namespaces() {
      return index.namespaces();
    },
    async usage() {
      return index.totalSize();
    },
    async query(namespace, id, sql, params): Promise<CoordinationQueryResult> {
      checkNamespace(namespace);
      checkObjectId(id);
      return readQuery(objectFile(root, namespace, id), id, sql, params);
    },
    async deleteObject(namespace, id) {
      checkNamespace(namespace);
      checkObjectId(id);
      return expect(await call('deleteObject', [namespace, id]), 'boolean', 'deleteObject');
    },
    async renameNamespace(from, to) {
      checkNamespace(from);
      checkNamespace(to);
      await call('renameNamespace', [from, to]);
    },
    async deleteNamespace(namespace) {
      checkNamespace(namespace);
      await call('deleteNamespace', [namespace]);
    },
    async close() {
      index.close();
      await store.close();
    },
  };
}

/** What every object's handle shares. */
interface HandleContext {
  store: StoreProcess;
  call(method: string, args: unknown[]): Promise<unknown>;
  /** The limit to send with a write, as it is now (null: none). */
  maxBytes(): number | null;
  transactions(delta: number): void;
}

/**
 * One object's store as its instance sees it: each call is one call to the store process. It remembers the
 * transactions it opened there and in which of the account's store processes (StoreProcess.epoch): when that process
 * ended, they were rolled back with it, so until the instance ends them every call fails (a commit too) and a
 * rollback succeeds at once, and nothing runs outside the transaction the caller believes it is in.
 */
class ProcessObjectStore implements CoordinationObjectStore {
  readonly #namespace: string;
  readonly #id: string;
  readonly #c: HandleContext;
  #closed = false;
  #depth = 0;
  #epoch = 0;

  constructor(namespace: string, id: string, context: HandleContext) {
    this.#namespace = namespace;
    this.#id = id;
    this.#c = context;
  }

  get #lost(): boolean {
    return this.#depth > 0 && this.#c.store.epoch !== this.#epoch;
  }

  #call(method: ObjectMethod, rest: unknown[], limit: number | null = null): Promise<unknown> {
    if (this.#closed) return Promise.reject(new LedgeError('wrong_state', `the storage handle of coordination object ${this.#id} is closed`));
    if (this.#lost) return Promise.reject(new StoreStoppedError(LOST_TRANSACTION));
    return this.#c.call(`object.${method}`, [limit, this.#namespace, this.#id, ...rest]);
  }

  async get(keys: readonly string[]): Promise<Map<string, Uint8Array>> {
    return new Map(pairs(await this.#call('get', [keys]), 'get'));
  }

  async list(options: CoordinationListOptions): Promise<[string, Uint8Array][]> {
    return pairs(await this.#call('list', [options]), 'list');
  }

  async write(puts: readonly (readonly [string, Uint8Array])[], deletes: readonly string[]): Promise<number> {
    return expect(await this.#call('write', [puts, deletes], this.#c.maxBytes()), 'number', 'write');
  }

  async deleteAll(): Promise<void> {
    await this.#call('deleteAll', []);
  }

  async exec(sql: string, params: readonly unknown[]): Promise<CoordinationSqlResult> {
    return sqlResult(await this.#call('exec', [sql, params], this.#c.maxBytes()));
  }

  async begin(): Promise<void> {
    const epoch = this.#c.store.epoch;
    await this.#call('begin', []);
    if (this.#depth === 0) this.#epoch = epoch;
    this.#depth++;
    this.#c.transactions(1);
  }

  async commit(): Promise<void> {
    if (this.#depth === 0) throw new LedgeError('wrong_state', 'no transaction is open');
    // A commit that fails leaves the transaction open, as SQLite does: the caller rolls it back (a lost one at once).
    await this.#call('commit', []);
    this.#ended();
  }

  async rollback(): Promise<void> {
    if (this.#depth === 0) throw new LedgeError('wrong_state', 'no transaction is open');
    // Rolled back already: the process that held it ended.
    if (this.#lost) return this.#ended();
    try {
      await this.#call('rollback', []);
    } catch (err) {
      if (!this.#lost) throw err;
    }
    this.#ended();
  }

  #ended(): void {
    this.#depth--;
    this.#c.transactions(-1);
  }

  async databaseSize(): Promise<number> {
    return expect(await this.#call('databaseSize', []), 'number', 'databaseSize');
  }

  async bookmark(): Promise<string> {
    return expect(await this.#call('bookmark', []), 'string', 'bookmark');
  }

  async bookmarkAt(time: number): Promise<string> {
    return expect(await this.#call('bookmarkAt', [time]), 'string', 'bookmarkAt');
  }

  async restore(bookmark: string): Promise<string> {
    return expect(await this.#call('restore', [bookmark]), 'string', 'restore');
  }

  async getAlarm(): Promise<number | null> {
    const alarm = await this.#call('getAlarm', []);
    return alarm === null ? null : expect(alarm, 'number', 'getAlarm');
  }

  async setAlarm(time: number | null, name?: string): Promise<void> {
    await this.#call('setAlarm', name === undefined ? [time] : [time, name]);
  }

  /** Ends this handle; a transaction it left open is rolled back (nothing of it was acknowledged). */
  async close(): Promise<void> {
    while (this.#depth > 0) await this.rollback().catch(() => this.#ended());
    this.#closed = true;
  }
}

function malformed(what: string): Error {
  return new LedgeError('operation_failed', `the coordination store process answered ${what} with something of the wrong shape`);
}

function expect<T extends 'number' | 'string' | 'boolean'>(value: unknown, type: T, what: string): T extends 'number' ? number : T extends 'string' ? string : boolean {
  if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) throw malformed(what);
  return value as T extends 'number' ? number : T extends 'string' ? string : boolean;
}

/** Key-value pairs as the process sends them: [key, bytes] each. */
function pairs(value: unknown, what: string): [string, Uint8Array][] {
  if (!Array.isArray(value)) throw malformed(what);
  for (const pair of value as unknown[]) {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || !(pair[1] instanceof Uint8Array)) throw malformed(what);
  }
  return value as [string, Uint8Array][];
}

/** One statement's answer: column names, rows of cells, and the two counts. */
function sqlResult(value: unknown): CoordinationSqlResult {
  const result = value as Partial<CoordinationSqlResult> | null;
  if (typeof result !== 'object' || result === null || !Array.isArray(result.columns) || !result.columns.every((c) => typeof c === 'string')
    || !Array.isArray(result.rows) || !result.rows.every(Array.isArray)
    || typeof result.rowsRead !== 'number' || typeof result.rowsWritten !== 'number') throw malformed('sql.exec');
  return { columns: result.columns, rows: result.rows, rowsRead: result.rowsRead, rowsWritten: result.rowsWritten };
}

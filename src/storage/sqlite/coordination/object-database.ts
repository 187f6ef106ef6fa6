import type Database from 'better-sqlite3';
import type { Clock } from '../../../platform/clock.js';
import { LedgeError } from '../../../platform/errors.js';
import { SqlStatementError, type CoordinationListOptions, type CoordinationSqlResult } from '../../ports.js';
import { splitSql } from '../../sql-tokens.js';
import { prefixEnd } from '../keys.js';
import { PitrDatabase } from '../pitr-database.js';
import { createResultBudget, SQL_RESULT_MAX_BYTES, type ResultBudget } from '../result-budget.js';
import { checkLength, checkValues } from '../statement-guard.js';
import { KV_TABLE, RESERVED_PREFIX, checkObjectStatement } from './sql-guard.js';

/** The most one `list()` may return, its keys' and values' bytes counted (64 more a pair): a query's bound, SQL_RESULT_MAX_BYTES. */
export const LIST_RESULT_MAX_BYTES = SQL_RESULT_MAX_BYTES;

/** The refusal of a `list()` past LIST_RESULT_MAX_BYTES, after `read` pairs. */
export function listTooLarge(read: number): string {
  return `list() would return over ${LIST_RESULT_MAX_BYTES / 1_048_576} MB (it passed it after ${read} pairs); read the object in pages: list({ limit, startAfter: the last key seen })`;
}

/** How long an object's history stays restorable: the reference's 30 days for `getBookmarkForTime`. */
export const OBJECT_RETENTION_DAYS = 30;

const encoder = new TextEncoder();

/**
 * One coordination object's open database: its key-value pairs in `_cf_KV` (keys as UTF-8 BLOBs, which SQLite
 * compares byte by byte, so every order is UTF-8 byte order), its SQL tables beside them, on the point-in-time
 * history every SQL database has (pitr-database.ts). Every write commits before it returns (WAL,
 * synchronous=NORMAL: it survives kill -9 of the process) unless a transaction is open.
 */
export class ObjectDatabase {
  readonly #pitr: PitrDatabase;
  #statements = new Map<string, Database.Statement>();
  /** Statement texts whose program was checked not to open the key-value table (this connection). */
  #planChecked = new Set<string>();
  /** The write of one turn as one transaction, made once per connection (making it per call costs more than the write). */
  #writeTransaction!: (puts: readonly (readonly [string, Uint8Array])[], deletes: readonly string[]) => number;
  /** One key's value, made once per connection (a read runs it on every call). */
  #select!: Database.Statement;
  /** One pair put: a single statement is its own transaction (no BEGIN and COMMIT to run around it). */
  #putOne!: (key: string, value: Uint8Array) => void;
  /** Open transactions: `begin` nests as savepoints, so `transaction()` inside `transactionSync()` works. */
  #depth = 0;
  /** The connection's page size, read once (`databaseSize` runs after every write). */
  #pageSize = 0;
  /**
   * The size the store's index holds for this object, as this handle last recorded it (undefined: not known yet).
   * The index changes an object's size only through its open handle or with the handle closed, so a write that
   * leaves the size unchanged (most of them) needs no index statement.
   */
  recordedSize: number | undefined;

  /** Told when a write has committed, before its history is recorded (a store process stops timing the call then). */
  readonly #onCommitted: (() => void) | undefined;

  constructor(file: string, clock: Clock, onCommitted?: () => void) {
    this.#onCommitted = onCommitted;
    this.#pitr = new PitrDatabase(file, {
      clock,
      retentionDays: OBJECT_RETENTION_DAYS,
      // One store owns an object's files (tools beside a running `ledge dev` open them read-only).
      soleWriter: true,
      onOpen: (db) => {
        db.pragma('foreign_keys = ON');
        db.exec(`CREATE TABLE IF NOT EXISTS ${KV_TABLE} (key BLOB PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID`);
        this.#statements.clear();
        this.#planChecked.clear();
        this.#pageSize = db.pragma('page_size', { simple: true }) as number;
        const put = db.prepare(`INSERT OR REPLACE INTO ${KV_TABLE} (key, value) VALUES (?, ?)`);
        const del = db.prepare(`DELETE FROM ${KV_TABLE} WHERE key = ?`);
        this.#select = db.prepare(`SELECT value FROM ${KV_TABLE} WHERE key = ?`);
        this.#putOne = (key, value) => { put.run(Buffer.from(key, 'utf8'), Buffer.from(value.buffer, value.byteOffset, value.byteLength)); };
        this.#writeTransaction = db.transaction((puts: readonly (readonly [string, Uint8Array])[], deletes: readonly string[]) => {
          let deleted = 0;
          for (const [key, value] of puts) this.#putOne(key, value);
          for (const key of new Set(deletes)) deleted += del.run(Buffer.from(key, 'utf8')).changes;
          return deleted;
        });
      },
    });
  }

  get #db(): Database.Database { return this.#pitr.db; }

  get inTransaction(): boolean { return this.#depth > 0; }

  #prepare(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      // Bounded: user SQL texts are many; the platform's own are few and come back at once.
      if (this.#statements.size >= 256) this.#statements.delete(this.#statements.keys().next().value as string);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  get(keys: readonly string[]): Map<string, Uint8Array> {
    const select = this.#select;
    if (keys.length === 1) {
      // One key (the usual read): no set, sort or copies of the pairs.
      const key = keys[0] as string;
      const row = select.get(Buffer.from(key, 'utf8')) as { value: Buffer } | undefined;
      return row ? new Map([[key, exact(row.value)]]) : new Map();
    }
    const found: [Buffer, string, Uint8Array][] = [];
    for (const key of new Set(keys)) {
      const encoded = Buffer.from(key, 'utf8');
      const row = select.get(encoded) as { value: Buffer } | undefined;
      if (row) found.push([encoded, key, exact(row.value)]);
    }
    // The reference's Map of several keys is in UTF-8 byte order.
    found.sort((a, b) => Buffer.compare(a[0], b[0]));
    return new Map(found.map(([, key, value]) => [key, value]));
  }

  list(options: CoordinationListOptions): [string, Uint8Array][] {
    const where: string[] = [];
    const params: Buffer[] = [];
    const bound = (op: string, key: string | Uint8Array) => {
      where.push(`key ${op} ?`);
      params.push(Buffer.from(typeof key === 'string' ? encoder.encode(key) : key));
    };
    if (options.start !== undefined) bound('>=', options.start);
    if (options.startAfter !== undefined) bound('>', options.startAfter);
    if (options.end !== undefined) bound('<', options.end);
    if (options.prefix !== undefined && options.prefix !== '') {
      const prefix = encoder.encode(options.prefix);
      bound('>=', prefix);
      const end = prefixEnd(prefix);
      if (end) bound('<', end);
    }
    const limit = options.limit ?? -1;
    const sql = `SELECT key, value FROM ${KV_TABLE}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY key ${options.reverse ? 'DESC' : 'ASC'} LIMIT ?`;
    // Counted as the pairs are read, like sql.exec's rows: an unlimited list of a large object was built whole (in
    // the account's store process, which a 480 MB object ended, failing its other objects' calls; under ledge dev's
    // thread isolation on the platform's own thread) and then copied to the isolate.
    const pairs: [string, Uint8Array][] = [];
    let left = LIST_RESULT_MAX_BYTES;
    for (const row of this.#prepare(sql).iterate(...params, limit) as IterableIterator<{ key: Buffer; value: Buffer }>) {
      left -= row.key.byteLength + row.value.byteLength + 64;
      if (left < 0) throw new LedgeError('bad_argument', listTooLarge(pairs.length));
      pairs.push([row.key.toString('utf8'), exact(row.value)]);
    }
    return pairs;
  }

  /** Puts, then deletes, in one transaction; returns how many of the deleted keys existed. */
  write(puts: readonly (readonly [string, Uint8Array])[], deletes: readonly string[]): number {
    const [only] = puts;
    const deleted = puts.length === 1 && deletes.length === 0 && only ? (this.#putOne(only[0], only[1]), 0) : this.#writeTransaction(puts, deletes);
    this.#afterCommit();
    return deleted;
  }

  /**
   * Runs `sql` (several statements separated by `;` run in order, in one transaction, the bound values given
   * to the last one) and returns the last statement's rows. `rowsRead` counts rows returned plus rows written
   * (SQLite does not report rows scanned); `rowsWritten` counts rows changed, by triggers too.
   */
  exec(sql: string, params: readonly unknown[]): CoordinationSqlResult {
    const statements = splitSql(sql);
    if (statements.length === 0) throw new SqlStatementError('No SQL statements detected.', 0);
    statements.forEach((text, index) => {
      try {
        checkObjectStatement(text);
        checkLength(text);
      } catch (err) {
        throw new SqlStatementError((err as Error).message, index);
      }
    });
    try {
      checkValues({ sql, params: params as never[] });
    } catch (err) {
      throw new SqlStatementError((err as Error).message, statements.length - 1);
    }
    const totalChanges = this.#prepare('SELECT total_changes() AS n');
    const changes = () => (totalChanges.get() as { n: number }).n;
    const run = (): CoordinationSqlResult => {
      const before = changes();
      let result: { columns: string[]; rows: unknown[][] } = { columns: [], rows: [] };
      let rowsReturned = 0;
      // The rows are built on the platform's thread: counted as they are read, so no result outgrows its memory.
      const budget = createResultBudget();
      statements.forEach((text, index) => {
        const last = index === statements.length - 1;
        try {
          const statement = this.#prepare(text);
          const values = last ? params.map(toSqlite) : [];
          this.#checkPlan(text, values);
          if (statement.reader) {
            const read = () => {
              statement.raw(true);
              try { return last ? collectRows(statement.iterate(...values) as IterableIterator<unknown[]>, budget) : countRows(statement.iterate(...values)); } finally { statement.raw(false); }
            };
            // A write that returns rows, stopped part way by the bound, must keep nothing: it runs in a transaction.
            const rows = statement.readonly || this.#db.inTransaction ? read() : this.#db.transaction(read)();
            if (typeof rows === 'number') rowsReturned += rows;
            else {
              rowsReturned += rows.length;
              result = { columns: statement.columns().map((c) => c.name), rows };
            }
          } else {
            statement.run(...values);
          }
        } catch (err) {
          throw new SqlStatementError(sqliteMessage(err), index);
        }
      });
      const written = changes() - before;
      return { ...result, rowsRead: rowsReturned + written, rowsWritten: written };
    };
    const result = statements.length > 1 ? this.#db.transaction(run)() : run();
    if (result.rowsWritten > 0 || !this.#isReadonly(statements)) this.#afterCommit();
    return result;
  }

  /**
   * The authorizer's part that text cannot do: a statement whose program opens the key-value table (by whatever
   * spelling reached it) is refused. Checked once per statement text and connection, from `EXPLAIN`.
   */
  #checkPlan(text: string, values: unknown[]): void {
    if (this.#planChecked.has(text)) return;
    const root = (this.#prepare(`SELECT rootpage FROM sqlite_master WHERE name = '${KV_TABLE}'`).get() as { rootpage: number } | undefined)?.rootpage;
    const program = this.#db.prepare(`EXPLAIN ${text}`).all(...values) as { opcode: string; p2: number; p3: number }[];
    if (program.some((op) => (op.opcode === 'OpenRead' || op.opcode === 'OpenWrite') && op.p3 === 0 && op.p2 === root)) {
      throw new Error(`access to ${KV_TABLE} is prohibited: names starting with ${RESERVED_PREFIX} are reserved for the platform: SQLITE_AUTH`);
    }
    if (this.#planChecked.size >= 256) this.#planChecked.clear();
    this.#planChecked.add(text);
  }

  #isReadonly(statements: string[]): boolean {
    return statements.every((text) => this.#prepare(text).readonly);
  }

  begin(): void {
    this.#db.exec(this.#depth === 0 ? 'BEGIN' : `SAVEPOINT ledge_${this.#depth}`);
    this.#depth++;
  }

  commit(): void {
    if (this.#depth === 0) throw new LedgeError('wrong_state', 'no transaction is open');
    this.#depth--;
    this.#db.exec(this.#depth === 0 ? 'COMMIT' : `RELEASE ledge_${this.#depth}`);
    if (this.#depth === 0) this.#afterCommit();
  }

  #afterCommit(): void {
    if (this.#db.inTransaction) return;
    this.#onCommitted?.();
    this.#pitr.afterCommit();
  }

  rollback(): void {
    if (this.#depth === 0) throw new LedgeError('wrong_state', 'no transaction is open');
    this.#depth--;
    if (this.#depth === 0) this.#db.exec('ROLLBACK');
    else this.#db.exec(`ROLLBACK TO ledge_${this.#depth}; RELEASE ledge_${this.#depth}`);
  }

  /** Bytes the database takes: its pages (the WAL folds into them). */
  databaseSize(): number {
    const pages = (this.#prepare('SELECT page_count AS n FROM pragma_page_count()').get() as { n: number }).n;
    return pages * this.#pageSize;
  }

  /**
   * The same size, outside a transaction, read from the WAL's last commit where it can be (pitr-database.ts
   * `committedPages`): what the store measures after every write.
   */
  committedSize(): number {
    const pages = this.#depth > 0 ? undefined : this.#pitr.committedPages();
    return pages === undefined ? this.databaseSize() : pages * this.#pageSize;
  }

  bookmark(): string { return this.#pitr.bookmark(); }

  bookmarkAt(time: number): string { return this.#pitr.bookmarkAt(time); }

  /** Restores in place; returns the bookmark of the state just before, which undoes it. */
  restore(bookmark: string): string {
    if (this.#depth > 0) throw new LedgeError('wrong_state', 'cannot restore while a transaction is open');
    return this.#pitr.restore(bookmark).previous_bookmark;
  }

  /** Ends the history's segment and closes; an open transaction is rolled back (nothing of it was acknowledged). */
  close(): void {
    if (this.#depth > 0 && this.#db.inTransaction) this.#db.exec('ROLLBACK');
    this.#depth = 0;
    this.#pitr.close();
  }
}

/** SQL values in: bytes of any view or ArrayBuffer become BLOBs. */
function toSqlite(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  return value;
}

/** SQL values out: BLOBs as bytes of their own (the runtime hands them to code as ArrayBuffers). */
function fromSqlite(value: unknown): unknown {
  return Buffer.isBuffer(value) ? exact(value) : value;
}

/** The last statement's rows, values converted, each counted against the call's budget (16 bytes a value, 96 a row). */
function collectRows(iterator: IterableIterator<unknown[]>, budget: ResultBudget): unknown[][] {
  const rows: unknown[][] = [];
  for (const row of iterator) {
    budget.spend(96);
    for (let i = 0; i < row.length; i++) {
      const value = row[i];
      budget.spend(16 + (typeof value === 'string' ? value.length * 2 : Buffer.isBuffer(value) ? value.byteLength : 0));
      row[i] = fromSqlite(value);
    }
    rows.push(row);
  }
  return rows;
}

/** An earlier statement's rows: stepped through and counted (rows read), never kept. */
function countRows(iterator: IterableIterator<unknown>): number {
  let n = 0;
  while (!iterator.next().done) n++;
  return n;
}

/** A Uint8Array owning exactly its bytes: a view into a larger buffer would carry all of it across a thread. */
function exact(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
}

function sqliteMessage(err: unknown): string {
  const e = err as { message?: string; code?: string };
  return e.code && e.code.startsWith('SQLITE_') ? `${e.message ?? String(err)}: ${e.code}` : e.message ?? String(err);
}

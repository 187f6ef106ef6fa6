import { statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Clock } from '../../platform/clock.js';
import { SqlStatementError, type SqlDatabasePort, type SqlQuery, type SqlResult, type SqlRestoreResult } from '../ports.js';
import { rewriteNumberedParams } from './numbered-params.js';
import { checkLength, checkStatement, checkValues } from './statement-guard.js';
import { createResultBudget, type ResultBudget } from './result-budget.js';
import { splitSql } from '../sql-tokens.js';
import { PitrDatabase } from './pitr-database.js';

/** One SQL database on SQLite with its point-in-time history (pitr-database.ts). */
export class SqliteDatabase implements SqlDatabasePort {
  readonly #file: string;
  readonly #pitr: PitrDatabase;
  #inode = 0;
  #pageSize: number | undefined;
  #cachedPages: number | undefined;
  #cachedRowId: number | undefined;
  /** Set when the directory watcher saw the database file replaced (a restore by another process). */
  #maybeReplaced = true;
  #watcher: FSWatcher | undefined;
  #statements = new Map<string, { statement: Database.Statement; order: number[] | undefined }>();
  readonly #onCommitted: (() => void) | undefined;

  /**
   * `checkpointBytes` and `baseEverySegments` tune how often segments and base copies are made (tests make them
   * small); `onCommitted` is told when a call's writes have committed, before its history is recorded (a store
   * process stops timing the call there: what remains is the platform's own work).
   */
  constructor(file: string, options: { clock: Clock; retentionDays: number; checkpointBytes?: number; baseEverySegments?: number; onCommitted?: () => void }) {
    this.#file = file;
    this.#onCommitted = options.onCommitted;
    this.#pitr = new PitrDatabase(file, { ...options, onOpen: (db) => this.#opened(db) });
  }

  get #db(): Database.Database { return this.#pitr.db; }

  /** Every connection the history opens (at start and after a restore): settings, caches, and the watcher that sees a restore by another process. */
  #opened(db: Database.Database): void {
    db.pragma('foreign_keys = ON');
    this.#inode = statSync(this.#file).ino;
    this.#statements.clear();
    this.#pageSize = undefined;
    this.#cachedPages = undefined;
    this.#cachedRowId = undefined;
    this.#maybeReplaced = false;
    if (!this.#watcher) {
      try {
        const name = path.basename(this.#file);
        this.#watcher = watch(path.dirname(this.#file), (_event, changed) => { if (changed === null || changed === name) this.#maybeReplaced = true; });
        this.#watcher.unref();
        this.#watcher.on('error', () => { this.#watcher = undefined; });
      } catch {
        this.#watcher = undefined; // without a watcher every query checks the file
      }
    }
  }

  /**
   * A restore by another process that replaced the file while these statements ran means they worked on the
   * old file: nothing they did is kept and what they read is gone, so they fail (the edge cancels in-flight
   * queries on restore too). The connection then follows the new file.
   */
  #failIfRestoredMeanwhile(index: number): void {
    if (this.#currentInode() === this.#inode) return;
    this.#follow();
    throw new SqlStatementError('the database was restored to an earlier point while this query ran; nothing it did was kept. Run it again.', index);
  }

  #currentInode(): number {
    try { return statSync(this.#file).ino; } catch { return this.#inode; }
  }

  /** A restore made by another process replaced the file: follow it. */
  #follow(): void {
    const inode = this.#currentInode();
    // Events for the same file (a checkpoint writing it) do not mean a restore: stop checking until the next one.
    if (inode === this.#inode) this.#maybeReplaced = false;
    else this.#pitr.reopen();
  }

  /** A cached prepared statement; `order` maps its placeholders to bound values when the text used `?NNN`. */
  #prepare(sql: string): { statement: Database.Statement; order: number[] | undefined } {
    let entry = this.#statements.get(sql);
    if (!entry) {
      // Checked once per statement text: what the statement may do does not depend on its values.
      checkStatement(sql);
      checkLength(sql);
      const numbered = rewriteNumberedParams(sql);
      entry = { statement: this.#db.prepare(numbered?.sql ?? sql), order: numbered?.order };
      if (this.#statements.size >= 256) this.#statements.delete(this.#statements.keys().next().value as string);
      this.#statements.set(sql, entry);
    }
    return entry;
  }

  async query(queries: SqlQuery[], format: 'objects' | 'rows'): Promise<SqlResult[]> {
    if (this.#maybeReplaced || !this.#watcher) this.#follow();
    const writes = queries.some((query) => !this.#isReadonly(query.sql));
    // One budget for the whole call: a batch's results travel back together.
    const budget = createResultBudget();
    const runAll = () => queries.map((query, index) => this.#execute(query, format, index, budget));
    const results = queries.length > 1 ? this.#db.transaction(runAll)() : runAll();
    // A write that landed on a file a restore had just replaced would be lost: check for every write.
    if (writes || this.#maybeReplaced) this.#failIfRestoredMeanwhile(queries.length - 1);
    if (writes || results.some((r) => r.meta.changed_db)) this.#afterCommit();
    return results;
  }

  #isReadonly(sql: string): boolean {
    try {
      return this.#prepare(sql).statement.readonly;
    } catch {
      return false; // #execute reports the error with its place
    }
  }

  async script(statements: string[]): Promise<void> {
    this.#follow();
    this.#db.transaction(() => {
      statements.forEach((sql, index) => {
        try {
          // Each statement runs as checked: prepare() takes exactly one, so a text the splitter read as one
          // statement but that SQLite reads as two fails instead of running a second, unchecked statement.
          for (const statement of splitSql(sql)) {
            checkStatement(statement);
            const prepared = this.#db.prepare(statement);
            if (prepared.reader) drain(prepared.iterate());
            else prepared.run();
          }
        } catch (err) {
          throw new SqlStatementError(sqliteMessage(err), index);
        }
      });
    })();
    this.#afterCommit();
  }

  #pageCount(): number {
    return (this.#prepare('SELECT page_count AS n FROM pragma_page_count()').statement.get() as { n: number }).n;
  }

  #lastRowId(): number {
    return Number((this.#prepare('SELECT last_insert_rowid() AS id').statement.get() as { id: number | bigint }).id);
  }

  #totalChanges(): number {
    return (this.#prepare('SELECT total_changes() AS n').statement.get() as { n: number }).n;
  }

  #execute(query: SqlQuery, format: 'objects' | 'rows', index: number, budget: ResultBudget): SqlResult {
    const started = performance.now();
    try {
      if (!/\S/.test(query.sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ''))) throw new Error('No SQL statements detected.');
      let prepared: { statement: Database.Statement; order: number[] | undefined };
      try {
        prepared = this.#prepare(query.sql);
      } catch (err) {
        if (!isSeveralStatements(err)) throw err;
        return this.#executeSeveral(query, format, index, budget);
      }
      const { statement, order } = prepared;
      checkValues(query);
      const params = order ? order.map((i) => toSqlite(query.params[i] ?? null)) : query.params.map(toSqlite);
      if (order && Math.max(...order) + 1 < query.params.length) throw new Error('Too many parameter values were provided');
      // Read-only statements change nothing: skip the change bookkeeping on the hot path.
      const before = statement.readonly ? 0 : this.#totalChanges();
      const rowIdBefore = statement.readonly ? 0 : this.#lastRowId();
      const pagesBefore = statement.readonly ? 0 : this.#pageCount();
      let results: unknown[] = [];
      let columns: string[] = [];
      if (statement.reader) {
        columns = statement.columns().map((c) => c.name);
        // Rows are read one at a time and counted, so a result too large to return fails with its own error
        // instead of taking the process's memory (all() would build it whole first). A statement that writes and
        // returns rows runs in a transaction (a savepoint inside a batch), so stopping it part way keeps nothing.
        const collect = () => format === 'rows' ? collectRows(statement, params, budget) : collectObjects(statement, params, budget);
        results = statement.readonly || this.#db.inTransaction ? collect() : this.#db.transaction(collect)();
      } else {
        statement.run(...params);
      }
      const changes = statement.readonly ? 0 : this.#totalChanges() - before;
      // A read changes neither the file's size nor the connection's last row id: reuse what the last write saw.
      const lastRowId = statement.readonly ? (this.#cachedRowId ??= this.#lastRowId()) : (this.#cachedRowId = this.#lastRowId());
      const pages = statement.readonly ? (this.#cachedPages ??= this.#pageCount()) : (this.#cachedPages = this.#pageCount());
      this.#pageSize ??= this.#db.pragma('page_size', { simple: true }) as number;
      const size = pages * this.#pageSize;
      // As the reference defines it: rows changed, a new row id, or the file grew or shrank (DDL).
      const changedDb = !statement.readonly && (changes > 0 || lastRowId !== rowIdBefore || pages !== pagesBefore);
      return {
        results,
        columns,
        meta: {
          served_by: 'ledge',
          duration: performance.now() - started,
          changes,
          last_row_id: lastRowId,
          changed_db: changedDb,
          size_after: size,
          rows_read: statement.reader ? results.length : 0,
          rows_written: changes,
        },
      };
    } catch (err) {
      throw new SqlStatementError(sqliteMessage(err), index);
    }
  }

  /**
   * A prepared text holding several statements runs as the original platform runs it (its SQL storage's
   * `exec`): every statement in order, in one transaction, the bound values applied to the last one, and
   * the result is the last statement's, with `changes` counting all of them (docs/bindings/sql.md).
   */
  #executeSeveral(query: SqlQuery, format: 'objects' | 'rows', index: number, budget: ResultBudget): SqlResult {
    const statements = splitSql(query.sql);
    const last = statements.pop() ?? '';
    return this.#db.transaction(() => {
      const before = this.#totalChanges();
      for (const sql of statements) {
        try {
          const { statement } = this.#prepare(sql);
          // Only the last statement's rows are returned: the others' are stepped through, never kept.
          if (statement.reader) drain(statement.iterate());
          else statement.run();
        } catch (err) {
          throw new SqlStatementError(sqliteMessage(err), index);
        }
        this.#cachedPages = undefined;
        this.#cachedRowId = undefined;
      }
      const result = this.#execute({ sql: last, params: query.params }, format, index, budget);
      const changes = this.#totalChanges() - before;
      return { ...result, meta: { ...result.meta, changes, rows_written: changes, changed_db: result.meta.changed_db || changes > 0 } };
    })();
  }

  #afterCommit(): void {
    this.#onCommitted?.();
    this.#pitr.afterCommit();
  }

  async bookmark(): Promise<string> {
    this.#follow();
    return this.#pitr.bookmark();
  }

  async bookmarkAt(time: number): Promise<string> {
    this.#follow();
    return this.#pitr.bookmarkAt(time);
  }

  async restore(bookmark: string): Promise<SqlRestoreResult> {
    this.#follow();
    return this.#pitr.restore(bookmark);
  }

  close(): void {
    this.#watcher?.close();
    this.#watcher = undefined;
    this.#pitr.close();
  }
}

function toSqlite(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return value;
}

/**
 * A value's cost against the call's budget, and the value as returned: BLOBs as arrays of byte values, as
 * existing application code expects, counted before they are copied (8 bytes a byte in V8's heap).
 */
function costOf(value: unknown): number {
  // SQLite gives numbers, bigints, strings, null and Buffers (BLOBs): the only objects are Buffers.
  if (typeof value === 'string') return 16 + value.length * 2;
  return typeof value === 'object' && value !== null ? 16 + (value as Buffer).byteLength * 8 : 16;
}

function fromSqlite(value: unknown): unknown {
  return Buffer.isBuffer(value) ? Array.from(value) : value;
}

/** Per row beyond its values (a row as an array costs about 128 bytes in V8's heap even with one column). */
const ROW_COST = 96;

/** Steps through every row, keeping none. */
function drain(rows: IterableIterator<unknown>): void {
  while (!rows.next().done);
}

function collectRows(statement: Database.Statement, params: unknown[], budget: ResultBudget): unknown[][] {
  const rows: unknown[][] = [];
  statement.raw(true);
  try {
    for (const row of statement.iterate(...params) as IterableIterator<unknown[]>) {
      let cost = ROW_COST;
      for (let i = 0; i < row.length; i++) cost += costOf(row[i]);
      // Counted before any BLOB is copied into an array: one too large fails here, not in the copy.
      budget.spend(cost);
      for (let i = 0; i < row.length; i++) if (Buffer.isBuffer(row[i])) row[i] = fromSqlite(row[i]);
      rows.push(row);
    }
  } finally {
    statement.raw(false);
  }
  return rows;
}

function collectObjects(statement: Database.Statement, params: unknown[], budget: ResultBudget): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  let keys: string[] | undefined;
  for (const row of statement.iterate(...params) as IterableIterator<Record<string, unknown>>) {
    keys ??= Object.keys(row);
    let cost = ROW_COST;
    let blobs = false;
    for (let i = 0; i < keys.length; i++) {
      const value = row[keys[i] as string];
      cost += costOf(value);
      if (typeof value === 'object' && value !== null) blobs = true;
    }
    budget.spend(cost);
    if (blobs) for (const key of keys) row[key] = fromSqlite(row[key]);
    rows.push(row);
  }
  return rows;
}

/** better-sqlite3 refuses to prepare a text with more than one statement. */
function isSeveralStatements(err: unknown): boolean {
  return err instanceof RangeError && /more than one statement/.test(err.message);
}

function sqliteMessage(err: unknown): string {
  const e = err as { message?: string; code?: string };
  return e.code && e.code.startsWith('SQLITE_') ? `${e.message ?? String(err)}: ${e.code}` : e.message ?? String(err);
}

import type { BindingCall } from '../protocol.js';
import { withOriginalName } from '../original-names.js';
import type { SqlProtocol, WireQuery, WireResult, WireValue } from './protocol.js';

const BOOKMARK = /^[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{12}$/;

/** The first word of the binding's error names: `SQL` (`SQL_ERROR`) or the original's `D1` (`D1_ERROR`), as the entry says. */
export type ErrorPrefix = 'SQL' | 'D1';

/** Converts one bound value the way existing code expects: booleans to 1/0, bytes to BLOBs; undefined and objects refused. */
function toWire(value: unknown, prefix: ErrorPrefix): WireValue {
  if (value === null || typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  if (Array.isArray(value) && value.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) return Uint8Array.from(value as number[]);
  throw new TypeError(`${prefix}_TYPE_ERROR: Type '${typeof value}' not supported for value '${String(value)}'`);
}

/** Where statements send their queries: the database, or a session that tracks bookmarks. */
interface QueryTarget {
  readonly prefix: ErrorPrefix;
  run(queries: WireQuery[], format: 'objects' | 'rows'): Promise<WireResult[]>;
}

/** A prepared statement: immutable; `bind()` returns a new one. */
export class SqlPreparedStatement {
  readonly #target: QueryTarget;
  readonly #sql: string;
  readonly #params: WireValue[];

  constructor(target: QueryTarget, sql: string, params: WireValue[] = []) {
    if (typeof sql !== 'string') throw new TypeError(`${target.prefix}_TYPE_ERROR: prepare() takes the SQL text as a string`);
    this.#target = target;
    this.#sql = sql;
    this.#params = params;
  }

  /** @internal the wire form, for batch(). */
  toWire(): WireQuery { return { sql: this.#sql, params: this.#params }; }

  /** @internal the database or session it belongs to. */
  get target(): QueryTarget { return this.#target; }

  bind(...values: unknown[]): SqlPreparedStatement {
    return new NamedPreparedStatement(this.#target, this.#sql, values.map((value) => toWire(value, this.#target.prefix)));
  }

  async first(column?: string): Promise<unknown> {
    const [result] = await this.#target.run([this.toWire()], 'objects');
    const row = result?.results[0] as Record<string, unknown> | undefined;
    if (row === undefined) return null;
    if (column === undefined) return row;
    if (!(column in row)) throw new Error(`${this.#target.prefix}_COLUMN_NOTFOUND: Column not found (${column})`);
    return row[column];
  }

  async all(): Promise<{ success: true; meta: Record<string, unknown>; results: unknown[] }> {
    const [result] = await this.#target.run([this.toWire()], 'objects');
    return toResult(result as WireResult);
  }

  async run(): Promise<{ success: true; meta: Record<string, unknown>; results: unknown[] }> {
    return this.all();
  }

  async raw(options?: { columnNames?: boolean }): Promise<unknown[]> {
    const [result] = await this.#target.run([this.toWire()], 'rows');
    const rows = (result as WireResult).results;
    return options?.columnNames ? [(result as WireResult).columns, ...rows] : rows;
  }
}

/** SqlPreparedStatement under the name the original platform gives it. */
const NamedPreparedStatement = withOriginalName(SqlPreparedStatement, 'D1PreparedStatement');

function toResult(result: WireResult): { success: true; meta: Record<string, unknown>; results: unknown[] } {
  return { success: true, meta: result.meta, results: result.results };
}

async function runBatch(target: QueryTarget, statements: unknown): Promise<unknown[]> {
  if (!Array.isArray(statements)) throw new TypeError(`${target.prefix}_TYPE_ERROR: batch() takes an array of prepared statements`);
  const queries = statements.map((s, i) => {
    if (!(s instanceof SqlPreparedStatement)) throw new TypeError(`${target.prefix}_TYPE_ERROR: batch() item ${i} is not a prepared statement`);
    return s.toWire();
  });
  if (queries.length === 0) return [];
  return (await target.run(queries, 'objects')).map(toResult);
}

/** A session: statements in it see at least the state of the newest bookmark it has seen. */
export class SqlSession {
  readonly #call: BindingCall<SqlProtocol>;
  #bookmark: string | null;

  readonly #target: QueryTarget;

  constructor(call: BindingCall<SqlProtocol>, bookmark: string | null, prefix: ErrorPrefix) {
    this.#call = call;
    this.#bookmark = bookmark;
    this.#target = {
      prefix,
      run: async (queries, format) => {
        const { results, bookmark: seen } = await this.#call('query', [queries, format, true]);
        if (seen !== undefined && (this.#bookmark === null || seen > this.#bookmark)) this.#bookmark = seen;
        return results;
      },
    };
  }

  prepare(sql: string): SqlPreparedStatement { return new NamedPreparedStatement(this.#target, sql); }
  batch(statements: SqlPreparedStatement[]): Promise<unknown[]> { return runBatch(this.#target, statements); }
  getBookmark(): string | null { return this.#bookmark; }
}

/** SqlSession under the name the original platform gives it. */
const NamedSession = withOriginalName(SqlSession, 'D1DatabaseSession');

/** The SQL database object application code finds in `env` (isolate side). */
export class SqlDatabaseBinding {
  readonly #call: BindingCall<SqlProtocol>;
  readonly #target: QueryTarget;

  constructor(call: BindingCall<SqlProtocol>, prefix: ErrorPrefix = 'SQL') {
    this.#call = call;
    this.#target = { prefix, run: async (queries, format) => (await call('query', [queries, format, false])).results };
  }

  prepare(sql: string): SqlPreparedStatement { return new NamedPreparedStatement(this.#target, sql); }

  batch(statements: SqlPreparedStatement[]): Promise<unknown[]> { return runBatch(this.#target, statements); }

  async exec(sql: string): Promise<{ count: number; duration: number }> {
    if (typeof sql !== 'string') throw new TypeError(`${this.#target.prefix}_TYPE_ERROR: exec() takes the SQL text as a string`);
    return this.#call('exec', [sql]);
  }

  withSession(constraintOrBookmark?: string): SqlSession {
    const given = constraintOrBookmark ?? 'first-unconstrained';
    if (given === 'first-unconstrained' || given === 'first-primary') return new NamedSession(this.#call, null, this.#target.prefix);
    if (typeof given === 'string' && BOOKMARK.test(given)) return new NamedSession(this.#call, given, this.#target.prefix);
    throw new Error(`${this.#target.prefix}_SESSION_ERROR: invalid bookmark or constraint`);
  }

  async dump(): Promise<ArrayBuffer> {
    throw new Error(`${this.#target.prefix}_DUMP_ERROR: dump() is not supported; read the database with ledge db execute`);
  }
}

/** SqlDatabaseBinding under the name the original platform gives it. */
export const NamedDatabase = withOriginalName(SqlDatabaseBinding, 'D1Database');


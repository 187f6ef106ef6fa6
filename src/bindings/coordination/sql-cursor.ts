/**
 * `SqlStorageCursor` (reference §4.3): the rows of one `ctx.storage.sql.exec`. The store runs the statement
 * whole before exec returns, so `rowsRead` and `rowsWritten` are final at once (on the original they grow as
 * rows are read); reading the rows is iterating this cursor, once: `next()`, `toArray()`, `one()` and the
 * iterator of `raw()` share one position. BLOBs are ArrayBuffers, as on the original.
 */

/** A value a SQL row holds, as application code sees it. */
export type SqlStorageValue = ArrayBuffer | string | number | null;

const NO_RESULTS = 'Expected exactly one result from SQL query, but got no results.';
const MANY_RESULTS = 'Expected exactly one result from SQL query, but got multiple results.';

/** The rows the store answered, BLOBs as bytes. */
export interface CursorSource {
  columns: string[];
  rows: unknown[][];
  rowsRead: number;
  rowsWritten: number;
}

export class SqlStorageCursor<T extends Record<string, SqlStorageValue> = Record<string, SqlStorageValue>> implements IterableIterator<T> {
  readonly #columns: string[];
  readonly #rows: SqlStorageValue[][];
  readonly #rowsRead: number;
  readonly #rowsWritten: number;
  #at = 0;

  constructor(source: CursorSource) {
    this.#columns = [...source.columns];
    this.#rows = source.rows.map((row) => row.map(toValue));
    this.#rowsRead = source.rowsRead;
    this.#rowsWritten = source.rowsWritten;
  }

  get columnNames(): string[] { return [...this.#columns]; }
  get rowsRead(): number { return this.#rowsRead; }
  get rowsWritten(): number { return this.#rowsWritten; }

  next(): IteratorResult<T, undefined> {
    const row = this.#take();
    return row ? { done: false, value: this.#object(row) } : { done: true, value: undefined };
  }

  toArray(): T[] {
    const out: T[] = [];
    for (let row = this.#take(); row; row = this.#take()) out.push(this.#object(row));
    return out;
  }

  /** The one row; throws (the reference's texts) when there is none or more than one. */
  one(): T {
    const row = this.#take();
    if (!row) throw new Error(NO_RESULTS);
    if (this.#at < this.#rows.length) {
      this.#at = this.#rows.length;
      throw new Error(MANY_RESULTS);
    }
    return this.#object(row);
  }

  /** The remaining rows as arrays of values in column order (duplicate column names keep every value). */
  raw<R extends SqlStorageValue[] = SqlStorageValue[]>(): IterableIterator<R> & { toArray(): R[] } {
    const take = () => this.#take() as R | undefined;
    const iterator = {
      next: (): IteratorResult<R, undefined> => {
        const row = take();
        return row ? { done: false, value: row } : { done: true, value: undefined };
      },
      toArray: (): R[] => {
        const out: R[] = [];
        for (let row = take(); row; row = take()) out.push(row);
        return out;
      },
      [Symbol.iterator]() { return iterator; },
    };
    return iterator;
  }

  [Symbol.iterator](): IterableIterator<T> { return this; }

  #take(): SqlStorageValue[] | undefined {
    if (this.#at >= this.#rows.length) return undefined;
    return this.#rows[this.#at++];
  }

  #object(row: SqlStorageValue[]): T {
    const out: Record<string, SqlStorageValue> = {};
    // Defined, not assigned: a column named __proto__ is a column like any other.
    this.#columns.forEach((name, i) => { Object.defineProperty(out, name, { value: row[i] ?? null, enumerable: true, writable: true, configurable: true }); });
    return out as T;
  }
}

/** A value from the store: bytes become an ArrayBuffer of their own. */
function toValue(value: unknown): SqlStorageValue {
  if (value instanceof Uint8Array) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer;
  if (typeof value === 'bigint') return Number(value);
  return value as SqlStorageValue;
}

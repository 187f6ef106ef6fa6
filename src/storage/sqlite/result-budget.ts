/**
 * The most one SQL call (a query or a whole batch) may return. Rows are built in the memory of the process that
 * runs the SQL (an account's store process under `ledge serve`, whose heap is bounded) and then copied to the
 * caller's isolate, so a result past what either can hold would end that process for every query of the account
 * in flight, or the isolate, with no word on why. Counted as the result's size in memory: 16 bytes a value plus
 * its text (2 bytes a character) or its BLOB (8 bytes a byte, since BLOBs return as arrays of numbers), 96 a row
 * (a row as an array, the 'rows' format, costs about 128 bytes in V8's heap even with one column).
 */
export const SQL_RESULT_MAX_BYTES = 128 * 1_048_576;

/** What one call's rows have cost so far; `spend` throws once they pass the bound. */
export interface ResultBudget {
  spend(bytes: number): void;
}

/** A fresh budget of `maxBytes` for one call. */
export function createResultBudget(maxBytes = SQL_RESULT_MAX_BYTES): ResultBudget {
  let left = maxBytes;
  return {
    spend(bytes) {
      left -= bytes;
      if (left < 0) throw new Error(`the result is over ${maxBytes / 1_048_576} MB in memory, the most one query or batch may return (read it in pages: LIMIT with a WHERE on the last key seen); nothing this query did was kept: SQLITE_TOOBIG`);
    },
  };
}

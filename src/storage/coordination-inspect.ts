import { LedgeError } from '../platform/errors.js';
import type { CoordinationQueryResult, CoordinationStoragePort } from './ports.js';

/** One object as an operator sees it: its size, alarm, key-value pairs (raw structured-clone bytes) and SQL tables. */
export interface CoordinationObjectView {
  /** Bytes of the object's database (0 when it holds no data, only an alarm). */
  size: number;
  alarm: number | null;
  /** Pairs in key order, at most the `limit` asked for. */
  pairs: { key: string; value: Uint8Array }[];
  /** True when the object has more pairs than were returned (past the limit asked for, or past INSPECT_VALUE_BYTES). */
  more: boolean;
  /** Its SQL tables (not the platform's own `_cf_` ones), with their row counts. */
  tables: { name: string; rows: number }[];
}

/**
 * The operators' view of a coordination store (`ledge coordination`, the account API's coordination routes):
 * read-only but for `deleteObject`. Under `ledge serve` it goes through the account's port; for `ledge dev`'s
 * state it reads the files read-only, so a running `ledge dev` is neither locked nor changed.
 */
export interface CoordinationInspector {
  namespaces(): Promise<{ namespace: string; objects: number }[]>;
  list(namespace: string, options: { cursor?: string; limit: number }): Promise<{ ids: string[]; cursor?: string }>;
  /** The object, or null when it has neither data nor an alarm. */
  inspect(namespace: string, id: string, options: { limit: number }): Promise<CoordinationObjectView | null>;
  /**
   * Runs one read-only SQL statement on the object's database, on a read-only connection beside its writer, bounded
   * in rows, bytes and time (src/storage/sqlite/coordination/read-query.ts).
   */
  query(namespace: string, id: string, sql: string, params?: readonly unknown[]): Promise<CoordinationQueryResult>;
  /** Deletes the object's data, history and alarm; false when there was nothing. */
  deleteObject(namespace: string, id: string): Promise<boolean>;
}

/** SQL that lists an object's own tables (the platform's `_cf_` tables left out, as the original's tools do). */
export const USER_TABLES_SQL = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name";

/** A table name quoted for SQL. */
export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The most bytes of stored values one inspection reads: a thousand values of 128 KB each, read and spelled out whole,
 * took the platform's process 800 MB more for one request (red team), and requests may run at once. Past it the
 * pairs stop early, marked `more` (at least one pair is always read).
 */
export const INSPECT_VALUE_BYTES = 1024 * 1024;
/** Pairs read at a time while the bytes are counted. */
const INSPECT_PAGE = 16;

/** Refuses a page size outside 1..1000. */
export function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new LedgeError('bad_argument', `a limit must be an integer from 1 to 1000 (got ${String(limit)})`);
}

/** The inspector of a store behind its port (ledge serve: the account's store, beside its live objects). */
export function portInspector(port: CoordinationStoragePort): CoordinationInspector {
  return {
    namespaces: () => port.namespaces(),
    list: (namespace, options) => { checkLimit(options.limit); return port.list(namespace, options); },
    async inspect(namespace, id, { limit }) {
      checkLimit(limit);
      const store = await port.open(namespace, id);
      try {
        const [size, alarm] = [await store.databaseSize(), await store.getAlarm()];
        if (size === 0) return alarm === null ? null : { size, alarm, pairs: [], more: false, tables: [] };
        const pairs: { key: string; value: Uint8Array }[] = [];
        let bytes = 0;
        let more = false;
        for (let after: string | undefined; ;) {
          const page = await store.list({ limit: INSPECT_PAGE, ...(after === undefined ? {} : { startAfter: after }) });
          for (const [key, value] of page) {
            if (pairs.length === limit || (pairs.length > 0 && bytes + value.byteLength > INSPECT_VALUE_BYTES)) { more = true; break; }
            pairs.push({ key, value });
            bytes += value.byteLength;
          }
          if (more || page.length < INSPECT_PAGE) break;
          after = page[page.length - 1]?.[0];
        }
        const tables: { name: string; rows: number }[] = [];
        for (const [name] of (await store.exec(USER_TABLES_SQL, [])).rows as [string][]) {
          const count = (await store.exec(`SELECT count(*) FROM ${quoteName(name)}`, [])).rows[0]?.[0];
          tables.push({ name, rows: Number(count) });
        }
        return { size, alarm, pairs, more, tables };
      } finally {
        await store.close();
      }
    },
    query: (namespace, id, sql, params) => port.query(namespace, id, sql, params),
    deleteObject: (namespace, id) => port.deleteObject(namespace, id),
  };
}

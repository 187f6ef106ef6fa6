import type Database from 'better-sqlite3';
import type { RecordStoragePort, StoredRecord } from '../observability.js';

/** Rows read per step of a filtered query (newest first). */
const PAGE = 500;
/** Rows written by one INSERT statement (fewer statements per batch). */
const ROWS_PER_INSERT = 50;

/** Invocation records on SQLite: one row per record, its JSON beside the columns a range reads. */
export function createSqliteRecordStorage<R extends StoredRecord>(db: Database.Database): RecordStoragePort<R> {
  db.exec(`CREATE TABLE IF NOT EXISTS invocation_records (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    time INTEGER NOT NULL,
    deployment TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    body TEXT NOT NULL
  )`);
  // No secondary index: every index is paid on each insert, on the platform's main thread. Reads page back
  // from the newest row (the primary key), and records arrive in about the order of their time.
  const insert = db.prepare<unknown[]>('INSERT INTO invocation_records (time, deployment, bytes, body) VALUES (?, ?, ?, ?)');
  const insertMany = db.prepare<unknown[]>(`INSERT INTO invocation_records (time, deployment, bytes, body) VALUES ${Array(ROWS_PER_INSERT).fill('(?, ?, ?, ?)').join(', ')}`);
  const appendAll = db.transaction((records: readonly R[]) => {
    let added = 0;
    const values: unknown[] = [];
    for (const record of records) {
      const body = JSON.stringify(record);
      const bytes = Buffer.byteLength(body);
      values.push(record.time, record.deployment, bytes, body);
      added += bytes;
      if (values.length === ROWS_PER_INSERT * 4) insertMany.run(values.splice(0));
    }
    for (let i = 0; i < values.length; i += 4) insert.run(values.slice(i, i + 4));
    return added;
  });
  const page = db.prepare<[string | null, string | null, number, number, number, number]>(`
    SELECT seq, body FROM invocation_records
    WHERE (? IS NULL OR deployment = ?) AND time >= ? AND time < ? AND seq < ?
    ORDER BY seq DESC LIMIT ?`);
  const total = db.prepare('SELECT coalesce(sum(bytes), 0) AS bytes FROM invocation_records');
  const oldestRows = db.prepare<[number, number]>('SELECT seq, time, bytes FROM invocation_records WHERE seq > ? ORDER BY seq LIMIT ?');
  // The total is read once and then kept: summing the whole table at every prune would stall the writer's thread.
  let totalBytes: number | undefined;
  const currentTotal = () => (totalBytes ??= (total.get() as { bytes: number }).bytes);
  const oldest = db.prepare<[number]>('SELECT seq, bytes FROM invocation_records ORDER BY seq LIMIT ?');
  const dropUpTo = db.prepare<[number]>('DELETE FROM invocation_records WHERE seq <= ?');

  return {
    append(records) {
      if (records.length === 0) return;
      const added = appendAll(records);
      if (totalBytes !== undefined) totalBytes += added;
    },
    query(range, keep, limit, scanLimit) {
      const found: R[] = [];
      const deployment = range.deployment ?? null;
      let scanned = 0;
      let below = Number.MAX_SAFE_INTEGER;
      while (found.length < limit && scanned < scanLimit) {
        const rows = page.all(deployment, deployment, range.from ?? 0, range.to ?? Number.MAX_SAFE_INTEGER, below, PAGE) as { seq: number; body: string }[];
        for (const row of rows) {
          scanned++;
          const record = JSON.parse(row.body) as R;
          if (keep(record)) found.push(record);
          if (found.length >= limit || scanned >= scanLimit) break;
        }
        if (rows.length < PAGE) break;
        below = (rows[rows.length - 1] as { seq: number }).seq;
      }
      return found;
    },
    prune(before, maxBytes) {
      let bytes = currentTotal();
      let removed = 0;
      // By age, from the oldest row up to the first one still within the retention (records arrive in about time order).
      for (let after = 0; ;) {
        const rows = oldestRows.all(after, PAGE) as { seq: number; time: number; bytes: number }[];
        const stop = rows.findIndex((row) => row.time >= before);
        const old = stop < 0 ? rows : rows.slice(0, stop);
        if (old.length) {
          const last = old[old.length - 1] as { seq: number };
          removed += dropUpTo.run(last.seq).changes;
          bytes -= old.reduce((sum, row) => sum + row.bytes, 0);
          after = last.seq;
        }
        if (stop >= 0 || rows.length < PAGE) break;
      }
      while (bytes > maxBytes) {
        const rows = oldest.all(PAGE) as { seq: number; bytes: number }[];
        if (rows.length === 0) break;
        let cut = 0;
        let freed = 0;
        for (const row of rows) {
          cut = row.seq;
          freed += row.bytes;
          if (bytes - freed <= maxBytes) break;
        }
        removed += dropUpTo.run(cut).changes;
        bytes -= freed;
      }
      totalBytes = bytes;
      return removed;
    },
    size() {
      return currentTotal();
    },
  };
}

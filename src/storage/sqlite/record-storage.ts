import type Database from 'better-sqlite3';
import type { InvocationRecord } from '../../observability/record.js';
import type { RecordStoragePort } from '../observability.js';

/** Rows read per step of a filtered query (newest first). */
const PAGE = 500;

/** Invocation records on SQLite: one row per record, its JSON beside the columns a range reads. */
export function createSqliteRecordStorage(db: Database.Database): RecordStoragePort {
  db.exec(`CREATE TABLE IF NOT EXISTS invocation_records (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    time INTEGER NOT NULL,
    deployment TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS invocation_records_time ON invocation_records (time);
  CREATE INDEX IF NOT EXISTS invocation_records_deployment ON invocation_records (deployment, time)`);
  const insert = db.prepare<[number, string, number, string]>('INSERT INTO invocation_records (time, deployment, bytes, body) VALUES (?, ?, ?, ?)');
  const appendAll = db.transaction((records: readonly InvocationRecord[]) => {
    let added = 0;
    for (const record of records) {
      const body = JSON.stringify(record);
      const bytes = Buffer.byteLength(body);
      insert.run(record.time, record.deployment, bytes, body);
      added += bytes;
    }
    return added;
  });
  const page = db.prepare<[string | null, string | null, number, number, number, number]>(`
    SELECT seq, body FROM invocation_records
    WHERE (? IS NULL OR deployment = ?) AND time >= ? AND time < ? AND seq < ?
    ORDER BY seq DESC LIMIT ?`);
  const total = db.prepare('SELECT coalesce(sum(bytes), 0) AS bytes FROM invocation_records');
  const dropOld = db.prepare<[number]>('DELETE FROM invocation_records WHERE time < ?');
  const oldBytes = db.prepare<[number]>('SELECT coalesce(sum(bytes), 0) AS bytes FROM invocation_records WHERE time < ?');
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
      const found: InvocationRecord[] = [];
      const deployment = range.deployment ?? null;
      let scanned = 0;
      let below = Number.MAX_SAFE_INTEGER;
      while (found.length < limit && scanned < scanLimit) {
        const rows = page.all(deployment, deployment, range.from ?? 0, range.to ?? Number.MAX_SAFE_INTEGER, below, PAGE) as { seq: number; body: string }[];
        for (const row of rows) {
          scanned++;
          const record = JSON.parse(row.body) as InvocationRecord;
          if (keep(record)) found.push(record);
          if (found.length >= limit || scanned >= scanLimit) break;
        }
        if (rows.length < PAGE) break;
        below = (rows[rows.length - 1] as { seq: number }).seq;
      }
      return found;
    },
    prune(before, maxBytes) {
      let bytes = currentTotal() - (oldBytes.get(before) as { bytes: number }).bytes;
      let removed = dropOld.run(before).changes;
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

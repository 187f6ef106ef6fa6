import type Database from 'better-sqlite3';
import type { EncodedRecord, RecordStoragePort, StoredRecord } from '../observability.js';

/** Chunks read per step of a filtered query (newest first). */
const PAGE = 64;
/** Most records in one chunk row. */
export const CHUNK_RECORDS = 256;
/** Most characters of record JSON in one chunk row (a record longer than this is a chunk of its own). */
export const CHUNK_CHARS = 64 * 1024;

interface ChunkRow { seq: number; body: string }

/**
 * Invocation records on SQLite, stored as **chunks**: one row holds up to CHUNK_RECORDS consecutive records (a
 * JSON array, in the order they were appended) with the time range they span and the deployments they are of. A row per record
 * cost about 10 µs of the platform's main thread per event (issue 17, item 6: most of the logging cost);
 * a row per chunk makes the insert a few hundred nanoseconds per record. Retention and the size cap drop
 * whole chunks, oldest first, so a chunk's records leave together (a chunk spans one flush, 250 ms).
 */
export function createSqliteRecordStorage<R extends StoredRecord>(db: Database.Database): RecordStoragePort<R> {
  // The row-per-record table of the first, unreleased store format: its records are diagnostics, not data.
  db.exec(`DROP TABLE IF EXISTS invocation_records;
  CREATE TABLE IF NOT EXISTS invocation_chunks (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    deployments TEXT NOT NULL,
    time_min INTEGER NOT NULL,
    time_max INTEGER NOT NULL,
    count INTEGER NOT NULL,
    bytes INTEGER NOT NULL,
    body TEXT NOT NULL
  )`);
  const insert = db.prepare<[string, number, number, number, number, string]>('INSERT INTO invocation_chunks (deployments, time_min, time_max, count, bytes, body) VALUES (?, ?, ?, ?, ?, ?)');
  const appendAll = db.transaction((chunks: readonly Chunk[]) => {
    let added = 0;
    for (const c of chunks) {
      const body = `[${c.parts.join(',')}]`;
      const bytes = Buffer.byteLength(body);
      insert.run(`\t${[...c.deployments].join('\t')}\t`, c.timeMin, c.timeMax, c.parts.length, bytes, body);
      added += bytes;
    }
    return added;
  });
  const page = db.prepare<[string | null, string | null, number, number, number, number]>(`
    SELECT seq, body FROM invocation_chunks
    WHERE (? IS NULL OR instr(deployments, ?) > 0) AND time_max >= ? AND time_min < ? AND seq < ?
    ORDER BY seq DESC LIMIT ?`);
  const total = db.prepare('SELECT coalesce(sum(bytes), 0) AS bytes FROM invocation_chunks');
  // The total is read once and then kept: summing the whole table at every prune would stall the writer's thread.
  let totalBytes: number | undefined;
  const currentTotal = () => (totalBytes ??= (total.get() as { bytes: number }).bytes);
  const oldest = db.prepare<[number, number]>('SELECT seq, time_max, count, bytes FROM invocation_chunks WHERE seq > ? ORDER BY seq LIMIT ?');
  const dropUpTo = db.prepare<[number]>('DELETE FROM invocation_chunks WHERE seq <= ?');

  return {
    append(records) {
      if (records.length === 0) return;
      const added = appendAll(toChunks(records));
      if (totalBytes !== undefined) totalBytes += added;
    },
    query(range, keep, limit, scanLimit) {
      const found: R[] = [];
      const deployment = range.deployment ?? null;
      const from = range.from ?? 0;
      const to = range.to ?? Number.MAX_SAFE_INTEGER;
      let scanned = 0;
      let below = Number.MAX_SAFE_INTEGER;
      for (;;) {
        const rows = page.all(deployment, deployment === null ? null : `\t${deployment}\t`, from, to, below, PAGE) as ChunkRow[];
        for (const row of rows) {
          const records = JSON.parse(row.body) as R[];
          for (let i = records.length - 1; i >= 0; i--) {
            const record = records[i] as R;
            scanned++;
            if (record.time >= from && record.time < to && (deployment === null || record.deployment === deployment) && keep(record)) found.push(record);
            if (found.length >= limit || scanned >= scanLimit) return found;
          }
        }
        if (rows.length < PAGE) return found;
        below = (rows[rows.length - 1] as ChunkRow).seq;
      }
    },
    prune(before, maxBytes) {
      let bytes = currentTotal();
      let removed = 0;
      // From the oldest chunk: those wholly older than the retention, then as many more as the size cap needs
      // (chunks arrive in about time order, so the walk stops at the first one still wanted).
      for (let after = 0; ;) {
        const rows = oldest.all(after, PAGE) as { seq: number; time_max: number; count: number; bytes: number }[];
        let cut = 0;
        let done = rows.length < PAGE;
        for (const row of rows) {
          if (row.time_max >= before && bytes <= maxBytes) {
            done = true;
            break;
          }
          cut = row.seq;
          bytes -= row.bytes;
          removed += row.count;
        }
        if (cut > 0) {
          dropUpTo.run(cut);
          after = cut;
        }
        if (done) break;
      }
      totalBytes = bytes;
      return removed;
    },
    size() {
      // Read afresh: another connection (the record writer's thread) may have written since.
      return (total.get() as { bytes: number }).bytes;
    },
  };
}

interface Chunk { deployments: Set<string>; parts: string[]; chars: number; timeMin: number; timeMax: number }

/** Splits a batch into chunks of consecutive records, each at most CHUNK_RECORDS records and CHUNK_CHARS characters of JSON. */
function toChunks(records: readonly EncodedRecord[]): Chunk[] {
  const chunks: Chunk[] = [];
  let chunk: Chunk | undefined;
  for (const record of records) {
    const { json } = record;
    if (!chunk || chunk.parts.length >= CHUNK_RECORDS || chunk.chars + json.length > CHUNK_CHARS) {
      chunk = { deployments: new Set(), parts: [], chars: 0, timeMin: record.time, timeMax: record.time };
      chunks.push(chunk);
    }
    chunk.deployments.add(record.deployment);
    chunk.parts.push(json);
    chunk.chars += json.length + 1;
    if (record.time < chunk.timeMin) chunk.timeMin = record.time;
    if (record.time > chunk.timeMax) chunk.timeMax = record.time;
  }
  return chunks;
}

import type Database from 'better-sqlite3';
import { prefixEnd } from './keys.js';
import type { KvEntry, KvListedKey, KvStoragePort } from '../ports.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The key-value port on SQLite. Keys are stored as UTF-8 BLOBs, which SQLite compares byte by byte: list order is UTF-8 byte order. */
export function createSqliteKvStorage(db: Database.Database): KvStoragePort {
  db.exec(`CREATE TABLE IF NOT EXISTS kv_entries (
    namespace TEXT NOT NULL,
    key BLOB NOT NULL,
    value BLOB NOT NULL,
    expiration INTEGER,
    metadata TEXT,
    PRIMARY KEY (namespace, key)
  ) WITHOUT ROWID`);
  const get = db.prepare<[string, Uint8Array, number]>('SELECT value, expiration, metadata FROM kv_entries WHERE namespace = ? AND key = ? AND (expiration IS NULL OR expiration > ?)');
  const put = db.prepare<[string, Uint8Array, Uint8Array, number | null, string | null]>('INSERT OR REPLACE INTO kv_entries (namespace, key, value, expiration, metadata) VALUES (?, ?, ?, ?, ?)');
  const del = db.prepare<[string, Uint8Array]>('DELETE FROM kv_entries WHERE namespace = ? AND key = ?');
  const list = db.prepare<[string, Uint8Array, Uint8Array, Uint8Array | null, Uint8Array | null, number]>(`
    SELECT key, expiration, metadata FROM kv_entries
    WHERE namespace = ? AND key >= ? AND key > ? AND (? IS NULL OR key < ?)
    ORDER BY key LIMIT ?`);
  const purge = db.prepare<[number]>('DELETE FROM kv_entries WHERE expiration IS NOT NULL AND expiration <= ?');
  let lastPurge = 0;

  return {
    async get(namespace, key, now) {
      const row = get.get(namespace, encoder.encode(key), now) as { value: Buffer; expiration: number | null; metadata: string | null } | undefined;
      if (!row) return null;
      return { value: new Uint8Array(row.value.buffer, row.value.byteOffset, row.value.byteLength), expiration: row.expiration, metadata: row.metadata } satisfies KvEntry;
    },
    async put(namespace, key, entry) {
      put.run(namespace, encoder.encode(key), entry.value, entry.expiration, entry.metadata);
    },
    async delete(namespace, key) {
      del.run(namespace, encoder.encode(key));
    },
    async list(namespace, options, now) {
      const prefix = encoder.encode(options.prefix);
      const upper = prefixEnd(prefix);
      const after = options.after === null ? new Uint8Array(0) : encoder.encode(options.after);
      const rows = list.all(namespace, prefix, after, upper, upper, options.limit + 1) as { key: Buffer; expiration: number | null; metadata: string | null }[];
      const scanned = rows.slice(0, options.limit);
      const keys = scanned
        .filter((row) => row.expiration === null || row.expiration > now)
        .map((row): KvListedKey => ({ name: decoder.decode(row.key), expiration: row.expiration, metadata: row.metadata }));
      const last = scanned.length ? decoder.decode((scanned.at(-1) as { key: Buffer }).key) : null;
      // Sweep expired entries now and then to keep the file small; until then they are skipped like tombstones.
      if (now - lastPurge > 60) {
        purge.run(now);
        lastPurge = now;
      }
      return { keys, last, more: rows.length > options.limit };
    },
  };
}

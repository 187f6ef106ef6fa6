import type Database from 'better-sqlite3';
import type { CacheEntry, CacheStoragePort } from '../ports.js';

/**
 * The Cache API's port on SQLite: one row per (cache, URL) with the response inline, and `last_used` for
 * least-recently-used eviction. A write and its eviction are one transaction, so the store never stays
 * above its bound.
 */
export function createSqliteCacheStorage(db: Database.Database): CacheStoragePort {
  db.exec(`CREATE TABLE IF NOT EXISTS cache_entries (
    cache TEXT NOT NULL,
    url TEXT NOT NULL,
    status INTEGER NOT NULL,
    status_text TEXT NOT NULL,
    headers TEXT NOT NULL,
    body BLOB NOT NULL,
    size INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    last_used INTEGER NOT NULL,
    PRIMARY KEY (cache, url)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS cache_entries_lru ON cache_entries (last_used);`);
  const get = db.prepare<[string, string, number]>('SELECT status, status_text, headers, body, expires_at FROM cache_entries WHERE cache = ? AND url = ? AND expires_at > ?');
  const touch = db.prepare<[number, string, string]>('UPDATE cache_entries SET last_used = ? WHERE cache = ? AND url = ?');
  const put = db.prepare<[string, string, number, string, string, Uint8Array, number, number, number]>('INSERT OR REPLACE INTO cache_entries (cache, url, status, status_text, headers, body, size, expires_at, last_used) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const del = db.prepare<[string, string, number]>('DELETE FROM cache_entries WHERE cache = ? AND url = ? AND expires_at > ?');
  const delExact = db.prepare<[string, string]>('DELETE FROM cache_entries WHERE cache = ? AND url = ?');
  const purgeUrl = db.prepare<[string]>('DELETE FROM cache_entries WHERE url = ?');
  const purgeAll = db.prepare('DELETE FROM cache_entries');
  const sweep = db.prepare<[number]>('DELETE FROM cache_entries WHERE expires_at <= ?');
  const total = db.prepare('SELECT COUNT(*) AS entries, COALESCE(SUM(size), 0) AS bytes FROM cache_entries');
  const oldest = db.prepare<[number]>('SELECT cache, url, size FROM cache_entries ORDER BY last_used LIMIT ?');

  const store = db.transaction((cache: string, url: string, entry: CacheEntry, now: number, maxBytes: number) => {
    put.run(cache, url, entry.status, entry.statusText, JSON.stringify(entry.headers), entry.body, entry.body.byteLength, entry.expiresAt, now);
    let { bytes } = total.get() as { bytes: number };
    if (bytes <= maxBytes) return;
    // Over the bound: expired entries go first, then the least recently used (never the one just written).
    sweep.run(now);
    ({ bytes } = total.get() as { bytes: number });
    while (bytes > maxBytes) {
      const victims = oldest.all(64) as { cache: string; url: string; size: number }[];
      const others = victims.filter((v) => v.cache !== cache || v.url !== url);
      if (others.length === 0) break;
      for (const victim of others) {
        if (bytes <= maxBytes) break;
        delExact.run(victim.cache, victim.url);
        bytes -= victim.size;
      }
    }
  });

  return {
    async get(cache, url, now) {
      const row = get.get(cache, url, now) as { status: number; status_text: string; headers: string; body: Buffer; expires_at: number } | undefined;
      if (!row) return null;
      touch.run(now, cache, url);
      return { status: row.status, statusText: row.status_text, headers: JSON.parse(row.headers) as string[], body: new Uint8Array(row.body.buffer, row.body.byteOffset, row.body.byteLength), expiresAt: row.expires_at };
    },
    async put(cache, url, entry, now, maxBytes) {
      store(cache, url, entry, now, maxBytes);
    },
    async delete(cache, url, now) {
      return del.run(cache, url, now).changes > 0;
    },
    async purge(urls) {
      if (urls === null) return purgeAll.run().changes;
      let count = 0;
      for (const url of urls) count += purgeUrl.run(url).changes;
      return count;
    },
    async usage() {
      return total.get() as { entries: number; bytes: number };
    },
  };
}

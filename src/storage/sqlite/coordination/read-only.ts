import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { LedgeError } from '../../../platform/errors.js';
import { USER_TABLES_SQL, checkLimit, quoteName, type CoordinationInspector } from '../../coordination-inspect.js';
import type { CoordinationStoragePort } from '../../ports.js';
import { KV_TABLE } from './sql-guard.js';
import { runReadQuery } from './read-query.js';
import { checkNamespace, checkObjectId, objectFile } from './paths.js';

/**
 * The inspector of a `ledge dev` state's coordination objects for tools running beside it: the index and each
 * object's database are opened read-only (WAL readers neither wait for nor block the writer, and a read-only
 * connection cannot change a file), so a running `ledge dev` is untouched. Deleting goes through the port and is
 * meant for a stopped `ledge dev` (docs/cli.md): it is refused while another process has the object's database
 * open (seen on Linux by the lock SQLite keeps on its `-shm` file, /proc/locks), so a live instance never keeps
 * writing to a deleted file.
 */
export function readOnlyInspector(root: string, port: () => CoordinationStoragePort): CoordinationInspector {
  const indexFile = path.join(root, 'index.sqlite');
  const withIndex = <T>(empty: T, work: (db: Database.Database) => T): T => {
    if (!existsSync(indexFile)) return empty;
    const db = new Database(indexFile, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    async namespaces() {
      return withIndex([], (db) => db.prepare('SELECT namespace, count(*) AS objects FROM objects GROUP BY namespace ORDER BY namespace').all() as { namespace: string; objects: number }[]);
    },
    async list(namespace, { cursor, limit }) {
      checkNamespace(namespace);
      checkLimit(limit);
      const ids = withIndex([], (db) => (db.prepare('SELECT id FROM objects WHERE namespace = ? AND id > ? ORDER BY id LIMIT ?').all(namespace, cursor ?? '', limit + 1) as { id: string }[]).map((r) => r.id));
      if (ids.length <= limit) return { ids };
      const page = ids.slice(0, limit);
      return { ids: page, cursor: page[page.length - 1] };
    },
    async inspect(namespace, id, { limit }) {
      checkNamespace(namespace);
      checkObjectId(id);
      checkLimit(limit);
      const row = withIndex(undefined, (db) => db.prepare('SELECT alarm, stored FROM objects WHERE namespace = ? AND id = ?').get(namespace, id) as { alarm: number | null; stored: number } | undefined);
      if (!row) return null;
      const file = objectFile(root, namespace, id);
      if (row.stored !== 1 || !existsSync(file)) return { size: 0, alarm: row.alarm, pairs: [], more: false, tables: [] };
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        db.pragma('busy_timeout = 5000');
        const size = (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
        const hasKv = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(KV_TABLE) !== undefined;
        const rows = hasKv ? db.prepare(`SELECT key, value FROM ${KV_TABLE} ORDER BY key LIMIT ?`).all(limit + 1) as { key: Buffer; value: Buffer }[] : [];
        const tables = (db.prepare(USER_TABLES_SQL).all() as { name: string }[]).map(({ name }) => ({ name, rows: Number((db.prepare(`SELECT count(*) AS n FROM ${quoteName(name)}`).get() as { n: number }).n) }));
        return {
          size, alarm: row.alarm, tables, more: rows.length > limit,
          pairs: rows.slice(0, limit).map((r) => ({ key: r.key.toString('utf8'), value: new Uint8Array(r.value) })),
        };
      } finally {
        db.close();
      }
    },
    async query(namespace, id, sql, params) {
      checkNamespace(namespace);
      checkObjectId(id);
      const file = objectFile(root, namespace, id);
      if (!existsSync(file)) throw new LedgeError('not_found', `object ${id} has no database (it holds no data)`);
      // The same runner as ledge serve's: a read-only connection in a process of its own, bounded in rows, bytes and time.
      return runReadQuery(file, sql, params);
    },
    async deleteObject(namespace, id) {
      checkNamespace(namespace);
      checkObjectId(id);
      const file = objectFile(root, namespace, id);
      if (openElsewhere(file)) {
        throw new LedgeError('wrong_state', `coordination object ${id} is open in a running ledge dev; stop it (or wait a minute, until the object is idle and closed) and try again`);
      }
      return port().deleteObject(namespace, id);
    },
  };
}

/**
 * True when another process holds a lock on the object's database or its shared-memory file: every connection of
 * a WAL database keeps a shared lock on a byte of `-shm` while it is open. Read from /proc/locks (Linux); where that
 * does not exist, false.
 */
function openElsewhere(file: string): boolean {
  let locks: string;
  try {
    locks = readFileSync('/proc/locks', 'utf8');
  } catch {
    return false;
  }
  const targets = [file, `${file}-shm`].filter((f) => existsSync(f)).map((f) => {
    const stat = statSync(f);
    const major = Math.floor(stat.dev / 256) & 0xfff;
    const minor = (stat.dev & 0xff) | ((Math.floor(stat.dev / 4096)) & 0xfff00);
    return `${major.toString(16).padStart(2, '0')}:${minor.toString(16).padStart(2, '0')}:${stat.ino}`;
  });
  return locks.split('\n').some((line) => {
    const fields = line.trim().split(/\s+/);
    // `N: POSIX ADVISORY READ <pid> <major:minor:inode> <start> <end>`; waiting locks (`->`) are skipped.
    if (fields[1] === '->' || fields.length < 6) return false;
    return Number(fields[4]) !== process.pid && targets.includes(fields[5] as string);
  });
}

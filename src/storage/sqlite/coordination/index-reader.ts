import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { DueAlarm } from './object-index.js';

/**
 * Reads one state directory's coordination index (`index.sqlite`, written by ObjectIndex in the account's store
 * process) from the platform's own process: the alarm runner polls `due` several times a second for every
 * deployment with objects, which must neither start the account's store process nor wait behind an object's long
 * statement there. These are the platform's own statements on one small indexed table (they cannot run long), and a
 * WAL reader never waits for the writer. Nothing here writes.
 */
export class IndexReader {
  readonly #file: string;
  #db: Database.Database | undefined;
  #statements: ReturnType<typeof prepare> | undefined;

  constructor(root: string) {
    this.#file = path.join(root, 'index.sqlite');
  }

  /** The statements, once the index exists and has its tables (the store process makes them on its first call). */
  #open(): ReturnType<typeof prepare> | undefined {
    if (this.#statements) return this.#statements;
    if (!existsSync(this.#file)) return undefined;
    const db = new Database(this.#file, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      const ready = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'objects'").get() as { n: number };
      const columns = ready.n > 0 ? new Set((db.pragma('table_info(objects)') as { name: string }[]).map((c) => c.name)) : new Set<string>();
      if (!columns.has('size') || !columns.has('retries') || !columns.has('name')) {
        db.close();
        return undefined;
      }
      this.#statements = prepare(db);
      this.#db = db;
      return this.#statements;
    } catch (err) {
      db.close();
      throw err;
    }
  }

  due(now: number, limit: number): DueAlarm[] {
    const rows = (this.#open()?.due.all(now, limit) ?? []) as (DueAlarm & { name: string | null })[];
    return rows.map(({ name, ...alarm }) => (name === null ? alarm : { ...alarm, name }));
  }

  list(namespace: string, after: string, limit: number): string[] {
    return ((this.#open()?.list.all(namespace, after, limit) ?? []) as { id: string }[]).map((row) => row.id);
  }

  namespaces(): { namespace: string; objects: number }[] {
    return (this.#open()?.namespaces.all() ?? []) as { namespace: string; objects: number }[];
  }

  totalSize(): number {
    return (this.#open()?.totalSize.get() as { n: number | null } | undefined)?.n ?? 0;
  }

  close(): void {
    this.#db?.close();
    this.#db = undefined;
    this.#statements = undefined;
  }
}

/** The same statements as ObjectIndex's reads. */
function prepare(db: Database.Database) {
  return {
    due: db.prepare('SELECT namespace, id, alarm AS time, retries AS retryCount, coalesce(first_time, alarm) AS scheduledTime, name FROM objects WHERE alarm IS NOT NULL AND alarm <= ? ORDER BY alarm, namespace, id LIMIT ?'),
    list: db.prepare('SELECT id FROM objects WHERE namespace = ? AND id > ? ORDER BY id LIMIT ?'),
    namespaces: db.prepare('SELECT namespace, count(*) AS objects FROM objects GROUP BY namespace ORDER BY namespace'),
    totalSize: db.prepare('SELECT sum(size) AS n FROM objects'),
  };
}

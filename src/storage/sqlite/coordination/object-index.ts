import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openDatabase } from '../open.js';
import { TRASH_DIR } from './paths.js';
import { LedgeError } from '../../../platform/errors.js';

/** One object the index knows: it has a database file (`stored`), an alarm, or both. */
export interface IndexedObject {
  namespace: string;
  id: string;
  alarm: number | null;
  stored: boolean;
}

/** A due alarm, with how often its handler has failed so far and when it first came due (a retry keeps both). */
export interface DueAlarm {
  namespace: string;
  id: string;
  time: number;
  retryCount: number;
  scheduledTime: number;
  /** The object's name (`idFromName`), when the instance that set the alarm knew it: `ctx.id.name` in the handler. */
  name?: string;
}

/**
 * The index of one state directory's coordination objects (`coordination/index.sqlite`): which objects exist
 * and each one's alarm, so `dueAlarms` and `list` read one small file instead of opening thousands. The alarm
 * lives only here (one row per object), so setting it is one durable commit.
 *
 * Removing or moving files cannot share a transaction with the index, so the index records the file work
 * first (`pending`) in the same transaction as its own change, then does it, then forgets it; work left by a
 * crash is finished when the index opens again, before anything else reads the files.
 */
export class ObjectIndex {
  readonly #root: string;
  readonly #db: Database.Database;
  readonly #statements: ReturnType<typeof prepareStatements>;

  constructor(root: string) {
    this.#root = root;
    mkdirSync(root, { recursive: true });
    this.#db = openDatabase(path.join(root, 'index.sqlite'));
    this.#db.exec(`CREATE TABLE IF NOT EXISTS objects (
        namespace TEXT NOT NULL, id TEXT NOT NULL, alarm INTEGER, stored INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (namespace, id)) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS objects_alarm ON objects (alarm) WHERE alarm IS NOT NULL;
      CREATE TABLE IF NOT EXISTS pending (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, source TEXT NOT NULL, target TEXT);`);
    // An alarm's retries so far and the time it first came due, so a retry after a restart continues the count.
    // Added after the first index format: an index made before them gains the columns (no retries pending).
    const columns = new Set((this.#db.pragma('table_info(objects)') as { name: string }[]).map((c) => c.name));
    if (!columns.has('retries')) this.#db.exec('ALTER TABLE objects ADD COLUMN retries INTEGER NOT NULL DEFAULT 0; ALTER TABLE objects ADD COLUMN first_time INTEGER');
    if (!columns.has('size')) this.#db.exec('ALTER TABLE objects ADD COLUMN size INTEGER NOT NULL DEFAULT 0');
    // The name an alarm's handler sees as ctx.id.name (the original keeps it since 2026-03): recorded with the alarm.
    if (!columns.has('name')) this.#db.exec('ALTER TABLE objects ADD COLUMN name TEXT');
    this.#statements = prepareStatements(this.#db);
    this.#finishPending();
  }

  get(namespace: string, id: string): IndexedObject | undefined {
    const row = this.#statements.get.get(namespace, id) as { namespace: string; id: string; alarm: number | null; stored: number } | undefined;
    return row && { ...row, stored: row.stored === 1 };
  }

  /** Records that the object has a database file; called before the file is made, so a file never exists unindexed. */
  markStored(namespace: string, id: string): void {
    this.#statements.markStored.run(namespace, id);
  }

  /** Sets or (null) removes the object's alarm; `name`, when given, is kept for the handler (an earlier one stays otherwise). */
  setAlarm(namespace: string, id: string, time: number | null, name?: string): void {
    this.#db.transaction(() => {
      this.#statements.setAlarm.run(namespace, id, time, name ?? null);
      if (time === null) this.#statements.dropIfEmpty.run(namespace, id);
    })();
  }

  list(namespace: string, after: string, limit: number): string[] {
    return (this.#statements.list.all(namespace, after, limit) as { id: string }[]).map((row) => row.id);
  }

  due(now: number, limit: number): DueAlarm[] {
    return (this.#statements.due.all(now, limit) as (DueAlarm & { name: string | null })[]).map(({ name, ...alarm }) => (name === null ? alarm : { ...alarm, name }));
  }

  /**
   * A failed alarm handler: if the object's alarm is still `fired` (the handler neither set nor deleted it), it
   * becomes `next` with one more retry and the same first time, or goes when `next` is null. One transaction, so
   * the count is durable with the new time. Returns whether the alarm was still `fired`.
   */
  retryAlarm(namespace: string, id: string, fired: number, next: number | null): boolean {
    return this.#db.transaction(() => {
      const changed = next === null
        ? this.#statements.setAlarmIf.run(null, namespace, id, fired).changes
        : this.#statements.retryAlarm.run(next, namespace, id, fired).changes;
      if (next === null) this.#statements.dropIfEmpty.run(namespace, id);
      return changed > 0;
    })();
  }

  /** The sum of every object's size, kept once summed (each write asks for it); removals drop it to be summed again. */
  #total: number | undefined;

  /** Space every object's database of this index uses, as last measured (`setSize`), in bytes. */
  totalSize(): number {
    this.#total ??= (this.#statements.totalSize.get() as { n: number | null }).n ?? 0;
    return this.#total;
  }

  /** Records the size of an object's database after a write (for the account's storage limit). */
  setSize(namespace: string, id: string, bytes: number): void {
    const before = (this.#statements.getSize.get(namespace, id) as { size: number } | undefined)?.size;
    if (before === undefined || before === bytes) return;
    this.#statements.setSize.run(bytes, namespace, id);
    if (this.#total !== undefined) this.#total += bytes - before;
  }

  /** Every namespace with objects, with how many it has. */
  namespaces(): { namespace: string; objects: number }[] {
    return this.#statements.namespaces.all() as { namespace: string; objects: number }[];
  }

  /** The object's database file is gone (deleteAll) but its alarm stays: the reference's deleteAll keeps it. */
  forgetStored(namespace: string, id: string, paths: string[]): void {
    this.#total = undefined;
    const work = this.#db.transaction(() => {
      this.#statements.forgetStored.run(namespace, id);
      this.#statements.dropIfEmpty.run(namespace, id);
      return paths.map((p) => Number(this.#statements.addPending.run('remove', p, null).lastInsertRowid));
    })();
    paths.forEach((p, i) => this.#remove(work[i] as number, p));
  }

  count(namespace: string): number {
    return (this.#statements.count.get(namespace) as { n: number }).n;
  }

  /** Forgets one object (and its alarm), then removes `paths` (its files). */
  removeObject(namespace: string, id: string, paths: string[]): void {
    this.#total = undefined;
    const work = this.#db.transaction(() => {
      this.#statements.remove.run(namespace, id);
      return paths.map((p) => Number(this.#statements.addPending.run('remove', p, null).lastInsertRowid));
    })();
    paths.forEach((p, i) => this.#remove(work[i] as number, p));
  }

  /** Moves a namespace's rows to another name, then its folder `from` to `to`. */
  renameNamespace(from: string, to: string, fromFolder: string, toFolder: string): void {
    const seq = this.#db.transaction(() => {
      this.#statements.rename.run(to, from);
      return Number(this.#statements.addPending.run('move', fromFolder, toFolder).lastInsertRowid);
    })();
    this.#move(seq, fromFolder, toFolder);
  }

  /** Forgets a namespace's objects, then removes its folder. */
  removeNamespace(namespace: string, folder: string): void {
    this.#total = undefined;
    const seq = this.#db.transaction(() => {
      this.#statements.removeNamespace.run(namespace);
      return Number(this.#statements.addPending.run('remove', folder, null).lastInsertRowid);
    })();
    this.#remove(seq, folder);
  }

  #finishPending(): void {
    for (const row of this.#statements.allPending.all() as { seq: number; kind: string; source: string; target: string | null }[]) {
      if (row.kind === 'move' && row.target !== null) this.#move(row.seq, row.source, row.target);
      else this.#remove(row.seq, row.source);
    }
    rmSync(path.join(this.#root, TRASH_DIR), { recursive: true, force: true });
  }

  /** Renames to the trash first (one step that either happened or did not), then deletes at leisure. */
  #remove(seq: number, relative: string): void {
    const source = path.join(this.#root, relative);
    if (existsSync(source)) {
      const trash = path.join(this.#root, TRASH_DIR, randomBytes(8).toString('hex'));
      mkdirSync(path.dirname(trash), { recursive: true });
      renameSync(source, trash);
      rmSync(trash, { recursive: true, force: true });
    }
    this.#statements.donePending.run(seq);
  }

  #move(seq: number, fromRelative: string, toRelative: string): void {
    const from = path.join(this.#root, fromRelative);
    const to = path.join(this.#root, toRelative);
    if (existsSync(from)) {
      // A folder left at the target holds nothing the index knows (the caller checked it is empty): set it aside.
      if (existsSync(to)) {
        const trash = path.join(this.#root, TRASH_DIR, randomBytes(8).toString('hex'));
        mkdirSync(path.dirname(trash), { recursive: true });
        renameSync(to, trash);
      }
      renameSync(from, to);
    }
    this.#statements.donePending.run(seq);
  }

  close(): void {
    this.#db.close();
  }
}

/** The index's statements, prepared once. */
function prepareStatements(db: Database.Database) {
  const prepare = (sql: string) => db.prepare(sql);
  return {
    get: prepare('SELECT namespace, id, alarm, stored FROM objects WHERE namespace = ? AND id = ?'),
    markStored: prepare('INSERT INTO objects (namespace, id, stored) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET stored = 1'),
    // Setting an alarm (the application's setAlarm/deleteAlarm) starts its retries afresh.
    setAlarm: prepare('INSERT INTO objects (namespace, id, alarm, name) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET alarm = excluded.alarm, retries = 0, first_time = NULL, name = coalesce(excluded.name, name)'),
    setAlarmIf: prepare('UPDATE objects SET alarm = ?, retries = 0, first_time = NULL WHERE namespace = ? AND id = ? AND alarm = ?'),
    retryAlarm: prepare('UPDATE objects SET first_time = coalesce(first_time, alarm), alarm = ?, retries = retries + 1 WHERE namespace = ? AND id = ? AND alarm = ?'),
    totalSize: prepare('SELECT sum(size) AS n FROM objects'),
    setSize: prepare('UPDATE objects SET size = ? WHERE namespace = ? AND id = ?'),
    getSize: prepare('SELECT size FROM objects WHERE namespace = ? AND id = ?'),
    namespaces: prepare('SELECT namespace, count(*) AS objects FROM objects GROUP BY namespace ORDER BY namespace'),
    forgetStored: prepare('UPDATE objects SET stored = 0, size = 0 WHERE namespace = ? AND id = ?'),
    dropIfEmpty: prepare('DELETE FROM objects WHERE namespace = ? AND id = ? AND alarm IS NULL AND stored = 0'),
    remove: prepare('DELETE FROM objects WHERE namespace = ? AND id = ?'),
    list: prepare('SELECT id FROM objects WHERE namespace = ? AND id > ? ORDER BY id LIMIT ?'),
    due: prepare('SELECT namespace, id, alarm AS time, retries AS retryCount, coalesce(first_time, alarm) AS scheduledTime, name FROM objects WHERE alarm IS NOT NULL AND alarm <= ? ORDER BY alarm, namespace, id LIMIT ?'),
    count: prepare('SELECT count(*) AS n FROM objects WHERE namespace = ?'),
    rename: prepare('UPDATE objects SET namespace = ? WHERE namespace = ?'),
    removeNamespace: prepare('DELETE FROM objects WHERE namespace = ?'),
    addPending: prepare('INSERT INTO pending (kind, source, target) VALUES (?, ?, ?)'),
    donePending: prepare('DELETE FROM pending WHERE seq = ?'),
    allPending: prepare('SELECT seq, kind, source, target FROM pending ORDER BY seq'),
  };
}

/** One page of a namespace's object ids from an index's `list` (the port's `list`), with the cursor of the next one. */
export function pageOfIds(list: (after: string, limit: number) => string[], options: { cursor?: string; limit: number }): { ids: string[]; cursor?: string } {
  const { cursor, limit } = options;
  if (!Number.isInteger(limit) || limit <= 0) throw new LedgeError('bad_argument', 'a list of objects needs a positive integer limit');
  const ids = list(cursor ?? '', limit + 1);
  if (ids.length <= limit) return { ids };
  const page = ids.slice(0, limit);
  return { ids: page, cursor: page[page.length - 1] };
}

import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { LedgeError } from '../../platform/errors.js';
import { PointLog } from './pitr-point-log.js';

/**
 * Point-in-time history of one SQLite database, from its physical log (docs/bindings/sql.md).
 *
 * The database runs in WAL mode with automatic checkpoints off. The WAL's life is cut into segments: each
 * checkpoint (when the WAL grows past a size, and on close) first archives the WAL (`wal-<segment>`), then
 * folds it into the file and starts the next segment. Now and then a copy of the file is kept as the base
 * of the following segments (`snap-<segment>`). Every commit is recorded as (time, segment, WAL size).
 *
 * Restoring a commit copies the nearest base before it, replays the archived segments in order, then the
 * commit's own segment cut at its recorded size, each through SQLite's own WAL recovery: exactly the
 * frames committed by then come back, every table, index and schema object as a reader saw it.
 */

/** One recoverable point. */
export interface CommitPoint {
  seq: number;
  time: number;
  segment: number;
  offset: number;
}

/** Bookmarks sort in time order as strings: zero-padded hex time, sequence, segment, WAL offset. */
export function toBookmark(point: CommitPoint): string {
  return [hex(point.time, 12), hex(point.seq, 8), hex(point.segment, 8), hex(point.offset, 12)].join('-');
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

/** Parses a bookmark; undefined when it is not one. */
export function parseBookmark(bookmark: string): CommitPoint | undefined {
  const m = /^([0-9a-f]{12})-([0-9a-f]{8})-([0-9a-f]{8})-([0-9a-f]{12})$/.exec(bookmark);
  if (!m) return undefined;
  return { time: parseInt(m[1] as string, 16), seq: parseInt(m[2] as string, 16), segment: parseInt(m[3] as string, 16), offset: parseInt(m[4] as string, 16) };
}

/** WAL size past which a commit triggers a checkpoint (a new segment). */
export const CHECKPOINT_BYTES = 4 * 1024 * 1024;
/** A new base copy is kept after this many segments or this many archived bytes, to bound restore time. */
const BASE_EVERY_SEGMENTS = 32;
const BASE_EVERY_BYTES = 64 * 1024 * 1024;
/** Logged points (pitr-point-log.ts) are moved into the index at least this often. */
const SETTLE_EVERY = 256;

/** The history beside one database file. */
export class History {
  readonly dir: string;
  readonly #db: Database.Database;

  readonly #baseEverySegments: number;
  /**
   * With `soleWriter`, the current segment and the newest point as this object last wrote or read them: nobody
   * else writes this index while it is open, so a commit's point needs neither query.
   */
  readonly #soleWriter: boolean;
  #current: number | undefined;
  #latest: CommitPoint | undefined;
  /**
   * With `soleWriter`, a commit's point is appended to this log (one write of 32 bytes) and kept in `#unsettled`
   * rather than committed to the index at once: the points move into the index in one transaction when something
   * reads them, every SETTLE_EVERY points, and on close (pitr-point-log.ts).
   */
  readonly #log: PointLog | undefined;
  #unsettled: CommitPoint[] = [];

  /** `soleWriter`: no other connection writes this index while this one is open (coordination objects). */
  constructor(dbFile: string, options: { baseEverySegments?: number; soleWriter?: boolean } = {}) {
    this.#baseEverySegments = options.baseEverySegments ?? BASE_EVERY_SEGMENTS;
    this.#soleWriter = options.soleWriter ?? false;
    this.dir = `${dbFile}.history`;
    mkdirSync(this.dir, { recursive: true });
    const file = path.join(this.dir, 'index.sqlite');
    const fresh = !existsSync(file);
    this.#db = new Database(file);
    // A new index is made without syncs (six otherwise): it records nothing yet, and one lost to a power cut is made again.
    this.#db.pragma(fresh ? 'synchronous = OFF' : 'synchronous = NORMAL');
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('busy_timeout = 5000');
    // seq without AUTOINCREMENT: the newest point is never deleted (prune keeps it), so a rowid is never reused
    // anyway, and each commit's point then writes no sqlite_sequence page. Indexes made before keep AUTOINCREMENT.
    this.#db.exec(`CREATE TABLE IF NOT EXISTS commits (seq INTEGER PRIMARY KEY, time INTEGER NOT NULL, segment INTEGER NOT NULL, offset INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS commits_time ON commits (time, seq);
      CREATE TABLE IF NOT EXISTS segments (segment INTEGER PRIMARY KEY, started_at INTEGER NOT NULL, closed INTEGER NOT NULL DEFAULT 0, bytes INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE IF NOT EXISTS bases (segment INTEGER PRIMARY KEY, taken_at INTEGER NOT NULL);`);
    if (fresh) this.#db.pragma('synchronous = NORMAL');
    if (this.#soleWriter) {
      try {
        this.#log = new PointLog(path.join(this.dir, 'points.log'));
        // Points a process that stopped (kill -9 included) logged but did not move into the index.
        this.#unsettled = this.#log.read();
        this.#settle();
      } catch (err) {
        this.#db.close();
        this.#log?.close();
        throw err;
      }
    }
  }

  close(): void {
    try {
      this.#settle();
    } finally {
      this.#log?.close();
      this.#db.close();
    }
  }

  /** Moves the logged points into the index (one transaction), then empties the log. */
  #settle(): void {
    if (!this.#log) return;
    if (this.#unsettled.length > 0) {
      const insert = this.#prepare('INSERT OR IGNORE INTO commits (seq, time, segment, offset) VALUES (?, ?, ?, ?)');
      const points = this.#unsettled;
      this.#db.transaction(() => { for (const p of points) insert.run(p.seq, p.time, p.segment, p.offset); })();
      this.#unsettled = [];
    }
    this.#log.clear();
  }

  readonly #statements = new Map<string, Database.Statement>();

  /** A prepared statement, kept: a commit records a point through several of them, and preparing costs more than running. */
  #prepare(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  baseFile(segment: number): string { return path.join(this.dir, `snap-${segment}.sqlite`); }
  walFile(segment: number): string { return path.join(this.dir, `wal-${segment}.bin`); }

  currentSegment(): number | undefined {
    if (this.#soleWriter && this.#current !== undefined) return this.#current;
    const current = (this.#prepare('SELECT max(segment) AS s FROM segments').get() as { s: number | null }).s ?? undefined;
    if (this.#soleWriter) this.#current = current;
    return current;
  }

  isClosed(segment: number): boolean {
    return (this.#prepare('SELECT closed FROM segments WHERE segment = ?').get(segment) as { closed: number } | undefined)?.closed === 1;
  }

  openSegment(segment: number, time: number): void {
    this.#prepare('INSERT OR IGNORE INTO segments (segment, started_at) VALUES (?, ?)').run(segment, time);
    if (this.#current !== undefined && segment > this.#current) this.#current = segment;
  }

  closeSegment(segment: number, bytes: number): void {
    this.#prepare('UPDATE segments SET closed = 1, bytes = ? WHERE segment = ?').run(bytes, segment);
  }

  addBase(segment: number, time: number): void {
    this.#prepare('INSERT OR REPLACE INTO bases (segment, taken_at) VALUES (?, ?)').run(segment, time);
  }

  /** The newest base at or before `segment`. */
  baseFor(segment: number): number | undefined {
    return (this.#prepare('SELECT max(segment) AS s FROM bases WHERE segment <= ?').get(segment) as { s: number | null }).s ?? undefined;
  }

  /** Whether the segment starting now should get a base copy. */
  wantsBase(segment: number): boolean {
    const base = this.baseFor(segment);
    if (base === undefined) return true;
    const { n, bytes } = this.#prepare('SELECT count(*) AS n, coalesce(sum(bytes), 0) AS bytes FROM segments WHERE segment >= ? AND segment < ?').get(base, segment) as { n: number; bytes: number };
    return n >= this.#baseEverySegments || bytes >= BASE_EVERY_BYTES;
  }

  /** Records a point; `latest` is the newest point when the caller has just read it (one query fewer per commit). */
  record(time: number, segment: number, offset: number, latest = this.latest()): CommitPoint {
    // Time never goes backwards in the index, so bookmark order stays time order even if the clock does.
    const at = latest ? Math.max(time, latest.time) : time;
    if (this.#log) {
      // The seq the index would give it: the newest point is never deleted, so the largest seq is latest's.
      const point = { seq: (latest?.seq ?? 0) + 1, time: at, segment, offset };
      this.#log.append(point);
      this.#unsettled.push(point);
      this.#latest = point;
      if (this.#unsettled.length >= SETTLE_EVERY) this.#settle();
      return point;
    }
    const info = this.#prepare('INSERT INTO commits (time, segment, offset) VALUES (?, ?, ?)').run(at, segment, offset);
    const point = { seq: Number(info.lastInsertRowid), time: at, segment, offset };
    if (this.#soleWriter) this.#latest = point;
    return point;
  }

  latest(): CommitPoint | undefined {
    if (this.#latest) return this.#latest;
    const latest = this.#prepare('SELECT seq, time, segment, offset FROM commits ORDER BY seq DESC LIMIT 1').get() as CommitPoint | undefined;
    if (this.#soleWriter) this.#latest = latest;
    return latest;
  }

  oldest(): CommitPoint | undefined {
    this.#settle();
    return this.#prepare('SELECT seq, time, segment, offset FROM commits ORDER BY seq LIMIT 1').get() as CommitPoint | undefined;
  }

  bySeq(seq: number): CommitPoint | undefined {
    this.#settle();
    return this.#prepare('SELECT seq, time, segment, offset FROM commits WHERE seq = ?').get(seq) as CommitPoint | undefined;
  }

  atOrBefore(time: number): CommitPoint | undefined {
    this.#settle();
    return this.#prepare('SELECT seq, time, segment, offset FROM commits WHERE time <= ? ORDER BY time DESC, seq DESC LIMIT 1').get(time) as CommitPoint | undefined;
  }

  /** Forgets points older than `before` (keeping the latest) and deletes the bases and segments no kept point needs. */
  prune(before: number): void {
    this.#settle();
    const latest = this.latest();
    if (!latest) return;
    this.#prepare('DELETE FROM commits WHERE time < ? AND seq <> ?').run(before, latest.seq);
    const oldest = this.oldest() as CommitPoint;
    const keepFrom = this.baseFor(oldest.segment);
    if (keepFrom === undefined) return;
    for (const { segment } of this.#prepare('SELECT segment FROM segments WHERE segment < ?').all(keepFrom) as { segment: number }[]) {
      rmSync(this.walFile(segment), { force: true });
    }
    for (const { segment } of this.#prepare('SELECT segment FROM bases WHERE segment < ?').all(keepFrom) as { segment: number }[]) {
      rmSync(this.baseFile(segment), { force: true });
    }
    this.#prepare('DELETE FROM segments WHERE segment < ?').run(keepFrom);
    this.#prepare('DELETE FROM bases WHERE segment < ?').run(keepFrom);
  }
}

/** Copies a file (or its first `bytes`) durably: to a temporary name, fsync, rename. */
export function durableCopy(from: string, to: string, bytes?: number): void {
  const tmp = `${to}.tmp`;
  if (bytes === undefined) {
    copyFileSync(from, tmp);
  } else {
    const src = openSync(from, 'r');
    const dst = openSync(tmp, 'w');
    try {
      const buf = Buffer.allocUnsafe(1 << 20);
      let done = 0;
      while (done < bytes) {
        const n = readSync(src, buf, 0, Math.min(buf.length, bytes - done), done);
        if (n === 0) throw new LedgeError('internal_error', `${from} is shorter than the recorded ${bytes} bytes`);
        writeSync(dst, buf, 0, n);
        done += n;
      }
    } finally {
      closeSync(src);
      closeSync(dst);
    }
  }
  const fd = openSync(tmp, 'r+');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, to);
}

/** Size of a file, 0 when it does not exist. */
export function sizeOf(file: string): number {
  return statSync(file, { throwIfNoEntry: false })?.size ?? 0;
}

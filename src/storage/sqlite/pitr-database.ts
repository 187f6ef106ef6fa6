import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Clock } from '../../platform/clock.js';
import { LedgeError } from '../../platform/errors.js';
import { CHECKPOINT_BYTES, History, durableCopy, parseBookmark, sizeOf, toBookmark, type CommitPoint } from './pitr.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a statement waits for another connection's lock (the writer of a file another process also opens). */
const BUSY_TIMEOUT_MS = 5000;

/** Options of one database with point-in-time history. */
export interface PitrDatabaseOptions {
  clock: Clock;
  /** How long recorded points stay restorable. */
  retentionDays: number;
  /** WAL size past which a commit starts a new segment. @default CHECKPOINT_BYTES (4 MiB) */
  checkpointBytes?: number;
  /** A base copy is kept after this many segments. @default 32 */
  baseEverySegments?: number;
  /** Called with every connection opened on the file (at start, after a restore, after `reopen`): per-connection settings and caches. */
  onOpen?(db: Database.Database): void;
  /**
   * No other connection or process writes the file or its history while this one is open (coordination objects:
   * one store owns them), so the history's current segment and newest point are kept in memory rather than read
   * at each commit. @default false (SQL databases: another process may restore or close a segment)
   */
  soleWriter?: boolean;
}

/**
 * One SQLite file with its point-in-time history (pitr.ts): the connection, the WAL segments it archives at
 * its own checkpoints, the commit points it records and the restores it makes. Both SQL databases
 * (sql-database.ts) and coordination objects (coordination/) stand on it, so one mechanism keeps every
 * history. The owner calls `afterCommit` after each write it commits; nothing else may checkpoint the file.
 */
export class PitrDatabase {
  readonly file: string;
  readonly #clock: Clock;
  readonly #retentionMs: number;
  readonly #history: History;
  readonly #checkpointBytes: number;
  readonly #onOpen: ((db: Database.Database) => void) | undefined;
  #db!: Database.Database;
  #segment = 0;
  /** WAL size below which a skipped checkpoint is not tried again (0: try at the next commit past the size). */
  #retryAt = 0;
  readonly #soleWriter: boolean;
  /**
   * The live WAL, held open while the connection is (sole writer only: no other process replaces the file under
   * it): its size by fstat at each commit, and the page count its last commit frame records, instead of a stat by
   * path and a `page_count` statement. Undefined until the WAL exists; dropped whenever the connection closes.
   */
  #walFd: number | undefined;
  /** The WAL header's page size and salts as last read (they change only when the WAL starts again from its beginning). */
  #walHeader: WalHeader | undefined;
  /**
   * Where the WAL's latest commit ends and the database's size in pages its commit frame records, as this
   * connection last saw it (sole writer only): the next commit's frame is read there (#followTail).
   */
  #tail: { end: number; pages: number } | undefined;

  constructor(file: string, options: PitrDatabaseOptions) {
    this.file = file;
    this.#clock = options.clock;
    this.#retentionMs = options.retentionDays * DAY_MS;
    this.#checkpointBytes = options.checkpointBytes ?? CHECKPOINT_BYTES;
    this.#onOpen = options.onOpen;
    this.#soleWriter = options.soleWriter === true;
    mkdirSync(path.dirname(file), { recursive: true });
    const fresh = !existsSync(file);
    this.#history = new History(file, { baseEverySegments: options.baseEverySegments, soleWriter: options.soleWriter });
    try {
      this.#open(fresh);
    } catch (err) {
      this.#history.close();
      throw err;
    }
    this.#recoverHistory(fresh);
    this.#history.prune(this.#clock.now() - this.#retentionMs);
  }

  /** The open connection (replaced by a restore or `reopen`: do not keep it). */
  get db(): Database.Database { return this.#db; }

  /** The history's directory, beside the file. */
  get historyDir(): string { return this.#history.dir; }

  get retentionDays(): number { return this.#retentionMs / DAY_MS; }

  get #wal(): string { return `${this.file}-wal`; }

  /** `fresh`: the file is being made by this open. */
  #open(fresh = false): void {
    const db = new Database(this.file);
    try {
      // A new file is made without syncs (turning it to WAL and the owner's tables cost six otherwise): until its
      // base copy is taken (durably, #startSegment) nothing in it was acknowledged, and a file lost to a power cut
      // before that is made again. The page cache holds every write, so kill -9 loses none of them either way.
      db.pragma(fresh ? 'synchronous = OFF' : 'synchronous = NORMAL');
      db.pragma('journal_mode = WAL');
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // Checkpoints are ours: each one first archives the WAL it folds in (see pitr.ts).
      db.pragma('wal_autocheckpoint = 0');
      this.#db = db;
      this.#onOpen?.(db);
      // A commit is in the WAL (the OS's page cache) when it returns: it survives kill -9 of this process.
      if (fresh) db.pragma('synchronous = NORMAL');
    } catch (err) {
      db.close(); // a damaged file: nothing may keep it open
      throw err;
    }
  }

  /** Closes the connection and opens the file again (another process replaced it), following the history's segment. */
  reopen(): void {
    this.#dropWal();
    this.#db.close();
    this.#open();
    this.#segment = this.#history.currentSegment() ?? this.#segment;
  }

  /** `fresh`: the file did not exist before this open (everything in it since is in the live WAL). */
  #recoverHistory(fresh: boolean): void {
    const now = this.#clock.now();
    const current = this.#history.currentSegment();
    if (current === undefined) {
      if (fresh) {
        // A new file: its base is the file as made (no frame folded in yet) and the first segment is the WAL from
        // its first byte, so the first point is the WAL's end. No checkpoint: it would cost four syncs per new file.
        this.#startSegment(1, now);
        this.#history.record(now, 1, sizeOf(this.#wal));
        return;
      }
      this.#db.pragma('wal_checkpoint(TRUNCATE)');
      this.#startSegment(1, now);
      this.#history.record(now, 1, 0);
      return;
    }
    this.#segment = current;
    const latest = this.#history.latest();
    if (this.#history.isClosed(current)) {
      this.#startSegment(current + 1, now);
    } else if (existsSync(this.#history.walFile(current))) {
      // A checkpoint was interrupted: if the live WAL is already empty it ran, so the segment is over.
      if (sizeOf(this.#wal) === 0) {
        this.#history.closeSegment(current, sizeOf(this.#history.walFile(current)));
        this.#startSegment(current + 1, now);
      } else {
        rmSync(this.#history.walFile(current), { force: true });
      }
    } else if (latest && latest.segment === current && sizeOf(this.#wal) < latest.offset) {
      // Something outside Ledge folded the WAL into the file: those frames cannot be replayed. Start afresh from a base copy.
      this.#history.closeSegment(current, 0);
      this.#startSegment(current + 1, now, true);
    }
    this.recordTail();
  }

  #startSegment(segment: number, now: number, forceBase = false): void {
    this.#history.openSegment(segment, now);
    if (forceBase || this.#history.wantsBase(segment)) {
      durableCopy(this.file, this.#history.baseFile(segment));
      this.#history.addBase(segment, now);
    }
    this.#segment = segment;
  }

  /** Another process may have ended the segment this connection started in (a checkpoint on close): follow the index. */
  #syncSegment(): void {
    const current = this.#history.currentSegment();
    if (current !== undefined && current > this.#segment) this.#segment = current;
  }

  /** Records the current end of the WAL (`end`: known already) as a commit point if it is not recorded yet. */
  recordTail(end?: number): CommitPoint {
    this.#syncSegment();
    const offset = end ?? this.#walSize();
    const latest = this.#history.latest();
    if (latest && latest.segment === this.#segment && latest.offset === offset) return latest;
    return this.#history.record(this.#clock.now(), this.#segment, offset, latest);
  }

  /** After a committed write: records the commit point, and starts a new segment when the WAL has grown past its size. */
  afterCommit(): void {
    if (this.#db.inTransaction) return;
    // The recorded point's offset is the WAL's size now: one read per commit (sole writer), else one stat.
    const offset = this.recordTail(this.#soleWriter ? this.#followTail() : undefined).offset;
    if (offset <= this.#checkpointBytes || offset < this.#retryAt) return;
    // A checkpoint skipped for a reader is tried again once the WAL grew by another quarter: each try copies the WAL.
    this.#retryAt = this.#checkpoint() ? 0 : offset + this.#checkpointBytes / 4;
  }

  /**
   * Archives the WAL, folds it into the file and starts the next segment. Skipped, without waiting, while another
   * connection reads an older snapshot (an operator's read-only query): waiting would hold this thread, which serves
   * every other database of the process too, for the busy timeout at each commit.
   */
  #checkpoint(): boolean {
    if (!this.#closeSegment(false)) return false;
    this.#startSegment(this.#segment + 1, this.#clock.now());
    this.#history.prune(this.#clock.now() - this.#retentionMs);
    return true;
  }

  /** Ends the segment: archives the WAL and truncates it; false when a reader kept it (`wait`: up to the busy timeout). */
  #closeSegment(wait: boolean): boolean {
    this.#syncSegment();
    // Only after a checkpoint may the WAL start again from its beginning (at the next write, with new salts).
    this.#walHeader = undefined;
    this.#tail = undefined;
    const archive = this.#history.walFile(this.#segment);
    const bytes = sizeOf(this.#wal);
    // A database nothing has touched since it was opened has no WAL file yet: its segment is empty, with nothing to copy.
    if (existsSync(this.#wal)) durableCopy(this.#wal, archive);
    if (!wait) this.#db.pragma('busy_timeout = 0');
    let result: { busy: number } | undefined;
    try {
      [result] = this.#db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    } finally {
      if (!wait) this.#db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    if (result?.busy) {
      rmSync(archive, { force: true });
      return false;
    }
    this.#history.closeSegment(this.#segment, bytes);
    return true;
  }

  /** The live WAL's size in bytes (0 while it does not exist). */
  #walSize(): number {
    if (!this.#soleWriter) return sizeOf(this.#wal);
    if (this.#walFd === undefined) {
      try {
        this.#walFd = openSync(this.#wal, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw err;
      }
    }
    return fstatSync(this.#walFd).size;
  }

  #dropWal(): void {
    this.#walHeader = undefined;
    this.#tail = undefined;
    if (this.#walFd === undefined) return;
    closeSync(this.#walFd);
    this.#walFd = undefined;
  }

  /**
   * The database's size in pages after the latest commit, as the WAL's commit frame records it (a commit frame's
   * header holds it, and the salts that tie it to the WAL's header: SQLite's file format, 4.1), kept from the
   * latest `afterCommit`; undefined when not known (no commit through this connection yet, a transaction open,
   * not the sole writer): the caller asks SQLite then, where a `page_count` statement costs several times more.
   */
  committedPages(): number | undefined {
    if (!this.#soleWriter || this.#db.inTransaction) return undefined;
    return this.#tail?.pages;
  }

  /**
   * After a commit (sole writer): the WAL's size now, and (in #tail) the pages its last commit frame records. A
   * commit of one page (the usual single put) is one frame where the commit before it ended: one read there of
   * that frame and 16 bytes more finds it, and that nothing follows it (so the size is exactly what a stat would
   * say, even if a commit went by unseen). Anything else (several frames, something after the frame, a WAL that
   * started again, nothing known yet) takes the stat and a read of the last frame.
   */
  #followTail(): number {
    const tail = this.#tail;
    const header = this.#walHeader;
    const fd = this.#walFd;
    if (tail && header && fd !== undefined) {
      const frame = 24 + header.pageSize;
      const read = frameBuffer(frame + 16);
      const got = readSync(fd, read, 0, frame + 16, tail.end);
      if (got === 0) return tail.end; // the commit changed no page: no frame
      if (got === frame && isCommitFrame(read, header)) {
        this.#tail = { end: tail.end + frame, pages: read.readUInt32BE(4) };
        return tail.end + frame;
      }
    }
    const size = this.#walSize();
    this.#tail = this.#lastCommit(size);
    return size;
  }

  /** The WAL's last frame, when it is a commit frame of the WAL as it is now (`size` bytes long). */
  #lastCommit(size: number): { end: number; pages: number } | undefined {
    const fd = this.#walFd;
    if (fd === undefined || size < WAL_HEADER_BYTES) return undefined;
    // The header is read again when the last frame's salts differ from the ones kept (the WAL started again since).
    for (let fresh = this.#walHeader === undefined; ; fresh = true) {
      const header = fresh ? readWalHeader(fd) : this.#walHeader;
      this.#walHeader = header;
      if (!header) return undefined;
      const frame = 24 + header.pageSize;
      if (size < WAL_HEADER_BYTES + frame || (size - WAL_HEADER_BYTES) % frame !== 0) return undefined;
      const read = frameBuffer(16);
      if (readSync(fd, read, 0, 16, size - frame) !== 16) return undefined;
      if (isCommitFrame(read, header)) return { end: size, pages: read.readUInt32BE(4) };
      if (fresh) return undefined;
    }
  }

  /** The bookmark of the latest commit. */
  bookmark(): string {
    return toBookmark(this.recordTail());
  }

  /** The bookmark of the latest commit at or before `time`, within the retention period. */
  bookmarkAt(time: number): string {
    const now = this.#clock.now();
    if (time > now) throw new LedgeError('bad_argument', `${new Date(time).toISOString()} is in the future; give a time in the past`);
    if (time < now - this.#retentionMs) throw new LedgeError('bad_argument', `${new Date(time).toISOString()} is older than the retention period of ${this.retentionDays} days`);
    this.recordTail();
    const point = this.#history.atOrBefore(time);
    if (!point) throw new LedgeError('bad_argument', `no recoverable point at or before ${new Date(time).toISOString()} (the history starts at ${new Date(this.#history.oldest()?.time ?? now).toISOString()})`);
    return toBookmark(point);
  }

  /**
   * Restores the file in place to `bookmark`: rebuilt beside the history from the nearest base and the archived
   * segments, then swapped in. Returns the bookmark restored and the one of the state just before, which undoes it.
   */
  restore(bookmark: string): { bookmark: string; previous_bookmark: string } {
    const parsed = parseBookmark(bookmark);
    const target = parsed && this.#history.bySeq(parsed.seq);
    if (!parsed || !target || target.segment !== parsed.segment || target.offset !== parsed.offset || target.time !== parsed.time) {
      throw new LedgeError('bad_argument', `"${bookmark}" is not a bookmark of this database (it may be older than the retention period of ${this.retentionDays} days)`);
    }
    if (target.time < this.#clock.now() - this.#retentionMs) throw new LedgeError('bad_argument', `bookmark ${bookmark} is older than the retention period of ${this.retentionDays} days`);
    const previous = this.recordTail();

    // Rebuild the target state beside the history: the nearest base, every archived segment after it, then the target's segment cut at its commit.
    const rebuilt = path.join(this.#history.dir, 'restore.sqlite');
    const base = this.#history.baseFor(target.segment);
    if (base === undefined) throw new LedgeError('internal_error', `no base copy before segment ${target.segment}`);
    for (const f of [rebuilt, `${rebuilt}-wal`, `${rebuilt}-shm`]) rmSync(f, { force: true });
    durableCopy(this.#history.baseFile(base), rebuilt);
    for (let segment = base; segment <= target.segment; segment++) {
      const last = segment === target.segment;
      const source = segment === this.#segment ? this.#wal : this.#history.walFile(segment);
      const bytes = last ? target.offset : sizeOf(source);
      if (!existsSync(source) && bytes > 0) throw new LedgeError('internal_error', `the history has a gap at segment ${segment} (the file was changed outside Ledge); this point cannot be restored`);
      if (bytes === 0) continue;
      durableCopy(source, `${rebuilt}-wal`, bytes);
      const replay = new Database(rebuilt);
      replay.pragma('wal_checkpoint(TRUNCATE)');
      replay.close();
    }

    // End the current segment (its WAL archived), then swap the rebuilt file in; it is the base of the next segment.
    if (!this.#closeSegment(true)) throw new LedgeError('internal_error', 'another connection holds the database; try the restore again');
    this.#dropWal();
    this.#db.close();
    durableCopy(rebuilt, `${this.file}.restored`);
    for (const f of [rebuilt, this.#wal, `${this.file}-shm`]) rmSync(f, { force: true });
    renameSync(`${this.file}.restored`, this.file);
    this.#open();
    const now = this.#clock.now();
    this.#startSegment(this.#segment + 1, now, true);
    this.#history.record(now, this.#segment, 0);
    return { bookmark: toBookmark(target), previous_bookmark: toBookmark(previous) };
  }

  /** Records the tail and ends the segment (closing the last connection would fold the WAL in unrecorded), then closes. */
  close(): void {
    if (!this.#db.open) return;
    this.recordTail();
    // Not waiting for a reader either (an idle close runs on the same thread): the segment then goes on at the next open.
    if (sizeOf(this.#wal) > 0 && this.#closeSegment(false)) this.#startSegment(this.#segment + 1, this.#clock.now());
    this.#dropWal();
    this.#db.close();
    this.#history.close();
  }
}

/** A WAL's header (SQLite's file format, 4.1): the page size of its frames and the salts its frames carry. */
interface WalHeader {
  pageSize: number;
  salt1: number;
  salt2: number;
}

const WAL_HEADER_BYTES = 32;

/** The header of the WAL open as `fd`; undefined when it is not one (too short, wrong magic or page size). */
function readWalHeader(fd: number): WalHeader | undefined {
  const read = frameBuffer(WAL_HEADER_BYTES);
  if (readSync(fd, read, 0, WAL_HEADER_BYTES, 0) !== WAL_HEADER_BYTES) return undefined;
  const magic = read.readUInt32BE(0);
  const pageSize = read.readUInt32BE(8);
  if ((magic !== 0x377f0682 && magic !== 0x377f0683) || pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return undefined;
  return { pageSize, salt1: read.readUInt32BE(16), salt2: read.readUInt32BE(20) };
}

/** Whether the frame header at the start of `read` ends a commit (a database size in pages) of the WAL with `header`'s salts. */
function isCommitFrame(read: Buffer, header: WalHeader): boolean {
  return read.readUInt32BE(4) > 0 && read.readUInt32BE(8) === header.salt1 && read.readUInt32BE(12) === header.salt2;
}

/** One buffer for every read of WAL frames on this thread (each read is used before the next is made), grown as needed. */
let frames = Buffer.alloc(24 + 4096 + 16);
function frameBuffer(bytes: number): Buffer {
  if (frames.length < bytes) frames = Buffer.alloc(bytes);
  return frames;
}

import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';

/** One commit point (pitr.ts's CommitPoint, which has the same shape). */
export interface LoggedPoint {
  seq: number;
  time: number;
  segment: number;
  offset: number;
}

/** Bytes of one point: seq, time, segment and offset as little-endian doubles (every one an integer below 2^53). */
const RECORD_BYTES = 32;

/**
 * The commit points a history has recorded but not yet written to its index (pitr.ts), appended to a small file
 * beside it: one write(2) of 32 bytes per commit instead of a SQLite commit of the index. A write that returned
 * is in the operating system's cache, so a point survives kill -9 of the process as the commit it marks does
 * (the WAL is not synced per commit either). The history moves the points into its index now and then and
 * empties the log; after a crash, the points still in the log are moved when the history opens again.
 */
export class PointLog {
  readonly #file: string;
  readonly #fd: number;
  readonly #record = Buffer.alloc(RECORD_BYTES);

  constructor(file: string) {
    this.#file = file;
    this.#fd = openSync(file, 'a');
  }

  /**
   * The points in the log, in order. Each must be the one after the one before (seq + 1): reading stops at the
   * first that is not, or is cut short (a power loss can leave a torn or zeroed tail; nothing after it counts).
   */
  read(): LoggedPoint[] {
    if (!existsSync(this.#file)) return [];
    const bytes = readFileSync(this.#file);
    const points: LoggedPoint[] = [];
    for (let at = 0; at + RECORD_BYTES <= bytes.length; at += RECORD_BYTES) {
      const [seq, time, segment, offset] = [0, 8, 16, 24].map((field) => bytes.readDoubleLE(at + field)) as [number, number, number, number];
      const previous = points[points.length - 1];
      if (![seq, time, segment, offset].every((n) => Number.isSafeInteger(n) && n >= 0)) break;
      if (seq === 0 || (previous && seq !== previous.seq + 1)) break;
      points.push({ seq, time, segment, offset });
    }
    return points;
  }

  append(point: LoggedPoint): void {
    const record = this.#record;
    record.writeDoubleLE(point.seq, 0);
    record.writeDoubleLE(point.time, 8);
    record.writeDoubleLE(point.segment, 16);
    record.writeDoubleLE(point.offset, 24);
    writeSync(this.#fd, record, 0, RECORD_BYTES);
  }

  /** Empties the log (its points are in the index now). */
  clear(): void {
    ftruncateSync(this.#fd);
  }

  close(): void {
    closeSync(this.#fd);
  }
}

/**
 * `limits.memory_mb` while an isolate runs without yielding (docs/runtime.md, Limits).
 *
 * Each isolate's guard (isolate-guard.ts) measures its own heap plus external memory every 20 ms and before each
 * message leaves, and publishes the figure in a shared report. That guard runs on the isolate's own thread, so a
 * synchronous loop that allocates (ArrayBuffers kept in a `for`, WebAssembly memory grown in one call, a chain of
 * microtasks that never lets a timer run) is never measured by it. The watch runs on the thread that started the
 * isolates (a sandbox's main thread, or the platform's for thread isolates) and reads the process's resident
 * memory every few milliseconds. An isolate whose report stopped moving is in one long turn; every byte the
 * process grew since its last report, less what the other isolates and the watching thread reported growing
 * meanwhile, is counted as its own. Past its limit plus a margin (freed memory the allocator keeps, buffers
 * in transit) it is terminated, which works inside a JavaScript or WebAssembly loop, and its events get 503
 * `exceeded_memory` as for the guard's own stop.
 */

import { Buffer } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';

/** How often the watch reads the process's memory. */
export const WATCH_MS = 10;
/** A report older than this (the guard publishes every 20 ms when its thread yields) means a turn that has not ended. */
const STALE_MS = 60;
/** Memory past the limit tolerated before a stop: what the process's own figure may wrongly add to a busy isolate. */
const MARGIN_BYTES = 64 * 1024 * 1024;

/** The slots of an isolate's report: its heap plus external bytes, and a counter bumped with each figure. */
export const REPORT_USED = 0;
export const REPORT_SEQ = 1;

/** A new report for an isolate's guard (passed in its workerData). */
export function createMemoryReport(): SharedArrayBuffer {
  return new SharedArrayBuffer(2 * Float64Array.BYTES_PER_ELEMENT);
}

interface Watched {
  report: Float64Array;
  limitBytes: number;
  stop: () => void;
  seq: number;
  /** When the report last moved, and the process's and everyone else's figures then. */
  freshAt: number;
  rssAt: number;
  othersAt: number;
  stopped: boolean;
}

/** The memory readings the watch needs: the process's resident bytes and the watching thread's own heap plus external. */
export interface MemoryReadings {
  rss(): number;
  own(): number;
  now(): number;
}

/** Watches the isolates of one process; each is stopped once its estimated memory passes its limit. */
export class MemoryWatch {
  #isolates = new Map<number, Watched>();
  #readings: MemoryReadings;
  #timer: NodeJS.Timeout | undefined;

  constructor(readings: MemoryReadings) { this.#readings = readings; }

  /** Starts watching an isolate: `stop` terminates it (called at most once). */
  add(id: number, report: SharedArrayBuffer, limitBytes: number, stop: () => void): void {
    const now = this.#readings.now();
    this.#isolates.set(id, { report: new Float64Array(report), limitBytes, stop, seq: -1, freshAt: now, rssAt: this.#readings.rss(), othersAt: 0, stopped: false });
    this.#timer ??= setInterval(() => this.tick(), WATCH_MS).unref();
  }

  remove(id: number): void {
    this.#isolates.delete(id);
    if (this.#isolates.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }

  /** One reading (every WATCH_MS). */
  tick(): void {
    if (this.#isolates.size === 0) return;
    const now = this.#readings.now();
    const rss = this.#readings.rss();
    let total = this.#readings.own();
    for (const w of this.#isolates.values()) total += w.report[REPORT_USED] ?? 0;
    let worst: { watched: Watched; over: number } | undefined;
    for (const w of this.#isolates.values()) {
      const used = w.report[REPORT_USED] ?? 0;
      const seq = w.report[REPORT_SEQ] ?? 0;
      if (seq !== w.seq) {
        w.seq = seq;
        w.freshAt = now;
        w.rssAt = rss;
        w.othersAt = total - used;
        continue;
      }
      if (w.stopped || now - w.freshAt < STALE_MS) continue;
      const grown = Math.max(0, (rss - w.rssAt) - ((total - used) - w.othersAt));
      const over = used + grown - (w.limitBytes + MARGIN_BYTES);
      if (over > 0 && (!worst || over > worst.over)) worst = { watched: w, over };
    }
    // One stop per reading: what it frees changes every other estimate.
    if (worst) {
      worst.watched.stopped = true;
      worst.watched.stop();
    }
  }
}

/** The process's resident bytes from /proc/self/statm (a held descriptor), or undefined where there is none. */
function createStatmReader(): (() => number) | undefined {
  let fd: number;
  try {
    fd = openSync('/proc/self/statm', 'r');
  } catch {
    return undefined;
  }
  const buffer = Buffer.alloc(128);
  const residentPages = (): number => {
    const text = buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0));
    const first = text.indexOf(' ');
    return Number(text.slice(first + 1, text.indexOf(' ', first + 1)));
  };
  try {
    // statm counts pages; their size is the power of two nearest to Node's own figure over the count.
    const pages = residentPages();
    const pageSize = 2 ** Math.round(Math.log2(process.memoryUsage.rss() / pages));
    if (!(pages > 0) || !Number.isFinite(pageSize) || pageSize < 1024) throw new Error('unexpected /proc/self/statm');
    return () => residentPages() * pageSize;
  } catch {
    closeSync(fd);
    return undefined;
  }
}

let statm: (() => number) | undefined | null = null;

/**
 * The process's resident memory, as `process.memoryUsage.rss()` gives it, read the cheap way on Linux: Node's reads
 * /proc/self/stat, opened each time, whose figures the kernel gathers over every thread of the process (16 µs on an
 * idle machine, and a point where a loaded one preempts the thread), against one read of a held /proc/self/statm
 * (3.5 µs). The memory watch reads it every WATCH_MS.
 */
export function residentBytes(): number {
  if (statm === null) statm = createStatmReader();
  return statm ? statm() : process.memoryUsage.rss();
}

/** Heap plus external memory of the calling thread (the watching thread's own share of the process). */
export function ownMemory(): number {
  const s = getHeapStatistics();
  return s.used_heap_size + s.external_memory;
}

/** The largest limits.memory_mb of the isolates this process started. */
let wasmCapMb = 0;

/**
 * No WebAssembly memory grows past the largest memory limit of this process's isolates: past it `memory.grow` fails
 * inside the application (-1 in WebAssembly, a RangeError from JavaScript), as on the original, where WebAssembly
 * memory counts toward the isolate's limit. V8 has one such bound per process, read at each grow, so it only rises.
 */
export function capWasmMemory(memoryMb: number): void {
  if (!(memoryMb > wasmCapMb)) return;
  wasmCapMb = memoryMb;
  setFlagsFromString(`--wasm-max-mem-pages=${memoryMb * 16}`);
}

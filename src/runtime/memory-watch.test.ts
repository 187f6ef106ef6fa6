import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { test } from 'node:test';
import { createMemoryReport, MemoryWatch, REPORT_SEQ, REPORT_USED, residentBytes } from './memory-watch.js';

const MB = 1024 * 1024;

/** A watch over readings the test sets, with isolates whose reports the test writes as their guards would. */
function rig() {
  const state = { rss: 500 * MB, own: 20 * MB, now: 0 };
  const watch = new MemoryWatch({ rss: () => state.rss, own: () => state.own, now: () => state.now });
  const stopped: number[] = [];
  const isolate = (id: number, limitMb: number, usedMb: number) => {
    const buffer = createMemoryReport();
    const report = new Float64Array(buffer);
    report[REPORT_USED] = usedMb * MB;
    report[REPORT_SEQ] = 1;
    watch.add(id, buffer, limitMb * MB, () => stopped.push(id));
    return {
      /** The guard measured again (its thread yielded). */
      reports(used: number) { report[REPORT_USED] = used * MB; report[REPORT_SEQ] = (report[REPORT_SEQ] ?? 0) + 1; },
    };
  };
  /** Time passes by `ms` in ticks of 10 ms, the process growing by `mbPerTick` each. */
  const run = (ms: number, mbPerTick = 0, each?: () => void) => {
    for (let at = 0; at < ms; at += 10) {
      state.now += 10;
      state.rss += mbPerTick * MB;
      each?.();
      watch.tick();
    }
  };
  return { state, watch, stopped, isolate, run };
}

test('an isolate in one long turn is stopped once the growth only it can account for passes its limit plus the margin', () => {
  const r = rig();
  r.isolate(1, 128, 10);
  r.run(10);
  // Isolate 1 stops reporting while the process grows 20 MB per reading: past 128 + 64 MB it is stopped.
  r.run(80, 20);
  assert.deepEqual(r.stopped, [], 'at 10 + 160 MB');
  r.run(30, 20);
  assert.deepEqual(r.stopped, [1], 'stopped at 10 + 200 MB');
  r.run(100, 20);
  assert.deepEqual(r.stopped, [1], 'stopped once');
});

test('growth another isolate reports as its own is not counted against the one in a long turn', () => {
  const r = rig();
  r.isolate(1, 128, 10);
  const busy = r.isolate(2, 1024, 10);
  r.run(10);
  let used = 10;
  // The process grows 20 MB per reading, all of it reported by isolate 2, which yields: isolate 1 is only slow.
  r.run(400, 20, () => busy.reports((used += 20)));
  assert.deepEqual(r.stopped, []);
});

test('a long turn that does not grow, and growth while every isolate reports, stop nothing', () => {
  const r = rig();
  r.isolate(1, 128, 100);
  r.run(2000);
  assert.deepEqual(r.stopped, []);
  const r2 = rig();
  const a = r2.isolate(1, 128, 10);
  r2.run(500, 5, () => a.reports(10));
  assert.deepEqual(r2.stopped, [], 'an isolate that reports is its guard\'s to stop');
});

test('a removed isolate is no longer watched', () => {
  const r = rig();
  r.isolate(1, 64, 10);
  r.watch.remove(1);
  r.run(200, 50);
  assert.deepEqual(r.stopped, []);
});

test("residentBytes gives the process's resident memory as Node's own figure does, and follows it as memory grows", () => {
  const before = residentBytes();
  const node = process.memoryUsage.rss();
  assert.ok(Math.abs(before - node) < 16 * 1024 * 1024, `${before} against Node's ${node}`);
  // 64 MB touched page by page: resident at once.
  const held = Buffer.alloc(64 * 1024 * 1024, 1);
  const after = residentBytes();
  assert.ok(after - before > 48 * 1024 * 1024, `grew by ${after - before} bytes only`);
  assert.ok(Math.abs(after - process.memoryUsage.rss()) < 16 * 1024 * 1024);
  assert.equal(held[held.length - 1], 1);
});

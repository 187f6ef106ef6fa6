// Coordination storage's idle sweep (docs/bindings/coordination.md, "Speed against Miniflare 4"): how long closing
// N idle object databases all at once holds the thread that serves every call (`closeIdle()`, as the sweep did
// before 2026-11-26; it now closes a step of at most 5 ms at a time, so a step holds it for one close or 5 ms).
// Each object is written a few times first, as a counter under load would be.
// Usage: npm run build && node bench/coordination-idle-sweep.mjs [--objects 1000] [--writes 6]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { createManualClock } from '../dist/platform/clock.js';
import { createSqliteCoordinationStorage } from '../dist/storage/sqlite/coordination-storage.js';

const { values } = parseArgs({ options: { objects: { type: 'string', default: '1000' }, writes: { type: 'string', default: '6' } } });
const OBJECTS = Number(values.objects);
const WRITES = Number(values.writes);
const NS = 'acct/script/Counter';
const ids = Array.from({ length: OBJECTS }, (_, i) => i.toString(16).padStart(64, '0'));

/** A store with every object written WRITES times, then idle past the idle time. */
async function idleStore() {
  const root = mkdtempSync(path.join(tmpdir(), 'ledge-idle-sweep-'));
  const clock = createManualClock(Date.now());
  const port = createSqliteCoordinationStorage(root, { clock, idleMs: 60_000 });
  for (let w = 0; w < WRITES; w++) for (const id of ids) await (await port.open(NS, id)).write([['value', new Uint8Array([w])]], []);
  clock.advance(61_000);
  return { port, root };
}

const all = await idleStore();
const started = performance.now();
const closed = all.port.closeIdle();
const atOnce = performance.now() - started;
all.port.close();
rmSync(all.root, { recursive: true, force: true });

console.log(`idle sweep of ${closed} object databases (${WRITES} writes each), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`  all at once: the thread held for ${atOnce.toFixed(0)} ms (${(atOnce / closed).toFixed(1)} ms a database)`);
console.log('  the sweep now closes for at most 5 ms a step (at least one database), then pauses four times as long (handle-cache.test.ts)');

// Coordination objects' storage on the write path the RPC benchmark takes over many objects (bench/coordination.mjs
// "1,000 objects"): CPU per one-pair write through the storage port, each write to one of N open objects picked at
// random, and the CPU of each object's first write (its database and history made). With --compare, another build
// of Ledge (its dist/ directory) runs the same in the same process, rounds alternating which goes first; medians.
// Usage: npm run build && node bench/coordination-writes.mjs [--objects 1000 --writes 20000 --rounds 3] [--compare <checkout>/dist]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    objects: { type: 'string', default: '1000' },
    writes: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    compare: { type: 'string' },
  },
});
const OBJECTS = Number(values.objects);
const WRITES = Number(values.writes);
const ROUNDS = Number(values.rounds);
const builds = { 'this build': path.resolve(import.meta.dirname, '..', 'dist') };
if (values.compare) builds['other build'] = path.resolve(values.compare);

const loaded = {};
for (const [name, dist] of Object.entries(builds)) {
  loaded[name] = {
    clock: (await import(path.join(dist, 'platform', 'clock.js'))).SYSTEM_CLOCK,
    create: (await import(path.join(dist, 'storage', 'sqlite', 'coordination-storage.js'))).createSqliteCoordinationStorage,
  };
}
const id = (n) => n.toString(16).padStart(64, '0');
const cpuUs = () => { const { user, system } = process.cpuUsage(); return user + system; };

/** One round of one build: µs of CPU per first write, per write, and per object closed. */
async function round({ clock, create }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-bench-writes-'));
  try {
    const port = create(dir, { clock });
    const objects = [];
    let started = cpuUs();
    for (let n = 0; n < OBJECTS; n++) {
      const object = await port.open('bench/ns', id(n));
      objects.push(object);
      await object.write([['value', new Uint8Array([n & 255])]], []);
    }
    const first = (cpuUs() - started) / OBJECTS;
    started = cpuUs();
    for (let i = 0; i < WRITES; i++) await objects[Math.floor(Math.random() * OBJECTS)].write([['value', new Uint8Array([i & 255, 1, 2, 3])]], []);
    const write = (cpuUs() - started) / WRITES;
    started = cpuUs();
    port.close();
    return { first, write, close: (cpuUs() - started) / OBJECTS };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
for (let r = 0; r < ROUNDS; r++) {
  const names = Object.keys(builds);
  for (const name of r % 2 ? names.reverse() : names) results[name].push(await round(loaded[name]));
}
const median = (list) => { const s = [...list].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
console.log(`\ncoordination storage writes: ${WRITES} one-pair writes over ${OBJECTS} open objects, ${ROUNDS} round(s) (medians), ${new Date().toISOString()}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const [name, list] of Object.entries(results)) {
  const pick = (field) => median(list.map((r) => r[field]));
  console.log(`${name.padEnd(11)} write ${pick('write').toFixed(1).padStart(6)} µs CPU (rounds ${list.map((r) => r.write.toFixed(1)).join(' ')})  first write of an object ${pick('first').toFixed(0)} µs  close ${pick('close').toFixed(0)} µs per object`);
}
if (values.compare) console.log(`ratio of CPU per write, other / this: ${(median(results['other build'].map((r) => r.write)) / median(results['this build'].map((r) => r.write))).toFixed(2)} x`);

// Exact vector search: the time one query takes through the binding's host side (filter, score, topK) over an
// index of N vectors of D dimensions in the embedded store. Baselines, in the same run: reading the same rows from
// the store without scoring (the cost of the scan alone), and scoring the same vectors held in memory (the cost of
// the arithmetic alone). Search is exact, so its time grows with N x D: docs/bindings/vectors.md quotes the figures.
// Usage: npm run build && node bench/vectors.mjs [-- --vectors 100000 --dimensions 768 --queries 10]
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openEmbeddedStorage } from '../dist/storage/embedded.js';
import { createVectorAdmin } from '../dist/bindings/vectors/admin.js';
import { createVectorHandlers } from '../dist/bindings/vectors/service.js';
import { SYSTEM_CLOCK } from '../dist/platform/clock.js';

const { values } = parseArgs({ options: { vectors: { type: 'string', default: '100000' }, dimensions: { type: 'string', default: '768' }, queries: { type: 'string', default: '10' } } });
const N = Number(values.vectors);
const D = Number(values.dimensions);
const Q = Number(values.queries);
const work = path.resolve(import.meta.dirname, '..', '.ledge', 'bench-vectors');
rmSync(work, { recursive: true, force: true });

// A fixed pseudo-random sequence, so every run measures the same data.
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) - 0.5;
const vector = () => Float32Array.from({ length: D }, random);

const storage = openEmbeddedStorage(work, SYSTEM_CLOCK);
await createVectorAdmin(storage.vectors, SYSTEM_CLOCK).create({ name: 'bench', dimensions: D, metric: 'cosine' });
await createVectorAdmin(storage.vectors, SYSTEM_CLOCK).createMetadataIndex('bench', 'group', 'number');
const handlers = createVectorHandlers({ index: 'bench', storage: storage.vectors, clock: SYSTEM_CLOCK });
const memory = [];
let started = performance.now();
for (let i = 0; i < N; i += 1000) {
  const batch = [];
  for (let j = i; j < Math.min(N, i + 1000); j++) {
    const values = vector();
    memory.push(values);
    batch.push({ id: `v${j}`, values, namespace: null, metadata: JSON.stringify({ group: j % 10 }) });
  }
  await handlers.upsert([batch]);
}
const writeSeconds = (performance.now() - started) / 1000;

const options = { topK: 10, namespace: null, returnValues: false, returnMetadata: 'none', filter: null };
const time = async (run) => {
  await run(); // warm
  const t = performance.now();
  for (let i = 0; i < Q; i++) await run();
  return (performance.now() - t) / Q;
};
const query = vector();
const search = await time(() => handlers.query([query, options]));
const filtered = await time(() => handlers.query([query, { ...options, filter: '{"group":{"$lt":5}}' }]));
const scanOnly = await time(() => storage.vectors.scan('bench', undefined, () => {}));
const arithmetic = await time(async () => {
  let best = -Infinity;
  for (const v of memory) {
    let dot = 0;
    let norm = 0;
    for (let i = 0; i < D; i++) { dot += query[i] * v[i]; norm += v[i] * v[i]; }
    best = Math.max(best, dot / Math.sqrt(norm));
  }
  return best;
});
storage.close();
rmSync(work, { recursive: true, force: true });

const ms = (x) => `${x.toFixed(1)} ms`;
console.log(`${N} vectors x ${D} dimensions (cosine), written in ${writeSeconds.toFixed(1)} s (${Math.round(N / writeSeconds)} vectors/s, batches of 1000)`);
console.log(`query topK 10:               ${ms(search)}  (${(search / scanOnly).toFixed(2)}x the scan alone, ${(search / arithmetic).toFixed(2)}x the arithmetic alone)`);
console.log(`query with a metadata filter: ${ms(filtered)}`);
console.log(`baseline, scan alone:        ${ms(scanOnly)}`);
console.log(`baseline, arithmetic alone:  ${ms(arithmetic)}`);

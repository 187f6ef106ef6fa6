// The codec of an isolate's connection (src/runtime/sandbox/plain-frames.ts, frames.ts): CPU to encode and decode
// a batch of six hello responses and of six hello requests with V8's serialization and as JSON text, and the
// collections each encoding starts (young generation, full, incremental marking).
// Usage: npm run build && node bench/sandbox-codec.mjs [--frames 50000]
import { Buffer } from 'node:buffer';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { decodeOwned, decodePayload, encodeFrame } from '../dist/runtime/sandbox/frames.js';
import { encodeTextFrame, plainBatchText, writeTextFrame } from '../dist/runtime/sandbox/plain-frames.js';

const { values } = parseArgs({ options: { frames: { type: 'string', default: '50000' } } });
const N = Number(values.frames);
const gcs = { minor: 0, major: 0, incremental: 0 };
const kinds = { [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor', [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major', [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental' };
new PerformanceObserver((list) => { for (const e of list.getEntries()) { const k = kinds[e.detail?.kind]; if (k) gcs[k]++; } }).observe({ entryTypes: ['gc'] });
const head = (id) => ({ t: 'head', id, status: 200, statusText: '', headers: ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store', 'x-content-type-options', 'nosniff', 'content-length', '31'], body: '{"ok":true,"schema":"health/1"}', streaming: false, done: true });
const req = (id) => ({ t: 'req', id, method: 'GET', url: 'http://127.0.0.1:39999/health', headers: ['host', '127.0.0.1:39999', 'user-agent', 'autocannon', 'edge-connecting-ip', '127.0.0.1', 'cf-connecting-ip', '127.0.0.1'], hasBody: false, httpProtocol: 'HTTP/1.1' });
const six = (f) => (i) => [f(i), f(i + 1), f(i + 2), f(i + 3), f(i + 4), f(i + 5)];
const heads = six(head);
const reqs = six(req);
const scratch = Buffer.allocUnsafeSlow(64 * 1024);

/** Best of five runs: CPU µs per frame, and the collections of the last run. */
async function bench(name, fn) {
  for (let i = 0; i < 5000; i++) fn(i);
  let best = Infinity;
  let seen;
  for (let r = 0; r < 5; r++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    Object.assign(gcs, { minor: 0, major: 0, incremental: 0 });
    const t = process.cpuUsage();
    for (let i = 0; i < N; i++) fn(i);
    const u = process.cpuUsage(t);
    best = Math.min(best, (u.user + u.system) / N);
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = { ...gcs };
  }
  console.log(`${name.padEnd(44)} ${best.toFixed(2).padStart(6)} µs/frame   collections: ${seen.minor} young, ${seen.major} full, ${seen.incremental} incremental`);
}

console.log(`${N} frames of six messages per run, load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
await bench('encode responses, V8', (i) => encodeFrame(heads(i)));
await bench('encode responses, JSON (own buffer per frame)', (i) => encodeTextFrame(plainBatchText(heads(i))));
await bench('encode responses, JSON (reused buffer)', (i) => writeTextFrame(plainBatchText(heads(i)), scratch));
await bench('encode requests, V8', (i) => encodeFrame(reqs(i)));
await bench('encode requests, JSON (own buffer per frame)', (i) => encodeTextFrame(plainBatchText(reqs(i))));
const v8Heads = encodeFrame(heads(1)).subarray(4);
const jsonHeads = encodeTextFrame(plainBatchText(heads(1))).subarray(4);
const v8Reqs = encodeFrame(reqs(1)).subarray(4);
const jsonReqs = encodeTextFrame(plainBatchText(reqs(1))).subarray(4);
await bench('decode responses (host), V8', () => decodePayload(v8Heads));
await bench('decode responses (host), JSON', () => decodePayload(jsonHeads));
await bench('decode requests (isolate), V8 owned copies', () => decodeOwned(v8Reqs));
await bench('decode requests (isolate), JSON', () => decodeOwned(jsonReqs));

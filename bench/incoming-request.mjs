// The Request a fetch handler receives (src/runtime/incoming-request.ts): CPU per request of Node's own
// constructor (as the isolate called it before: header pairs in the init) against the isolate's, which defers
// the request's AbortSignal until something reads it and appends the headers after the constructor, for a hello
// request's headers; and what reading the signal afterwards costs. Best of three runs each.
// Usage: npm run build && node bench/incoming-request.mjs [--requests 200000]
import { parseArgs } from 'node:util';
import { createIncomingRequest, installIncomingRequestSignal } from '../dist/runtime/incoming-request.js';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '200000' } } });
const N = Number(values.requests);
installIncomingRequestSignal();
const url = 'http://127.0.0.1:39999/health';
const flat = ['host', '127.0.0.1:39999', 'user-agent', 'autocannon', 'edge-connecting-ip', '127.0.0.1', 'cf-connecting-ip', '127.0.0.1'];
// What isolate-main.ts passed to Node's constructor before: a fresh init and header pairs per request.
const nativeInit = () => {
  const headers = [];
  for (let i = 0; i < flat.length; i += 2) headers.push([flat[i], flat[i + 1]]);
  return { method: 'GET', headers, body: null, signal: null, duplex: 'half' };
};
const init = () => ({ method: 'GET', body: null, signal: null });
function cpuPerCall(fn) {
  for (let i = 0; i < 20_000; i++) fn();
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < N; i++) fn();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / N);
  }
  return best;
}
const rows = [
  ['Node\'s Request constructor', () => new Request(url, nativeInit()).method],
  ['incoming request (signal deferred, headers appended)', () => createIncomingRequest(url, init(), flat).method],
  ['incoming request, signal read', () => createIncomingRequest(url, init(), flat).signal],
];
for (const [name, fn] of rows) console.log(`${name.padEnd(54)} ${cpuPerCall(fn).toFixed(2)} µs CPU per request`);
console.log(`load average: ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);

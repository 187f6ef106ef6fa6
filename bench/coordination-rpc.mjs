// Coordination-object stubs over the RPC codec (issue 15, item 2): microseconds per method call on an object's
// stub, and MiB/s of a 64 MiB body streamed through a stub's fetch to the object and back. Baselines in the same
// run, in the same isolate: the same method called through a service binding to the deployment itself (the same
// codec and links, no object, directory or gates), and the same body echoed by the fetch handler itself (no RPC).
// Usage: npm run bench:coordination-rpc [-- --calls 2000 --mib 64 --isolation thread|process]
import { Buffer } from 'node:buffer';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { startDevServer } from '../dist/dev/dev-server.js';
import { createLogger, createMemorySink } from '../dist/platform/logger.js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '2000' }, mib: { type: 'string', default: '64' }, isolation: { type: 'string', default: 'thread' } } });
const CALLS = Number(values.calls);
const BYTES = Number(values.mib) * 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), 'ledge-bench-coord-rpc-'));
mkdirSync(path.join(dir, 'src'));
writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({
  name: 'bench-rpc', main: 'src/index.js', compatibility_date: '2026-10-01',
  durable_objects: { bindings: [{ name: 'ROOM', class_name: 'Room' }] },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['Room'] }],
  services: [{ binding: 'SELF', service: 'bench-rpc', entrypoint: 'Api' }],
}));
writeFileSync(path.join(dir, 'src', 'index.js'), `
import { DurableObject, WorkerEntrypoint } from 'cloudflare:workers';
export class Room extends DurableObject {
  add(a, b) { return a + b; }
  fetch(request) { return new Response(request.body); }
}
export class Api extends WorkerEntrypoint {
  add(a, b) { return a + b; }
}
export default { async fetch(request, env) {
  const url = new URL(request.url);
  const calls = Number(url.searchParams.get('calls'));
  const target = url.pathname === '/object-calls' ? env.ROOM.getByName('bench') : env.SELF;
  if (url.pathname.endsWith('-calls')) {
    await target.add(1, 2);
    const started = performance.now();
    for (let i = 0; i < calls; i++) await target.add(i, 1);
    return Response.json({ ms: performance.now() - started });
  }
  if (url.pathname === '/object-echo') return env.ROOM.getByName('bench').fetch(request);
  return new Response(request.body);
} };`);

function stream(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(url, { method: 'POST' }, (response) => {
      let received = 0;
      response.on('data', (chunk) => { received += chunk.byteLength; });
      response.on('end', () => (received === BYTES ? resolve(performance.now() - started) : reject(new Error(`${url}: ${received} of ${BYTES} bytes came back (${response.statusCode})`))));
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    const pump = () => {
      while (sent < BYTES) {
        sent += chunk.byteLength;
        if (!request.write(chunk)) { request.once('drain', pump); return; }
      }
      request.end();
    };
    pump();
  });
}

const server = await startDevServer({ dir, port: 0, watch: false, isolation: values.isolation, logger: createLogger(createMemorySink()) });
try {
  const perCall = async (route) => ((await (await fetch(`${server.url}${route}?calls=${CALLS}`)).json()).ms * 1000) / CALLS;
  const mibps = async (route) => (BYTES / 1024 / 1024) / ((await stream(`${server.url}${route}`)) / 1000);
  await perCall('/object-calls');
  await perCall('/service-calls');
  const results = {
    isolation: values.isolation,
    'object stub call, µs': +(await perCall('/object-calls')).toFixed(1),
    'service binding call (baseline), µs': +(await perCall('/service-calls')).toFixed(1),
    'stub fetch echo, MiB/s': +(await mibps('/object-echo')).toFixed(1),
    'handler echo (baseline), MiB/s': +(await mibps('/echo')).toFixed(1),
  };
  console.log(JSON.stringify(results, null, 2));
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, makeProject, startProject } from './helpers.js';

const URL_BASE = 'http://app.test';

test('runs a fetch handler with vars in env and ctx', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env, ctx) {
      return Response.json({ method: request.method, path: new URL(request.url).pathname, greeting: env.GREETING, nested: env.CONFIG, ctx: typeof ctx.waitUntil });
    } };`,
  }, { vars: { GREETING: 'hello', CONFIG: { a: [1, 2] } } });
  const server = await startProject(dir);
  t.after(() => server.close());
  const res = await server.request(new Request(`${URL_BASE}/x?y=1`, { method: 'PUT', body: 'b' }));
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { method: 'PUT', path: '/x', greeting: 'hello', nested: { a: [1, 2] }, ctx: 'function' });
});

test('an uncaught exception gives a generic 500 JSON body and the full, source-mapped error in the log', async (t) => {
  const dir = makeProject({
    'src/index.ts': `const secretish: string = 'internal-detail-123';
export default {
  async fetch(request: Request, env: Record<string, string>): Promise<Response> {
    throw new Error('exploded with ' + secretish + ' ' + env.TOKEN_LIKE);
  },
};`,
  }, { main: 'src/index.ts', vars: { TOKEN_LIKE: 'var-value-456' } });
  const server = await startProject(dir);
  t.after(() => server.close());
  const res = await server.request(new Request(`${URL_BASE}/`, { headers: { 'x-forwarded-for': '10.1.2.3', 'x-private': 'echo-me' } }));
  assert.equal(res.status, 500);
  assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
  const text = await res.text();
  const body = JSON.parse(text) as { error: string; request_id: string };
  assert.equal(body.error, 'internal_error');
  for (const leak of ['exploded', 'internal-detail-123', 'var-value-456', '10.1.2.3', 'echo-me', 'at ', 'index.ts', '127.0.0.1']) {
    assert.ok(!text.includes(leak), `response leaks ${leak}`);
  }
  await eventually(() => server.logText().includes('exploded with internal-detail-123'), 5000, 'the error in the log');
  assert.match(server.logText(), /src\/index\.ts:4:\d+/, 'the stack points at the application source line');
});

test('a response that is not a Response is a 500 and the reason is logged', async (t) => {
  const dir = makeProject({ 'src/index.js': 'export default { fetch() { return "text"; } };' });
  const server = await startProject(dir);
  t.after(() => server.close());
  const res = await server.request(new Request(`${URL_BASE}/`));
  assert.equal(res.status, 500);
  await eventually(() => server.logText().includes('instead of a Response'));
});

test('a module without a fetch handler answers 500 and says why in the log', async (t) => {
  const dir = makeProject({ 'src/index.js': 'export default { scheduled() {} };' });
  const server = await startProject(dir);
  t.after(() => server.close());
  const res = await server.request(new Request(`${URL_BASE}/`));
  assert.equal(res.status, 500);
  await eventually(() => server.logText().includes('no default export with a fetch'));
});

test('the global scope has the web-standard APIs and no process or require', async (t) => {
  const names = ['fetch', 'Request', 'Response', 'Headers', 'URL', 'URLSearchParams', 'ReadableStream', 'WritableStream', 'TransformStream',
    'TextEncoder', 'TextDecoder', 'structuredClone', 'atob', 'btoa', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval',
    'AbortController', 'AbortSignal', 'Blob', 'FormData', 'console', 'queueMicrotask', 'crypto', 'self', 'navigator', 'Event', 'EventTarget'];
  const dir = makeProject({
    'src/index.js': `export default { async fetch() {
      const present = {};
      for (const name of ${JSON.stringify(names)}) present[name] = typeof globalThis[name] !== 'undefined' && eval('typeof ' + name) !== 'undefined';
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('abc'));
      return Response.json({ present, process: typeof process, require: typeof require, buffer: typeof Buffer,
        uuid: crypto.randomUUID(), digest: [...new Uint8Array(digest)].slice(0, 2), b64: btoa('hi'), clone: structuredClone({ a: 1 }) });
    } };`,
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  const body = await (await server.request(new Request(`${URL_BASE}/`))).json() as Record<string, unknown> & { present: Record<string, boolean> };
  for (const name of names) assert.equal(body.present[name], true, `${name} is available`);
  assert.equal(body.process, 'undefined');
  assert.equal(body.require, 'undefined');
  assert.equal(body.buffer, 'undefined');
  assert.match(body.uuid as string, /^[0-9a-f-]{36}$/);
  assert.deepEqual(body.digest, [0xba, 0x78]);
  assert.equal(body.b64, 'aGk=');
  assert.deepEqual(body.clone, { a: 1 });
});

test('the host environment never reaches application code', async (t) => {
  process.env.LEDGE_TEST_SECRET_VALUE = 'host-secret-789';
  t.after(() => { delete process.env.LEDGE_TEST_SECRET_VALUE; });
  const dir = makeProject({ 'src/index.js': 'export default { fetch() { return new Response(JSON.stringify(globalThis.process?.env ?? {})); } };' });
  const server = await startProject(dir);
  t.after(() => server.close());
  const text = await (await server.request(new Request(`${URL_BASE}/`))).text();
  assert.ok(!text.includes('host-secret-789'));
  assert.equal(text, '{}');
});

test('importing a node: module without nodejs_compat fails with a clear error before serving', async () => {
  const dir = makeProject({ 'src/index.js': 'import fs from "node:fs"; export default { fetch() { return new Response(String(fs)); } };' });
  await assert.rejects(startProject(dir), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'node_module_forbidden');
    assert.match(err.message, /src\/index\.js:1:\d+: "node:fs" cannot be imported: Node\.js modules need "compatibility_flags": \["nodejs_compat"\]/);
    return true;
  });
  const bare = makeProject({ 'src/index.js': 'import path from "path"; export default { fetch() { return new Response(path.sep); } };' });
  await assert.rejects(startProject(bare), /"path" cannot be imported/);
});

test('nodejs_compat allows the documented subset and refuses a module nothing provides', async (t) => {
  const dir = makeProject({
    'src/index.js': `import { Buffer } from 'node:buffer'; import { EventEmitter } from 'node:events'; import path from 'node:path';
      import { AsyncLocalStorage } from 'node:async_hooks';
      export default { fetch() {
        const als = new AsyncLocalStorage();
        return als.run('ctx', () => Response.json({ b: Buffer.from('hi').toString('base64'), e: typeof EventEmitter, p: path.join('a', 'b'), als: als.getStore(), env: process.env }));
      } };`,
  }, { compatibility_flags: ['nodejs_compat'] });
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.deepEqual(await (await server.request(new Request(`${URL_BASE}/`))).json(), { b: 'aGk=', e: 'function', p: 'a/b', als: 'ctx', env: {} });
  // node:fs and the other modules outside Ledge's own subset come from the polyfill layer (test/runtime-modules.test.ts);
  // one that neither provides is refused by name.
  const refused = makeProject({ 'src/index.js': 'import test from "node:test"; export default { fetch() { return new Response(String(test)); } };' }, { compatibility_flags: ['nodejs_compat'] });
  await assert.rejects(startProject(refused), /"node:test" is not available under nodejs_compat: neither Ledge nor its polyfill layer provides it/);
});

test('a request that burns CPU past limits.cpu_ms gets 503, the event is logged and a fresh isolate serves the next request', async (t) => {
  const dir = makeProject({
    'src/index.js': `let count = 0;
      export default { fetch(request) {
        count++;
        if (new URL(request.url).pathname === '/spin') { for (;;) {} }
        if (new URL(request.url).pathname === '/slices') {
          return (async () => { const end = Date.now() + 3000; while (Date.now() < end) { const t = Date.now(); while (Date.now() - t < 20) {} await new Promise((r) => setTimeout(r, 1)); } return new Response('finished'); })();
        }
        return new Response('count=' + count);
      } };`,
  }, { limits: { cpu_ms: 200 } });
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.equal(await (await server.request(new Request(`${URL_BASE}/`))).text(), 'count=1');
  const spin = await server.request(new Request(`${URL_BASE}/spin`));
  assert.equal(spin.status, 503);
  assert.equal(((await spin.json()) as { error: string }).error, 'exceeded_cpu');
  assert.match(server.logText(), /exceeded its CPU time limit \(limits\.cpu_ms = 200\); the isolate is replaced/);
  assert.equal(await (await server.request(new Request(`${URL_BASE}/`))).text(), 'count=1', 'a fresh isolate (module state reset) serves the next request');
  const slices = await server.request(new Request(`${URL_BASE}/slices`));
  assert.equal(slices.status, 503, 'CPU used in slices between awaits adds up');
});

test('a request that allocates past limits.memory_mb gets 503 and the next request is served', async (t) => {
  const dir = makeProject({
    'src/index.js': `const hoard = [];
      export default { fetch(request) {
        if (new URL(request.url).pathname === '/grow') { for (;;) hoard.push(new Array(1e6).fill({ x: Math.random() })); }
        return new Response('fine');
      } };`,
  }, { limits: { memory_mb: 64 } });
  const server = await startProject(dir);
  t.after(() => server.close());
  const grow = await server.request(new Request(`${URL_BASE}/grow`));
  assert.equal(grow.status, 503);
  assert.equal(((await grow.json()) as { error: string }).error, 'exceeded_memory');
  await eventually(() => server.logText().includes('exceeded its memory limit (limits.memory_mb = 64)'));
  assert.equal(await (await server.request(new Request(`${URL_BASE}/`))).text(), 'fine');
});

test('a request without a response head after limits.wall_ms gets 503 and its signal aborts', async (t) => {
  const dir = makeProject({
    'src/index.js': `let aborted = false;
      export default { async fetch(request) {
        if (new URL(request.url).pathname === '/slow') {
          request.signal.addEventListener('abort', () => { aborted = true; });
          await new Promise((r) => setTimeout(r, 10_000));
        }
        return new Response('aborted=' + aborted);
      } };`,
  }, { limits: { wall_ms: 300 }, compatibility_flags: ['enable_request_signal'] });
  const server = await startProject(dir);
  t.after(() => server.close());
  const slow = await server.request(new Request(`${URL_BASE}/slow`));
  assert.equal(slow.status, 503);
  assert.equal(((await slow.json()) as { error: string }).error, 'exceeded_wall_time');
  assert.match(server.logText(), /exceeded its wall-time limit/);
  await eventually(() => server.logText().includes('exceeded its wall-time limit'));
  const after = await server.request(new Request(`${URL_BASE}/`));
  assert.equal(after.status, 200, 'a fresh isolate serves the next request');
});

test('ctx.waitUntil keeps work alive after the response', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { fetch(request, env, ctx) {
      ctx.waitUntil(new Promise((r) => setTimeout(r, 100)).then(() => console.log('background work done')));
      ctx.waitUntil(Promise.reject(new Error('background failure')));
      return new Response('sent first');
    } };`,
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.equal(await (await server.request(new Request(`${URL_BASE}/`))).text(), 'sent first');
  assert.ok(!server.logText().includes('background work done'));
  await eventually(() => server.logText().includes('background work done'), 5000, 'waitUntil work');
  assert.match(server.logText(), /ctx\.waitUntil\(\) promise rejected: Error: background failure/);
});

test('console output is prefixed with the deployment name', async (t) => {
  const dir = makeProject({ 'src/index.js': 'export default { fetch() { console.log("hello %s", "world", { n: 1 }); console.error("bad thing"); return new Response("ok"); } };' }, { name: 'prefixed-app' });
  const server = await startProject(dir);
  t.after(() => server.close());
  await server.request(new Request(`${URL_BASE}/`));
  await eventually(() => server.logs.some((r) => r.source === 'prefixed-app' && r.message === "hello world { n: 1 }"));
  assert.ok(server.logs.some((r) => r.source === 'prefixed-app' && r.level === 'error' && r.message === 'bad thing'));
});

test('streams request and response bodies', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request) {
      if (request.method === 'POST') {
        let total = 0; const reader = request.body.getReader();
        for (;;) { const { done, value } = await reader.read(); if (done) break; total += value.byteLength; }
        return new Response('received ' + total);
      }
      let i = 0;
      const stream = new ReadableStream({ async pull(c) { if (i === 5) { c.close(); return; } await new Promise((r) => setTimeout(r, 20)); c.enqueue(new TextEncoder().encode('chunk' + (i++) + ';')); } });
      return new Response(stream, { headers: { 'content-type': 'text/plain' } });
    } };`,
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  const streamed = await server.request(new Request(`${URL_BASE}/`));
  assert.equal(await streamed.text(), 'chunk0;chunk1;chunk2;chunk3;chunk4;');
  const big = new Uint8Array(5 * 1024 * 1024).fill(7);
  let sent = 0;
  const body = new ReadableStream({ pull(c) { if (sent >= big.length) { c.close(); return; } c.enqueue(big.subarray(sent, sent + 65536)); sent += 65536; } });
  const res = await server.request(new Request(`${URL_BASE}/`, { method: 'POST', body, duplex: 'half' } as RequestInit));
  assert.equal(await res.text(), `received ${big.length}`);
});

test('a request body larger than the limit gets 413', async (t) => {
  const dir = makeProject({ 'src/index.js': 'export default { async fetch(request) { return new Response(String((await request.arrayBuffer()).byteLength)); } };' });
  const server = await startProject(dir, { maxRequestBytes: 1000 });
  t.after(() => server.close());
  const ok = await server.request(new Request(`${URL_BASE}/`, { method: 'POST', body: 'x'.repeat(1000) }));
  assert.equal(await ok.text(), '1000');
  const tooBig = await server.request(new Request(`${URL_BASE}/`, { method: 'POST', body: 'x'.repeat(1001) }));
  assert.equal(tooBig.status, 413);
  assert.equal(((await tooBig.json()) as { error: string }).error, 'request_too_large');
});

test('more subrequests than limits.subrequests fail inside the application', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch() {
      const results = [];
      for (let i = 0; i < 3; i++) { try { await fetch('data:text/plain,x'); results.push('ok'); } catch (e) { results.push(e.message); } }
      return Response.json(results);
    } };`,
  }, { limits: { subrequests: 2 } });
  const server = await startProject(dir);
  t.after(() => server.close());
  const results = await (await server.request(new Request(`${URL_BASE}/`))).json() as string[];
  assert.deepEqual(results.slice(0, 2), ['ok', 'ok']);
  assert.match(results[2] as string, /Too many subrequests: this event may make at most 2/);
  const again = await (await server.request(new Request(`${URL_BASE}/`))).json() as string[];
  assert.deepEqual(again.slice(0, 2), ['ok', 'ok'], 'the count is per event');
});

test('a Hono application runs unchanged', async (t) => {
  const dir = makeProject({
    'src/index.ts': `import { Hono } from 'hono';
const app = new Hono<{ Bindings: { WHO: string } }>();
app.get('/hello/:name', (c) => c.json({ hello: c.req.param('name'), by: c.env.WHO }));
app.post('/echo', async (c) => c.json(await c.req.json()));
app.notFound((c) => c.text('nothing here', 404));
export default app;`,
  }, { main: 'src/index.ts', vars: { WHO: 'hono' } });
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.deepEqual(await (await server.request(new Request(`${URL_BASE}/hello/ledge`))).json(), { hello: 'ledge', by: 'hono' });
  const echo = await server.request(new Request(`${URL_BASE}/echo`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }));
  assert.deepEqual(await echo.json(), { a: 1 });
  const missing = await server.request(new Request(`${URL_BASE}/nope`));
  assert.equal(missing.status, 404);
  assert.equal(await missing.text(), 'nothing here');
});

test('a module that throws while loading stops the start with the error', async () => {
  const dir = makeProject({ 'src/index.js': 'throw new Error("top-level failure"); export default {};' });
  await assert.rejects(startProject(dir), /the entry module failed to load: Error: top-level failure/);
});

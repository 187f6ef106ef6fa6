// The edge's web APIs as application code sees them in a real isolate (issue 14, item 4): each global is
// there, behaves as documented, and works over real HTTP where the connection matters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeProject, startProject } from './helpers.js';

const URL_BASE = 'http://app.test';

test('URLPattern, scheduler.wait, crypto.DigestStream, the identity streams and navigator are globals that work', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch() {
      const pattern = new URLPattern({ pathname: '/books/:id(\\\\d+)' });
      const match = pattern.exec('https://example.com/books/123?x=1');
      const base = new URLPattern('/api/*', 'https://example.com');
      const started = Date.now();
      await scheduler.wait(20);
      const waited = Date.now() - started;
      const digest = new crypto.DigestStream('SHA-256');
      await new Response('abc').body.pipeTo(digest);
      const hex = [...new Uint8Array(await digest.digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
      const identity = await new Response(new Response('through').body.pipeThrough(new IdentityTransformStream())).text();
      return Response.json({
        id: match.pathname.groups.id, test: pattern.test('https://example.com/books/abc'), base: base.test('https://example.com/api/v1/x'),
        waited: waited >= 15, hex, identity, userAgent: navigator.userAgent,
        fixed: typeof FixedLengthStream, rewriter: typeof HTMLRewriter, broadcast: typeof BroadcastChannel,
      });
    } };`,
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  const res = await server.request(new Request(`${URL_BASE}/`));
  assert.equal(res.status, 200, server.logText());
  assert.deepEqual(await res.json(), {
    id: '123', test: false, base: true, waited: true,
    hex: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', identity: 'through', userAgent: 'Cloudflare-Workers',
    fixed: 'function', rewriter: 'function', broadcast: 'undefined',
  });
});

test('crypto.subtle.timingSafeEqual compares secrets as the original platform documents it, under both isolations', async (t) => {
  // The original's HTTP Basic authentication example, reduced: the credentials are compared without a timing leak.
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request) {
      const encoder = new TextEncoder();
      const given = encoder.encode(request.headers.get('x-key') ?? '');
      const expected = encoder.encode('s3cret-key');
      const sameLength = given.byteLength === expected.byteLength;
      const ok = crypto.subtle.timingSafeEqual(sameLength ? given : expected, expected) && sameLength;
      let refused;
      try { crypto.subtle.timingSafeEqual(given, new Uint8Array(given.byteLength + 1)); } catch (err) { refused = err.name + ': ' + err.message; }
      return Response.json({ ok, refused, enumerable: Object.keys(Object.getPrototypeOf(crypto.subtle)).includes('timingSafeEqual') });
    } };`,
  });
  for (const isolation of ['thread', 'process'] as const) {
    const server = await startProject(dir, { isolation });
    try {
      const ask = async (key: string) => (await server.request(new Request(`${URL_BASE}/`, { headers: { 'x-key': key } }))).json();
      const refused = 'TypeError: Input buffers must have the same byte length.';
      assert.deepEqual(await ask('s3cret-key'), { ok: true, refused, enumerable: false }, `${isolation}: ${server.logText()}`);
      assert.deepEqual(await ask('s3cret-kez'), { ok: false, refused, enumerable: false }, isolation);
      assert.deepEqual(await ask('short'), { ok: false, refused, enumerable: false }, isolation);
    } finally {
      await server.close();
    }
  }
  t.diagnostic('both isolations answered');
});

test('a FixedLengthStream body goes out with its content-length, and request.cf says what the platform knows', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === '/cf') return Response.json({ cf: request.cf ?? null, own: new Request('http://x/').cf ?? null });
      const { readable, writable } = new FixedLengthStream(11);
      const writer = writable.getWriter();
      writer.write(new TextEncoder().encode('hello '));
      writer.write(new TextEncoder().encode('world')).then(() => writer.close());
      return new Response(readable);
    } };`,
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  const fixed = await fetch(`${server.url}/fixed`);
  assert.equal(fixed.headers.get('content-length'), '11');
  assert.equal(fixed.headers.get('transfer-encoding'), null);
  assert.equal(await fixed.text(), 'hello world');
  const cf = await (await fetch(`${server.url}/cf`, { headers: { 'accept-encoding': 'gzip, br' } })).json();
  assert.deepEqual(cf, { cf: { httpProtocol: 'HTTP/1.1', clientAcceptEncoding: 'gzip, br' }, own: null });
  const inProcess = await (await server.request(new Request(`${URL_BASE}/cf`))).json();
  assert.deepEqual(inProcess, { cf: {}, own: null }, 'without a connection there is no protocol to report');
});

test('HTMLRewriter streams a response in the isolate, and its first use hands application code nothing to climb', async (t) => {
  // The engine loads on first use, after application code ran: a sloppy accessor on Object.prototype
  // and a replaced global see what runs while it loads, and must not find a real require.
  const dir = makeProject({
    'src/index.js': `export default { async fetch() {
      const found = [];
      // Sloppy functions (made by Function), so that .caller and .arguments of their callers are readable.
      const climb = Function('found', 'return function climb(f) { for (let i = 0; f && i < 30; i++) { try { for (const a of Array.prototype.slice.call(f.arguments ?? [])) found.push(a); } catch {} found.push(f); try { f = f.caller; } catch { f = null; } } }')(found);
      const makeSetter = Function('climb', 'name', 'return function set(v) { climb(set.caller); Object.defineProperty(this, name, { value: v, writable: true, configurable: true, enumerable: true }); }');
      const names = ['HTMLRewriter', 'Element', 'Comment', 'TextChunk', 'Doctype', 'DocumentEnd', 'EndTag', '__wasm', 'awaitPromise', 'wrap', 'setWasmExports'];
      for (const name of names) Object.defineProperty(Object.prototype, name, { set: makeSetter(climb, name), configurable: true });
      const RealArray = Array;
      const traps = Function('climb', 'return { construct: function construct(target, args) { climb(construct.caller); return new target(...args); }, apply: function apply(target, self, args) { climb(apply.caller); return target(...args); } }')(climb);
      globalThis.Array = new Proxy(RealArray, traps);
      let out;
      try {
        out = await new HTMLRewriter().on('a', { element(el) { el.setAttribute('href', '/rewritten'); } }).transform(new Response('<a href="/x">x</a>')).text();
      } finally {
        globalThis.Array = RealArray;
        for (const name of names) delete Object.prototype[name];
      }
      const requires = found.filter((v) => typeof v === 'function' && typeof v.resolve === 'function' && typeof v.cache === 'object');
      const modules = found.filter((v) => v && typeof v === 'object' && typeof v.require === 'function' && 'exports' in v);
      let reachedProcess = false;
      for (const f of found.filter((v) => typeof v === 'function')) { try { if (f.constructor('return typeof process')() !== 'undefined') reachedProcess = true; } catch {} }
      return Response.json({ out, requires: requires.length, modules: modules.length, reachedProcess });
    } };`,
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  const res = await server.request(new Request(`${URL_BASE}/`));
  assert.equal(res.status, 200, server.logText());
  assert.deepEqual(await res.json(), { out: '<a href="/rewritten">x</a>', requires: 0, modules: 0, reachedProcess: false });
});

for (const compat of [false, true]) {
  test(`outbound fetch with request and response bodies works with Node's Buffer out of reach${compat ? ' (nodejs_compat)' : ''}`, async (t) => {
    const upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      req.on('end', () => { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify({ got: body, length: req.headers['content-length'] ?? null })); });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    t.after(() => upstream.close());
    const port = (upstream.address() as AddressInfo).port;
    const dir = makeProject({
      'src/index.js': `export default { async fetch() {
        const sent = await fetch('http://127.0.0.1:${port}/echo', { method: 'POST', body: 'payload-' + 'x'.repeat(10000) });
        const json = await sent.json();
        const form = new FormData(); form.append('a', '1');
        const multipart = await new Response(form).formData();
        return Response.json({ got: json.got.length, length: json.length, form: multipart.get('a'), buffer: Function('return typeof Buffer')() });
      } };`,
    }, compat ? { compatibility_flags: ['nodejs_compat'] } : {});
    const server = await startProject(dir);
    t.after(() => server.close());
    const res = await server.request(new Request(`${URL_BASE}/`));
    assert.equal(res.status, 200, server.logText());
    assert.deepEqual(await res.json(), { got: 10008, length: '10008', form: '1', buffer: compat ? 'function' : 'undefined' });
  });
}

// Conformance of the Cache API (docs/cache.md) through a real isolate, written from the original's documented
// behaviour: Cache-Control, Expires, validators answered 304 from the entry, refusals, named caches, persistence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '../src/platform/clock.js';
import { makeProject, startProject, tempDir } from './helpers.js';

/** A tiny API over `caches` so the test drives put/match/delete from outside the isolate. */
const APP = `export default { async fetch(request) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const cache = q.get('cache') ? await caches.open(q.get('cache')) : caches.default;
  const key = 'https://shop.example.com' + (q.get('key') ?? '/item');
  try {
    if (url.pathname === '/put') {
      const init = { status: Number(q.get('status') ?? 200), headers: JSON.parse(q.get('headers') ?? '{}') };
      const keyRequest = q.get('method') ? new Request(key, { method: q.get('method') }) : key;
      return new Response(String(await cache.put(keyRequest, new Response(q.get('body') ?? 'cached body', init))));
    }
    if (url.pathname === '/match') {
      const conditional = new Request(key, { method: q.get('method') ?? 'GET', headers: request.headers });
      const hit = await cache.match(conditional, { ignoreMethod: q.has('ignoreMethod') });
      if (!hit) return Response.json({ hit: false });
      return Response.json({ hit: true, status: hit.status, body: await hit.text(), headers: Object.fromEntries(hit.headers) });
    }
    if (url.pathname === '/delete') return Response.json(await cache.delete(key));
    if (url.pathname === '/types') return Response.json([typeof caches, typeof caches.default.match, caches.default instanceof Cache]);
  } catch (err) {
    return new Response(err.name + ': ' + err.message, { status: 400 });
  }
  return new Response('?', { status: 404 });
} };`;

async function setup(t: { after(fn: () => Promise<void> | void): void }, stateDir = tempDir('ledge-cache-')) {
  const clock = createManualClock(Date.UTC(2026, 9, 1, 12));
  const dir = makeProject({ 'src/index.js': APP });
  const server = await startProject(dir, { clock, stateDir });
  t.after(() => server.close());
  const call = async (path: string, params: Record<string, string | Record<string, string>> = {}, headers: Record<string, string> = {}) => {
    const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const res = await server.request(new Request(`http://localhost${path}?${q}`, { headers }));
    return { status: res.status, text: await res.text() };
  };
  const match = async (params: Record<string, string> = {}, headers: Record<string, string> = {}) => JSON.parse((await call('/match', params, headers)).text) as { hit: boolean; status?: number; body?: string; headers?: Record<string, string> };
  return { clock, call, match, dir, stateDir, server };
}

test('caches exists with default and open(); a stored response is matched until max-age runs out', async (t) => {
  const { clock, call, match } = await setup(t);
  assert.equal((await call('/types')).text, '["object","function",true]');
  assert.equal((await match()).hit, false, 'nothing stored yet');
  assert.equal((await call('/put', { headers: { 'cache-control': 'max-age=60', 'x-kind': 'a' } })).text, 'undefined', 'put resolves to undefined');
  const hit = await match();
  assert.deepEqual([hit.hit, hit.status, hit.body, hit.headers?.['x-kind']], [true, 200, 'cached body', 'a']);
  clock.advance(59_000);
  assert.equal((await match()).hit, true);
  clock.advance(1_000);
  assert.equal((await match()).hit, false, 'at max-age the entry is gone');

  // s-maxage (the shared-cache lifetime) wins over max-age.
  await call('/put', { key: '/shared', headers: { 'cache-control': 'max-age=5, s-maxage=100' } });
  clock.advance(50_000);
  assert.equal((await match({ key: '/shared' })).hit, true);
});

test('Cache-Control no-store, no-cache and private, and Set-Cookie, keep a response out; private=Set-Cookie stores it without the cookie', async (t) => {
  const { call, match } = await setup(t);
  for (const [key, headers] of [
    ['/no-store', { 'cache-control': 'no-store, max-age=60' }],
    ['/no-cache', { 'cache-control': 'no-cache' }],
    ['/private', { 'cache-control': 'private, max-age=60' }],
    ['/zero', { 'cache-control': 'max-age=0' }],
    ['/cookie', { 'cache-control': 'max-age=60', 'set-cookie': 'session=secret' }],
    ['/teapot', {}],
  ] as const) {
    assert.equal((await call('/put', { key, headers, ...(key === '/teapot' ? { status: '418' } : {}) })).text, 'undefined', `${key}: put still resolves`);
    assert.equal((await match({ key })).hit, false, `${key} is not stored`);
  }
  await call('/put', { key: '/strip', headers: { 'cache-control': 'max-age=60, private=Set-Cookie', 'set-cookie': 'session=secret' } });
  const stripped = await match({ key: '/strip' });
  assert.equal(stripped.hit, true);
  assert.equal(stripped.headers?.['set-cookie'], undefined, 'the cookie is dropped, never replayed to another visitor');
  // No Cache-Control at all: the default time to live by status (200 keeps two hours).
  await call('/put', { key: '/default' });
  assert.equal((await match({ key: '/default' })).hit, true);
});

test('Expires decides when Cache-Control has no lifetime', async (t) => {
  const { clock, call, match } = await setup(t);
  const inAMinute = new Date(clock.now() + 60_000).toUTCString();
  await call('/put', { key: '/expires', headers: { expires: inAMinute } });
  assert.equal((await match({ key: '/expires' })).hit, true);
  clock.advance(60_000);
  assert.equal((await match({ key: '/expires' })).hit, false);
  await call('/put', { key: '/past', headers: { expires: new Date(clock.now() - 1000).toUTCString() } });
  assert.equal((await match({ key: '/past' })).hit, false, 'an Expires in the past is not stored');
  await call('/put', { key: '/invalid', headers: { expires: '0' } });
  assert.equal((await match({ key: '/invalid' })).hit, false, 'an invalid Expires means already expired');
});

test('ETag and Last-Modified: a conditional match is answered 304 from the entry', async (t) => {
  const { call, match } = await setup(t);
  await call('/put', { key: '/tagged', headers: { 'cache-control': 'max-age=60', etag: '"v1"' } });
  assert.equal((await match({ key: '/tagged' }, { 'if-none-match': '"v1"' })).status, 304);
  assert.equal((await match({ key: '/tagged' }, { 'if-none-match': 'W/"v1"' })).status, 304, 'If-None-Match compares weakly');
  assert.equal((await match({ key: '/tagged' }, { 'if-none-match': '"other", "v1"' })).status, 304);
  const changed = await match({ key: '/tagged' }, { 'if-none-match': '"v0"' });
  assert.deepEqual([changed.status, changed.body], [200, 'cached body']);
  const notModified = await match({ key: '/tagged' }, { 'if-none-match': '"v1"' });
  assert.equal(notModified.body, '', 'a 304 has no body');
  assert.equal(notModified.headers?.etag, '"v1"');

  const modified = 'Wed, 30 Sep 2026 10:00:00 GMT';
  await call('/put', { key: '/dated', headers: { 'cache-control': 'max-age=60', 'last-modified': modified } });
  assert.equal((await match({ key: '/dated' }, { 'if-modified-since': modified })).status, 304);
  assert.equal((await match({ key: '/dated' }, { 'if-modified-since': 'Tue, 29 Sep 2026 10:00:00 GMT' })).status, 200);

  const partial = await match({ key: '/dated' }, { range: 'bytes=0-5' });
  assert.deepEqual([partial.status, partial.body, partial.headers?.['content-range']], [206, 'cached', 'bytes 0-5/11']);
});

test('put refuses non-GET keys, 206 and Vary: *; match and delete ignore non-GET unless ignoreMethod', async (t) => {
  const { call, match } = await setup(t);
  assert.deepEqual(await call('/put', { method: 'POST', headers: { 'cache-control': 'max-age=60' } }), { status: 400, text: 'TypeError: Cannot cache response to non-GET request.' });
  assert.deepEqual(await call('/put', { status: '206', headers: { 'cache-control': 'max-age=60' } }), { status: 400, text: 'TypeError: Cannot cache response to a range request (206 Partial Content).' });
  assert.deepEqual(await call('/put', { headers: { 'cache-control': 'max-age=60', vary: 'Accept, *' } }), { status: 400, text: "TypeError: Cannot cache response with 'Vary: *' header." });
  await call('/put', { headers: { 'cache-control': 'max-age=60', vary: 'Accept' } });
  assert.equal((await match({}, { accept: 'text/html' })).hit, true, 'other Vary values are not part of the key, as on the original');
  assert.equal((await match({ method: 'POST' })).hit, false, 'a POST never matches');
  assert.equal((await match({ method: 'POST', ignoreMethod: '1' })).hit, true, 'unless ignoreMethod');
});

test('named caches are apart from the default; delete says whether it deleted; entries survive a restart', async (t) => {
  const stateDir = tempDir('ledge-cache-');
  const first = await setup(t, stateDir);
  await first.call('/put', { cache: 'pages', headers: { 'cache-control': 'max-age=3600' }, body: 'named' });
  assert.equal((await first.match()).hit, false, 'the default cache does not see a named cache');
  assert.equal((await first.match({ cache: 'pages' })).body, 'named');
  assert.equal((await first.match({ cache: 'other' })).hit, false);
  await first.call('/put', { headers: { 'cache-control': 'max-age=3600' }, body: 'default' });
  assert.equal((await first.call('/delete', { cache: 'pages' })).text, 'true');
  assert.equal((await first.call('/delete', { cache: 'pages' })).text, 'false');
  await first.server.close();
  const second = await setup(t, stateDir);
  assert.equal((await second.match()).body, 'default', 'the entry is persisted in the state directory');
});

test('ledge cache purge: by URL and all, on the local state while ledge dev runs', async (t) => {
  const { runCli, startDev } = await import('./cli.js');
  const dir = makeProject({ 'src/index.js': APP });
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const put = (key: string) => fetch(`${dev.url}/put?key=${key}&headers=${encodeURIComponent('{"cache-control":"max-age=3600"}')}`);
  const hit = async (key: string, cache = '') => ((await (await fetch(`${dev.url}/match?key=${key}${cache ? `&cache=${cache}` : ''}`)).json()) as { hit: boolean }).hit;
  await put('/a');
  await put('/b');
  await fetch(`${dev.url}/put?key=/a&cache=pages&headers=${encodeURIComponent('{"cache-control":"max-age=3600"}')}`);
  assert.deepEqual([await hit('/a'), await hit('/b'), await hit('/a', 'pages')], [true, true, true]);

  const purge = async (args: string[]) => {
    const cli = runCli(['cache', 'purge', '--dir', dir, ...args]);
    const code = await cli.exited;
    return { code, output: cli.output() };
  };
  assert.deepEqual(await purge(['--url', 'https://shop.example.com/a#fragment']), { code: 0, output: 'purged 2 stored responses\n' }, 'the URL is purged in every cache');
  assert.deepEqual([await hit('/a'), await hit('/b'), await hit('/a', 'pages')], [false, true, false]);
  assert.equal((await purge(['--all', '--json'])).output, '{\n  "purged": 1\n}\n');
  assert.equal(await hit('/b'), false);
  const bad = await purge(['--url', 'ftp://x/y']);
  assert.equal(bad.code, 2);
  assert.match(bad.output, /not an http: or https: URL/);
  assert.equal((await purge([])).code, 2, 'neither --url nor --all');
});

test('ledge serve: POST /cache/purge needs cache:write and empties the account\'s caches', async (t) => {
  const { deployBody, startTestPlatform } = await import('./serve-helpers.js');
  const p = await startTestPlatform();
  t.after(() => p.close());
  const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/shop`, { body: deployBody(APP, { routes: [{ pattern: 'shop.example.com', custom_domain: true }] }) });
  assert.equal(deployed.status, 200, deployed.text);
  const put = (key: string) => p.visit('shop.example.com', `/put?key=${key}&headers=${encodeURIComponent('{"cache-control":"max-age=3600"}')}`);
  const hit = async (key: string) => ((await (await p.visit('shop.example.com', `/match?key=${key}`)).json()) as { hit: boolean }).hit;
  await put('/a');
  await put('/b');
  assert.equal(await hit('/a'), true);

  const reader = await p.call('POST', `/accounts/${p.accountId}/tokens`, { body: { name: 'reader', policies: [{ effect: 'allow', permission_groups: ['deployments:write'], resources: { [`com.ledge.api.account.${p.accountId}`]: '*' } }] } });
  assert.equal(reader.status, 201, reader.text);
  const refused = await p.call('POST', `/accounts/${p.accountId}/cache/purge`, { token: reader.body.result.value, body: { purge_everything: true } });
  assert.equal(refused.status, 403, 'a token without cache:write cannot purge');
  assert.equal(await hit('/a'), true);

  const purger = await p.call('POST', `/accounts/${p.accountId}/tokens`, { body: { name: 'purger', policies: [{ effect: 'allow', permission_groups: ['cache:write'], resources: { [`com.ledge.api.account.${p.accountId}`]: '*' } }] } });
  const token = purger.body.result.value as string;
  assert.equal((await p.call('POST', `/accounts/${p.accountId}/cache/purge`, { token, body: { files: ['not a url'] } })).status, 400);
  assert.equal((await p.call('POST', `/accounts/${p.accountId}/cache/purge`, { token, body: {} })).status, 400, 'files or purge_everything');
  const byUrl = await p.call('POST', `/accounts/${p.accountId}/cache/purge`, { token, body: { files: ['https://shop.example.com/a'] } });
  assert.deepEqual([byUrl.status, byUrl.body.result], [200, { purged: 1 }]);
  assert.deepEqual([await hit('/a'), await hit('/b')], [false, true]);
  const all = await p.call('POST', `/accounts/${p.accountId}/cache/purge`, { token, body: { purge_everything: true } });
  assert.deepEqual(all.body.result, { purged: 1 });
  assert.equal(await hit('/b'), false);
});

test('a damaged cache store fails only cache calls: the application starts, answers, and its caches.default.match rejects (the store is named in the platform log)', async (t) => {
  const stateDir = tempDir('ledge-cache-damaged-');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(`${stateDir}/cache.sqlite`, 'this is not a database'.repeat(400));
  const { call } = await setup(t, stateDir);
  const types = await call('/types');
  assert.equal(types.status, 200, 'the version started: building it did not open the cache store');
  const match = await call('/match');
  assert.equal(match.status, 400);
  assert.match(match.text, /^Error: ledge:cache.match\(\) failed inside the platform/);
});

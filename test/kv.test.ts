// The key-value binding through a real isolate, with the method shapes, errors and limits existing code expects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '../src/platform/clock.js';
import { makeProject, startProject } from './helpers.js';

/** A project whose fetch runs the body of `script` (an async function of env) and returns its result as JSON. */
async function run(script: string, options: { clock?: ReturnType<typeof createManualClock>; config?: Record<string, unknown> } = {}) {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env) {
      const step = new URL(request.url).searchParams.get('step');
      try { return Response.json({ ok: await (${script})(env, step) }); }
      catch (e) { return Response.json({ error: e.constructor.name + ': ' + e.message }); }
    } };`,
  }, { kv_namespaces: [{ binding: 'KV', id: 'kv-test' }], ...options.config });
  const server = await startProject(dir, options.clock ? { clock: options.clock } : {});
  const call = async (step = '') => (await (await server.request(new Request(`http://app.test/?step=${step}`))).json()) as { ok?: unknown; error?: string };
  return { server, call };
}

test('get, put and delete with every value type', async (t) => {
  const { server, call } = await run(`async (env) => {
    const out = {};
    await env.KV.put('text', 'héllo');
    await env.KV.put('buffer', new Uint8Array([1, 2, 3]).buffer);
    await env.KV.put('view', new Uint16Array([258]));
    await env.KV.put('json', JSON.stringify({ a: [1, 2] }));
    await env.KV.put('stream', new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('str')); c.enqueue(new TextEncoder().encode('eam')); c.close(); } }));
    out.text = await env.KV.get('text');
    out.textType = await env.KV.get('text', 'text');
    out.textOpt = await env.KV.get('text', { type: 'text', cacheTtl: 60 });
    out.buffer = [...new Uint8Array(await env.KV.get('buffer', 'arrayBuffer'))];
    out.bufferIsAB = (await env.KV.get('buffer', 'arrayBuffer')) instanceof ArrayBuffer;
    out.view = [...new Uint8Array(await env.KV.get('view', { type: 'arrayBuffer' }))];
    out.json = await env.KV.get('json', 'json');
    out.stream = await new Response(await env.KV.get('stream', 'stream')).text();
    out.missing = await env.KV.get('nope');
    await env.KV.delete('text');
    out.deleted = await env.KV.get('text');
    out.deleteMissing = await env.KV.delete('never');
    return out;
  }`);
  t.after(() => server.close());
  assert.deepEqual((await call()).ok, {
    text: 'héllo', textType: 'héllo', textOpt: 'héllo', buffer: [1, 2, 3], bufferIsAB: true, view: [2, 1],
    json: { a: [1, 2] }, stream: 'stream', missing: null, deleted: null,
  });
});

test('getWithMetadata and bulk get', async (t) => {
  const { server, call } = await run(`async (env) => {
    await env.KV.put('m', '{"x":1}', { metadata: { owner: 'ann', n: 2 } });
    await env.KV.put('plain', 'p');
    const many = await env.KV.get(['m', 'plain', 'absent'], 'text');
    const manyJson = await env.KV.get(['m'], { type: 'json' });
    const withMeta = await env.KV.getWithMetadata(['m', 'absent']);
    return {
      one: await env.KV.getWithMetadata('m', 'json'),
      none: await env.KV.getWithMetadata('plain'),
      absent: await env.KV.getWithMetadata('absent'),
      many: [many instanceof Map, ...many.entries()],
      manyJson: [...manyJson.entries()],
      withMeta: [...withMeta.entries()],
    };
  }`);
  t.after(() => server.close());
  assert.deepEqual((await call()).ok, {
    one: { value: { x: 1 }, metadata: { owner: 'ann', n: 2 }, cacheStatus: null },
    none: { value: 'p', metadata: null, cacheStatus: null },
    absent: { value: null, metadata: null, cacheStatus: null },
    many: [true, ['m', '{"x":1}'], ['plain', 'p'], ['absent', null]],
    manyJson: [['m', { x: 1 }]],
    withMeta: [['m', { value: '{"x":1}', metadata: { owner: 'ann', n: 2 }, cacheStatus: null }], ['absent', { value: null, metadata: null, cacheStatus: null }]],
  });
});

test('list pages by cursor in byte order, with prefix, expiration and metadata', async (t) => {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const { server, call } = await run(`async (env, step) => {
    if (step === 'fill') {
      for (let i = 0; i < 25; i++) await env.KV.put('item:' + String(i).padStart(2, '0'), 'v' + i, i === 3 ? { metadata: { three: true }, expirationTtl: 3600 } : {});
      await env.KV.put('other', 'x');
      return true;
    }
    const pages = [];
    let cursor;
    do {
      const page = await env.KV.list({ prefix: 'item:', limit: 10, cursor });
      pages.push(page);
      cursor = page.cursor;
    } while (!pages.at(-1).list_complete);
    return { pages, all: await env.KV.list(), empty: await env.KV.list({ prefix: 'zzz' }) };
  }`, { clock });
  t.after(() => server.close());
  await call('fill');
  const { pages, all, empty } = (await call()).ok as { pages: { keys: { name: string; expiration?: number; metadata?: unknown }[]; list_complete: boolean; cursor?: string; cacheStatus: null }[]; all: { keys: unknown[]; list_complete: boolean }; empty: unknown };
  assert.deepEqual(pages.map((p) => p.keys.length), [10, 10, 5]);
  assert.deepEqual(pages.map((p) => p.list_complete), [false, false, true]);
  assert.ok(typeof pages[0]?.cursor === 'string' && pages[0].cursor.length > 0);
  assert.ok(!('cursor' in (pages[2] as object)), 'the last page has no cursor');
  assert.deepEqual(pages.flatMap((p) => p.keys.map((k) => k.name)), Array.from({ length: 25 }, (_, i) => `item:${String(i).padStart(2, '0')}`));
  const three = pages[0]?.keys[3];
  assert.deepEqual(three, { name: 'item:03', expiration: Date.UTC(2026, 10, 1) / 1000 + 3600, metadata: { three: true } });
  assert.deepEqual(pages[0]?.keys[0], { name: 'item:00' }, 'no expiration or metadata fields when there are none');
  assert.equal(all.keys.length, 26);
  assert.equal(all.list_complete, true);
  assert.deepEqual(empty, { keys: [], list_complete: true, cacheStatus: null });
});

test('expired keys are never returned, by get or list', async (t) => {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const { server, call } = await run(`async (env, step) => {
    if (step === 'put') {
      await env.KV.put('ttl', 'short', { expirationTtl: 60 });
      await env.KV.put('abs', 'absolute', { expiration: Math.floor(${Date.UTC(2026, 10, 1)} / 1000) + 120 });
      return true;
    }
    return { ttl: await env.KV.get('ttl'), abs: await env.KV.get('abs'), keys: (await env.KV.list()).keys.map((k) => k.name) };
  }`, { clock });
  t.after(() => server.close());
  await call('put');
  assert.deepEqual((await call()).ok, { ttl: 'short', abs: 'absolute', keys: ['abs', 'ttl'] });
  clock.advance(60_000);
  assert.deepEqual((await call()).ok, { ttl: null, abs: 'absolute', keys: ['abs'] });
  clock.advance(60_000);
  assert.deepEqual((await call()).ok, { ttl: null, abs: null, keys: [] });
});

test('argument errors carry the types and texts existing code expects', async (t) => {
  const cases: [string, string][] = [
    [`env.KV.get('')`, 'TypeError: Key name cannot be empty.'],
    [`env.KV.put('.', 'x')`, 'TypeError: "." is not allowed as a key name.'],
    [`env.KV.delete('..')`, 'TypeError: ".." is not allowed as a key name.'],
    [`env.KV.get('k'.repeat(513))`, 'Error: KV GET failed: 414 UTF-8 encoded length of 513 exceeds key length limit of 512.'],
    [`env.KV.put('é'.repeat(257), 'x')`, 'Error: KV PUT failed: 414 UTF-8 encoded length of 514 exceeds key length limit of 512.'],
    [`env.KV.get('k', 'blob')`, 'TypeError: Unknown response type. Possible types are "text", "arrayBuffer", "json", and "stream".'],
    [`env.KV.put('k', 42)`, 'TypeError: KV put() accepts only strings, ArrayBuffers, ArrayBufferViews, and ReadableStreams as values.'],
    [`env.KV.put('k', { a: 1 })`, 'TypeError: KV put() accepts only strings, ArrayBuffers, ArrayBufferViews, and ReadableStreams as values.'],
    [`env.KV.put('k', 'v', { expirationTtl: 59 })`, 'Error: KV PUT failed: 400 Invalid expiration_ttl of 59. Expiration TTL must be at least 60.'],
    [`env.KV.put('k', 'v', { expiration: Math.floor(Date.now() / 1000) + 10 })`, 'Error: KV PUT failed: 400 Invalid expiration of'],
    [`env.KV.put('k', 'v', { metadata: { x: 'y'.repeat(1020) } })`, 'Error: KV PUT failed: 413 Metadata length of 1028 exceeds limit of 1024.'],
    [`env.KV.put('k', 'x'.repeat(25 * 1024 * 1024 + 1))`, 'Error: KV PUT failed: 413 Value length of 26214401 exceeds limit of 26214400.'],
    [`env.KV.list({ limit: 0 })`, 'Error: KV LIST failed: 400 Invalid key_count_limit of 0. Please specify an integer greater than 0.'],
    [`env.KV.list({ limit: 1001 })`, 'Error: KV LIST failed: 400 Invalid key_count_limit of 1001. Please specify an integer less than 1001.'],
    [`env.KV.list({ cursor: 'not a cursor!' })`, 'Error: KV LIST failed: 400 Invalid cursor.'],
    [`env.KV.get(Array.from({ length: 101 }, (_, i) => 'k' + i))`, 'Error: KV GET_BULK failed: 400 You can request a maximum of 100 keys'],
    [`env.KV.get(['a'], 'arrayBuffer')`, 'TypeError: Unknown response type. Possible types are "text" and "json".'],
    [`env.KV.get('k', { cacheTtl: 10 })`, 'Error: KV GET failed: 400 Invalid cache_ttl of 10. Cache TTL must be at least 30.'],
    [`env.KV.get(undefined)`, 'TypeError: KV GET requires a key that is a string, got undefined.'],
  ];
  const { server, call } = await run(`async (env, step) => {
    const cases = [${cases.map(([expr]) => `() => ${expr}`).join(',\n')}];
    const results = [];
    for (const c of cases) { try { await c(); results.push('no error'); } catch (e) { results.push(e.constructor.name + ': ' + e.message); } }
    results.push(await env.KV.get('k'));
    return results;
  }`);
  t.after(() => server.close());
  const results = (await call()).ok as string[];
  cases.forEach(([expr, expected], i) => assert.ok((results[i] as string).startsWith(expected), `${expr}: got ${results[i]}`));
  assert.equal(results.at(-1), null, 'no failed put stored anything');
});

test('a deployment gets exactly the bindings it declares', async (t) => {
  const { server, call } = await run(`async (env) => Object.keys(env).sort()`, { config: { vars: { MODE: 'x' } } });
  t.after(() => server.close());
  assert.deepEqual((await call()).ok, ['KV', 'MODE']);
});

test('two bindings share data only when they name the same namespace id', async (t) => {
  const { server, call } = await run(`async (env) => {
    await env.KV.put('shared', 'from KV');
    return { same: await env.SAME.get('shared'), other: await env.OTHER.get('shared') };
  }`, { config: { kv_namespaces: [{ binding: 'KV', id: 'ns-a' }, { binding: 'SAME', id: 'ns-a' }, { binding: 'OTHER', id: 'ns-b' }] } });
  t.after(() => server.close());
  assert.deepEqual((await call()).ok, { same: 'from KV', other: null });
});

test('a page can be empty while list_complete is false; following the cursor reaches the rest', async (t) => {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const { server, call } = await run(`async (env, step) => {
    if (step === 'fill') {
      for (const key of ['a1', 'a2', 'a3']) await env.KV.put(key, 'short-lived', { expirationTtl: 60 });
      for (const key of ['b1', 'b2']) await env.KV.put(key, 'kept');
      return true;
    }
    const pages = [];
    let cursor;
    do {
      const page = await env.KV.list({ limit: 3, cursor });
      pages.push({ keys: page.keys.map((k) => k.name), complete: page.list_complete, hasCursor: typeof page.cursor === 'string' });
      cursor = page.cursor;
    } while (!pages.at(-1).complete);
    return pages;
  }`, { clock });
  t.after(() => server.close());
  await call('fill');
  clock.advance(120_000);
  assert.deepEqual((await call()).ok, [
    { keys: [], complete: false, hasCursor: true },
    { keys: ['b1', 'b2'], complete: true, hasCursor: false },
  ]);
});

test('list orders by UTF-8 bytes, not UTF-16 code units, and cursors page through such keys', async (t) => {
  const { server, call } = await run(`async (env, step) => {
    if (step === 'fill') {
      for (const key of ['😀', '\\uff5e', 'é', 'z']) await env.KV.put(key, key);
      return true;
    }
    const paged = [];
    let cursor;
    do { const page = await env.KV.list({ limit: 1, cursor }); paged.push(...page.keys.map((k) => k.name)); cursor = page.cursor; } while (cursor);
    return { all: (await env.KV.list()).keys.map((k) => k.name), paged };
  }`);
  t.after(() => server.close());
  await call('fill');
  // UTF-8: z (7a) < é (c3 a9) < ～ (ef bd 9e) < 😀 (f0 9f 98 80); in UTF-16 order 😀 (d83d) would come before ～ (ff5e).
  assert.deepEqual((await call()).ok, { all: ['z', 'é', '\uff5e', '😀'], paged: ['z', 'é', '\uff5e', '😀'] });
});

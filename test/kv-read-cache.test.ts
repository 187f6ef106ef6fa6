// The key-value read cache of isolates in a sandbox process (docs/bindings/kv.md, "Read cache"), on a real platform:
// every write, from any deployment of the account, reaches a reader's next get at once; expiry, deletes, metadata,
// value types and bulk gets read as without a cache; values past the size bound are not kept; a cache never holds
// another namespace's or another account's values. The consistency tests run under both isolations (threads keep no
// cache: the same answers are expected); the tests that prove what is kept run under process isolation only.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

/** Answers `?op=get|getMeta|getMany|put|delete|list&key=&value=&type=&ttl=&ns=` on env[ns] (default KV) as JSON. */
const APP = `export default { async fetch(request, env, ctx) {
  const q = new URL(request.url).searchParams;
  const kv = env[q.get('ns') ?? 'KV'];
  if (!kv) return Response.json({ error: 'no binding ' + q.get('ns') });
  const key = q.get('key');
  const type = q.get('type') ?? 'text';
  const show = async (v) => v === null ? null : type === 'arrayBuffer' ? [...new Uint8Array(v)].slice(0, 8).concat([v.byteLength]) : type === 'stream' ? await new Response(v).text() : v;
  try {
    switch (q.get('op')) {
      case 'get': return Response.json({ value: await show(await kv.get(key, q.has('cacheTtl') ? { type, cacheTtl: Number(q.get('cacheTtl')) } : type)) });
      case 'getMeta': { const r = await kv.getWithMetadata(key, type); return Response.json({ value: await show(r.value), metadata: r.metadata }); }
      case 'getMany': { const m = await kv.get(key.split(','), type); return Response.json({ value: Object.fromEntries(m) }); }
      case 'getManyMeta': { const m = await kv.getWithMetadata(key.split(','), type); return Response.json({ value: Object.fromEntries([...m].map(([k, r]) => [k, [r.value, r.metadata]])) }); }
      case 'put': {
        const value = q.has('size') ? 'x'.repeat(Number(q.get('size')) - 1) + q.get('value') : q.get('value');
        await kv.put(key, value, { ...(q.has('ttl') ? { expirationTtl: Number(q.get('ttl')) } : {}), ...(q.has('meta') ? { metadata: JSON.parse(q.get('meta')) } : {}) });
        return Response.json({ stored: true });
      }
      case 'delete': await kv.delete(key); return Response.json({ deleted: true });
      case 'poll': {
        // Waits, after its response, for another request to set the key, then says so under key + ':seen'.
        ctx.waitUntil((async () => { while ((await kv.get(key)) !== q.get('value')) {} await kv.put(key + ':seen', 'yes'); })());
        return Response.json({ polling: true });
      }
      case 'mutate': {
        // Changes what one read handed out; the next read must not see the change.
        const buf = await kv.get(key, 'arrayBuffer'); new Uint8Array(buf).fill(33);
        const bytes = new Uint8Array(await new Response(await kv.get(key, 'stream')).arrayBuffer()); bytes.fill(34);
        const meta = (await kv.getWithMetadata(key)).metadata; if (meta) meta.poisoned = true;
        return Response.json({ value: await kv.get(key), metadata: (await kv.getWithMetadata(key)).metadata });
      }
      default: return new Response('no op', { status: 400 });
    }
  } catch (e) { return Response.json({ error: e.constructor.name + ': ' + e.message }); }
} };`;

interface Rig {
  p: TestPlatform;
  /** Namespace ids of account 1 (main, other) and account 2 (theirs). */
  main: string;
  other: string;
  /** Calls `deployment` (of account 1, or of account 2 for `theirs`) with the query; answers the parsed JSON. */
  ask(deployment: 'x' | 'y' | 'z' | 'both' | 'theirs', query: Record<string, string | number>): Promise<{ value?: unknown; metadata?: unknown; error?: string; stored?: boolean; deleted?: boolean }>;
}

/**
 * One platform: account 1 with namespaces main and other; deployments x and y bind main as KV, z binds other as
 * KV, both binds main as KV and other as OTHER. Account 2 (name "two") has its own namespace, bound by theirs.
 */
async function startRig(t: TestContext, isolation: 'thread' | 'process', options: { wallClock?: boolean } = {}): Promise<Rig> {
  const p = await startTestPlatform(tempDir('ledge-kvcache-'), undefined, { isolation, ...(options.wallClock ? { clock: SYSTEM_CLOCK } : {}) });
  t.after(() => p.close());
  const namespace = async (account: string, title: string) => {
    const res = await p.call('POST', `/accounts/${account}/storage/kv/namespaces`, { body: { title } });
    assert.equal(res.status, 201, res.text);
    return res.body.result.id as string;
  };
  const deploy = async (account: string, name: string, kv: { binding: string; id: string }[]) => {
    const res = await p.call('PUT', `/accounts/${account}/deployments/${name}`, { body: deployBody(APP, { edge_dev: true, kv_namespaces: kv }) });
    assert.equal(res.status, 200, res.text);
  };
  const a = p.accountId;
  const created = await p.call('POST', '/accounts', { body: { name: 'two' } });
  assert.equal(created.status, 201, created.text);
  const b = created.body.result.id as string;
  const main = await namespace(a, 'main');
  const other = await namespace(a, 'other');
  const theirs = await namespace(b, 'theirs');
  await deploy(a, 'x', [{ binding: 'KV', id: main }]);
  await deploy(a, 'y', [{ binding: 'KV', id: main }]);
  await deploy(a, 'z', [{ binding: 'KV', id: other }]);
  await deploy(a, 'both', [{ binding: 'KV', id: main }, { binding: 'OTHER', id: other }]);
  await deploy(b, 'theirs', [{ binding: 'KV', id: theirs }]);
  const ask: Rig['ask'] = async (deployment, query) => {
    const host = deployment === 'theirs' ? 'theirs.two.ledge.localhost' : `${deployment}.admin.ledge.localhost`;
    const res = await p.visit(host, `/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
    const text = await res.text();
    assert.equal(res.status, 200, text);
    return JSON.parse(text);
  };
  return { p, main, other, ask };
}

/** Writes a value straight into the account's store file, past the platform: what a copy kept in a cache cannot know of. */
function writeBehindThePlatform(rig: Rig, namespace: string, key: string, value: string): void {
  const db = new Database(path.join(rig.p.stateDir, 'accounts', rig.p.accountId, 'kv.sqlite'));
  try {
    const changed = db.prepare('UPDATE kv_entries SET value = ? WHERE namespace = ? AND key = ?').run(Buffer.from(value), namespace, Buffer.from(key));
    assert.equal(changed.changes, 1);
  } finally {
    db.close();
  }
}

for (const isolation of ['thread', 'process'] as const) {
  test(`${isolation} isolation: a write from one deployment is read at once by another of the account, and by the writer`, async (t) => {
    const rig = await startRig(t, isolation);
    assert.deepEqual(await rig.ask('y', { op: 'get', key: 'k' }), { value: null });
    await rig.ask('x', { op: 'put', key: 'k', value: 'one' });
    // y read k as absent just before: the write must not leave it absent there.
    assert.deepEqual(await rig.ask('y', { op: 'get', key: 'k' }), { value: 'one' });
    assert.deepEqual(await rig.ask('y', { op: 'get', key: 'k' }), { value: 'one' });
    assert.deepEqual(await rig.ask('x', { op: 'get', key: 'k' }), { value: 'one' });
    for (let i = 2; i <= 5; i++) {
      await rig.ask(i % 2 ? 'x' : 'y', { op: 'put', key: 'k', value: `v${i}` });
      for (const reader of ['x', 'y', 'both'] as const) assert.deepEqual(await rig.ask(reader, { op: 'get', key: 'k' }), { value: `v${i}` }, `${reader} after write ${i}`);
    }
    await rig.ask('x', { op: 'delete', key: 'k' });
    for (const reader of ['x', 'y', 'both'] as const) assert.deepEqual(await rig.ask(reader, { op: 'get', key: 'k' }), { value: null }, `${reader} after the delete`);
    await rig.ask('y', { op: 'put', key: 'k', value: 'back' });
    assert.deepEqual(await rig.ask('x', { op: 'getMany', key: 'k,missing' }), { value: { k: 'back', missing: null } });
  });

  test(`${isolation} isolation: reads running while writes land never keep a value older than the last acknowledged write`, async (t) => {
    const rig = await startRig(t, isolation);
    await rig.ask('x', { op: 'put', key: 'n', value: '0' });
    for (let i = 1; i <= 25; i++) {
      // Reads of y overlap the write of x: some start before it and answer after it.
      const reads = Array.from({ length: 4 }, () => rig.ask('y', { op: 'get', key: 'n' }));
      await rig.ask('x', { op: 'put', key: 'n', value: String(i) });
      for (const read of await Promise.all(reads)) assert.ok(Number(read.value) >= i - 1, `a read during write ${i} found ${String(read.value)}`);
      assert.deepEqual(await rig.ask('y', { op: 'get', key: 'n' }), { value: String(i) }, `y after write ${i} was acknowledged`);
    }
  });

  test(`${isolation} isolation: a loop polling a key sees another request's write, and the isolate keeps answering`, async (t) => {
    const rig = await startRig(t, isolation);
    assert.deepEqual(await rig.ask('x', { op: 'poll', key: 'flag', value: 'go' }), { polling: true });
    assert.deepEqual(await rig.ask('x', { op: 'get', key: 'other' }), { value: null });
    await rig.ask('y', { op: 'put', key: 'flag', value: 'go' });
    let seen: unknown = null;
    for (let i = 0; i < 100 && seen !== 'yes'; i++) {
      seen = (await rig.ask('y', { op: 'get', key: 'flag:seen' })).value;
      if (seen !== 'yes') await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(seen, 'yes', 'the polling loop saw the write');
    assert.deepEqual(await rig.ask('x', { op: 'get', key: 'flag' }), { value: 'go' });
  });

  test(`${isolation} isolation: metadata, value types and bulk gets read the same from a kept copy, and stay the same after a caller changes what it was given`, async (t) => {
    const rig = await startRig(t, isolation);
    await rig.ask('x', { op: 'put', key: 'j', value: '{"n":1}', meta: '{"tag":"a"}' });
    for (let round = 0; round < 2; round++) {
      assert.deepEqual(await rig.ask('y', { op: 'get', key: 'j', type: 'json' }), { value: { n: 1 } });
      assert.deepEqual(await rig.ask('y', { op: 'get', key: 'j', type: 'arrayBuffer' }), { value: [123, 34, 110, 34, 58, 49, 125, 7] });
      assert.deepEqual(await rig.ask('y', { op: 'get', key: 'j', type: 'stream' }), { value: '{"n":1}' });
      assert.deepEqual(await rig.ask('y', { op: 'getMeta', key: 'j' }), { value: '{"n":1}', metadata: { tag: 'a' } });
      assert.deepEqual(await rig.ask('y', { op: 'getManyMeta', key: 'j,nope', type: 'json' }), { value: { j: [{ n: 1 }, { tag: 'a' }], nope: [null, null] } });
      assert.deepEqual(await rig.ask('y', { op: 'mutate', key: 'j' }), { value: '{"n":1}', metadata: { tag: 'a' } });
    }
    await rig.ask('x', { op: 'put', key: 'j', value: '{"n":2}', meta: '{"tag":"b"}' });
    assert.deepEqual(await rig.ask('y', { op: 'getManyMeta', key: 'j,nope', type: 'json' }), { value: { j: [{ n: 2 }, { tag: 'b' }], nope: [null, null] } });
    assert.deepEqual(await rig.ask('y', { op: 'getMeta', key: 'j' }), { value: '{"n":2}', metadata: { tag: 'b' } });
    // A bad cacheTtl is refused as before, cached or not.
    assert.match((await rig.ask('y', { op: 'get', key: 'j', cacheTtl: 5 })).error ?? '', /Invalid cache_ttl of 5/);
  });

  test(`${isolation} isolation: an expired value is never read, kept or not`, async (t) => {
    const rig = await startRig(t, isolation);
    await rig.ask('x', { op: 'put', key: 'e', value: 'soon gone', ttl: 60 });
    assert.deepEqual(await rig.ask('y', { op: 'get', key: 'e' }), { value: 'soon gone' });
    assert.deepEqual(await rig.ask('y', { op: 'get', key: 'e' }), { value: 'soon gone' });
    rig.p.clock.advance(61_000);
    assert.deepEqual(await rig.ask('y', { op: 'get', key: 'e' }), { value: null });
    assert.deepEqual(await rig.ask('y', { op: 'getMany', key: 'e' }), { value: { e: null } });
  });

  test(`${isolation} isolation: namespaces and accounts never share a value`, async (t) => {
    const rig = await startRig(t, isolation);
    await rig.ask('x', { op: 'put', key: 'same', value: 'main' });
    await rig.ask('z', { op: 'put', key: 'same', value: 'other' });
    await rig.ask('theirs', { op: 'put', key: 'same', value: 'theirs' });
    for (let round = 0; round < 3; round++) {
      assert.deepEqual(await rig.ask('both', { op: 'get', key: 'same' }), { value: 'main' });
      assert.deepEqual(await rig.ask('both', { op: 'get', key: 'same', ns: 'OTHER' }), { value: 'other' });
      assert.deepEqual(await rig.ask('y', { op: 'get', key: 'same' }), { value: 'main' });
      assert.deepEqual(await rig.ask('z', { op: 'get', key: 'same' }), { value: 'other' });
      assert.deepEqual(await rig.ask('theirs', { op: 'get', key: 'same' }), { value: 'theirs' });
    }
    // A write in one namespace leaves the other's copy alone, and is read at once in its own.
    await rig.ask('z', { op: 'put', key: 'same', value: 'other 2' });
    await rig.ask('theirs', { op: 'delete', key: 'same' });
    assert.deepEqual(await rig.ask('both', { op: 'get', key: 'same', ns: 'OTHER' }), { value: 'other 2' });
    assert.deepEqual(await rig.ask('both', { op: 'get', key: 'same' }), { value: 'main' });
    assert.deepEqual(await rig.ask('theirs', { op: 'get', key: 'same' }), { value: null });
    assert.deepEqual(await rig.ask('y', { op: 'get', key: 'same' }), { value: 'main' });
    // z binds only the other namespace: no name of its reaches main's values.
    assert.deepEqual(await rig.ask('z', { op: 'get', key: 'same', ns: 'OTHER' }), { error: 'no binding OTHER' });
  });
}

test('process isolation: a read is kept in the isolate (a write behind the platform is not seen), a value over 64 KiB is not', async (t) => {
  const rig = await startRig(t, 'process', { wallClock: true });
  await rig.ask('x', { op: 'put', key: 'small', value: 'kept' });
  await rig.ask('x', { op: 'put', key: 'large', value: 'L1', size: 70_000 });
  assert.deepEqual(await rig.ask('y', { op: 'get', key: 'small' }), { value: 'kept' });
  const large = await rig.ask('y', { op: 'get', key: 'large' });
  assert.equal((large.value as string).length, 70_001);
  writeBehindThePlatform(rig, rig.main, 'small', 'changed behind');
  writeBehindThePlatform(rig, rig.main, 'large', 'changed behind');
  // The small value comes from y's cache; the large one from the store each time.
  assert.deepEqual(await rig.ask('y', { op: 'get', key: 'small' }), { value: 'kept' });
  assert.deepEqual(await rig.ask('y', { op: 'get', key: 'large' }), { value: 'changed behind' });
  // A write through the platform reaches the cache; so does a delete.
  await rig.ask('x', { op: 'put', key: 'small', value: 'written' });
  assert.deepEqual(await rig.ask('y', { op: 'get', key: 'small' }), { value: 'written' });
  await rig.ask('x', { op: 'delete', key: 'small' });
  assert.deepEqual(await rig.ask('y', { op: 'get', key: 'small' }), { value: null });
});

test('process isolation: under a clock that is not the wall clock, an expiring value is read from the store each time', async (t) => {
  const rig = await startRig(t, 'process');
  await rig.ask('x', { op: 'put', key: 'e', value: 'first', ttl: 120 });
  await rig.ask('x', { op: 'put', key: 'forever', value: 'first' });
  assert.deepEqual(await rig.ask('y', { op: 'get', key: 'e' }), { value: 'first' });
  assert.deepEqual(await rig.ask('y', { op: 'get', key: 'forever' }), { value: 'first' });
  writeBehindThePlatform(rig, rig.main, 'e', 'second');
  writeBehindThePlatform(rig, rig.main, 'forever', 'second');
  assert.deepEqual(await rig.ask('y', { op: 'get', key: 'e' }), { value: 'second' });
  assert.deepEqual(await rig.ask('y', { op: 'get', key: 'forever' }), { value: 'first' });
});

test('process isolation: a hundred 1 MB values read at once, in every type, stay within a 512 MB account sandbox', async (t) => {
  // Before the sandbox's channel kept each value's bytes on their own and moved them to the worker, this one
  // request took the sandbox past 1 GB (peaks of 962-1040 MB): the frame, its clone per worker message, and more.
  const p = await startTestPlatform(tempDir('ledge-kvbig-'), undefined, { isolation: 'process' });
  t.after(() => p.close());
  const limits = await p.call('PUT', `/accounts/${p.accountId}/limits`, { body: { memory_mb: 512 } });
  assert.equal(limits.status, 200, limits.text);
  const ns = await p.call('POST', `/accounts/${p.accountId}/storage/kv/namespaces`, { body: { title: 'big' } });
  assert.equal(ns.status, 201, ns.text);
  const source = `export default { async fetch(request, env) {
    const q = new URL(request.url).searchParams;
    if (q.get('op') === 'fill') { for (let i = 0; i < 100; i++) await env.KV.put('k' + i, String(i % 10).repeat(1 << 20)); return new Response('filled'); }
    const type = q.get('type');
    const values = await Promise.all(Array.from({ length: 100 }, (_, i) => env.KV.get('k' + i, type)));
    let total = 0;
    for (const [i, v] of values.entries()) {
      const bytes = type === 'text' ? v : type === 'json' ? String(v) : type === 'stream' ? new Uint8Array(await new Response(v).arrayBuffer()) : new Uint8Array(v);
      if (bytes.length !== 1 << 20 || (type === 'text' ? bytes[77] : String.fromCharCode(bytes[77])) !== String(i % 10)) return new Response('wrong value ' + i, { status: 500 });
      total += bytes.length;
    }
    return new Response(String(total));
  } };`;
  const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/big`, { body: deployBody(source, { edge_dev: true, limits: { memory_mb: 2048 }, kv_namespaces: [{ binding: 'KV', id: ns.body.result.id }] }) });
  assert.equal(deployed.status, 200, deployed.text);
  const fill = await p.visit('big.admin.ledge.localhost', '/?op=fill');
  assert.equal(await fill.text(), 'filled');
  for (const type of ['text', 'arrayBuffer', 'stream', 'text', 'arrayBuffer']) {
    const res = await p.visit('big.admin.ledge.localhost', `/?type=${type}`);
    assert.equal(res.status, 200, `${type}: ${await res.clone().text()}`);
    assert.equal(await res.text(), String(100 << 20), type);
  }
});

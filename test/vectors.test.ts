// The vector index binding through a real isolate, under both isolations: method shapes, scores, filters,
// write semantics, limits and errors as code written for the original expects them (reference: retrieval-ops.md 1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { createVectorAdmin } from '../src/bindings/vectors/admin.js';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { makeProject, startProject } from './helpers.js';

type Isolation = 'thread' | 'process';

/** Makes indexes in the project's state the way `ledge vectors create` does, before the server starts. */
async function makeIndexes(stateDir: string, indexes: { name: string; dimensions: number; metric: string; metadata?: [string, string][] }[]): Promise<void> {
  const storage = openEmbeddedStorage(stateDir);
  try {
    const admin = createVectorAdmin(storage.vectors, SYSTEM_CLOCK);
    for (const index of indexes) {
      await admin.create(index);
      for (const [property, type] of index.metadata ?? []) await admin.createMetadataIndex(index.name, property, type);
    }
  } finally {
    storage.close();
  }
}

/** A project whose fetch runs `script` (an async function of env and the step) and answers its result as JSON. */
async function run(script: string, isolation: Isolation, indexes: Parameters<typeof makeIndexes>[1], bindings = [{ binding: 'VEC', index_name: 'docs' }]) {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env) {
      const step = new URL(request.url).searchParams.get('step');
      try { return Response.json({ ok: await (${script})(env, step) }); }
      catch (e) { return Response.json({ error: e.constructor.name + ': ' + e.message, cause: e.cause?.message }); }
    } };`,
  }, { vector_indexes: bindings });
  await makeIndexes(path.join(dir, '.ledge'), indexes);
  const server = await startProject(dir, { isolation });
  // The answer is whatever the script returned: its shape is what each test asserts.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (step = '') => (await (await server.request(new Request(`http://app.test/?step=${step}`))).json()) as { ok?: any; error?: string; cause?: string };
  return { server, call, dir };
}

for (const isolation of ['thread', 'process'] as const) {
  test(`${isolation}: insert, query by every metric, getByIds, deleteByIds and describe`, async (t) => {
    const { server, call } = await run(`async (env, step) => {
      const out = {};
      out.className = env.VEC.constructor.name;
      out.emptyDescribe = await env.VEC.describe();
      const m = await env.VEC.insert([
        { id: 'a', values: [1, 0, 0], metadata: { kind: 'x', n: 1 } },
        { id: 'b', values: new Float32Array([0, 1, 0]), namespace: 'ns1' },
        { id: 'c', values: new Float64Array([0.9, 0.1, 0]) },
      ]);
      out.mutationIsString = typeof m.mutationId === 'string' && m.mutationId.length > 0;
      const info = await env.VEC.describe();
      out.describe = { vectorCount: info.vectorCount, dimensions: info.dimensions, upTo: info.processedUpToMutation === m.mutationId, at: typeof info.processedUpToDatetime };
      const q = await env.VEC.query([1, 0, 0], { topK: 2 });
      out.cosine = q.matches.map((x) => [x.id, Math.round(x.score * 1000) / 1000]);
      out.count = q.count;
      out.keys = Object.keys(q.matches[0]).sort();
      out.withValues = (await env.VEC.query([1, 0, 0], { topK: 1, returnValues: true, returnMetadata: true })).matches[0];
      out.namespace = (await env.VEC.query([1, 0, 0], { namespace: 'ns1' })).matches.map((x) => [x.id, x.namespace]);
      out.byId = (await env.VEC.queryById('c', { topK: 1 })).matches.map((x) => x.id);
      out.byMissingId = await env.VEC.queryById('nope');
      out.get = await env.VEC.getByIds(['b', 'missing', 'a']);
      await env.VEC.deleteByIds(['a', 'never']);
      out.afterDelete = (await env.VEC.describe()).vectorCount;
      out.euclid = (await env.EUC.insert([{ id: 'p', values: [0, 0] }, { id: 'q', values: [3, 4] }]), (await env.EUC.query([0, 0], { topK: 2 })).matches.map((x) => [x.id, x.score]));
      out.dot = (await env.DOT.insert([{ id: 'p', values: [1, 1] }, { id: 'q', values: [2, 3] }]), (await env.DOT.query([1, 1], { topK: 2 })).matches.map((x) => [x.id, x.score]));
      return out;
    }`, isolation, [
      { name: 'docs', dimensions: 3, metric: 'cosine' },
      { name: 'euc', dimensions: 2, metric: 'euclidean' },
      { name: 'dot', dimensions: 2, metric: 'dot-product' },
    ], [{ binding: 'VEC', index_name: 'docs' }, { binding: 'EUC', index_name: 'euc' }, { binding: 'DOT', index_name: 'dot' }]);
    t.after(() => server.close());
    const { ok, error } = await call();
    assert.equal(error, undefined);
    assert.equal(ok.className, 'VectorizeIndex');
    assert.deepEqual(ok.emptyDescribe, { vectorCount: 0, dimensions: 3, processedUpToDatetime: null, processedUpToMutation: null });
    assert.equal(ok.mutationIsString, true);
    assert.deepEqual(ok.describe, { vectorCount: 3, dimensions: 3, upTo: true, at: 'string' });
    assert.deepEqual(ok.cosine, [['a', 1], ['c', 0.994]]);
    assert.equal(ok.count, 2);
    assert.deepEqual(ok.keys, ['id', 'score']);
    assert.deepEqual(ok.withValues, { id: 'a', score: 1, values: [1, 0, 0], metadata: { kind: 'x', n: 1 } });
    assert.deepEqual(ok.namespace, [['b', 'ns1']]);
    assert.deepEqual(ok.byId, ['c']);
    assert.deepEqual(ok.byMissingId, { matches: [], count: 0 });
    assert.deepEqual(ok.get, [{ id: 'b', values: [0, 1, 0], namespace: 'ns1' }, { id: 'a', values: [1, 0, 0], metadata: { kind: 'x', n: 1 } }]);
    assert.equal(ok.afterDelete, 2);
    assert.deepEqual(ok.euclid, [['p', 0], ['q', 5]]);
    // dot-product: the negated dot product, most similar (most negative) first.
    assert.deepEqual(ok.dot, [['q', -5], ['p', -2]]);
  });
}

test('insert keeps the first write of an id, upsert the last; both in one batch and across batches', async (t) => {
  const { server, call } = await run(`async (env) => {
    await env.VEC.insert([{ id: 'x', values: [1, 0], metadata: { v: 1 } }, { id: 'x', values: [0, 1], metadata: { v: 2 } }]);
    await env.VEC.insert([{ id: 'x', values: [1, 1], metadata: { v: 3 } }]);
    const afterInsert = (await env.VEC.getByIds(['x']))[0];
    await env.VEC.upsert([{ id: 'y', values: [1, 0], metadata: { v: 1 } }, { id: 'y', values: [0, 1], metadata: { v: 2 } }]);
    await env.VEC.upsert([{ id: 'x', values: [0, 1] }]);
    return { afterInsert, y: (await env.VEC.getByIds(['y']))[0], x: (await env.VEC.getByIds(['x']))[0], count: (await env.VEC.describe()).vectorCount };
  }`, 'thread', [{ name: 'docs', dimensions: 2, metric: 'cosine' }]);
  t.after(() => server.close());
  const { ok, error } = await call();
  assert.equal(error, undefined);
  assert.deepEqual(ok, {
    afterInsert: { id: 'x', values: [1, 0], metadata: { v: 1 } },
    y: { id: 'y', values: [0, 1], metadata: { v: 2 } },
    x: { id: 'x', values: [0, 1] },
    count: 2,
  });
});

for (const isolation of ['thread', 'process'] as const) {
  test(`${isolation}: metadata filters apply before topK, only on indexed properties, and not to vectors written before the index`, async (t) => {
    const { server, call, dir } = await run(`async (env, step) => {
      const v = (id, values, metadata) => ({ id, values, metadata });
      await env.VEC.insert([v('old', [1, 0], { color: 'red', size: 1 })]);
      if (step === 'before') return 'ok';
      await env.VEC.insert([
        v('r1', [1, 0], { color: 'red', size: 5, tags: ['a'], nested: { deep: 'yes' }, ok: true }),
        v('r2', [0.9, 0.1], { color: 'red', size: 10 }),
        v('b1', [0.95, 0.05], { color: 'blue', size: 7 }),
        v('g1', [0, 1], { color: 'green', size: 2 }),
        v('none', [1, 0.01]),
      ]);
      const ids = async (filter, extra = {}) => (await env.VEC.query([1, 0], { topK: 10, filter, ...extra })).matches.map((m) => m.id);
      return {
        eq: await ids({ color: 'red' }),
        eqOp: await ids({ color: { $eq: 'red' } }),
        ne: await ids({ color: { $ne: 'red' } }),
        in: await ids({ color: { $in: ['blue', 'green'] } }),
        nin: await ids({ color: { $nin: ['red'] } }),
        range: await ids({ size: { $gte: 5, $lt: 10 } }),
        gt: await ids({ size: { $gt: 5 } }),
        lte: await ids({ size: { $lte: 2 } }),
        and: await ids({ color: 'red', size: { $gt: 6 } }),
        nested: await ids({ 'nested.deep': 'yes' }),
        bool: await ids({ ok: true }),
        unindexed: await ids({ tags: 'a' }),
        topOneRed: await ids({ color: 'red' }, { topK: 1 }),
        indexed: (await env.VEC.query([1, 0], { topK: 1, filter: { color: 'red' }, returnMetadata: 'indexed' })).matches[0].metadata,
      };
    }`, isolation, [{ name: 'docs', dimensions: 2, metric: 'cosine' }]);
    t.after(() => server.close());
    assert.equal((await call('before')).ok, 'ok');
    // The metadata indexes come after 'old' was written: it is in none of them.
    const admin = async (work: (a: ReturnType<typeof createVectorAdmin>) => Promise<unknown>) => {
      const s = openEmbeddedStorage(path.join(dir, '.ledge'));
      try { await work(createVectorAdmin(s.vectors, SYSTEM_CLOCK)); } finally { s.close(); }
    };
    await admin(async (a) => {
      await a.createMetadataIndex('docs', 'color', 'string');
      await a.createMetadataIndex('docs', 'size', 'number');
      await a.createMetadataIndex('docs', 'nested.deep', 'string');
      await a.createMetadataIndex('docs', 'ok', 'boolean');
    });
    const { ok, error } = await call();
    assert.equal(error, undefined);
    assert.deepEqual(ok, {
      eq: ['r1', 'r2'],
      eqOp: ['r1', 'r2'],
      ne: ['none', 'b1', 'g1'],
      in: ['b1', 'g1'],
      nin: ['none', 'b1', 'g1'],
      range: ['r1', 'b1'],
      gt: ['b1', 'r2'],
      lte: ['g1'],
      and: ['r2'],
      nested: ['r1'],
      bool: ['r1'],
      unindexed: [],
      topOneRed: ['r1'],
      indexed: { color: 'red', size: 5, nested: { deep: 'yes' }, ok: true },
    });
  });
}

test('bad input gets the original error shape naming what is wrong, and a refused batch stores nothing', async (t) => {
  const { server, call } = await run(`async (env) => {
    const out = {};
    const err = async (work) => { try { await work(); return 'no error'; } catch (e) { return [e.constructor.name, e.message, e.cause?.message ?? null]; } };
    const vec = (id, extra = {}) => ({ id, values: [1, 2, 3], ...extra });
    out.dims = await err(() => env.VEC.insert([vec('ok'), { id: 'short', values: [1, 2] }]));
    out.countAfterRefusal = (await env.VEC.describe()).vectorCount;
    out.nan = await err(() => env.VEC.upsert([{ id: 'n', values: [1, NaN, 3] }]));
    out.overflow = await err(() => env.VEC.upsert([{ id: 'o', values: [1, 1e40, 3] }]));
    out.notNumber = await err(() => env.VEC.upsert([{ id: 's', values: [1, '2', 3] }]));
    out.longId = await err(() => env.VEC.insert([vec('x'.repeat(65))]));
    out.longIdBytes = await err(() => env.VEC.insert([vec('é'.repeat(33))]));
    out.idAtLimit = await err(() => env.VEC.insert([vec('é'.repeat(32))]));
    out.bigMetadata = await err(() => env.VEC.insert([vec('m', { metadata: { text: 'x'.repeat(10 * 1024) } })]));
    out.dotKey = await err(() => env.VEC.insert([vec('k', { metadata: { 'a.b': 1 } })]));
    out.dollarKey = await err(() => env.VEC.insert([vec('k', { metadata: { nested: { $x: 1 } } })]));
    out.longNamespace = await err(() => env.VEC.insert([vec('ns', { namespace: 'n'.repeat(65) })]));
    out.batch = await err(() => env.VEC.upsert(Array.from({ length: 1001 }, (_, i) => vec('b' + i))));
    out.queryDims = await err(() => env.VEC.query([1, 2]));
    out.topKValues = await err(() => env.VEC.query([1, 2, 3], { topK: 21, returnValues: true }));
    out.topKAll = await err(() => env.VEC.query([1, 2, 3], { topK: 21, returnMetadata: 'all' }));
    out.topKIndexed = await err(() => env.VEC.query([1, 2, 3], { topK: 21, returnMetadata: 'indexed' }));
    out.topK = await err(() => env.VEC.query([1, 2, 3], { topK: 101 }));
    out.topKZero = await err(() => env.VEC.query([1, 2, 3], { topK: 0 }));
    out.level = await err(() => env.VEC.query([1, 2, 3], { returnMetadata: 'some' }));
    out.or = await err(() => env.VEC.query([1, 2, 3], { filter: { $or: [{ a: 1 }] } }));
    out.unknownOp = await err(() => env.VEC.query([1, 2, 3], { filter: { a: { $regex: 'x' } } }));
    out.emptyFilter = await err(() => env.VEC.query([1, 2, 3], { filter: {} }));
    out.emptyIn = await err(() => env.VEC.query([1, 2, 3], { filter: { a: { $in: [] } } }));
    out.bigFilter = await err(() => env.VEC.query([1, 2, 3], { filter: { a: { $in: Array.from({ length: 300 }, (_, i) => 'value' + i) } } }));
    out.getIds = await err(() => env.VEC.getByIds(Array.from({ length: 21 }, (_, i) => 'id' + i)));
    out.stored = (await env.VEC.describe()).vectorCount;
    out.missingIndex = await err(() => env.NOPE.query([1, 2, 3]));
    return out;
  }`, 'thread', [{ name: 'docs', dimensions: 3, metric: 'cosine' }], [{ binding: 'VEC', index_name: 'docs' }, { binding: 'NOPE', index_name: 'not-made' }]);
  t.after(() => server.close());
  const { ok, error } = await call();
  assert.equal(error, undefined);
  const e = (message: string) => ['Error', message, message.replace(/^[A-Z_]+ \(code = \d+\): /, '')];
  assert.deepEqual(ok.dims, e('VECTOR_INSERT_ERROR (code = 40008): invalid vector for id="short", expected 3 dimensions, and got 2 dimensions'));
  assert.equal(ok.countAfterRefusal, 0);
  assert.match(ok.nan[1], /^VECTOR_UPSERT_ERROR \(code = 40008\): invalid vector for id="n": values\[1\] is NaN/);
  assert.match(ok.overflow[1], /^VECTOR_UPSERT_ERROR \(code = 40008\): invalid vector for id="o": values\[1\] is Infinity/);
  assert.match(ok.notNumber[1], /^VECTOR_UPSERT_ERROR \(code = 40023\): vectors\[0\] \(id="s"\): values\[1\] is a string, not a number$/);
  assert.deepEqual(ok.longId, e('VECTOR_INSERT_ERROR (code = 40008): id too long; max is 64 bytes, got 65 bytes'));
  assert.deepEqual(ok.longIdBytes, e('VECTOR_INSERT_ERROR (code = 40008): id too long; max is 64 bytes, got 66 bytes'));
  assert.equal(ok.idAtLimit, 'no error');
  assert.match(ok.bigMetadata[1], /^VECTOR_INSERT_ERROR \(code = 40008\): metadata too large for vector id="m"; max is 10240 bytes, got 102\d\d bytes$/);
  assert.match(ok.dotKey[1], /metadata key "a\.b" contains "\."/);
  assert.match(ok.dollarKey[1], /metadata key "\$x" starts with "\$".*\(at nested\)/);
  assert.deepEqual(ok.longNamespace, e('VECTOR_INSERT_ERROR (code = 40008): namespace too long; max is 64 bytes, got 65 bytes'));
  assert.deepEqual(ok.batch, e('VECTOR_UPSERT_ERROR (code = 40014): too many vectors in payload; max vector count is 1000, got 1001'));
  assert.deepEqual(ok.queryDims, e('VECTOR_QUERY_ERROR (code = 40006): invalid query vector, expected 3 dimensions, and got 2 dimensions'));
  assert.deepEqual(ok.topKValues, e('VECTOR_QUERY_ERROR (code = 40025): with returnValues=true or returnMetadata=all, max top K is 20, got 21'));
  assert.deepEqual(ok.topKAll, ok.topKValues);
  assert.equal(ok.topKIndexed, 'no error');
  assert.deepEqual(ok.topK, e('VECTOR_QUERY_ERROR (code = 40025): topK exceeded limit; max top K is 100, got 101'));
  assert.match(ok.topKZero[1], /^VECTOR_QUERY_ERROR \(code = 40025\): invalid topK/);
  assert.deepEqual(ok.level, ['Error', 'Invalid returnMetadata option. Expected: true, false, "none", "indexed" or "all"; got: some', null]);
  assert.match(ok.or[1], /^VECTOR_QUERY_ERROR \(code = 40010\): invalid filter: property name "\$or" starts with "\$"/);
  assert.match(ok.unknownOp[1], /invalid filter: "a": unknown operator "\$regex"/);
  assert.match(ok.emptyFilter[1], /invalid filter: the filter object is empty/);
  assert.match(ok.emptyIn[1], /invalid filter: "a"\.\$in: expected a non-empty array/);
  assert.match(ok.bigFilter[1], /invalid filter: the filter is \d+ bytes of compact JSON; it must be under 2048/);
  assert.deepEqual(ok.getIds, e('VECTOR_GET_ERROR (code = 40007): too many ids in payload; max id count is 20, got 21'));
  assert.equal(ok.stored, 1);
  assert.match(ok.missingIndex[1], /^VECTOR_QUERY_ERROR \(code = 40004\): vector index "not-made" does not exist; create it with "ledge vectors create not-made --dimensions <N> --metric/);
  assert.match(server.logText(), /^(?![\s\S]*uncaught)/);
});

test('a damaged vector index file fails the vector calls only: the deployment starts and its other bindings work', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env) {
      await env.KV.put('k', 'v');
      let vectors;
      try { vectors = await env.VEC.describe(); } catch (e) { vectors = 'E ' + e.message; }
      return Response.json({ kv: await env.KV.get('k'), vectors });
    } };`,
  }, { kv_namespaces: [{ binding: 'KV', id: 'kv' }], vector_indexes: [{ binding: 'VEC', index_name: 'docs' }] });
  const { mkdirSync, writeFileSync } = await import('node:fs');
  mkdirSync(path.join(dir, '.ledge'), { recursive: true });
  writeFileSync(path.join(dir, '.ledge', 'vectors.sqlite'), Buffer.alloc(8192, 7));
  const server = await startProject(dir);
  t.after(() => server.close());
  const answer = (await (await server.request(new Request('http://app.test/'))).json()) as { kv: string; vectors: string };
  assert.equal(answer.kv, 'v');
  assert.match(answer.vectors, /^E /);
  assert.match(server.logText(), /vectors\.sqlite/);
});

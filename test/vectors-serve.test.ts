// Vector indexes under ledge serve: made through the account API with scoped tokens, reached by a deployment's
// binding in a sandbox process (isolation: process), and per account: the same index name in two accounts is two
// indexes, and one account's deployment never reaches the other's vectors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';

const APP = `export default { async fetch(request, env) {
  const url = new URL(request.url);
  const attempt = async (fn) => { try { return await fn(); } catch (e) { return 'E ' + e.message; } };
  if (url.pathname === '/put') return Response.json(await attempt(async () => (await env.VEC.upsert([{ id: url.searchParams.get('id'), values: [1, 0, 0], metadata: { owner: url.hostname } }])).mutationId.length > 0));
  if (url.pathname === '/query') return Response.json(await attempt(async () => (await env.VEC.query([1, 0, 0], { topK: 10, returnMetadata: 'all' })).matches.map((m) => m.id + '@' + m.metadata.owner)));
  if (url.pathname === '/filter') return Response.json(await attempt(async () => (await env.VEC.query([1, 0, 0], { filter: { owner: url.hostname } })).matches.map((m) => m.id)));
  if (url.pathname === '/describe') return Response.json(await attempt(() => env.VEC.describe()));
  return new Response('ok');
} };`;

const CONFIG = { edge_dev: true, vector_indexes: [{ binding: 'VEC', index_name: 'docs' }] };
const key = (p: TestPlatform, account: string, rest = '') => `com.ledge.api.account.${account}${rest}`;

async function visit(p: TestPlatform, host: string, path: string): Promise<unknown> {
  const res = await p.visit(host, path);
  assert.equal(res.status, 200, await res.clone().text());
  return res.json();
}

test('the account API makes indexes under scoped tokens, and each account\'s binding reaches only its own index', { timeout: 120_000 }, async (t) => {
  const p = await startTestPlatform(undefined, undefined, { isolation: 'process', trustAllCode: false });
  t.after(() => p.close());
  const a = p.accountId;
  const b = (await p.call('POST', '/accounts', { body: { name: 'bee' } })).body.result.id as string;

  // A token that may write the index "docs" of A only.
  const scoped = await p.call('POST', `/accounts/${a}/tokens`, { body: { name: 'docs only', policies: [{ effect: 'allow', permission_groups: ['vectors:write'], resources: { [key(p, a, '.vector_index.docs')]: '*' } }] } });
  assert.equal(scoped.status, 201, JSON.stringify(scoped.body.errors));
  const token = scoped.body.result.value as string;
  const created = await p.call('POST', `/accounts/${a}/vectors/indexes`, { token, body: { name: 'docs', description: 'A docs', config: { dimensions: 3, metric: 'cosine' } } });
  assert.equal(created.status, 201, created.text);
  assert.deepEqual({ ...created.body.result, created_on: 'x', modified_on: 'x' }, {
    name: 'docs', description: 'A docs', config: { dimensions: 3, metric: 'cosine' }, created_on: 'x', modified_on: 'x', vectorCount: 0, processedUpToDatetime: null, processedUpToMutation: null,
  });
  const other = await p.call('POST', `/accounts/${a}/vectors/indexes`, { token, body: { name: 'other', config: { dimensions: 3, metric: 'cosine' } } });
  assert.equal(other.status, 403, 'the scoped token cannot make another index');
  assert.equal((await p.call('POST', `/accounts/${b}/vectors/indexes`, { token, body: { name: 'docs', config: { dimensions: 3, metric: 'cosine' } } })).status, 403, 'nor one in another account');
  const meta = await p.call('POST', `/accounts/${a}/vectors/indexes/docs/metadata_index/create`, { token, body: { propertyName: 'owner', indexType: 'string' } });
  assert.equal(meta.status, 200, meta.text);
  assert.deepEqual((await p.call('GET', `/accounts/${a}/vectors/indexes/docs/metadata_index/list`, { token })).body.result, { metadataIndexes: [{ propertyName: 'owner', indexType: 'string' }] });
  assert.equal((await p.call('POST', `/accounts/${a}/vectors/indexes/docs/metadata_index/create`, { token, body: { propertyName: 'owner', indexType: 'number' } })).status, 409);

  // Bad bodies are refused naming the field.
  const bad = await p.call('POST', `/accounts/${a}/vectors/indexes`, { body: { name: 'Bad Name', config: { dimensions: 3, metric: 'cosine' } } });
  assert.equal(bad.status, 400);
  assert.match(bad.body.errors[0]?.message ?? '', /name: "Bad Name": expected an index name/);
  const dims = await p.call('POST', `/accounts/${a}/vectors/indexes`, { body: { name: 'big', config: { dimensions: 1537, metric: 'cosine' } } });
  assert.equal(dims.status, 400);
  assert.equal(dims.body.errors[0]?.source?.pointer, '/body/config/dimensions');
  assert.equal((await p.call('POST', `/accounts/${a}/vectors/indexes`, { body: { name: 'docs', config: { dimensions: 3, metric: 'cosine' } } })).status, 409);

  // B has an index of the same name, with another dimension.
  assert.equal((await p.call('POST', `/accounts/${b}/vectors/indexes`, { body: { name: 'docs', config: { dimensions: 3, metric: 'euclidean' } } })).status, 201);
  assert.equal((await p.call('PUT', `/accounts/${a}/deployments/app`, { body: deployBody(APP, CONFIG) })).status, 200);
  assert.equal((await p.call('PUT', `/accounts/${b}/deployments/app`, { body: deployBody(APP, CONFIG) })).status, 200);
  const aHost = 'app.admin.ledge.localhost';
  const bHost = 'app.bee.ledge.localhost';
  assert.equal(await visit(p, aHost, '/put?id=a1'), true);
  assert.equal(await visit(p, bHost, '/put?id=b1'), true);
  assert.equal(await visit(p, bHost, '/put?id=b2'), true);
  assert.deepEqual(await visit(p, aHost, '/query'), [`a1@${aHost}`]);
  assert.deepEqual(await visit(p, bHost, '/query'), [`b1@${bHost}`, `b2@${bHost}`]);
  assert.deepEqual(await visit(p, aHost, '/filter'), ['a1'], 'written after the metadata index: filtered');
  assert.deepEqual(await visit(p, bHost, '/filter'), [], 'B has no metadata index on owner');
  assert.equal(((await visit(p, bHost, '/describe')) as { vectorCount: number }).vectorCount, 2);

  // Reads through the API see the writes at once; lists show only what a token may read.
  const got = await p.call('GET', `/accounts/${a}/vectors/indexes/docs`, { token });
  assert.equal(got.body.result.vectorCount, 1);
  const reader = await p.call('POST', `/accounts/${b}/tokens`, { body: { name: 'nothing', policies: [{ effect: 'allow', permission_groups: ['vectors:read'], resources: { [key(p, b, '.vector_index.other')]: '*' } }] } });
  assert.deepEqual((await p.call('GET', `/accounts/${b}/vectors/indexes`, { token: reader.body.result.value as string })).body.result, []);
  assert.equal((await p.call('GET', `/accounts/${b}/vectors/indexes/docs`, { token: reader.body.result.value as string })).status, 403);

  // Deleting A's index: its binding fails with the error saying how to make it; B's is untouched.
  assert.equal((await p.call('DELETE', `/accounts/${a}/vectors/indexes/docs`, { token })).status, 200);
  assert.equal((await p.call('GET', `/accounts/${a}/vectors/indexes/docs`)).status, 404);
  assert.match(String(await visit(p, aHost, '/query')), /^E VECTOR_QUERY_ERROR \(code = 40004\): vector index "docs" does not exist; create it with "ledge vectors create docs/);
  assert.equal(((await visit(p, bHost, '/describe')) as { vectorCount: number }).vectorCount, 2);
});

// Red team: a vector index's metadata index names a dotted property path, and a query with
// returnMetadata: 'indexed' rebuilds each match's indexed properties along that path on the host. A tenant who
// names the path "__proto__.<name>" (its own account's API, vectors:write) and writes metadata whose own
// "__proto__" key holds <name> made that rebuild assign <name> on Object.prototype of the platform process:
// every object of the platform, every account's requests included, then inherited the tenant's value. The host
// now rebuilds into objects with no prototype. Process isolation, as `ledge serve` runs by default (the vector
// service is the host's either way).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const PROPERTY = 'ledgeRedTeamPolluted';

// JSON.parse makes "__proto__" an own key (an object literal would set the prototype instead).
const APP = `export default { async fetch(request, env) {
  const metadata = JSON.parse('{"__proto__": {"${PROPERTY}": "from-tenant-A"}, "constructor": {"prototype": {"${PROPERTY}": "from-tenant-A"}}}');
  await env.VEC.upsert([{ id: 'v1', values: [1, 0, 0], metadata }]);
  const { matches } = await env.VEC.query([1, 0, 0], { topK: 1, returnMetadata: 'indexed' });
  return new Response(JSON.stringify(matches[0].metadata));
} };`;

test('metadata index paths through __proto__ or constructor never reach the platform\'s prototypes; the tenant gets its metadata back as stored', { timeout: 120_000 }, async (t) => {
  const p = await startTestPlatform(undefined, undefined, { isolation: 'process', trustAllCode: false });
  t.after(async () => {
    Reflect.deleteProperty(Object.prototype, PROPERTY);
    await p.close();
  });
  const a = p.accountId;
  const created = await p.call('POST', `/accounts/${a}/vectors/indexes`, { body: { name: 'docs', config: { dimensions: 3, metric: 'cosine' } } });
  assert.equal(created.status, 201, created.text);
  for (const propertyName of [`__proto__.${PROPERTY}`, `constructor.prototype.${PROPERTY}`]) {
    const meta = await p.call('POST', `/accounts/${a}/vectors/indexes/docs/metadata_index/create`, { body: { propertyName, indexType: 'string' } });
    assert.equal(meta.status, 200, meta.text);
  }
  const deployed = await p.call('PUT', `/accounts/${a}/deployments/app`, { body: deployBody(APP, { edge_dev: true, vector_indexes: [{ binding: 'VEC', index_name: 'docs' }] }) });
  assert.equal(deployed.status, 200, deployed.text);

  const res = await p.visit('app.admin.ledge.localhost', '/');
  const text = await res.text();
  assert.equal(res.status, 200, text);
  assert.equal(({} as Record<string, unknown>)[PROPERTY], undefined, 'Object.prototype of the platform process was given the tenant\'s property');
  assert.equal(Object.hasOwn(Object.prototype, PROPERTY), false);
  assert.deepEqual(JSON.parse(text), JSON.parse(`{"__proto__": {"${PROPERTY}": "from-tenant-A"}, "constructor": {"prototype": {"${PROPERTY}": "from-tenant-A"}}}`), 'the indexed properties come back as stored');
});

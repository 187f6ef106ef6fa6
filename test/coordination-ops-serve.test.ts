// Coordination objects through the account API of ledge serve: classes, objects, one object read-only, an explicit
// delete; permissions (coordination:read / coordination:write); data kept when its deployment is deleted and
// redeployed; the account's coordination storage limit refusing writes with a message that names it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { COUNTER_APP, COUNTER_CONFIG } from './coordination-app.js';
import { idFromName, namespaceKey } from '../src/bindings/coordination/ids.js';

const FILLER = `
import { DurableObject } from 'cloudflare:workers';
export class Filler extends DurableObject {
  async fill(i) { await this.ctx.storage.put('k' + i, 'x'.repeat(100000)); return i; }
}
export default {
  async fetch(request, env) {
    const i = Number(new URL(request.url).searchParams.get('i'));
    try { return Response.json(await env.FILLER.getByName('f').fill(i)); } catch (e) { return Response.json({ error: e.message }); }
  },
};`;

for (const isolation of ['thread', 'process'] as const) test(`the account API shows and deletes coordination objects, guards them by permission, keeps them across a deployment delete, and enforces the storage limit (${isolation} isolation)`, { timeout: 180_000 }, async () => {
  const p = await startTestPlatform(tempDir('ledge-coordination-ops-'), undefined, { isolation });
  try {
    const base = `/accounts/${p.accountId}/deployments`;
    const api = `/accounts/${p.accountId}/coordination/classes`;
    const visit = async (host: string, path: string) => { const res = await p.visit(host, path); return `${res.status} ${await res.text()}`; };
    assert.equal((await p.call('PUT', `${base}/counter`, { body: deployBody(COUNTER_APP, { edge_dev: true, ...COUNTER_CONFIG }) })).status, 200);
    assert.equal(await visit('counter.admin.ledge.localhost', '/inc'), '200 1');
    assert.equal(await visit('counter.admin.ledge.localhost', '/inc'), '200 2');
    const id = idFromName(namespaceKey(`${p.accountId}/counter/Counter`), 'global');

    let r = await p.call('GET', api);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.result, [{ deployment: 'counter', class: 'Counter', objects: 1 }]);
    r = await p.call('GET', `${api}/counter/Counter/objects`);
    assert.deepEqual(r.body.result, { ids: [id], cursor: null });
    r = await p.call('GET', `${api}/counter/Counter/objects/${id}`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.result.pairs, [{ key: 'value', value: 2, bytes: r.body.result.pairs[0].bytes }]);
    assert.equal(r.body.result.alarm, null);
    assert.ok(r.body.result.size_bytes > 0);
    r = await p.call('GET', `${api}/counter/Counter/objects/${'0'.repeat(64)}`);
    assert.equal(r.status, 400, r.text);
    assert.match(r.text, /Durable Object ID is not valid for this namespace/);
    r = await p.call('GET', `${api}/counter/Counter/objects/zz`);
    assert.equal(r.status, 400);
    assert.match(r.text, /must be 64 hex digits/);
    r = await p.call('GET', `${api}/counter/Nope/objects/${idFromName(namespaceKey(`${p.accountId}/counter/Nope`), 'global')}`);
    assert.equal(r.status, 404, r.text);

    // Permissions: read alone cannot delete; a token without the area sees nothing.
    const token = async (groups: string[]) => {
      const created = await p.call('POST', `/accounts/${p.accountId}/tokens`, { body: { name: groups.join(' '), policies: [{ effect: 'allow', permission_groups: groups, resources: { [`com.ledge.api.account.${p.accountId}`]: '*' } }] } });
      assert.equal(created.status, 201, created.text);
      return created.body.result.value as string;
    };
    const reader = await token(['coordination:read']);
    assert.equal((await p.call('GET', `${api}/counter/Counter/objects/${id}`, { token: reader })).status, 200);
    r = await p.call('DELETE', `${api}/counter/Counter/objects/${id}`, { token: reader });
    assert.equal(r.status, 403, r.text);
    const other = await token(['workflows:read']);
    assert.equal((await p.call('GET', api, { token: other })).status, 403);
    assert.equal((await p.call('GET', `${api}/counter/Counter/objects/${id}`, { token: other })).status, 403);

    // Deleting the deployment keeps the objects; redeployed, the count carries on.
    r = await p.call('DELETE', `${base}/counter`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual((await p.call('GET', api)).body.result, [{ deployment: 'counter', class: 'Counter', objects: 1 }]);
    assert.equal((await p.call('PUT', `${base}/counter`, { body: deployBody(COUNTER_APP, { edge_dev: true, ...COUNTER_CONFIG }) })).status, 200);
    assert.equal(await visit('counter.admin.ledge.localhost', '/inc'), '200 3');

    // An explicit delete removes it.
    r = await p.call('DELETE', `${api}/counter/Counter/objects/${id}`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.result, { id, deleted: true });
    assert.equal((await p.call('GET', `${api}/counter/Counter/objects/${id}`)).status, 404);
    assert.equal((await p.call('DELETE', `${api}/counter/Counter/objects/${id}`)).status, 404);
    assert.equal(await visit('counter.admin.ledge.localhost', '/inc'), '200 1', 'the live instance was dropped with its data');

    // The storage limit: 1 MiB for the account's objects; writes past it are refused naming the limit.
    assert.equal((await p.call('GET', `/accounts/${p.accountId}/limits`)).body.result.coordination_storage_mb, 1024, 'the default');
    r = await p.call('PUT', `/accounts/${p.accountId}/limits`, { body: { coordination_storage_mb: 1 } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.result.coordination_storage_mb, 1);
    const filler = await p.call('PUT', `${base}/filler`, { body: deployBody(FILLER, { edge_dev: true, durable_objects: { bindings: [{ name: 'FILLER', class_name: 'Filler' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Filler'] }] }) });
    assert.equal(filler.status, 200, filler.text);
    let refusal = '';
    for (let i = 0; i < 30 && !refusal; i++) {
      const body = await visit('filler.admin.ledge.localhost', `/?i=${i}`);
      if (body.includes('error')) refusal = body;
    }
    assert.match(refusal, /coordination storage limit \(coordination_storage_mb: 1 MiB\) is reached/);
    assert.equal((await p.call('PUT', `/accounts/${p.accountId}/limits`, { body: { coordination_storage_mb: 64 } })).status, 200);
    assert.equal(await visit('filler.admin.ledge.localhost', '/?i=100'), '200 100', 'raised by the operator, writes go on');
  } finally {
    await p.close();
  }
});

// Proof that a binding kind is one folder plus one registry line: the throwaway counter kind under
// test/binding-kinds/counter/ (schema, protocol, both halves, a runner, a resource facet) runs in ledge dev
// and in ledge serve when the list of kinds the host is given includes it, and only then.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BINDINGS } from '../src/bindings/registry.js';
import { COUNTER_PLUGIN } from './binding-kinds/counter/index.js';
import { makeProject, startProject } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';

/** The list the host is given: Ledge's kinds and the throwaway one (one value, so its schemas are built once). */
const WITH_COUNTER = [...BINDINGS, COUNTER_PLUGIN];

const APP = `export default { async fetch(request, env) {
  const added = await env.HITS.add(2);
  let refused = null;
  try { await env.HITS.add(0.5); } catch (e) { refused = e.constructor.name; }
  return Response.json({ added, read: await env.HITS.read(), name: env.HITS.constructor.name, refused });
} };`;

test('a kind built from a fixture folder runs in ledge dev through the registry alone', async (t) => {
  const dir = makeProject({ 'src/index.js': APP }, { counters: [{ binding: 'HITS', name: 'hits' }] });
  await assert.rejects(startProject(dir, { watch: false }), (err: { code?: string; message: string }) => err.code === 'config_unsupported' && /counters/.test(err.message),
    'without the kind in the registry, its section is an unknown key');

  const server = await startProject(dir, { watch: false, bindings: WITH_COUNTER });
  t.after(() => server.close());
  const first = await (await server.request(new Request('http://app.test/'))).json();
  assert.deepEqual(first, { added: 2, read: 2, name: 'Counter', refused: 'TypeError' });
  assert.equal(await server.tickRunners(COUNTER_PLUGIN.kind), 1, 'the host started the kind\'s background runner');
  const second = await (await server.request(new Request('http://app.test/'))).json() as { read: number };
  assert.equal(second.read, 104, 'two adds of 2 and one runner tick of 100, through the kind\'s own service');
});

test('the same kind runs in ledge serve through the registry alone: deploy schema, resource routes, permissions, services and runner', async (t) => {
  const config = { edge_dev: true, counters: [{ binding: 'HITS', name: 'hits' }] };
  const plain = await startTestPlatform();
  t.after(() => plain.close());
  const refused = await plain.call('PUT', `/accounts/${plain.accountId}/deployments/app`, { body: deployBody(APP, config) });
  assert.equal(refused.status, 400, 'without the kind in the registry, a deploy naming its section is refused');
  assert.match(refused.text, /counters/);
  assert.equal((await plain.call('POST', `/accounts/${plain.accountId}/counters`, { body: { name: 'hits' } })).status, 404, 'nor are there routes for its resources');

  const p = await startTestPlatform(undefined, undefined, { bindings: WITH_COUNTER });
  t.after(() => p.close());
  const base = `/accounts/${p.accountId}`;
  const groups = (await p.call('GET', `${base}/tokens/permission_groups`)).body.result as { id: string }[];
  assert.ok(groups.some((g) => g.id === 'counters:write'), 'the kind\'s permission area comes from its plugin');
  const missing = await p.call('PUT', `${base}/deployments/app`, { body: deployBody(APP, config) });
  assert.equal(missing.status, 400, 'a binding to a counter that does not exist is refused, as for every kind with API resources');
  assert.match(missing.body.errors[0]?.message ?? "", /no counter resource "hits"/);
  const created = await p.call('POST', `${base}/counters`, { body: { name: 'hits' } });
  assert.equal(created.status, 201, created.text);
  const put = await p.call('PUT', `${base}/deployments/app`, { body: deployBody(APP, config) });
  assert.equal(put.status, 200, put.text);

  const host = 'app.admin.ledge.localhost';
  assert.deepEqual(await (await p.visit(host)).json(), { added: 2, read: 2, name: 'Counter', refused: 'TypeError' });
  assert.equal(await p.hosting.tickRunners(COUNTER_PLUGIN.kind), 1, 'the platform started the kind\'s background runner for the current version');
  assert.equal(((await (await p.visit(host)).json()) as { read: number }).read, 104);
  const deleting = await p.call('DELETE', `${base}/counters/hits`);
  assert.equal(deleting.status, 409, 'a counter bound by the current version cannot be deleted');
});

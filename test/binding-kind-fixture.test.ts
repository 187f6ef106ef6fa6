// Proof that a binding kind is one folder plus one registry line: the throwaway counter kind under
// test/binding-kinds/counter/ (schema, protocol, both halves, a runner) runs in ledge dev when the list of
// kinds the host is given includes it, and only then.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BINDINGS } from '../src/bindings/registry.js';
import { COUNTER_PLUGIN } from './binding-kinds/counter/index.js';
import { makeProject, startProject } from './helpers.js';

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

  const server = await startProject(dir, { watch: false, bindings: [...BINDINGS, COUNTER_PLUGIN] });
  t.after(() => server.close());
  const first = await (await server.request(new Request('http://app.test/'))).json();
  assert.deepEqual(first, { added: 2, read: 2, name: 'Counter', refused: 'TypeError' });
  assert.equal(await server.tickRunners(COUNTER_PLUGIN.kind), 1, 'the host started the kind\'s background runner');
  const second = await (await server.request(new Request('http://app.test/'))).json() as { read: number };
  assert.equal(second.read, 104, 'two adds of 2 and one runner tick of 100, through the kind\'s own service');
});

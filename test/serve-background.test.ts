// Background work of bindings under ledge serve: the plugins' runners start and stop with current versions,
// as under ledge dev (the bucket lifecycle runner used to start only in dev).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const BUCKET_APP = `export default { async fetch(request, env) {
  const step = new URL(request.url).pathname;
  if (step === '/fill') { for (const key of ['tmp/1', 'keep/1']) await env.FILES.put(key, key); return new Response('filled'); }
  return Response.json((await env.FILES.list()).objects.map((o) => o.key));
} };`;

test('ledge serve runs the lifecycle rules of the buckets a current version binds, and stops when the version is replaced', async () => {
  const p = await startTestPlatform(undefined, undefined, { lifecycleIntervalMs: 50 });
  try {
    p.clock.set(Date.UTC(2026, 10, 1));
    const base = `/accounts/${p.accountId}`;
    assert.equal((await p.call('POST', `${base}/buckets`, { body: { name: 'files' } })).status, 201);
    const config = { edge_dev: true, buckets: [{ binding: 'FILES', bucket_name: 'files', lifecycle: [{ id: 'tmp-date', prefix: 'tmp/', expire: { date: '2026-11-10' } }] }] };
    const put = await p.call('PUT', `${base}/deployments/site`, { body: deployBody(BUCKET_APP, config) });
    assert.equal(put.status, 200, put.text);
    const host = 'site.admin.ledge.localhost';
    assert.equal(await (await p.visit(host, '/fill')).text(), 'filled');
    const keys = async () => (await (await p.visit(host, '/list')).json()) as string[];
    assert.deepEqual(await keys(), ['keep/1', 'tmp/1']);

    // The date rule is due once the platform's clock passes it; the runner's next sweep deletes tmp/ only.
    p.clock.set(Date.UTC(2026, 10, 11));
    const deadline = Date.now() + 20_000;
    while ((await keys()).includes('tmp/1') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(await keys(), ['keep/1'], 'the configured rule ran under ledge serve');
    assert.match(JSON.stringify(p.logs), /lifecycle files: deleted \d+ object\(s\)/, 'each sweep is logged with its counts');

    // A version without the bucket stops the runner: objects that would expire stay.
    assert.equal((await p.call('PUT', `${base}/deployments/site`, { body: deployBody('export default { fetch() { return new Response("plain"); } };', { edge_dev: true }) })).status, 200);
    const sweeps = () => JSON.stringify(p.logs).match(/lifecycle files:/g)?.length ?? 0;
    // A sweep already running when the version was replaced finishes; none starts after it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = sweeps();
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(sweeps(), before, 'no sweep after the version that bound the bucket stopped being current');
  } finally {
    await p.close();
  }
});

// Main's platform features under process isolation: the Cache API (its service beside the bindings), and
// invocation records with the isolate's console lines and its outbound fetches (the `usage` message), all
// carried over the sandbox channel and checked there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const APP = `export default { async fetch(request) {
  const url = new URL(request.url);
  if (url.pathname === '/put') {
    await caches.default.put('https://shop.example.com/item', new Response('cached body', { headers: { 'cache-control': 'max-age=3600' } }));
    return new Response('stored');
  }
  if (url.pathname === '/match') {
    const hit = await caches.default.match('https://shop.example.com/item');
    return new Response(hit ? await hit.text() : 'miss');
  }
  if (url.pathname === '/fetch') {
    console.log('fetching from the sandbox');
    const failed = await fetch('http://127.0.0.1:65000/').then(() => 'fetched', (err) => err.message);
    return new Response(failed);
  }
  return new Response('?', { status: 404 });
} };`;

test('caches and invocation records work for a deployment in its sandbox', async () => {
  const p = await startTestPlatform(tempDir('ledge-sandbox-features-'), undefined, { isolation: 'process', spareSandbox: false });
  try {
    const base = `/accounts/${p.accountId}/deployments/shop`;
    const deployed = await p.call('PUT', base, { body: deployBody(APP, { edge_dev: true, observability: { logs: { enabled: true } } }) });
    assert.equal(deployed.status, 200, deployed.text);
    const visit = async (path: string) => { const res = await p.visit('shop.admin.ledge.localhost', path); return `${res.status} ${await res.text()}`; };
    assert.equal(await visit('/match'), '200 miss');
    assert.equal(await visit('/put'), '200 stored');
    assert.equal(await visit('/match'), '200 cached body', 'the cache service answers calls from the sandbox');
    assert.match(await visit('/fetch'), /^200 .*refused by the platform's egress policy/);
    const end = Date.now() + 10_000;
    type Record = { url: string; subrequests: number; logs: { message: string }[] };
    let record: Record | undefined;
    while (!record && Date.now() < end) {
      const logs = await p.call('GET', `${base}/logs?limit=50`);
      assert.equal(logs.status, 200, logs.text);
      record = (logs.body.result as Record[]).find((r) => r.url.endsWith('/fetch'));
      if (!record) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(record, 'the /fetch event was recorded');
    assert.equal(record.subrequests, 1, 'the usage message crossed the channel');
    assert.deepEqual(record.logs.map((l) => l.message), ['fetching from the sandbox']);
    assert.ok(!p.logs.some((r) => /broke the channel protocol/.test(r.message)), 'no message was refused');
  } finally {
    await p.close();
  }
});

// A binding kind's isolate module is imported inside the sandbox: from its view of Ledge's files (the host's
// path is not there), and after the standby isolate (default memory limit) has its import policy (before,
// the import waited for it forever and the deployment never loaded).
test('a deployment with a KV binding loads in its sandbox, from the standby isolate, and reads and writes', async () => {
  const p = await startTestPlatform(tempDir('ledge-sandbox-binding-'), undefined, { isolation: 'process' });
  try {
    const ns = await p.call('POST', `/accounts/${p.accountId}/storage/kv/namespaces`, { body: { title: 'notes' } });
    assert.equal(ns.status, 201, ns.text);
    const app = `export default { async fetch(request, env) {
      const n = Number(await env.NOTES.get('n') ?? 0) + 1;
      await env.NOTES.put('n', String(n));
      return new Response('visit ' + n);
    } };`;
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/notes`, { body: deployBody(app, { edge_dev: true, kv_namespaces: [{ binding: 'NOTES', id: ns.body.result.id }] }) });
    assert.equal(deployed.status, 200, deployed.text);
    for (const n of [1, 2]) {
      const res = await p.visit('notes.admin.ledge.localhost');
      assert.equal(`${res.status} ${await res.text()}`, `200 visit ${n}`);
    }
    assert.ok(!p.logs.some((r) => /broke the channel protocol/.test(r.message)), 'no message was refused');
  } finally {
    await p.close();
  }
});

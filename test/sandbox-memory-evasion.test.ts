// Red team: evading limits.memory_mb with memory V8's external figure does not count. The isolate's guard measured
// heap plus `external_memory`, which has neither SharedArrayBuffers nor the contents of Blobs (Node holds those, not
// an ArrayBuffer): a deployment with memory_mb 128 kept 700 MB of SharedArrayBuffers and answered 200, and 700 MB of
// Blobs only stopped when the whole account's sandbox passed its 1024 MiB limit, taking the account's other
// deployments' events with it. Both are now stopped at the isolate's limit (503 exceeded_memory, the sandbox and
// the other deployments untouched), in both isolations. The other ways of growing that already held (a chain of
// microtasks that never lets a timer run, Responses, TextEncoder output, structuredClone copies) are checked too, and
// an application keeping ordinary ArrayBuffers under its limit is not stopped (nothing is counted twice). (Not
// tested near the limit: V8's own external figure counts dropped ArrayBuffers until it collects them.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

const GROWER = String.raw`
const keep = [];
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
export default { async fetch(request) {
  const url = new URL(request.url);
  const mb = Number(url.searchParams.get('mb') ?? 700);
  // Each loop yields to the event loop every 8 MiB, so the isolate's own guard measures it (not only the watch).
  const grow = async (make) => { for (let i = 0; i < mb; i++) { keep.push(make()); if (i % 8 === 7) await turn(); } };
  try {
    switch (url.pathname) {
      case '/ping': return new Response('grower ok');
      case '/shared': await grow(() => { const s = new SharedArrayBuffer(1 << 20); new Uint8Array(s).fill(1); return s; }); break;
      case '/blob': await grow(() => new Blob([new Uint8Array(1 << 20).fill(1)])); break;
      // The guard shares the application's realm: replacing the intrinsics it could use must not blind it.
      case '/shared-tampered': {
        Math.max = () => 0;
        Math.min = () => 0;
        performance.now = () => 0;
        await grow(() => { const s = new SharedArrayBuffer(1 << 20); new Uint8Array(s).fill(1); return s; });
        break;
      }
      case '/response': await grow(() => new Response(new Uint8Array(1 << 20).fill(1))); break;
      case '/encoder': { const s = 'x'.repeat(1 << 20); await grow(() => new TextEncoder().encode(s)); break; }
      case '/clone': { const u = new Uint8Array(1 << 20).fill(1); await grow(() => structuredClone(u)); break; }
      case '/buffers': await grow(() => new Uint8Array(1 << 20).fill(1)); break;
      case '/microtasks': await new Promise((resolve) => {
        let i = 0;
        const step = () => { keep.push(new Uint8Array(1 << 20).fill(1)); if (++i < mb) queueMicrotask(step); else resolve(); };
        step();
      }); break;
      default: return new Response('no such path', { status: 404 });
    }
    const kept = keep.length;
    keep.length = 0;
    return new Response('kept ' + kept);
  } catch (e) { keep.length = 0; return new Response(String(e && e.name) + ': ' + String(e && e.message), { status: 500 }); }
} };`;

const platforms: Partial<Record<'thread' | 'process', TestPlatform>> = {};
let b = '';
before(async () => {
  for (const isolation of ['thread', 'process'] as const) {
    const p = await startTestPlatform(tempDir(`ledge-memory-evasion-${isolation}-`), undefined, { isolation });
    platforms[isolation] = p;
    for (const [name, source, limits] of [['grower', GROWER, { memory_mb: 128, cpu_ms: 60_000 }], ['steady', 'export default { fetch: () => new Response("steady ok") };', {}]] as const) {
      const res = await p.call('PUT', `/accounts/${p.accountId}/deployments/${name}`, { body: deployBody(source, { edge_dev: true, limits }) });
      assert.equal(res.status, 200, res.text);
    }
    if (isolation === 'process') {
      const created = await p.call('POST', '/accounts', { body: { name: 'bee' } });
      assert.equal(created.status, 201, created.text);
      b = created.body.result.id as string;
      const other = await p.call('PUT', `/accounts/${b}/deployments/other`, { body: deployBody('export default { fetch: () => new Response("B ok") };', { edge_dev: true }) });
      assert.equal(other.status, 200, other.text);
    }
  }
});
after(async () => { await platforms.thread?.close(); await platforms.process?.close(); });

const visit = async (p: TestPlatform, host: string, path = '/') => {
  const res = await p.visit(host, path);
  return { status: res.status, text: await res.text() };
};

for (const isolation of ['process', 'thread'] as const) {
  for (const path of ['/shared', '/shared-tampered', '/blob', '/response', '/encoder', '/clone', '/buffers', '/microtasks']) {
    test(`${isolation} isolation: 700 MB kept by ${path.slice(1)} under memory_mb 128 ends in that isolate's 503 exceeded_memory; its sandbox, its other deployment and B carry on`, { timeout: 120_000 }, async () => {
      const p = platforms[isolation] as TestPlatform;
      const sandbox = () => p.isolation.sandboxes().find((s) => s.accountId === p.accountId)?.pid;
      assert.deepEqual(await visit(p, 'grower.admin.ledge.localhost', '/ping'), { status: 200, text: 'grower ok' });
      const pid = sandbox();
      const res = await visit(p, 'grower.admin.ledge.localhost', `${path}?mb=700`);
      assert.equal(res.status, 503, `${path}: ${res.text}`);
      assert.match(res.text, /exceeded_memory/);
      assert.equal(sandbox(), pid, 'the account\'s sandbox was not stopped (its limit was never reached)');
      assert.deepEqual(await visit(p, 'steady.admin.ledge.localhost'), { status: 200, text: 'steady ok' });
      if (isolation === 'process') assert.deepEqual(await visit(p, 'other.bee.ledge.localhost'), { status: 200, text: 'B ok' });
      assert.deepEqual(await visit(p, 'grower.admin.ledge.localhost', '/ping'), { status: 200, text: 'grower ok' });
    });
  }

  test(`${isolation} isolation: an application keeping 60 MB of ArrayBuffers, SharedArrayBuffers or Blobs under memory_mb 128, or dropping 40 MB of them a request, is not stopped`, { timeout: 120_000 }, async () => {
    const p = platforms[isolation] as TestPlatform;
    for (const path of ['/buffers', '/shared', '/blob']) {
      const kept = await visit(p, 'grower.admin.ledge.localhost', `${path}?mb=60`);
      assert.deepEqual(kept, { status: 200, text: 'kept 60' }, `${path}: ${kept.text}`);
    }
    // Dropped SharedArrayBuffers and Blobs are not weighed by V8's collector, so they pile up uncollected: the
    // guard leaves them room (a limit's worth) rather than stop an application for memory it no longer holds.
    for (const path of ['/shared', '/blob']) {
      for (let round = 0; round < 3; round++) {
        const dropped = await visit(p, 'grower.admin.ledge.localhost', `${path}?mb=40`);
        assert.deepEqual(dropped, { status: 200, text: 'kept 40' }, `${path}, round ${round}: ${dropped.text}`);
      }
    }
  });
}

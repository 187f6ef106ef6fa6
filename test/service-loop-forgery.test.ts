// Red team: a loop through service bindings with its nesting forged. The host bounds calls nested in one another
// (16, docs/bindings/services.md) by the depth of the event a call comes from, and it took that event from the
// call message, which the isolate writes: application code that replaces Array.prototype.push (it shares a realm
// with the isolate's own code) removed the event from its calls, every hop was depth 0, and a deployment calling
// itself recursed until its isolate ran out of memory (13 s and 100 MB more in the platform's process under process
// isolation, then 503 exceeded_memory). A call naming no event running now counts from the deepest work the isolate
// runs. A call naming a shallower event that still runs is believed (docs/architecture.md), but each event's calls
// in flight are bounded (1000): naming the outermost event on every hop ran past 2,000 hops before. Both isolations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deployBody, startTestPlatform } from './serve-helpers.js';

/** Removes `event` from calls through SELF (what a subverted isolate can send), or names an event that ended. */
const APP = `const push = Array.prototype.push;
let mode = 'honest';
let outermost;
Array.prototype.push = function (...items) {
  for (const m of items) {
    if (!m || typeof m !== 'object' || m.t !== 'call' || m.binding !== 'SELF') continue;
    if (mode === 'none') delete m.event;
    if (mode === 'ended') m.event = 987654321;
    // The outermost event, still running while its loop goes on: each hop believed depth 1.
    if (mode === 'outermost') { if (outermost === undefined) outermost = m.event; else m.event = outermost; }
  }
  return push.apply(this, items);
};
export default { async fetch(request, env) {
  const url = new URL(request.url);
  const d = Number(url.searchParams.get('d') ?? 0);
  if (d === 0) { mode = url.searchParams.get('mode') ?? 'honest'; outermost = undefined; }
  if (d >= 2000) return new Response('no bound at ' + d);
  // Many calls at once are not nested: forty calls to itself made together all answer.
  if (url.pathname === '/wide') return new Response((await Promise.all(Array.from({ length: 40 }, () => env.SELF.fetch('http://self/?d=2000').then((r) => r.text())))).join(','));
  try {
    const r = await env.SELF.fetch('http://self/?d=' + (d + 1));
    return new Response(await r.text());
  } catch (e) { return new Response('refused at ' + d + ': ' + e.message); }
} };`;

for (const isolation of ['process', 'thread'] as const) {
  test(`a deployment calling itself ends at 16 calls deep, its calls naming their event, none or one that ended (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const p = await startTestPlatform(undefined, undefined, { isolation });
    t.after(() => p.close());
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/app`, { body: deployBody(APP, { edge_dev: true, services: [{ binding: 'SELF', service: 'app' }], limits: { memory_mb: 128 } }) });
    assert.equal(deployed.status, 200, deployed.text);
    for (const mode of ['honest', 'none', 'ended']) {
      const res = await p.visit('app.admin.ledge.localhost', `/?mode=${mode}`);
      const text = await res.text();
      assert.equal(res.status, 200, `${mode}: ${text.slice(0, 200)}`);
      assert.equal(text, 'refused at 16: service binding calls are nested more than 16 deep (a loop between deployments?); the call to app was refused', mode);
    }
    // Naming the outermost event on every hop: bounded by the calls it has in flight at once.
    const outermost = await (await p.visit('app.admin.ledge.localhost', '/?mode=outermost')).text();
    assert.equal(outermost, 'refused at 1000: one event has 1000 calls through service bindings and to coordination objects in flight (a loop whose calls name a shallower event?); the call to app was refused');
    assert.equal(await (await p.visit('app.admin.ledge.localhost', '/wide')).text(), Array(40).fill('no bound at 2000').join(','), 'calls made together are not nested');
  });
}

// Honest code, no forgery: a callback passed back and forth. Calls on an RPC stub carried no depth, so each round
// started again at 1 and the loop had no end (300 rounds, then the test's own stop). A call on a stub is now one
// deeper than the call whose link carries it.
const PING = `export default { async fetch(request, env) {
  const cb = async (n) => { if (n >= 300) return 'no bound at ' + n; try { return await env.PONG.run(cb, n + 1); } catch (e) { return 'refused at ' + n + ': ' + e.message; } };
  return new Response(await cb(0));
} };`;
const PONG = `import { WorkerEntrypoint } from 'cloudflare:workers';
export default class extends WorkerEntrypoint { async run(cb, n) { return await cb(n); } fetch() { return new Response('pong'); } }`;

for (const isolation of ['process', 'thread'] as const) {
  test(`a callback passed back and forth between two deployments ends 16 calls deep (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const p = await startTestPlatform(undefined, undefined, { isolation });
    t.after(() => p.close());
    assert.equal((await p.call('PUT', `/accounts/${p.accountId}/deployments/pong`, { body: deployBody(PONG, { edge_dev: true }) })).status, 200);
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/ping`, { body: deployBody(PING, { edge_dev: true, services: [{ binding: 'PONG', service: 'pong' }] }) });
    assert.equal(deployed.status, 200, deployed.text);
    const res = await p.visit('ping.admin.ledge.localhost', '/');
    const text = await res.text();
    assert.equal(res.status, 200, text.slice(0, 200));
    // Each round is two calls: run (a service binding call) and cb (a call on a stub), so round 8 is 16 deep.
    assert.equal(text, 'refused at 8: service binding calls are nested more than 16 deep (a loop between deployments?); the call to pong was refused');
  });
}

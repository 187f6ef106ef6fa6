// Red team: a chain of coordination objects, each calling the next, was not bounded: calls through service bindings
// end 16 deep (docs/bindings/services.md), and the original counts calls to its objects in that depth, but a call to
// an object took no depth at all. 100,000 objects deep, the chain ran until the isolate's memory limit (503
// exceeded_memory, and about 110 MB more in the platform's process meanwhile). Now the 17th nested call through the
// host is refused with the service bindings' RangeError; the chain's callers get it. Both isolations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const APP = `import { DurableObject } from 'cloudflare:workers';
export class Chain extends DurableObject {
  async go(n) {
    if (n >= 200) return 'no bound at ' + n;
    try { return await this.env.CHAIN.getByName('o' + (n + 1)).go(n + 1); }
    catch (e) { return 'refused at ' + n + ': ' + e.name + ': ' + e.message; }
  }
}
export default { async fetch(request, env) {
  // Many calls at once are not nested: forty objects called together all answer.
  if (new URL(request.url).pathname === '/wide') return new Response((await Promise.all(Array.from({ length: 40 }, (_, i) => env.CHAIN.getByName('w' + i).go(199)))).join(','));
  return new Response(await env.CHAIN.getByName('o0').go(0));
} };`;

for (const isolation of ['process', 'thread'] as const) {
  test(`a chain of coordination objects ends 16 calls deep (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const p = await startTestPlatform(undefined, undefined, { isolation });
    t.after(() => p.close());
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/app`, { body: deployBody(APP, { edge_dev: true, durable_objects: { bindings: [{ name: 'CHAIN', class_name: 'Chain' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Chain'] }] }) });
    assert.equal(deployed.status, 200, deployed.text);
    const res = await p.visit('app.admin.ledge.localhost', '/');
    const text = await res.text();
    assert.equal(res.status, 200, text.slice(0, 200));
    // The request is depth 0; object o<n> runs at depth n + 1, so o15 (16 deep) is the last one reached.
    assert.equal(text, 'refused at 15: RangeError: calls through bindings are nested more than 16 deep (a loop between coordination objects?); the call to Chain was refused');
    assert.equal(await (await p.visit('app.admin.ledge.localhost', '/wide')).text(), Array(40).fill('no bound at 200').join(','), 'calls made together are not nested');
  });
}

// Forged: every call names the request's own event (code that replaces Array.prototype.push rewrites the call
// messages its isolate posts), so each object believed it ran at depth 1, and the chain passed 2,000 objects (its
// own stop) before. The host now bounds the calls in flight each event has (1000).
const FORGED = `const push = Array.prototype.push;
let outermost;
Array.prototype.push = function (...items) {
  for (const m of items) {
    if (!m || typeof m !== 'object' || m.t !== 'call' || m.binding !== 'CHAIN') continue;
    if (outermost === undefined) outermost = m.event; else m.event = outermost;
  }
  return push.apply(this, items);
};
${APP.replace("if (n >= 200)", "if (n >= 2000)")}`;

for (const isolation of ['process', 'thread'] as const) {
  test(`a chain of coordination objects naming the outermost event on every call ends at 1000 in flight (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const p = await startTestPlatform(undefined, undefined, { isolation });
    t.after(() => p.close());
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/app`, { body: deployBody(FORGED, { edge_dev: true, durable_objects: { bindings: [{ name: 'CHAIN', class_name: 'Chain' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Chain'] }] }) });
    assert.equal(deployed.status, 200, deployed.text);
    const res = await p.visit('app.admin.ledge.localhost', '/');
    const text = await res.text();
    assert.equal(res.status, 200, text.slice(0, 200));
    assert.match(text, /^refused at \d+: Error: one event has 1000 calls through service bindings and to coordination objects in flight \(a loop whose calls name a shallower event\?\); the call to Chain was refused$/);
  });
}

// Red team: a loop through service bindings with its nesting forged. The host bounds calls nested in one another
// (16, docs/bindings/services.md) by the depth of the event a call comes from, and it took that event from the
// call message, which the isolate writes: application code that replaces Array.prototype.push (it shares a realm
// with the isolate's own code) removed the event from its calls, every hop was depth 0, and a deployment calling
// itself recursed until its isolate ran out of memory (13 s and 100 MB more in the platform's process under process
// isolation, then 503 exceeded_memory). The depth is now the deepest event the isolate runs. Both isolations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deployBody, startTestPlatform } from './serve-helpers.js';

/** Removes `event` from calls through SELF (what a subverted isolate can send), or names the outermost request's. */
const APP = `const push = Array.prototype.push;
let mode = 'honest';
let outermost;
Array.prototype.push = function (...items) {
  for (const m of items) {
    if (!m || typeof m !== 'object' || m.t !== 'call' || m.binding !== 'SELF') continue;
    if (outermost === undefined) outermost = m.event;
    if (mode === 'none') delete m.event;
    if (mode === 'outermost') m.event = outermost;
  }
  return push.apply(this, items);
};
export default { async fetch(request, env) {
  const url = new URL(request.url);
  const d = Number(url.searchParams.get('d') ?? 0);
  if (d === 0) { mode = url.searchParams.get('mode') ?? 'honest'; outermost = undefined; }
  if (d >= 200) return new Response('no bound at ' + d);
  try {
    const r = await env.SELF.fetch('http://self/?d=' + (d + 1));
    return new Response(await r.text());
  } catch (e) { return new Response('refused at ' + d + ': ' + e.message); }
} };`;

for (const isolation of ['process', 'thread'] as const) {
  test(`a deployment calling itself ends at 16 calls deep, whatever event its calls name (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const p = await startTestPlatform(undefined, undefined, { isolation });
    t.after(() => p.close());
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/app`, { body: deployBody(APP, { edge_dev: true, services: [{ binding: 'SELF', service: 'app' }], limits: { memory_mb: 128 } }) });
    assert.equal(deployed.status, 200, deployed.text);
    for (const mode of ['honest', 'none', 'outermost']) {
      const res = await p.visit('app.admin.ledge.localhost', `/?mode=${mode}`);
      const text = await res.text();
      assert.equal(res.status, 200, `${mode}: ${text.slice(0, 200)}`);
      assert.equal(text, 'refused at 16: service binding calls are nested more than 16 deep (a loop between deployments?); the call to app was refused', mode);
    }
  });
}

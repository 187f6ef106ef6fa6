// Each kind's protocol.ts is enforced on the host: a call message an isolate sends outside the protocol (an
// unknown method, arguments of the wrong type or number) is refused with binding_call_refused before any
// handler or store sees it. The messages are forged the way hostile code in the isolate's realm can: the port's
// postMessage is its own bound copy, out of reach, but the batch a call joins is filled with the realm's
// Array.prototype.push, which the application can replace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject } from './helpers.js';

const FORGING_APP = `
const push = Array.prototype.push;
let forge = null;
Array.prototype.push = function (...items) {
  if (forge) for (const m of items) if (m && typeof m === 'object' && m.t === 'call') forge(m);
  return push.apply(this, items);
};
async function forged(rewrite, call) {
  forge = rewrite;
  try { await call(); return 'accepted'; } catch (e) { return e.constructor.name + ': ' + e.message; } finally { forge = null; }
}
export default { async fetch(request, env) {
  const out = {};
  out.unknownMethod = await forged((m) => { m.method = 'dropEverything'; }, () => env.KV.get('k'));
  out.protoMethod = await forged((m) => { m.method = '__proto__'; }, () => env.KV.get('k'));
  out.keyNotString = await forged((m) => { m.args[0] = 42; }, () => env.KV.put('k', 'v'));
  out.extraArgument = await forged((m) => { m.args.push('more'); }, () => env.KV.delete('k'));
  out.argsNotList = await forged((m) => { m.args = { 0: 'k' }; }, () => env.KV.get('k'));
  out.sqlBadParam = await forged((m) => { m.args[0][0].params = [{ toString: 'x' }]; }, () => env.DB.prepare('SELECT ?1 AS v').bind(1).first());
  out.queueBadDelay = await forged((m) => { m.args[0][0].delaySeconds = -5; }, () => env.Q.send('x'));
  out.stored = await env.KV.get('k');
  out.stillServes = await env.DB.prepare('SELECT 7 AS v').first('v');
  return Response.json(out);
} };`;

test('a forged binding call is refused on the host with binding_call_refused, and nothing reaches the store', async (t) => {
  const dir = makeProject({ 'src/index.js': FORGING_APP }, {
    kv_namespaces: [{ binding: 'KV', id: 'kv-forged' }],
    sql_databases: [{ binding: 'DB', database_name: 'db', database_id: 'db-forged' }],
    queues: { producers: [{ binding: 'Q', queue: 'forged' }] },
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  const out = await (await server.request(new Request('http://app.test/'))).json() as Record<string, unknown>;
  assert.equal(out.unknownMethod, 'TypeError: the kv binding has no method "dropEverything"');
  assert.equal(out.protoMethod, 'TypeError: the kv binding has no method "__proto__"');
  assert.match(String(out.keyNotString), /^TypeError: the kv binding refused put\(\): argument 1: .*string/);
  assert.match(String(out.extraArgument), /^TypeError: the kv binding refused delete\(\): /);
  assert.match(String(out.argsNotList), /^TypeError: the kv binding refused get\(\): its arguments: /);
  assert.match(String(out.sqlBadParam), /^TypeError: the sql binding refused query\(\): argument 1\[0\]\.params\[0\]: /);
  assert.match(String(out.queueBadDelay), /^TypeError: the queues binding refused send\(\): argument 1\[0\]\.delaySeconds: /);
  assert.equal(out.stored, null, 'the refused put stored nothing');
  assert.equal(out.stillServes, 7, 'the bindings still serve after the refusals');
  assert.doesNotMatch(server.logText(), /failed inside the platform/, 'a refusal is not logged as a platform fault');
});

// The Cache API is no configured binding (every isolate has it, under CACHE_SERVICE), but its calls cross the
// same way and are checked against its protocol.ts the same way.
const FORGING_CACHE_APP = FORGING_APP.replace(/export default \{[\s\S]*$/, `export default { async fetch(request, env) {
  const out = {};
  const key = 'https://app.test/cached';
  const cacheable = () => new Response('cached body', { headers: { 'cache-control': 'max-age=600' } });
  out.unknownMethod = await forged((m) => { m.method = 'purgeEverything'; }, () => caches.default.match(key));
  out.bodyNotBytes = await forged((m) => { m.args[5] = 'not bytes'; }, () => caches.default.put(key, cacheable()));
  out.oddHeaders = await forged((m) => { m.args[4] = ['cache-control']; }, () => caches.default.put(key, cacheable()));
  out.statusNotNumber = await forged((m) => { m.args[2] = '200'; }, () => caches.default.put(key, cacheable()));
  out.emptyName = await forged((m) => { m.args[0] = ''; }, () => caches.default.delete(key));
  out.stored = (await caches.default.match(key)) === undefined ? 'nothing' : 'something';
  await caches.default.put(key, cacheable());
  out.stillServes = await (await caches.default.match(key))?.text();
  return Response.json(out);
} };`);

test('a forged Cache API call is refused on the host with binding_call_refused, and nothing is cached', async (t) => {
  const server = await startProject(makeProject({ 'src/index.js': FORGING_CACHE_APP }));
  t.after(() => server.close());
  const out = await (await server.request(new Request('http://app.test/'))).json() as Record<string, unknown>;
  assert.equal(out.unknownMethod, 'TypeError: the cache binding has no method "purgeEverything"');
  assert.match(String(out.bodyNotBytes), /^TypeError: the cache binding refused put\(\): argument 6: /);
  assert.match(String(out.oddHeaders), /^TypeError: the cache binding refused put\(\): argument 5: expected a flat list of header names and values/);
  assert.match(String(out.statusNotNumber), /^TypeError: the cache binding refused put\(\): argument 3: /);
  assert.match(String(out.emptyName), /^TypeError: the cache binding refused delete\(\): argument 1: /);
  assert.equal(out.stored, 'nothing', 'the refused puts stored nothing');
  assert.equal(out.stillServes, 'cached body', 'the cache still serves after the refusals');
  assert.doesNotMatch(server.logText(), /failed inside the platform/, 'a refusal is not logged as a platform fault');
});

// A workflow binding carries both the instance calls of `env` and the step calls of runs, quoting a run id:
// hostile code can forge either, and the workflows protocol refuses both before the engine or its store sees them.
const FORGING_WORKFLOW_APP = FORGING_APP.replace(/export default \{[\s\S]*$/, `export class Flow { async run() { return 'done'; } }
export default { async fetch(request, env) {
  const out = {};
  const many = Array.from({ length: 100 }, (_, i) => ({ id: 'batch-' + i }));
  out.unknownMethod = await forged((m) => { m.method = 'dropEverything'; }, () => env.WF.create());
  out.idNotString = await forged((m) => { m.args[0][0].id = 42; }, () => env.WF.create({ id: 'x' }));
  out.tooMany = await forged((m) => { m.args[0].push({ id: 'batch-100' }); }, () => env.WF.createBatch(many));
  const target = await env.WF.create({ id: 'target' });
  out.eventTypeNotString = await forged((m) => { m.args[1].type = 7; }, () => target.sendEvent({ type: 'go' }));
  out.forgedStep = await forged((m) => { m.method = 'step'; m.args = ['run-forged', { type: 'teleport', key: '1:a', name: 'a' }]; }, () => env.WF.get('target'));
  out.forgedAttempt = await forged((m) => { m.method = 'attemptEnd'; m.args = ['run-forged', '1:a', 1, { value: 'not bytes' }]; }, () => env.WF.get('target'));
  out.batchStored = await env.WF.get('batch-0').then(() => 'stored', (e) => e.message);
  out.stillServes = (await env.WF.create({ id: 'after' })).id;
  return Response.json(out);
} };`);

test('a forged workflow call is refused on the host with binding_call_refused, and no instance is stored', async (t) => {
  const dir = makeProject({ 'src/index.js': FORGING_WORKFLOW_APP }, { workflows: [{ binding: 'WF', name: 'forged', class_name: 'Flow' }] });
  const server = await startProject(dir, { runnerTimers: false });
  t.after(() => server.close());
  const out = await (await server.request(new Request('http://app.test/'))).json() as Record<string, unknown>;
  assert.equal(out.unknownMethod, 'TypeError: the workflows binding has no method "dropEverything"');
  assert.match(String(out.idNotString), /^TypeError: the workflows binding refused create\(\): argument 1\[0\]\.id: /);
  assert.match(String(out.tooMany), /^TypeError: the workflows binding refused create\(\): argument 1: /);
  assert.match(String(out.eventTypeNotString), /^TypeError: the workflows binding refused sendEvent\(\): argument 2\.type: /);
  assert.match(String(out.forgedStep), /^TypeError: the workflows binding refused step\(\): argument 2\.type: /);
  assert.match(String(out.forgedAttempt), /^TypeError: the workflows binding refused attemptEnd\(\): argument 4/);
  assert.match(String(out.batchStored), /not_found/, 'the refused batch of 101 stored none of them');
  assert.equal(out.stillServes, 'after', 'the binding still serves after the refusals');
  assert.doesNotMatch(server.logText(), /failed inside the platform/, 'a refusal is not logged as a platform fault');
});

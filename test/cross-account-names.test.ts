// Attack (red team): one account names another account's resources by the names it can guess: a queue (producer,
// consumer, dead-letter queue), a deployment exporting a coordination class or a workflow (`script_name`), and the
// id of a workflow instance. Names are per account: a deploy that points at a name the account does not have is
// refused naming the binding, and where both accounts use the same names (queue "jobs", workflow "flow", instance
// id "order-1"), each reaches only its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';

const APP = `
import { DurableObject, WorkflowEntrypoint } from 'cloudflare:workers';
export class Counter extends DurableObject {
  async increment() { const v = ((await this.ctx.storage.get('value')) ?? 0) + 1; await this.ctx.storage.put('value', v); return v; }
}
export class Flow extends WorkflowEntrypoint { async run(event, step) { return await step.do('one', async () => 'ok'); } }
const attempt = async (fn) => { try { return await fn(); } catch (e) { return 'E ' + e.message; } };
export default { async fetch(request, env) {
  const url = new URL(request.url);
  const id = url.searchParams.get('id');
  if (url.pathname === '/create') return Response.json(await attempt(async () => (await env.FLOW.create({ id, params: { owner: url.hostname } })).id));
  if (url.pathname === '/get') return Response.json(await attempt(async () => (await (await env.FLOW.get(id)).status()).status));
  if (url.pathname === '/count') return Response.json(await attempt(() => env.COUNTER.getByName('shared').increment()));
  return new Response('ok');
} };`;

const CONFIG = {
  edge_dev: true,
  durable_objects: { bindings: [{ name: 'COUNTER', class_name: 'Counter' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Counter'] }],
  workflows: [{ binding: 'FLOW', name: 'flow', class_name: 'Flow' }],
};

async function json(p: TestPlatform, host: string, path: string): Promise<unknown> {
  const res = await p.visit(host, path);
  assert.equal(res.status, 200);
  return res.json();
}

test('queues, script_name and workflow instances are per account: another account\'s names are refused or reach only its own', { timeout: 60_000 }, async (t) => {
  const p = await startTestPlatform();
  t.after(() => p.close());
  const a = p.accountId;
  const b = (await p.call('POST', '/accounts', { body: { name: 'bee' } })).body.result.id as string;
  assert.equal((await p.call('POST', `/accounts/${b}/queues`, { body: { queue_name: 'b-private' } })).status, 201);
  const bApp = await p.call('PUT', `/accounts/${b}/deployments/bapp`, { body: deployBody(APP, CONFIG) });
  assert.equal(bApp.status, 200, bApp.text);

  // A has no queue named b-private, and no deployment named bapp: each pointer is refused, naming the binding.
  const refusals: [Record<string, unknown>, RegExp][] = [
    [{ queues: { producers: [{ binding: 'Q', queue: 'b-private' }] } }, /Q: no queue resource "b-private" in this account/],
    [{ queues: { consumers: [{ queue: 'b-private' }] } }, /no queue resource "b-private" in this account/],
  ];
  for (const [config, message] of refusals) {
    const refused = await p.call('PUT', `/accounts/${a}/deployments/spy`, { body: deployBody('export default { fetch() { return new Response("spy"); } };', { edge_dev: true, ...config }) });
    assert.equal(refused.status, 400, `${JSON.stringify(config)}: ${refused.text}`);
    assert.match(refused.body.errors[0]?.message ?? '', message);
  }

  // A binding naming B's deployment by script_name is accepted (as for a deployment of A's not yet deployed), but it
  // names A's deployment "bapp", which does not exist: the calls fail and B's object and instances are untouched.
  const SPY = `const attempt = async (fn) => { try { return await fn(); } catch (e) { return 'E ' + e.message; } };
export default { async fetch(request, env) {
  return Response.json({ object: await attempt(() => env.STEAL.getByName('shared').increment()), flow: await attempt(async () => (await (await env.STEAL_FLOW.get('order-1')).status()).status) });
} };`;
  const spy = await p.call('PUT', `/accounts/${a}/deployments/spy`, { body: deployBody(SPY, { edge_dev: true, durable_objects: { bindings: [{ name: 'STEAL', class_name: 'Counter', script_name: 'bapp' }] }, workflows: [{ binding: 'STEAL_FLOW', name: 'flow', class_name: 'Flow', script_name: 'bapp' }] }) });
  assert.equal(spy.status, 200, spy.text);

  // The same names in both accounts: each reaches its own.
  const aApp = await p.call('PUT', `/accounts/${a}/deployments/aapp`, { body: deployBody(APP, CONFIG) });
  assert.equal(aApp.status, 200, aApp.text);
  const bHost = 'bapp.bee.ledge.localhost';
  const aHost = 'aapp.admin.ledge.localhost';
  assert.equal(await json(p, bHost, '/create?id=order-1'), 'order-1');
  const spied = await json(p, 'spy.admin.ledge.localhost', '/') as { object: unknown; flow: unknown };
  assert.match(String(spied.object), /^E the deployment bapp does not exist in this account/, `the stub reaches no object of B's: ${JSON.stringify(spied)}`);
  assert.match(String(spied.flow), /^E instance.not_found/, `the binding finds no instance of B's: ${JSON.stringify(spied)}`);
  assert.match(String(await json(p, aHost, '/get?id=order-1')), /^E .*order-1/, 'A does not find B\'s instance');
  assert.equal(await json(p, aHost, '/create?id=order-1'), 'order-1', 'A creates its own instance under the same id');
  const bInstances = await p.call('GET', `/accounts/${b}/workflows/flow/instances`);
  assert.equal(bInstances.body.result.length, 1, 'B still has its one instance');
  assert.equal((await p.call('GET', `/accounts/${a}/workflows/flow/instances/order-1`)).status, 200);
  assert.equal((await p.call('GET', `/accounts/${b}/workflows/flow/instances/order-1`)).status, 200);
  // The same object name in the same class name: two objects.
  assert.equal(await json(p, bHost, '/count'), 1);
  assert.equal(await json(p, bHost, '/count'), 2);
  assert.equal(await json(p, aHost, '/count'), 1, 'A\'s object "shared" is its own');
  assert.equal(await json(p, bHost, '/count'), 3);
  // The account API names only the caller's account: A's token may not read B's instances through A's path with B's id.
  assert.equal((await p.call('GET', `/accounts/${a}/workflows/flow/instances`)).body.result.length, 1);
});

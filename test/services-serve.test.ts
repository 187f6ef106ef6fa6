import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';
import { AUTH_SOURCE, FRONT_SOURCE } from './services-sources.js';

/**
 * The platform's build of an upload imports `cloudflare:workers` from Ledge's runtime modules, which a sandboxed
 * build cannot read when Ledge runs from its TypeScript sources (these tests); the built package is not affected.
 * Here the module gets the two classes with the same registered brands the runtime module gives them.
 */
const SANDBOX_AUTH_SOURCE = AUTH_SOURCE.replace("import { WorkerEntrypoint, RpcTarget } from 'cloudflare:workers';", `
class WorkerEntrypoint { static [Symbol.for('ledge.entrypoint')] = true; constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
class RpcTarget {}
Object.defineProperty(RpcTarget.prototype, Symbol.for('ledge.rpc-target'), { value: true });`);

test('ledge serve (process isolation): a deployment calls another of its account through a service binding; another account cannot bind it', async (t) => {
  const p = await startTestPlatform(tempDir('ledge-services-'), undefined, { isolation: 'process' });
  t.after(() => p.close());
  const a = p.accountId;
  // The binding to a deployment that does not exist yet is refused, naming the binding.
  const early = await p.call('PUT', `/accounts/${a}/deployments/front`, { body: deployBody(FRONT_SOURCE, { edge_dev: true, services: [{ binding: 'AUTH', service: 'auth' }] }) });
  assert.equal(early.status, 400, early.text);
  assert.match(early.body.errors[0]?.message ?? '', /AUTH: no deployment "auth" in this account; a service binding calls deployments of the same account only/);
  assert.equal(early.body.errors[0]?.source?.pointer, '/body/config/services/0/service');

  const auth = await p.call('PUT', `/accounts/${a}/deployments/auth`, { body: deployBody(SANDBOX_AUTH_SOURCE, { services: [{ binding: 'SELF', service: 'auth' }] }) });
  assert.equal(auth.status, 200, auth.text);
  const front = await p.call('PUT', `/accounts/${a}/deployments/front`, {
    body: deployBody(FRONT_SOURCE, { edge_dev: true, services: [{ binding: 'AUTH', service: 'auth' }, { binding: 'ADMIN', service: 'auth', entrypoint: 'Admin', props: { tenant: 't1', plan: 2 } }] }),
  });
  assert.equal(front.status, 200, front.text);
  const host = 'front.admin.ledge.localhost';
  const json = async (path: string) => (await p.visit(host, path)).json() as Promise<unknown>;

  assert.deepEqual(await json('/fetch'), { caller: 'front', path: '/hello', method: 'POST', body: 'hi', props: {} });
  assert.deepEqual(await json('/rpc'), { doubled: [2, 4, 6], first: 15, second: 16 });
  assert.deepEqual(await json('/error'), { name: 'RangeError', message: 'no such user', remote: true, isRangeError: true });
  assert.deepEqual(await json('/props'), { props: { tenant: 't1', plan: 2 }, caller: { deployment: 'front' } });
  assert.match((await json('/loop') as { message: string }).message, /nested more than 16 deep/);
  assert.equal(await (await p.visit(host, '/direct', { headers: { 'ledge-caller-deployment': 'auth' } })).text(), 'none');

  // Another account has no deployment named "auth": its binding is refused at deploy, naming the binding.
  const bee = await p.call('POST', '/accounts', { body: { name: 'bee' } });
  assert.equal(bee.status, 201, bee.text);
  const spy = await p.call('PUT', `/accounts/${bee.body.result.id as string}/deployments/spy`, { body: deployBody(FRONT_SOURCE, { edge_dev: true, services: [{ binding: 'STEAL', service: 'auth' }] }) });
  assert.equal(spy.status, 400, spy.text);
  assert.match(spy.body.errors[0]?.message ?? '', /STEAL: no deployment "auth" in this account; a service binding calls deployments of the same account only/);
});

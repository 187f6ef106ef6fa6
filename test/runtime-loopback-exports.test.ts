// `exports` of cloudflare:workers beyond the bound classes (docs/runtime.md, `exports`): the original's loopback
// bindings to the deployment's own entrypoints. Each WorkerEntrypoint class the module exports, and its default
// export, is a stub calling the deployment itself as a service binding would (RPC methods, fetch, the caller as the
// platform states it, no props); `ctx.exports` is the same object (a coordination object's too); the loopback binding stays out of `env`; other
// exports get nothing. Both isolations, and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject, tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const APP = `import { DurableObject, WorkerEntrypoint, RpcTarget, exports } from 'cloudflare:workers';
export class Counter extends DurableObject {
  async add(n) { const v = ((await this.ctx.storage.get('v')) ?? 0) + n; await this.ctx.storage.put('v', v); return v; }
  async viaExports(name) { return this.ctx.exports === exports && await this.ctx.exports.Greeter.hello(name); }
}
export class Greeter extends WorkerEntrypoint {
  hello(name) { return 'hello ' + name + ' (called by ' + this.ctx.caller.deployment + ', props ' + JSON.stringify(this.ctx.props) + ')'; }
  fail() { throw new RangeError('greeter says no'); }
  sameExports() { return this.ctx.exports === exports; }
  async fetch(request) { return new Response('greeter fetch ' + new URL(request.url).pathname); }
}
export class Unbound extends DurableObject {}
export class Plain {}
export function helper() { return 1; }
export const VALUE = 42;
export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === '/inner') return new Response('default fetch, caller ' + request.headers.get('ledge-caller-deployment'));
    let frozen; try { exports.Greeter = 1; frozen = 'no error'; } catch (e) { frozen = e.name; }
    let failed; try { await exports.Greeter.fail(); } catch (e) { failed = { name: e.name, message: e.message, remote: e.remote }; }
    return Response.json({
      keys: Object.keys(exports).sort(),
      hello: await exports.Greeter.hello('ann'),
      greeterFetch: await (await exports.Greeter.fetch('http://self/path')).text(),
      defaultFetch: await (await exports.default.fetch('http://self/inner')).text(),
      counter: await exports.Counter.getByName('a').add(2),
      failed,
      frozen,
      inEnv: Object.keys(env).filter((k) => k.includes('loopback')),
      ctxExports: ctx.exports === exports && await exports.Greeter.sameExports(),
      fromObject: await exports.Counter.getByName('b').viaExports('bob'),
      unbound: exports.Unbound === undefined, plain: exports.Plain === undefined, helper: exports.helper === undefined,
    });
  },
};`;

const CONFIG = { durable_objects: { bindings: [{ name: 'COUNTER', class_name: 'Counter' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Counter'] }] };

function expected(self: string): Record<string, unknown> {
  return {
    keys: ['Counter', 'Greeter', 'default'],
    hello: `hello ann (called by ${self}, props {})`,
    greeterFetch: 'greeter fetch /path',
    defaultFetch: `default fetch, caller ${self}`,
    counter: 2,
    failed: { name: 'RangeError', message: 'greeter says no', remote: true },
    frozen: 'TypeError',
    inEnv: [],
    ctxExports: true,
    fromObject: `hello bob (called by ${self}, props {})`,
    unbound: true, plain: true, helper: true,
  };
}

for (const isolation of ['thread', 'process'] as const) {
  test(`exports of cloudflare:workers holds stubs of the deployment's own entrypoints (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const dir = makeProject({ 'src/index.js': APP }, { name: 'loopy', ...CONFIG });
    const server = await startProject(dir, { isolation });
    t.after(() => server.close());
    const res = await server.request(new Request('http://app.test/'));
    const text = await res.text();
    assert.equal(res.status, 200, text);
    assert.deepEqual(JSON.parse(text), expected('loopy'));
  });
}

test('exports of cloudflare:workers reaches the deployment\'s own entrypoints under ledge serve', { timeout: 120_000 }, async () => {
  const p = await startTestPlatform(tempDir('ledge-loopback-serve-'));
  try {
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/loopy`, { body: deployBody(APP, { edge_dev: true, ...CONFIG }) });
    assert.equal(deployed.status, 200, deployed.text);
    const host = (deployed.body.result.deployment.hostnames as { default: string }).default;
    const res = await p.visit(host, '/');
    const text = await res.text();
    assert.equal(res.status, 200, text);
    assert.deepEqual(JSON.parse(text), expected('loopy'));
  } finally {
    await p.close();
  }
});

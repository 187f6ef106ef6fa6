// Loopback stubs with props (docs/runtime.md, `exports`): `exports.Greeter({ props })` (and `ctx.exports.default({ props })`)
// is a stub of the same entrypoint whose callee sees `ctx.props` equal to a structured clone of those props, taken when
// the stub is made; `ctx.caller` is still the deployment itself. Props that cannot be serialised are a TypeError naming
// where. The host checks the props again and always calls the deployment the caller runs as: code that rewrites its
// isolate's messages (it shares the realm) cannot give another deployment's entrypoint props it chose. Both isolations
// under ledge dev, and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject, tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const APP = `import { WorkerEntrypoint, exports } from 'cloudflare:workers';
export class Greeter extends WorkerEntrypoint {
  whoami() {
    const p = this.ctx.props;
    return { caller: this.ctx.caller.deployment, props: { ...p, when: p.when instanceof Date ? 'date ' + p.when.getTime() : p.when, tags: p.tags instanceof Map ? [...p.tags] : p.tags }, frozen: Object.isFrozen(p) };
  }
}
const text = (fn) => { try { fn(); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } };
export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === '/inner') return Response.json({ props: ctx.props, caller: request.headers.get('ledge-caller-deployment') });
    const props = { user: 'ann', nested: { n: 1 }, when: new Date(5), tags: new Map([['a', 1]]) };
    const stub = exports.Greeter({ props });
    // The stub holds a copy made now: a change after it was made is not seen.
    props.user = 'changed'; props.nested.n = 2;
    return Response.json({
      callable: typeof exports.Greeter,
      plain: await exports.Greeter.whoami(),
      withProps: await stub.whoami(),
      again: await exports.Greeter({ props: { a: 1 } })({ props: { b: 2 } }).whoami(),
      none: await exports.Greeter().whoami(),
      empty: await exports.Greeter({}).whoami(),
      viaCtx: await (await ctx.exports.default({ props: { role: 'reader' } }).fetch('http://self/inner')).json(),
      defaultPlain: await (await exports.default.fetch('http://self/inner')).json(),
      fn: text(() => exports.Greeter({ props: { ok: 1, deep: { list: [1, () => 2] } } })),
      promise: text(() => exports.Greeter({ props: { p: Promise.resolve(1) } })),
      symbolKey: text(() => exports.default({ props: { s: Symbol('x') } })),
      notObject: text(() => exports.Greeter({ props: 'ann' })),
      arrayProps: text(() => exports.Greeter({ props: [1] })),
      badOptions: text(() => exports.Greeter(5)),
      secretHidden: text(() => exports.Greeter({ props: { token: 'sekrit-value', f() {} } })).includes('sekrit'),
    });
  },
};`;

function expected(self: string): Record<string, unknown> {
  const whoami = (props: Record<string, unknown>) => ({ caller: self, props, frozen: true });
  return {
    callable: 'function',
    plain: whoami({}),
    withProps: whoami({ user: 'ann', nested: { n: 1 }, when: 'date 5', tags: [['a', 1]] }),
    again: whoami({ b: 2 }),
    none: whoami({}),
    empty: whoami({}),
    viaCtx: { props: { role: 'reader' }, caller: self },
    defaultPlain: { props: {}, caller: self },
    fn: 'TypeError: exports.Greeter({ props }): props.deep.list[1] is a function, which cannot be serialised; props are copied to the callee as structured clone copies values (plain data, Date, Map, ArrayBuffer, ...)',
    promise: 'TypeError: exports.Greeter({ props }): props.p is a Promise, which cannot be serialised; props are copied to the callee as structured clone copies values (plain data, Date, Map, ArrayBuffer, ...)',
    symbolKey: 'TypeError: exports.default({ props }): props.s is a symbol, which cannot be serialised; props are copied to the callee as structured clone copies values (plain data, Date, Map, ArrayBuffer, ...)',
    notObject: 'TypeError: exports.Greeter({ props }): props must be an object, not a string',
    arrayProps: 'TypeError: exports.Greeter({ props }): props must be an object, not an array',
    badOptions: 'TypeError: exports.Greeter(options): options must be an object such as { props: { ... } }, not a number',
    secretHidden: false,
  };
}

for (const isolation of ['thread', 'process'] as const) {
  test(`exports.Greeter({ props }) gives the callee those props as a structured clone (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const dir = makeProject({ 'src/index.js': APP }, { name: 'propsy' });
    const server = await startProject(dir, { isolation });
    t.after(() => server.close());
    const res = await server.request(new Request('http://app.test/'));
    const text = await res.text();
    assert.equal(res.status, 200, text);
    assert.deepEqual(JSON.parse(text), expected('propsy'));
  });
}

// Deployment "bee" exports a Greeter that reports its props; "alpha" binds it with props { role: 'reader' } and rewrites
// the call messages its isolate posts (Array.prototype.push is in its realm): props added to a service binding's call,
// or a loopback call that names bee's entrypoint, with props { role: 'admin' }.
const BEE = `import { WorkerEntrypoint } from 'cloudflare:workers';
export class Greeter extends WorkerEntrypoint { whoami() { return 'bee, props ' + JSON.stringify(this.ctx.props) + ', caller ' + this.ctx.caller.deployment; } }
export default { fetch() { return new Response('bee'); } };`;

const ALPHA = `import { WorkerEntrypoint, exports } from 'cloudflare:workers';
const push = Array.prototype.push;
let forge = null;
Array.prototype.push = function (...items) {
  for (const m of items) {
    if (!forge || !m || typeof m !== 'object' || m.t !== 'call' || !Array.isArray(m.args)) continue;
    if (forge === 'service-props' && m.binding === 'BEE') m.args = [m.args[0], 'Greeter', { role: 'admin' }, m.args[1], m.args[2]];
    if (forge === 'loopback-to-bee' && m.binding === 'BEE') { m.binding = 'ledge:loopback'; m.args = [m.args[0], 'Greeter', { role: 'admin' }, m.args[1], m.args[2]]; }
    if (forge === 'loopback-bad-props' && m.binding === 'ledge:loopback') m.args[2] = [1, 2];
    forge = null;
  }
  return push.apply(this, items);
};
export class Greeter extends WorkerEntrypoint { whoami() { return 'alpha, props ' + JSON.stringify(this.ctx.props) + ', caller ' + this.ctx.caller.deployment; } }
const attempt = async (fn) => { try { return await fn(); } catch (e) { return e.name + ': ' + e.message; } };
export default {
  async fetch(request, env) {
    const out = { honest: await env.BEE.whoami(), own: await exports.Greeter({ props: { role: 'own' } }).whoami() };
    forge = 'service-props';
    out.serviceProps = await attempt(() => env.BEE.whoami());
    forge = 'loopback-to-bee';
    out.loopbackToBee = await attempt(() => env.BEE.whoami());
    forge = 'loopback-bad-props';
    out.badProps = await attempt(() => exports.Greeter.whoami());
    out.after = await env.BEE.whoami();
    return Response.json(out);
  },
};`;

for (const isolation of ['thread', 'process'] as const) {
  test(`ledge serve: loopback props reach the deployment's own entrypoints only; a forged call cannot give another deployment props (${isolation} isolation)`, { timeout: 120_000 }, async () => {
    const p = await startTestPlatform(tempDir('ledge-loopback-props-'), undefined, { isolation });
    try {
      const base = `/accounts/${p.accountId}/deployments`;
      const bee = await p.call('PUT', `${base}/bee`, { body: deployBody(BEE, { edge_dev: true }) });
      assert.equal(bee.status, 200, bee.text);
      const alpha = await p.call('PUT', `${base}/alpha`, { body: deployBody(ALPHA, { edge_dev: true, services: [{ binding: 'BEE', service: 'bee', entrypoint: 'Greeter', props: { role: 'reader' } }] }) });
      assert.equal(alpha.status, 200, alpha.text);
      const propsy = await p.call('PUT', `${base}/propsy`, { body: deployBody(APP, { edge_dev: true }) });
      assert.equal(propsy.status, 200, propsy.text);

      const own = await p.visit((propsy.body.result.deployment.hostnames as { default: string }).default, '/');
      const ownText = await own.text();
      assert.equal(own.status, 200, ownText);
      assert.deepEqual(JSON.parse(ownText), expected('propsy'));

      const res = await p.visit((alpha.body.result.deployment.hostnames as { default: string }).default, '/');
      const text = await res.text();
      assert.equal(res.status, 200, text);
      const out = JSON.parse(text) as Record<string, string>;
      assert.equal(out['honest'], 'bee, props {"role":"reader"}, caller alpha');
      assert.equal(out['own'], 'alpha, props {"role":"own"}, caller alpha');
      // A service binding's call carries no props: the forged tuple is refused before it runs.
      assert.match(out['serviceProps'] ?? '', /^\w*Error: the services binding refused call\(\)/);
      // A loopback call always reaches the caller itself, whatever entrypoint and props it names.
      assert.equal(out['loopbackToBee'], 'alpha, props {"role":"admin"}, caller alpha');
      // Props that are not a plain object are refused by the host.
      assert.match(out['badProps'] ?? '', /^\w*Error: the loopback binding refused call\(\): argument 3: expected the props a stub was made with: a plain object/);
      assert.equal(out['after'], 'bee, props {"role":"reader"}, caller alpha');
      assert.ok(!Object.values(out).some((v) => v.startsWith('bee, props {"role":"admin"')), text);
    } finally {
      await p.close();
    }
  });
}

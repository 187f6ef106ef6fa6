// Namespaces in `exports` of classes no binding names (docs/runtime.md, `exports`): a coordination class the module
// exports and its migrations create is in `exports` (and `ctx.exports`) under its class name as a full namespace,
// with no `durable_objects` section at all; its objects are the ones a binding of the class reaches once one is added,
// their alarms fire, and nothing of it shows in `env`. A class the migrations leave that the module does not export
// is refused at deploy, naming it, and the refusal changes nothing. Both isolations under ledge dev, and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventually, makeProject, startProject, tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const APP = `import { DurableObject, exports } from 'cloudflare:workers';
export class Spare extends DurableObject {
  async add(n) { const v = ((await this.ctx.storage.get('v')) ?? 0) + n; await this.ctx.storage.put('v', v); return v; }
  async read() { return { v: (await this.ctx.storage.get('v')) ?? 0, rang: (await this.ctx.storage.get('rang')) ?? 0, name: this.ctx.id.name ?? null, sameExports: this.ctx.exports === exports }; }
  async arm() { await this.ctx.storage.setAlarm(Date.now() + 10); return 'armed'; }
  async alarm() { await this.ctx.storage.put('rang', ((await this.ctx.storage.get('rang')) ?? 0) + 1); }
  backend() { try { this.ctx.storage.sql.exec('select 1'); return 'sqlite'; } catch { return 'kv'; } }
}
export class Old extends DurableObject { backend() { try { this.ctx.storage.sql.exec('select 1'); return 'sqlite'; } catch { return 'kv'; } } }
export class NotObjects extends DurableObject {}
export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const ns = exports.Spare;
    if (url.pathname === '/shape') {
      const id = ns.idFromName('a');
      return Response.json({
        keys: Object.keys(exports).sort(), sameCtx: ctx.exports.Spare === ns, idName: id.name, equal: id.equals(ns.idFromName('a')),
        unique: ns.newUniqueId().toString().length, fromString: ns.idFromString(id.toString()).equals(id), jurisdiction: typeof ns.jurisdiction('eu').getByName,
        env: Object.keys(env), backends: [await ns.getByName('a').backend(), await exports.Old.getByName('a').backend()],
      });
    }
    if (url.pathname === '/add') return Response.json(await ns.getByName('a').add(2));
    if (url.pathname === '/read') return Response.json(await ns.get(ns.idFromName('a')).read());
    if (url.pathname === '/arm') return new Response(await ns.getByName('a').arm());
    if (url.pathname === '/bound') return Response.json({ add: await env.SPARE.getByName('a').add(1), same: env.SPARE === exports.Spare });
    return new Response('not found', { status: 404 });
  },
};`;

const MIGRATIONS = [{ tag: 'v1', new_sqlite_classes: ['Spare'], new_classes: ['Old'] }];
const BOUND = { durable_objects: { bindings: [{ name: 'SPARE', class_name: 'Spare' }] }, migrations: MIGRATIONS };

const SHAPE = {
  keys: ['Old', 'Spare', 'default'], sameCtx: true, idName: 'a', equal: true, unique: 64, fromString: true, jurisdiction: 'function',
  env: [], backends: ['sqlite', 'kv'],
};

for (const isolation of ['thread', 'process'] as const) {
  test(`exports holds a namespace of each class the migrations create that no binding names (${isolation} isolation)`, { timeout: 120_000 }, async () => {
    const stateDir = tempDir();
    const dir = makeProject({ 'src/index.js': APP }, { name: 'classy', migrations: MIGRATIONS });
    const write = (config: Record<string, unknown>) => writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({ name: 'classy', main: 'src/index.js', compatibility_date: '2026-10-01', ...config }));
    let server = await startProject(dir, { stateDir, isolation });
    try {
      const get = async (p: string) => { const res = await server.request(new Request(`http://app.test${p}`)); const text = await res.text(); assert.equal(res.status, 200, `${p}: ${text}\n${server.logText()}`); return JSON.parse(text) as unknown; };
      assert.deepEqual(await get('/shape'), SHAPE);
      assert.equal(await get('/add'), 2);
      assert.equal(await get('/add'), 4);
      assert.equal(await server.request(new Request('http://app.test/arm')).then((r) => r.text()), 'armed');
      // The alarm runner serves a class that only the migrations declare.
      let read: { rang?: number } = {};
      await eventually(() => { void get('/read').then((r) => { read = r as typeof read; }); return read.rang === 1; }, 15_000, 'the alarm');
      assert.deepEqual(await get('/read'), { v: 4, rang: 1, name: 'a', sameExports: true });
    } finally {
      await server.close();
    }
    // A binding of the class added later reaches the same objects, and is the same namespace as exports.Spare.
    write(BOUND);
    server = await startProject(dir, { stateDir, isolation });
    try {
      const res = await server.request(new Request('http://app.test/bound'));
      assert.deepEqual(await res.json(), { add: 5, same: true });
      // A reload whose module stops exporting a class the migrations keep is refused, and the version before serves on.
      writeFileSync(path.join(dir, 'src/index.js'), APP.replace('export class Old', 'class Old'));
      await assert.rejects(server.reload(), /class Old exists \(created by migrations; its objects are kept\) but the module exports no class Old/);
      assert.deepEqual(await (await server.request(new Request('http://app.test/shape'))).json(), { ...SHAPE, env: ['SPARE'] });
    } finally {
      await server.close();
    }
    // So is a start.
    await assert.rejects(startProject(dir, { stateDir, isolation }), /class Old exists \(created by migrations; its objects are kept\) but the module exports no class Old: export it, remove it with a "deleted_classes" migration/);
    // Deleting it is the way out: the class and its objects go.
    write({ ...BOUND, migrations: [...MIGRATIONS, { tag: 'v2', deleted_classes: ['Old'] }] });
    server = await startProject(dir, { stateDir, isolation });
    try {
      const res = await server.request(new Request('http://app.test/bound'));
      assert.deepEqual(await res.json(), { add: 6, same: true });
    } finally {
      await server.close();
    }
  });
}

for (const isolation of ['thread', 'process'] as const) test(`ledge serve: a namespace in exports for a class no binding names; a class the module does not export is refused at deploy (${isolation} isolation)`, { timeout: 120_000 }, async () => {
  const p = await startTestPlatform(tempDir('ledge-exports-classes-'), undefined, { isolation });
  try {
    const base = `/accounts/${p.accountId}/deployments`;
    const refused = await p.call('PUT', `${base}/classy`, { body: deployBody(APP.replace('export class Old', 'class Old'), { edge_dev: true, migrations: MIGRATIONS }) });
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.text, /class Old exists \(created by migrations; its objects are kept\) but the module exports no class Old/);
    const deployed = await p.call('PUT', `${base}/classy`, { body: deployBody(APP, { edge_dev: true, migrations: MIGRATIONS }) });
    assert.equal(deployed.status, 200, deployed.text);
    const host = (deployed.body.result.deployment.hostnames as { default: string }).default;
    const get = async (path: string) => { const res = await p.visit(host, path); const text = await res.text(); assert.equal(res.status, 200, `${path}: ${text}`); return JSON.parse(text) as unknown; };
    assert.deepEqual(await get('/shape'), SHAPE);
    assert.equal(await get('/add'), 2);
    const bound = await p.call('PUT', `${base}/classy`, { body: deployBody(APP, { edge_dev: true, ...BOUND }) });
    assert.equal(bound.status, 200, bound.text);
    assert.deepEqual(await get('/bound'), { add: 3, same: true });
    // A refused deploy changes nothing: the version before still serves the same objects.
    const again = await p.call('PUT', `${base}/classy`, { body: deployBody(APP.replace('export class Spare', 'class Spare'), { edge_dev: true, ...BOUND }) });
    assert.equal(again.status, 400, again.text);
    assert.match(again.text, /the module exports no class Spare/);
    assert.deepEqual(await get('/bound'), { add: 4, same: true }, 'the refused deploy changed nothing');
  } finally {
    await p.close();
  }
});

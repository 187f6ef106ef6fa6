// Escape suite, part 6: coordination objects as a hostile tenant's tool (red team). Account A forges object ids for
// another namespace (another class of its own, and the same script and class names in account B, whose key A can
// compute: ids are an HMAC under SHA-256 of `<account>/<script>/<class>`), hands a binding another binding's id and
// look-alike objects, and asks its object's SQL API to reach outside its database (ATTACH, VACUUM INTO,
// load_extension, PRAGMAs that change durability or the schema, statements hidden after comments or a `;`).
// Process isolation, B answering throughout.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deployBody } from './serve-helpers.js';
import { startEscapeRig, type EscapeRig } from './sandbox-helpers.js';

const APP = String.raw`
import { DurableObject } from 'cloudflare:workers';
const attempt = async (fn) => { try { return { value: await fn() }; } catch (e) { return { error: e.name + ': ' + e.message }; } };
const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
/** An id as the platform makes it (docs/bindings/coordination.md, "Ids"), for any namespace string. */
async function forge(namespace, name) {
  const key = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(namespace));
  const hmac = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const head = new Uint8Array(await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(name))).slice(0, 16);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', hmac, head)).slice(0, 16);
  return hex(head) + hex(mac);
}
export class Vault extends DurableObject {
  sql(text) { return attempt(() => this.ctx.storage.sql.exec(text).toArray()); }
  async put(v) { await this.ctx.storage.put('secret', v); return 'stored'; }
  async get() { return (await this.ctx.storage.get('secret')) ?? null; }
  echo(v) { let n = 0; for (let x = v; x && typeof x === 'object'; x = x.v ?? x[0]) n++; return n; }
  async store(v) { await this.ctx.storage.put('deep', v); return 'stored'; }
}
export class Other extends DurableObject {
  async get() { return (await this.ctx.storage.get('secret')) ?? 'other namespace, nothing stored'; }
}
export default { async fetch(request, env) {
  const url = new URL(request.url);
  const q = url.searchParams;
  switch (url.pathname) {
    case '/forge': {
      const namespace = q.get('ns');
      const id = await forge(namespace, 'x');
      const parsed = await attempt(() => env.VAULT.idFromString(id).toString());
      return Response.json({ id, own: env.VAULT.idFromName('x').toString(), parsed });
    }
    case '/cross': return Response.json({
      otherId: await attempt(() => env.VAULT.get(env.OTHER.idFromName('x')).get()),
      otherString: await attempt(() => env.VAULT.idFromString(env.OTHER.idFromName('x').toString())),
      lookalike: await attempt(() => env.VAULT.get({ toString: () => env.VAULT.idFromName('x').toString(), name: 'x', equals: () => true }).get()),
      plainString: await attempt(() => env.VAULT.get(env.VAULT.idFromName('x').toString()).get()),
    });
    case '/deep': {
      const depth = Number(q.get('depth'));
      let v = {}; for (let i = 0; i < depth; i++) v = q.get('array') ? [v] : { v };
      const stub = env.VAULT.getByName('x');
      return Response.json({ echo: await attempt(() => stub.echo(v)), store: await attempt(() => stub.store(v)) });
    }
    case '/put': return Response.json(await env.VAULT.getByName('x').put(q.get('v')));
    case '/get': return Response.json(await env.VAULT.getByName('x').get());
    case '/sql': return Response.json(await env.VAULT.getByName('x').sql(q.get('q')));
    default: return new Response('A ok');
  }
} };`;

let rig: EscapeRig;
before(async () => {
  rig = await startEscapeRig();
  const deployed = await rig.p.call('PUT', `/accounts/${rig.a}/deployments/evil`, { body: deployBody(APP, {
    edge_dev: true,
    durable_objects: { bindings: [{ name: 'VAULT', class_name: 'Vault' }, { name: 'OTHER', class_name: 'Other' }] },
    migrations: [{ tag: 'v1', new_sqlite_classes: ['Vault', 'Other'] }],
  }) });
  assert.equal(deployed.status, 200, deployed.text);
});
after(async () => { await rig?.close(); });

async function get(path: string): Promise<Record<string, unknown>> {
  const res = await rig.p.visit('evil.admin.ledge.localhost', path);
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text) as Record<string, unknown>;
}

test('an id forged for another namespace (another class, or the same names in account B) is refused; the platform\'s own scheme is what A computes', async () => {
  const own = await get(`/forge?ns=${encodeURIComponent(`${rig.a}/evil/Vault`)}`);
  assert.equal(own.id, own.own, 'A computes its own namespace\'s ids as the documentation says');
  assert.deepEqual(own.parsed, { value: own.id });
  for (const ns of [`${rig.b}/evil/Vault`, `${rig.b}/honest/Vault`, `${rig.a}/evil/Other`, `${rig.a}/other/Vault`]) {
    const forged = await get(`/forge?ns=${encodeURIComponent(ns)}`);
    assert.deepEqual(forged.parsed, { error: 'TypeError: Durable Object ID is not valid for this namespace.' }, ns);
  }
  await rig.bStillAnswers();
});

test('another binding\'s id, its string, a look-alike object and a plain string do not reach the object', async () => {
  assert.equal(await get('/put?v=vault-secret'), 'stored');
  const cross = await get('/cross');
  for (const [what, outcome] of Object.entries(cross)) {
    const { value, error } = outcome as { value?: unknown; error?: string };
    assert.notEqual(value, 'vault-secret', `${what} reached the Vault object`);
    assert.ok(error !== undefined, `${what}: ${JSON.stringify(outcome)}`);
  }
  assert.equal(await get('/get'), 'vault-secret');
  await rig.bStillAnswers();
});

test('the object\'s SQL API reaches only its own database: ATTACH, VACUUM INTO, load_extension and unsafe PRAGMAs are refused in every disguise', async () => {
  const state = rig.p.stateDir;
  const refusals: [string, RegExp][] = [
    [`ATTACH DATABASE '${state}/control.sqlite' AS c`, /ATTACH is not allowed/],
    [`attach '${state}/accounts/${rig.b}/kv.sqlite' as b`, /ATTACH is not allowed/],
    [`/* comment */ ATTACH DATABASE 'file:${state}/control.sqlite?mode=ro' AS c`, /ATTACH is not allowed/],
    [`SELECT 1; ATTACH DATABASE ':memory:' AS m`, /ATTACH is not allowed/],
    [`VACUUM INTO '/tmp/copy.sqlite'`, /VACUUM INTO is not allowed/],
    [`VACUUM main INTO '${state}/stolen.sqlite'`, /VACUUM INTO is not allowed/],
    [`SELECT load_extension('/usr/lib/x86_64-linux-gnu/libsqlite3.so.0')`, /not authorized|no such function|load_extension/i],
    ['PRAGMA writable_schema = 1', /PRAGMA writable_schema is not allowed/],
    ['PRAGMA main.journal_mode = OFF', /PRAGMA journal_mode is not allowed/],
    ['pragma  synchronous=0', /PRAGMA synchronous is not allowed/],
    ['PRAGMA "trusted_schema" = 1', /is not allowed/],
    ['SELECT * FROM _cf_KV', /_cf_KV is prohibited/],
    ['SELECT * FROM "_CF_kv"', /is prohibited/],
    ['BEGIN TRANSACTION', /To execute a transaction, please use/],
  ];
  for (const [sql, expected] of refusals) {
    const out = await get(`/sql?q=${encodeURIComponent(sql)}`);
    assert.ok(typeof out.error === 'string', `${sql} ran: ${JSON.stringify(out)}`);
    assert.match(out.error as string, expected, sql);
  }
  // Its own tables work, and nothing was written outside its database.
  assert.deepEqual(await get(`/sql?q=${encodeURIComponent('CREATE TABLE t (v); INSERT INTO t VALUES (1); SELECT v FROM t')}`), { value: [{ v: 1 }] });
  const { existsSync } = await import('node:fs');
  assert.equal(existsSync(`${state}/stolen.sqlite`), false);
  await rig.bStillAnswers();
});

test('deeply nested values handed to an object (RPC argument, stored value) are refused or carried, never crash the host', async () => {
  for (const path of ['/deep?depth=100000', '/deep?depth=1000000&array=1']) {
    const res = await rig.p.visit('evil.admin.ledge.localhost', path);
    const text = await res.text();
    if (process.env.ESCAPE_DEBUG) console.error(path, res.status, text.slice(0, 300));
    assert.equal(res.status, 200, `${path}: ${text}`);
    const out = JSON.parse(text) as Record<string, { error?: string }>;
    for (const what of ['echo', 'store']) assert.match(out[what]?.error ?? '', /RangeError: Maximum call stack size exceeded/, `${path} ${what}`);
    await rig.bStillAnswers();
  }
  const shallow = await get('/deep?depth=1000');
  assert.deepEqual(shallow.echo, { value: 1001 }, 'a thousand levels and the innermost object arrive');
  assert.deepEqual(shallow.store, { value: 'stored' });
  assert.equal(await get('/get'), 'vault-secret', 'the object still answers');
});

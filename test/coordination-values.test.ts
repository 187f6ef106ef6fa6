// A coordination object's id and stub as RPC values (docs/bindings/coordination.md, "Ids and stubs as RPC values"),
// under a real `ledge dev` and `ledge serve` in both isolations: passed to a service binding's method (one with a
// binding to the class: an independent stub; one without: calls through the sender) and to another object, returned
// by an object; altered and forged encodings refused, another account's objects never reached; and the output gate
// on calls an object makes on stubs of other objects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { objectFile } from '../src/storage/sqlite/coordination/paths.js';
import { idFromName, namespaceKey } from '../src/bindings/coordination/ids.js';
import { interrupt, runCli } from './cli.js';
import { makeProject, tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { VALUES_APP } from './coordination-values-app.js';

const ROOM_MIGRATIONS = { migrations: [{ tag: 'v1', new_sqlite_classes: ['Room'] }] };

/** The config of the deployment that defines Room and calls `helper` (no binding to Room) and itself. */
function frontConfig(helper: string, self: string): Record<string, unknown> {
  return {
    durable_objects: { bindings: [{ name: 'ROOM', class_name: 'Room' }] },
    ...ROOM_MIGRATIONS,
    services: [{ binding: 'HELPER', service: helper }, { binding: 'SELF', service: self }],
  };
}

/**
 * Altered encodings, made by code that rewrites its own outgoing call message (the batch a message joins is filled
 * with the realm's Array.prototype.push, as test/binding-protocol.test.ts does): the callee refuses each.
 */
const FORGING = `
const push = Array.prototype.push;
let forge = null;
Array.prototype.push = function (...items) {
  if (forge) for (const m of items) if (m && typeof m === 'object' && m.t === 'call' && m.method === 'call' && m.args?.[1] === 'useStub') forge(m.args[2]);
  return push.apply(this, items);
};
async function forged(env, via, rewrite) {
  const id = env.ROOM.idFromName('a');
  forge = rewrite;
  try { return { accepted: await env[via].useStub(id, env.ROOM.get(id)) }; } catch (e) { return { name: e.name, message: e.message, remote: e.remote === true }; } finally { forge = null; }
}
const FORGERIES = (q) => ({
  otherAccount: (args) => { const d = args[1].data; d.namespace = q.get('ns'); d.id = q.get('id'); d.name = 'a'; },
  otherAccountId: (args) => { const d = args[0].data; d.namespace = q.get('ns'); d.id = q.get('id'); d.name = 'a'; },
  editedId: (args) => { const d = args[0].data; d.id = (d.id[0] === '0' ? '1' : '0') + d.id.slice(1); },
  wrongName: (args) => { args[1].data.name = 'not-a'; },
  unknownKind: (args) => { args[1].kind = 'object-thing'; },
  noNamespace: (args) => { args[0].data.namespace = 42; },
});
`;

function forgingApp(): string {
  return VALUES_APP.replace('export default class', `${FORGING}\nexport default class`).replace("switch (url.pathname) {", `switch (url.pathname) {
        case '/forge': {
          const out = {};
          for (const [name, rewrite] of Object.entries(FORGERIES(url.searchParams))) out[name] = await forged(env, url.searchParams.get('via'), rewrite);
          return json(out);
        }`);
}

type Json = Record<string, unknown>;

/** Checks one running platform or dev server through `get(path)`: the values travel and work, and what is forged is refused. */
async function checkValues(get: (path: string) => Promise<Json>, account: string, front: string): Promise<void> {
  const ns = `${account}/${front}/Room`;
  const key = namespaceKey(ns);
  // To a service binding's method: the callee with a binding to Room (SELF) gets an independent stub.
  const self = await get('/service?via=SELF');
  assert.deepEqual(self, {
    id: idFromName(key, 'a'), name: 'a', stubId: idFromName(key, 'a'), stubName: 'a', isSame: true, bound: true,
    added: 100, fetched: 'room a saw /from-service', viaOwnBinding: 100,
  });
  assert.deepEqual(await get('/kept?via=SELF'), { value: 100 }, 'a stub resolved to its own binding outlives the call');
  // The callee without a binding (HELPER) calls through the sender: it works during the call, and is released after.
  const helper = await get('/service?via=HELPER');
  assert.deepEqual(helper, { id: idFromName(key, 'a'), name: 'a', stubId: idFromName(key, 'a'), stubName: 'a', isSame: true, bound: false, added: 200, fetched: 'room a saw /from-service' });
  const kept = await get('/kept?via=HELPER') as { error: { message: string } };
  assert.match(kept.error.message, /released/, 'a stub that calls through its sender lives as a stub passed as an argument');
  // A stub in a result, received where Room is not bound: it calls through its sender until disposed.
  const viaHelper = await get('/via-helper?room=d') as Json;
  assert.match(String(viaHelper.after), /released/);
  assert.deepEqual({ ...viaHelper, after: undefined }, { id: idFromName(key, 'd'), name: 'd', a: 7, b: 14, fetched: 'room d saw /through-helper', after: undefined });

  // To another object, which uses the id through its own binding and the stub as it came.
  assert.deepEqual(await get('/object'), {
    id: idFromName(key, 'b'), name: 'b', isId: true, viaId: 1, viaStub: 11, fetched: 'room b saw /from-object', stubId: idFromName(key, 'b'), stubName: 'b',
  });
  // Returned by an object: a stub of another object, and its own id and stub.
  assert.deepEqual(await get('/returned'), {
    siblingId: idFromName(key, 'c'), siblingName: 'c', isC: true, added: 5, again: 10,
    mineId: idFromName(key, 'host'), mineName: 'host', mineIsHost: true, mineTotal: 0,
  });
  assert.equal(await get('/total?room=c'), 10);

  // Altered and forged encodings are refused by the receiver with the reason; the object named is never called.
  const otherNs = 'someone-else/rooms/Room';
  const otherId = idFromName(namespaceKey(otherNs), 'a');
  for (const via of ['SELF', 'HELPER']) {
    const out = await get(`/forge?via=${via}&ns=${encodeURIComponent(otherNs)}&id=${otherId}`) as Record<string, Json>;
    const refused = (what: string, why: RegExp | string) => (name: string) => {
      const got = out[name] as Json;
      assert.equal(got.name, 'TypeError', `${via} ${name}: ${JSON.stringify(got)}`);
      assert.equal(got.remote, true, `${via} ${name}`);
      assert.match(String(got.message), typeof why === 'string' ? new RegExp(`^a coordination object ${what} arrived over RPC and was refused: ${why}`) : why, `${via} ${name}`);
    };
    refused('stub', 'it names a namespace of another account')('otherAccount');
    refused('id', 'it names a namespace of another account')('otherAccountId');
    refused('id', 'Durable Object ID is not valid for this namespace.')('editedId');
    refused('stub', 'its name is not the name of its id')('wrongName');
    refused('id', 'it names no namespace')('noNamespace');
    refused('', /^the other side sent a value of a kind this isolate does not know \(object-thing\)/)('unknownKind');
  }
  // None of the refused calls reached the object.
  assert.equal(await get('/total?room=a'), 200);
}

for (const isolation of ['thread', 'process'] as const) {
  test(`ids and stubs of coordination objects travel over RPC (ledge dev front/ helper/, ${isolation} isolation)`, { timeout: 300_000 }, async (t) => {
    const front = makeProject({ 'src/index.js': forgingApp() }, { name: 'front', ...frontConfig('helper', 'front'), kv_namespaces: [{ binding: 'KV', id: 'values' }] });
    const helper = makeProject({ 'src/index.js': VALUES_APP }, { name: 'helper', services: [{ binding: 'FRONT', service: 'front' }] });
    const stateDir = tempDir();
    const dev = runCli(['dev', front, helper, '--port', '0', '--state', stateDir, ...(isolation === 'process' ? ['--isolation', 'process'] : [])]);
    t.after(() => { dev.child.kill('SIGKILL'); });
    const url = (await dev.waitFor(/front ready on (http:\/\/\S+)/, 60_000))[1] as string;
    const get = async (p: string) => (await fetch(`${url}${p}`)).json() as Promise<Json>;
    await checkValues(get, 'local', 'front');

    // The output gate on what an object sends while its write cannot commit: a call on another object's stub, a call
    // to another binding, a subrequest (thread isolation: the sandbox's egress refuses loopback). None leaves.
    let hits = 0;
    const server = http.createServer((_req, res) => { hits++; res.end('answered'); });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => { server.close(); });
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    assert.deepEqual(await get('/put-then-call?room=gate'), { value: 1 });
    assert.deepEqual(await get('/put-then-kv?room=gate&key=open'), { value: 'stored' });
    if (isolation === 'thread') assert.deepEqual(await get(`/put-then-fetch?room=gate&url=${encodeURIComponent(target)}`), { value: 'answered' });
    const locker = new Database(objectFile(path.join(stateDir, 'coordination'), 'local/front/Room', idFromName(namespaceKey('local/front/Room'), 'gate')));
    const gated: Json[] = [];
    try {
      locker.exec('BEGIN IMMEDIATE');
      gated.push(await get('/put-then-call?room=gate'), await get('/put-then-kv?room=gate&key=locked'));
      if (isolation === 'thread') gated.push(await get(`/put-then-fetch?room=gate&url=${encodeURIComponent(target)}`));
    } finally {
      if (locker.inTransaction) locker.exec('ROLLBACK');
      locker.close();
    }
    for (const answer of gated) assert.ok(answer.error && !('value' in answer), `the caller got the failed write as an error: ${JSON.stringify(answer)}`);
    assert.equal(await get('/touched?room=other'), 1, 'the call to the other object never left');
    assert.equal(await get('/kv?key=locked'), null, 'the key-value write never left');
    assert.equal(await get('/kv?key=open'), 'sent');
    if (isolation === 'thread') assert.equal(hits, 1, 'the subrequest never left');
    assert.doesNotMatch(dev.output(), /broke the channel protocol|failed inside the platform/);
    assert.equal(await interrupt(dev), 0);
  });
}

for (const isolation of ['thread', 'process'] as const) {
  test(`ids and stubs of coordination objects travel over RPC under ledge serve (${isolation} isolation); another account's objects stay out of reach`, { timeout: 300_000 }, async () => {
    const p = await startTestPlatform(tempDir('ledge-coordination-values-'), undefined, { isolation });
    try {
      const base = `/accounts/${p.accountId}/deployments`;
      const helper = await p.call('PUT', `${base}/helper`, { body: deployBody(VALUES_APP, { edge_dev: true }) });
      assert.equal(helper.status, 200, helper.text);
      const front = await p.call('PUT', `${base}/front`, { body: deployBody(forgingApp(), { edge_dev: true, ...frontConfig('helper', 'front') }) });
      assert.equal(front.status, 200, front.text);
      const helperAgain = await p.call('PUT', `${base}/helper`, { body: deployBody(VALUES_APP, { edge_dev: true, services: [{ binding: 'FRONT', service: 'front' }] }) });
      assert.equal(helperAgain.status, 200, helperAgain.text);
      const get = async (path: string) => (await p.visit('front.admin.ledge.localhost', path)).json() as Promise<Json>;
      await checkValues(get, p.accountId, 'front');

      // Another account's code forges a stub naming this account's namespace: refused, and this account's object untouched.
      const bee = await p.call('POST', '/accounts', { body: { name: 'bee' } });
      assert.equal(bee.status, 201, bee.text);
      const spy = await p.call('PUT', `/accounts/${bee.body.result.id as string}/deployments/spy`, { body: deployBody(forgingApp(), { edge_dev: true, ...frontConfig('spy', 'spy') }) });
      assert.equal(spy.status, 200, spy.text);
      const victimNs = `${p.accountId}/front/Room`;
      const stolen = await (await p.visit('spy.bee.ledge.localhost', `/forge?via=SELF&ns=${encodeURIComponent(victimNs)}&id=${idFromName(namespaceKey(victimNs), 'a')}`)).json() as Record<string, Json>;
      assert.match(String(stolen.otherAccount?.message), /^a coordination object stub arrived over RPC and was refused: it names a namespace of another account/);
      assert.match(String(stolen.otherAccountId?.message), /^a coordination object id arrived over RPC and was refused: it names a namespace of another account/);
      assert.equal(await get('/total?room=a'), 200, "the other account's forgery never reached the object");
      assert.ok(!p.logs.some((r) => /broke the channel protocol/.test(r.message)), 'no message was refused by the channel');
    } finally {
      await p.close();
    }
  });
}

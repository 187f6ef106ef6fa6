// Attack (red team, hostile operator input): one account's state files other than those serve-damaged-state covers
// (kv, queues, object metadata) are damaged on disk: its SQL database, its workflow store, its cache store and one
// of its coordination objects, each truncated or with a garbled header. The platform starts; a damaged SQL database
// fails the versions that bind it (503) and the log names the file; the other stores fail only their calls (the
// application sees a clean error, its other bindings keep working, and another object of the same class is fine);
// the other account answers throughout.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { closeSync, cpSync, openSync, readdirSync, statSync, truncateSync, writeSync } from 'node:fs';
import path from 'node:path';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

const APP = `
import { DurableObject, WorkflowEntrypoint } from 'cloudflare:workers';
export class Counter extends DurableObject {
  async increment() { const v = ((await this.ctx.storage.get('value')) ?? 0) + 1; await this.ctx.storage.put('value', v); return v; }
}
export class Flow extends WorkflowEntrypoint { async run(event, step) { return await step.do('one', async () => 'ok'); } }
const attempt = async (fn) => { try { return await fn(); } catch (e) { return 'E ' + e.name + ': ' + e.message; } };
export default { async fetch(request, env) {
  const url = new URL(request.url);
  return Response.json({
    sql: await attempt(async () => { await env.DB.prepare('INSERT INTO t VALUES (1)').run(); return (await env.DB.prepare('SELECT count(*) AS c FROM t').first()).c; }),
    damaged: await attempt(() => env.COUNTER.getByName('damaged').increment()),
    // Created only after the damage: the fixture's run leaves it out, so 'damaged' is the class's one object on disk.
    other: url.pathname === '/fixture' ? 0 : await attempt(() => env.COUNTER.getByName('other').increment()),
    flow: await attempt(async () => typeof (await env.FLOW.create()).id),
    cache: await attempt(async () => { await caches.default.put('http://c.test/x', new Response('cached', { headers: { 'cache-control': 'max-age=600' } })); const r = await caches.default.match('http://c.test/x'); return r ? await r.text() : null; }),
  });
} };`;

const HONEST = `export default { async fetch(request, env) { const n = Number(await env.CACHE.get('n') ?? 0) + 1; await env.CACHE.put('n', String(n)); return new Response('B ' + n); } };`;

interface Fixture { state: string; token: string; a: string }
let pristine: Fixture;

before(async () => {
  const state = tempDir('ledge-damaged-stores-');
  const p = await startTestPlatform(state);
  try {
    const a = p.accountId;
    const db = await p.call('POST', `/accounts/${a}/sql/databases`, { body: { name: 'main' } });
    assert.equal(db.status, 201, db.text);
    assert.equal((await p.call('POST', `/accounts/${a}/sql/databases/${db.body.result.uuid}/query`, { body: { sql: 'CREATE TABLE t (n INTEGER)' } })).status, 200);
    const config = {
      edge_dev: true, sql_databases: [{ binding: 'DB', database_name: 'main', database_id: db.body.result.uuid }],
      durable_objects: { bindings: [{ name: 'COUNTER', class_name: 'Counter' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Counter'] }],
      workflows: [{ binding: 'FLOW', name: 'flow', class_name: 'Flow' }],
    };
    const deployed = await p.call('PUT', `/accounts/${a}/deployments/app`, { body: deployBody(APP, config) });
    assert.equal(deployed.status, 200, deployed.text);
    const b = (await p.call('POST', '/accounts', { body: { name: 'bee' } })).body.result.id as string;
    const ns = await p.call('POST', `/accounts/${b}/storage/kv/namespaces`, { body: { title: 'visits' } });
    assert.equal((await p.call('PUT', `/accounts/${b}/deployments/honest`, { body: deployBody(HONEST, { edge_dev: true, kv_namespaces: [{ binding: 'CACHE', id: ns.body.result.id }] }) })).status, 200);
    const res = await p.visit('app.admin.ledge.localhost', '/fixture');
    assert.deepEqual(await res.json(), { sql: 1, damaged: 1, other: 0, flow: 'string', cache: 'cached' });
    assert.equal(await (await p.visit('honest.bee.ledge.localhost')).text(), 'B 1');
    pristine = { state, token: p.token, a };
  } finally {
    await p.close();
  }
});

function truncateToHalf(file: string): void {
  truncateSync(file, Math.floor(statSync(file).size / 2));
}

function garbleHeader(file: string): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.from('not a database!!'), 0, 16, 0);
  closeSync(fd);
}

/** The account's files whose relative path passes `pick` (the history directories beside a database stay as they are). */
function filesOf(dir: string, pick: (relative: string) => boolean): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.sqlite') && !f.includes('.history') && pick(f)).map((f) => path.join(dir, f));
}

type Answer = Record<string, unknown>;
const CASES: [string, (f: string) => boolean, RegExp, (answer: Answer | number) => void][] = [
  // The account's SQL runs in its store process (src/storage/process): the version starts and its queries fail, naming
  // the database but not the file's path, which only the operator's log holds.
  ['SQL database', (f) => f.startsWith('sql'), /the SQL database \S+ \S+\.sqlite is damaged/, (answer) => {
    assert.match(String((answer as Answer).sql), /^E Error: SQL_ERROR: the SQL database [0-9a-f-]+ is damaged and cannot be used until the platform's operator restores it$/);
    assert.deepEqual({ ...(answer as Answer), sql: null }, { sql: null, damaged: 2, other: 1, flow: 'string', cache: 'cached' });
  }],
  ['workflow store', (f) => f === 'workflows.sqlite', /the workflow store \S+workflows\.sqlite is damaged/, (answer) => {
    assert.match(String((answer as Answer).flow), /^E Error: FLOW\.create\(\) failed inside the platform/);
    assert.deepEqual({ ...(answer as Answer), flow: null }, { sql: 2, damaged: 2, other: 1, flow: null, cache: 'cached' });
  }],
  ['cache store', (f) => f === 'cache.sqlite', /the cache store \S+cache\.sqlite is damaged/, (answer) => {
    assert.match(String((answer as Answer).cache), /^E Error: .*cache\.put\(\) failed inside the platform/);
    assert.deepEqual({ ...(answer as Answer), cache: null }, { sql: 2, damaged: 2, other: 1, flow: 'string', cache: null });
  }],
  ['coordination object', (f) => f.startsWith('coordination') && f.includes('-Counter.'), /the coordination object \S+ of \S+\/app\/Counter \S+ is damaged/, (answer) => {
    assert.match(String((answer as Answer).damaged), /^E Error: .*failed inside the platform/);
    assert.deepEqual({ ...(answer as Answer), damaged: null }, { sql: 2, damaged: null, other: 1, flow: 'string', cache: 'cached' });
  }],
];

for (const [what, pick, logged, check] of CASES) {
  for (const [how, damage] of [['truncated', truncateToHalf], ['with a garbled header', garbleHeader]] as const) {
    test(`one account's ${what} ${how}: the platform starts, that store alone fails with the file named, the other account answers`, { timeout: 60_000 }, async () => {
      const state = tempDir('ledge-damaged-stores-copy-');
      cpSync(pristine.state, state, { recursive: true });
      const files = filesOf(path.join(state, 'accounts', pristine.a), pick);
      assert.ok(files.length > 0, `${what}: a file to damage`);
      for (const file of files) damage(file);
      const p = await startTestPlatform(state, pristine.token);
      try {
        assert.equal(await (await p.visit('honest.bee.ledge.localhost')).text(), 'B 2', 'the other account is untouched');
        const res = await p.visit('app.admin.ledge.localhost');
        check(res.status === 200 ? await res.json() as Answer : res.status);
        assert.ok(p.logs.some((r) => r.level === 'error' && logged.test(r.message)), `the log names the damaged file:\n${p.logs.map((r) => r.message).join('\n')}`);
        assert.equal(await (await p.visit('honest.bee.ledge.localhost')).text(), 'B 3');
      } finally {
        await p.close();
      }
    });
  }
}

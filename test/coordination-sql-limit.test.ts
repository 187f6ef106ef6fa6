// A coordination object's SQL cannot stall the platform (issue 13: one account's code never takes another account
// down). Two accounts on one ledge serve, in both isolations: A's object runs an endless recursive CTE and an endless
// self-join through ctx.storage.sql.exec (and inside transactionSync); each fails at the time limit with a message
// naming it, while B's objects, SQL and plain requests are answered during A's statement; A's object is reset (a
// new instance), its data intact (the transaction's writes were not kept) and its next call works; A's other object,
// queued behind, fails clearly and works on its next call. kill -9 of the account's coordination store process
// during increments keeps every acknowledged one, once. ledge dev --isolation process does the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';
import { makeProject, startProject, tempDir } from './helpers.js';
import { APP, CONFIG, limitMessage } from './coordination-limit-app.js';

const LIMIT_S = 2;
const LIMIT_MESSAGE = limitMessage(LIMIT_S);

type Visit = (path: string) => Promise<{ status: number; body: unknown }>;

async function answer(res: Response): Promise<{ status: number; body: unknown }> {
  const text = await res.text();
  try { return { status: res.status, body: JSON.parse(text) as unknown }; } catch { return { status: res.status, body: text }; }
}

interface Rig { p: TestPlatform; a: string; b: string; visitA: Visit; visitB: Visit; visitA2: Visit }

async function startRig(isolation: 'thread' | 'process'): Promise<Rig> {
  const p = await startTestPlatform(tempDir('ledge-coord-limit-'), undefined, { isolation, sqlTimeLimitMs: LIMIT_S * 1000 });
  const a = p.accountId;
  const created = await p.call('POST', '/accounts', { body: { name: 'bee' } });
  assert.equal(created.status, 201, created.text);
  const b = created.body.result.id as string;
  for (const account of [a, b]) {
    const db = await p.call('POST', `/accounts/${account}/sql/databases`, { body: { name: 'main' } });
    assert.equal(db.status, 201, db.text);
    // A's second deployment runs in an isolate of its own, so its object's calls can be in A's store process beside another's.
    for (const name of account === a ? ['app', 'app2'] : ['app']) {
      const deployed = await p.call('PUT', `/accounts/${account}/deployments/${name}`, { body: deployBody(APP, { edge_dev: true, ...CONFIG, sql_databases: [{ binding: 'DB', database_name: 'main', database_id: db.body.result.uuid }] }) });
      assert.equal(deployed.status, 200, deployed.text);
    }
  }
  const visit = (host: string): Visit => async (path) => answer(await p.visit(host, path));
  const rig: Rig = { p, a, b, visitA: visit('app.admin.ledge.localhost'), visitB: visit('app.bee.ledge.localhost'), visitA2: visit('app2.admin.ledge.localhost') };
  // Both accounts' store processes are started (and the tables made) before any statement is timed.
  for (const go of [rig.visitA, rig.visitB, rig.visitA2]) assert.deepEqual(await go('/setup'), { status: 200, body: 'ready' });
  return rig;
}

/** Runs `slow` and, while it has not settled, checks B's objects, SQL and plain requests are answered; returns what `slow` gave. */
async function whileRunning<T>(rig: Rig, slow: Promise<T>, round: number): Promise<T> {
  let settled = false;
  const watched = slow.finally(() => { settled = true; });
  const bPid = rig.p.coordinationProcessPid(rig.b);
  assert.deepEqual(await rig.visitB(`/add?k=b-${round}`), { status: 200, body: `stored b-${round}` });
  assert.deepEqual(await rig.visitB(`/add?o=other&k=b-${round}`), { status: 200, body: `stored b-${round}` });
  assert.deepEqual(await rig.visitB('/sql'), { status: 200, body: 42 });
  assert.deepEqual(await rig.visitB('/plain'), { status: 200, body: 'plain ok' });
  assert.equal(settled, false, 'B was answered while A\'s statement ran');
  const result = await watched;
  assert.equal(rig.p.coordinationProcessPid(rig.b), bPid, 'B\'s coordination store process was not touched');
  return result;
}

for (const isolation of ['thread', 'process'] as const) {
  test(`an object's endless statement fails at the time limit while another account is answered, and the object is reset (${isolation} isolation)`, { timeout: 300_000 }, async () => {
    const rig = await startRig(isolation);
    try {
      assert.deepEqual(await rig.visitA('/add?k=a-1'), { status: 200, body: 'stored a-1' });
      let round = 0;
      for (const path of ['/cte', '/join', '/txn']) {
        const before = (await rig.visitA('/state')).body as { instance: string };
        const aPid = rig.p.coordinationProcessPid(rig.a);
        const stopped = await whileRunning(rig, rig.visitA(path), ++round);
        assert.deepEqual(stopped, { status: 500, body: { error: LIMIT_MESSAGE } }, path);
        const after = await rig.visitA('/state');
        assert.equal(after.status, 200, JSON.stringify(after.body));
        const state = after.body as { rows: string[]; kv: unknown; instance: string };
        assert.deepEqual(state.rows, ['a-1'], `${path}: A's data is intact (the transaction's insert was not kept) and its next call works`);
        assert.equal(state.kv, null, `${path}: the transaction's kv.put was not kept`);
        assert.notEqual(state.instance, before.instance, `${path}: the object was reset (a new instance)`);
        assert.notEqual(rig.p.coordinationProcessPid(rig.a), aPid, `${path}: a fresh store process serves A`);
      }

      // An object of A's other deployment, its call queued behind the endless statement in A's store process, fails
      // with its own clear error and works next time. (Objects of one isolate wait for it: a synchronous call holds it.)
      const endless = rig.visitA('/cte');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const behind = await rig.visitA2('/add?k=behind');
      assert.equal(behind.status, 500, JSON.stringify(behind.body));
      assert.match((behind.body as { error: string }).error, /^Error: another storage call of this account's coordination objects ran past the time limit, so their store process was stopped before this call finished; nothing it did was kept .* Run it again\.$/);
      assert.deepEqual(await endless, { status: 500, body: { error: LIMIT_MESSAGE } });
      assert.deepEqual(await rig.visitA2('/add?k=again'), { status: 200, body: 'stored again' });
      assert.deepEqual(((await rig.visitA2('/state')).body as { rows: string[] }).rows, ['again'], 'the queued insert was not applied');
      assert.deepEqual(((await rig.visitB('/state')).body as { rows: string[] }).rows, ['b-1', 'b-2', 'b-3'], 'B kept everything');
      assert.ok(!rig.p.logs.some((r) => /failed inside the platform|broke the channel protocol/.test(r.message)), rig.p.logs.filter((r) => r.level === 'error').map((r) => r.message).join('\n'));
    } finally {
      await rig.p.close();
    }
  });
}

test('kill -9 of an account\'s coordination store process during increments keeps every acknowledged one, once', { timeout: 300_000 }, async () => {
  const rig = await startRig('thread');
  try {
    const acknowledged = new Map<string, number>();
    let failed = 0;
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; i < 60; i++) {
        const k = `w${w}-${i}`;
        const got = await rig.visitA(`/inc?o=${w % 2}&k=${k}`);
        if (got.status === 200 && typeof got.body === 'number') acknowledged.set(k, got.body);
        else failed++;
        if (!killed && acknowledged.size >= 60) {
          killed = true;
          process.kill(rig.p.coordinationProcessPid(rig.a) as number, 'SIGKILL');
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    assert.ok(killed, 'the store process was killed mid-increments');
    assert.ok(acknowledged.size > 60, `${acknowledged.size} acknowledged, ${failed} failed`);
    for (const o of [0, 1]) {
      const { n, rows } = (await rig.visitA(`/incs?o=${o}`)).body as { n: number; rows: { n: number; k: string }[] };
      assert.equal(rows.length, n, `object ${o}: the counter and its rows agree (no increment half-kept)`);
      assert.deepEqual(rows.map((r) => r.n), Array.from({ length: n }, (_, i) => i + 1), `object ${o}: each increment once, none skipped`);
      const byKey = new Map(rows.map((r) => [r.k, r.n]));
      for (const [k, value] of acknowledged) {
        if (Number(k.slice(1, k.indexOf('-'))) % 2 !== o) continue;
        assert.equal(byKey.get(k), value, `object ${o}: acknowledged increment ${k} (${value}) is there`);
      }
    }
  } finally {
    await rig.p.close();
  }
});

test('ledge dev --isolation process stops an object\'s endless statement at the limit and keeps answering meanwhile', { timeout: 300_000 }, async () => {
  const dir = makeProject({ 'src/index.js': APP }, { ...CONFIG, sql_databases: [{ binding: 'DB', database_name: 'main', database_id: 'dev-db' }] });
  const dev = await startProject(dir, { stateDir: tempDir('ledge-coord-limit-dev-'), isolation: 'process', sqlTimeLimitMs: LIMIT_S * 1000 });
  try {
    const visit: Visit = async (path) => answer(await dev.request(new Request(`http://localhost${path}`)));
    assert.deepEqual(await visit('/setup'), { status: 200, body: 'ready' });
    assert.deepEqual(await visit('/add?k=one'), { status: 200, body: 'stored one' });
    for (const path of ['/cte', '/txn']) {
      let settled = false;
      const endless = visit(path).finally(() => { settled = true; });
      assert.deepEqual(await visit('/plain'), { status: 200, body: 'plain ok' });
      assert.deepEqual(await visit('/sql'), { status: 200, body: 42 });
      assert.equal(settled, false, 'the project answered while its statement ran');
      assert.deepEqual(await endless, { status: 500, body: { error: LIMIT_MESSAGE } }, path);
      assert.deepEqual(((await visit('/state')).body as { rows: string[] }).rows, ['one'], path);
    }
  } finally {
    await dev.close();
  }
});

// Application SQL cannot stall the platform (issue 13: one account's code never takes another account down).
// Two accounts on one ledge serve, in both isolations: A's endless statements (a recursive CTE, a self-join, a
// batch, exec()) fail at the SQL time limit with a message naming it, while B's requests (SQL and plain) are
// answered during A's statement; A's data is intact and its next query works; the same through the account API's
// query route; kill -9 of the store process during acknowledged inserts loses none of them. ledge dev
// --isolation process runs SQL in a store process too, with the same limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';
import { makeProject, startProject, tempDir } from './helpers.js';

const LIMIT_S = 2;
const ENDLESS_CTE = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c';
// 1000 rows joined with themselves four times: 10^12 rows to count, endless in practice.
const ENDLESS_JOIN = 'SELECT count(*) AS n FROM big a, big b, big c, big d';
const LIMIT_MESSAGE = `the query ran longer than ${LIMIT_S} s, the time limit of one query or batch, and was stopped; nothing it did was kept`;

const APP = `export default { async fetch(request, env) {
  const url = new URL(request.url);
  const fail = (err) => Response.json({ error: err.message }, { status: 500 });
  try {
    switch (url.pathname) {
      case '/setup':
        await env.DB.exec('CREATE TABLE IF NOT EXISTS t (k TEXT PRIMARY KEY)\\nCREATE TABLE IF NOT EXISTS big (v INTEGER)');
        if (!(await env.DB.prepare('SELECT count(*) AS n FROM big').first('n'))) {
          await env.DB.prepare('INSERT INTO big SELECT x FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) SELECT x FROM c)').run();
        }
        return Response.json('ready');
      case '/add':
        await env.DB.prepare('INSERT INTO t (k) VALUES (?)').bind(url.searchParams.get('k')).run();
        return Response.json('stored ' + url.searchParams.get('k'));
      case '/count': return Response.json(await env.DB.prepare('SELECT count(*) AS n FROM t').first('n'));
      case '/cte': return Response.json(await env.DB.prepare(${JSON.stringify(ENDLESS_CTE)}).all());
      case '/join': return Response.json(await env.DB.prepare(${JSON.stringify(ENDLESS_JOIN)}).all());
      case '/batch': return Response.json(await env.DB.batch([env.DB.prepare("INSERT INTO t (k) VALUES ('in-batch')"), env.DB.prepare(${JSON.stringify(ENDLESS_CTE)})]));
      case '/exec': return Response.json(await env.DB.exec(${JSON.stringify(ENDLESS_CTE)}));
      default: return new Response('plain ok');
    }
  } catch (err) { return fail(err); }
} };`;

interface Rig { p: TestPlatform; a: string; b: string; aDb: string; visitA(path: string): Promise<{ status: number; body: unknown }>; visitB(path: string): Promise<{ status: number; body: unknown }> }

async function startRig(isolation: 'thread' | 'process'): Promise<Rig> {
  const p = await startTestPlatform(tempDir('ledge-sql-limit-'), undefined, { isolation, sqlTimeLimitMs: LIMIT_S * 1000 });
  const a = p.accountId;
  const created = await p.call('POST', '/accounts', { body: { name: 'bee' } });
  assert.equal(created.status, 201, created.text);
  const b = created.body.result.id as string;
  const dbs: Record<string, string> = {};
  for (const [account, sub] of [[a, 'admin'], [b, 'bee']] as const) {
    const db = await p.call('POST', `/accounts/${account}/sql/databases`, { body: { name: 'main' } });
    assert.equal(db.status, 201, db.text);
    dbs[sub] = db.body.result.uuid as string;
    const deployed = await p.call('PUT', `/accounts/${account}/deployments/app`, { body: deployBody(APP, { edge_dev: true, sql_databases: [{ binding: 'DB', database_name: 'main', database_id: dbs[sub] }] }) });
    assert.equal(deployed.status, 200, deployed.text);
  }
  const visit = (host: string) => async (path: string) => {
    const res = await p.visit(host, path);
    const text = await res.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* plain text */ }
    return { status: res.status, body };
  };
  const rig: Rig = { p, a, b, aDb: dbs.admin as string, visitA: visit('app.admin.ledge.localhost'), visitB: visit('app.bee.ledge.localhost') };
  // Both store processes are started (and the tables made) before any statement is timed.
  for (const go of [rig.visitA, rig.visitB]) assert.deepEqual(await go('/setup'), { status: 200, body: 'ready' });
  return rig;
}

/** Runs `slow` and, while it has not settled, checks B answers SQL and plain requests; returns what `slow` gave. */
async function whileRunning<T>(rig: Rig, slow: Promise<T>, round: number): Promise<T> {
  let settled = false;
  const watched = slow.finally(() => { settled = true; });
  const bPid = rig.p.sqlProcessPid(rig.b);
  assert.deepEqual(await rig.visitB(`/add?k=b-${round}`), { status: 200, body: `stored b-${round}` });
  assert.deepEqual(await rig.visitB('/'), { status: 200, body: 'plain ok' });
  assert.equal(settled, false, 'B was answered while A\'s statement ran');
  const result = await watched;
  assert.equal(rig.p.sqlProcessPid(rig.b), bPid, 'B\'s store process was not touched');
  return result;
}

for (const isolation of ['thread', 'process'] as const) {
  test(`an endless statement of one account fails at the SQL time limit while another account is answered (${isolation} isolation)`, { timeout: 300_000 }, async () => {
    const rig = await startRig(isolation);
    try {
      assert.deepEqual(await rig.visitA('/add?k=a-1'), { status: 200, body: 'stored a-1' });
      let round = 0;
      for (const path of ['/cte', '/join', '/batch']) {
        const aPid = rig.p.sqlProcessPid(rig.a);
        const stopped = await whileRunning(rig, rig.visitA(path), ++round);
        assert.deepEqual(stopped, { status: 500, body: { error: `SQL_ERROR: ${LIMIT_MESSAGE}` } }, path);
        assert.deepEqual(await rig.visitA('/count'), { status: 200, body: 1 }, `${path}: A's data is intact (the batch's insert was not kept) and its next query works`);
        assert.notEqual(rig.p.sqlProcessPid(rig.a), aPid, `${path}: a fresh store process serves A`);
      }
      const exec = await whileRunning(rig, rig.visitA('/exec'), ++round);
      assert.deepEqual(exec, { status: 500, body: { error: `SQL_EXEC_ERROR: ${LIMIT_MESSAGE}` } });

      // A's other query in flight behind the endless one fails with its own clear error.
      const endless = rig.visitA('/cte');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const behind = await rig.visitA('/add?k=a-behind');
      assert.equal(behind.status, 500);
      assert.match((behind.body as { error: string }).error, /^SQL_ERROR: another query of this account ran past the time limit, so the account's SQL process was stopped before this query finished; nothing it did was kept\. Run it again\.$/);
      assert.equal((await endless).status, 500);
      assert.deepEqual(await rig.visitA('/count'), { status: 200, body: 1 });
      assert.deepEqual(await rig.visitB('/count'), { status: 200, body: round });
    } finally {
      await rig.p.close();
    }
  });
}

test('the account API\'s SQL query route stops an endless statement at the limit too, and the platform answers meanwhile', { timeout: 300_000 }, async () => {
  const rig = await startRig('thread');
  try {
    const query = (sql: string) => rig.p.call('POST', `/accounts/${rig.a}/sql/databases/${rig.aDb}/query`, { body: { sql } });
    for (const [round, sql] of [ENDLESS_CTE, ENDLESS_JOIN].entries()) {
      const stopped = await whileRunning(rig, query(sql), round + 1);
      assert.equal(stopped.status, 400, stopped.text);
      assert.match(stopped.body.errors[0]?.message ?? '', new RegExp(LIMIT_MESSAGE.replace(/[.;]/g, '\\$&')));
    }
    const after = await query('SELECT count(*) AS n FROM big');
    assert.equal(after.status, 200, after.text);
    assert.deepEqual(after.body.result[0].results, [{ n: 1000 }]);
  } finally {
    await rig.p.close();
  }
});

test('kill -9 of an account\'s store process during acknowledged inserts loses none of them, and history still restores', { timeout: 300_000 }, async () => {
  const rig = await startRig('thread');
  try {
    const acknowledged: string[] = [];
    let failed = 0;
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; i < 150; i++) {
        const k = `w${w}-${i}`;
        const answer = await rig.visitA(`/add?k=${k}`);
        if (answer.status === 200 && answer.body === `stored ${k}`) acknowledged.push(k);
        else failed++;
        if (!killed && acknowledged.length >= 100) {
          killed = true;
          process.kill(rig.p.sqlProcessPid(rig.a) as number, 'SIGKILL');
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    assert.ok(killed, 'the store process was killed mid-writes');
    assert.ok(acknowledged.length > 100, `${acknowledged.length} acknowledged, ${failed} failed`);
    const query = (sql: string) => rig.p.call('POST', `/accounts/${rig.a}/sql/databases/${rig.aDb}/query`, { body: { sql } });
    const rows = await query('SELECT k FROM t');
    assert.equal(rows.status, 200, rows.text);
    const present = new Set((rows.body.result[0].results as { k: string }[]).map((r) => r.k));
    assert.deepEqual(acknowledged.filter((k) => !present.has(k)), [], 'every acknowledged insert is there');
    assert.deepEqual((await query('PRAGMA integrity_check')).body.result[0].results, [{ integrity_check: 'ok' }]);

    const bookmark = await rig.p.call('GET', `/accounts/${rig.a}/sql/databases/${rig.aDb}/time_travel/bookmark`);
    assert.equal(bookmark.status, 200, bookmark.text);
    assert.equal((await query('DELETE FROM t')).status, 200);
    const restored = await rig.p.call('POST', `/accounts/${rig.a}/sql/databases/${rig.aDb}/time_travel/restore`, { body: { bookmark: bookmark.body.result.bookmark } });
    assert.equal(restored.status, 200, restored.text);
    assert.deepEqual(await rig.visitA('/count'), { status: 200, body: present.size }, 'the history kept across the kill restores');
  } finally {
    await rig.p.close();
  }
});

test('ledge dev --isolation process stops an endless statement at the limit and keeps answering meanwhile', { timeout: 300_000 }, async () => {
  const dir = makeProject({ 'src/index.js': APP }, { sql_databases: [{ binding: 'DB', database_name: 'main', database_id: 'dev-db' }] });
  const dev = await startProject(dir, { stateDir: tempDir('ledge-sql-limit-dev-'), isolation: 'process', sqlTimeLimitMs: LIMIT_S * 1000 });
  try {
    const visit = async (path: string) => {
      const res = await dev.request(new Request(`http://localhost${path}`));
      const text = await res.text();
      try { return { status: res.status, body: JSON.parse(text) as unknown }; } catch { return { status: res.status, body: text as unknown }; }
    };
    assert.deepEqual(await visit('/setup'), { status: 200, body: 'ready' });
    assert.deepEqual(await visit('/add?k=one'), { status: 200, body: 'stored one' });
    let settled = false;
    const endless = visit('/cte').finally(() => { settled = true; });
    assert.deepEqual(await visit('/'), { status: 200, body: 'plain ok' });
    assert.equal(settled, false, 'the project answered while its statement ran');
    assert.deepEqual(await endless, { status: 500, body: { error: `SQL_ERROR: ${LIMIT_MESSAGE}` } });
    assert.deepEqual(await visit('/count'), { status: 200, body: 1 });
  } finally {
    await dev.close();
  }
});

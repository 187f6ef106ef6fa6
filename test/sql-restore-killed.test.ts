// Red team: point-in-time restore through a store process killed part way. A restore swaps the database for an
// earlier point; the account's store process is killed (kill -9) at points spread over a restore's length, from
// just after it starts to after it ended. Every time the database is whole (integrity_check ok) and holds exactly
// the state before the restore or the restored one, never a mix; the failed call says so; and the history still
// restores afterwards, to the same point and back. Ledge holds; the test guards it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { createProcessSqlStorage } from '../src/storage/process/index.js';
import { tempDir } from './helpers.js';

const q = (sql: string) => ({ sql, params: [] });
const ADD_ROWS = 'INSERT INTO t SELECT hex(randomblob(5000)) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100) SELECT x FROM c)';

test('a store process killed at any point of a restore leaves the database whole, either before or restored, and its history restorable', { timeout: 300_000 }, async (t) => {
  const sql = createProcessSqlStorage({ dir: tempDir('ledge-restore-killed-'), clock: SYSTEM_CLOCK });
  t.after(() => sql.close());
  const db = sql.database('main', { retentionDays: 7 });
  const count = async () => (await db.query([q('SELECT count(*) AS n FROM t')], 'objects'))[0]?.results[0] as { n: number };
  await db.query([q('CREATE TABLE t (v TEXT)')], 'objects');
  for (let i = 0; i < 30; i++) await db.query([q(ADD_ROWS)], 'objects');
  const early = await db.bookmark();
  assert.deepEqual(await count(), { n: 3000 });

  // How long one restore takes here, to spread the kills over it (the machine's speed, not an assertion).
  await db.query([q(ADD_ROWS)], 'objects');
  let started = performance.now();
  await db.restore(early);
  const restoreMs = Math.max(5, performance.now() - started);
  assert.deepEqual(await count(), { n: 3000 });

  const outcomes = { before: 0, restored: 0 };
  for (const fraction of [0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 1, 1.5, 2.5, 4, Infinity]) {
    await db.query([q(ADD_ROWS)], 'objects');
    const before = await count();
    const pid = sql.pid as number;
    started = performance.now();
    const restore = db.restore(early).then(() => 'answered', (err: Error) => err.message);
    // Infinity: killed once the restore has answered (it must then have taken effect).
    if (fraction === Infinity) await restore;
    else while (performance.now() - started < fraction * restoreMs) await new Promise((resolve) => setImmediate(resolve));
    try { process.kill(pid, 'SIGKILL'); } catch { /* it may have exited on its own already: nothing to kill */ }
    const outcome = await restore;
    // A kill from outside is noticed when the process's end is read: the next call goes to a fresh one after that.
    while (sql.pid === pid) await new Promise((resolve) => setTimeout(resolve, 10));
    const after = await count();
    if (outcome !== 'answered') assert.match(outcome, /store process of this account (stopped before answering|ended after this call's writes were committed)/);
    assert.deepEqual((await db.query([q('PRAGMA integrity_check')], 'objects'))[0]?.results, [{ integrity_check: 'ok' }], `killed at ${fraction} of a restore`);
    if (after.n === 3000) outcomes.restored++;
    else {
      assert.deepEqual(after, before, `killed at ${fraction}: either the state before the restore or the restored one`);
      assert.notEqual(outcome, 'answered', 'a restore that answered took effect');
      outcomes.before++;
    }
  }
  assert.ok(outcomes.restored >= 1, 'a restore that answered before the kill took effect');
  t.diagnostic(`restore ${Math.round(restoreMs)} ms; killed restores left the earlier state ${outcomes.before} times, the restored one ${outcomes.restored}`);

  // The history is whole: restoring to the early point and back to the latest works after all the kills.
  const latest = await db.bookmark();
  await db.query([q(ADD_ROWS)], 'objects');
  await db.restore(early);
  assert.deepEqual(await count(), { n: 3000 });
  await db.restore(latest);
  assert.ok((await count()).n >= 3000);
  assert.deepEqual((await db.query([q('PRAGMA integrity_check')], 'objects'))[0]?.results, [{ integrity_check: 'ok' }]);
});

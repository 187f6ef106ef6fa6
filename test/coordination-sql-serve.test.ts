// The synchronous storage API under ledge serve, in both isolations: under process isolation (the default, where
// the account's code is treated as hostile) every synchronous call crosses the sandbox's main thread and the
// channel, and the host answers it like any storage call (docs/bindings/coordination.md, "SQL and synchronous storage").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { SQL_APP, SQL_CONFIG } from './coordination-sql-app.js';

for (const isolation of ['thread', 'process'] as const) test(`sql.exec, transactionSync and kv under ledge serve (${isolation} isolation); a CPU-limited transaction is rolled back`, { timeout: 120_000 }, async () => {
  const p = await startTestPlatform(tempDir('ledge-coordination-sql-serve-'), undefined, { isolation });
  try {
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/notes`, { body: deployBody(SQL_APP, { edge_dev: true, ...SQL_CONFIG, limits: { cpu_ms: 400 } }) });
    assert.equal(deployed.status, 200, deployed.text);
    const visit = async (path: string) => { const res = await p.visit('notes.admin.ledge.localhost', path); return { status: res.status, body: await res.json() as Record<string, unknown> }; };
    const cursor = await visit('/cursor');
    assert.equal(cursor.status, 200, JSON.stringify(cursor.body));
    assert.deepEqual(cursor.body['raw'], [['first', 1.5], ['second', 2]]);
    assert.deepEqual(cursor.body['many'], { error: 'Error: Expected exactly one result from SQL query, but got multiple results.' });
    const txn = await visit('/transactions');
    assert.deepEqual(txn.body['rows'], [1, 3]);
    assert.equal(txn.body['rolled'], null);
    const kv = await visit('/kv');
    assert.deepEqual(kv.body['seenSync'], { from: 'async' });
    assert.deepEqual(kv.body['seenAsync'], [1, 2, 3]);
    assert.match(JSON.stringify((await visit('/legacy')).body), /SQL is not enabled for this Durable Object class/);

    assert.equal((await visit('/write?arg=7')).body, 7);
    assert.equal((await visit('/stuck')).status, 503);
    assert.equal((await visit('/has?arg=-1')).body, 0, 'the transaction cut off by the CPU limit left nothing');
    assert.equal((await visit('/write?arg=8')).body, 8);
    assert.ok(!p.logs.some((r) => /broke the channel protocol|failed inside the platform/.test(r.message)), 'no message was refused and no call failed inside');
  } finally {
    await p.close();
  }
});

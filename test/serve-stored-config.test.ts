// A version's stored configuration is parsed with the schema it was accepted with whenever the platform reads it,
// never cast: one that no longer matches (a hand-edited or damaged control state) fails that deployment alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { deployBody, moduleBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';

test('a stored version configuration that no longer matches the schema fails only its deployment, with the field named', async () => {
  const p = await startTestPlatform();
  let again: TestPlatform | undefined;
  try {
    const base = `/accounts/${p.accountId}`;
    for (const label of ['a', 'b']) {
      const put = await p.call('PUT', `${base}/deployments/app-${label}`, { body: deployBody(moduleBody(label), { routes: [`${label}.example.com`], vars: { MODE: label } }) });
      assert.equal(put.status, 200, put.text);
    }
    await p.close();
    const db = new Database(path.join(p.stateDir, 'control.sqlite'));
    const changed = db.prepare("UPDATE versions SET config = ? WHERE deployment = 'app-a'").run(JSON.stringify({ compatibility_date: '2026-10-01', vars: 5, routes: ['a.example.com'] }));
    db.close();
    assert.equal(changed.changes, 1);

    again = await startTestPlatform(p.stateDir, p.token);
    const broken = await again.visit('a.example.com');
    assert.equal(broken.status, 503);
    assert.equal(broken.headers.get('ledge-origin'), 'platform');
    assert.match(await broken.text(), /store_damaged/);
    const other = await again.visit('b.example.com');
    assert.deepEqual([other.status, await other.text()], [200, 'b'], 'the other deployment still answers');
    const logged = again.logs.map((r) => r.message).join('\n');
    assert.match(logged, /version \S+: its stored configuration does not match the schema \(vars: /, logged);
    // Fixing it is a redeploy: the new version is accepted and answers.
    const redeploy = await again.call('PUT', `${base}/deployments/app-a`, { body: deployBody(moduleBody('a2'), { routes: ['a.example.com'] }) });
    assert.equal(redeploy.status, 200, redeploy.text);
    assert.equal(await (await again.visit('a.example.com')).text(), 'a2');
  } finally {
    await (again ?? p).close();
  }
});

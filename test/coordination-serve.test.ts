// Coordination objects under ledge serve, in both isolations (under process isolation an object's events and its
// outcome cross the sandbox's channel): migrations checked at deploy, and a class of one deployment bound by another (script_name).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { COUNTER_APP, COUNTER_CONFIG } from './coordination-app.js';

for (const isolation of ['thread', 'process'] as const) test(`a counter object runs under ledge serve (${isolation} isolation); migrations refuse a class the module no longer exports at deploy; another deployment reaches it by script_name`, { timeout: 90_000 }, async () => {
  const p = await startTestPlatform(tempDir('ledge-coordination-serve-'), undefined, { isolation });
  try {
    const base = `/accounts/${p.accountId}/deployments`;
    const deployed = await p.call('PUT', `${base}/counter`, { body: deployBody(COUNTER_APP, { edge_dev: true, ...COUNTER_CONFIG }) });
    assert.equal(deployed.status, 200, deployed.text);
    const visit = async (host: string, path: string) => { const res = await p.visit(host, path); return `${res.status} ${await res.text()}`; };
    assert.equal(await visit('counter.admin.ledge.localhost', '/inc'), '200 1');
    assert.equal(await visit('counter.admin.ledge.localhost', '/inc'), '200 2');
    assert.equal(await visit('counter.admin.ledge.localhost', '/fail'), '200 {"name":"RangeError","message":"no such thing","remote":true}');
    assert.equal(await visit('counter.admin.ledge.localhost', '/fetch'), '200 {"status":201,"header":"yes","body":"POST /path hello 2"}');

    // A class the migrations keep must stay exported by the module (bound or not: it is in `exports`).
    const dropped = await p.call('PUT', `${base}/counter`, { body: deployBody(COUNTER_APP.replace('env.COUNTER', 'env.NOTHING').replace('export class Counter', 'class Counter'), { edge_dev: true, migrations: COUNTER_CONFIG.migrations }) });
    assert.equal(dropped.status, 400, dropped.text);
    assert.match(dropped.text, /class Counter exists \(created by migrations; its objects are kept\) but the module exports no class Counter/);
    assert.equal(await visit('counter.admin.ledge.localhost', '/inc'), '200 3', 'the refused deploy changed nothing');

    const front = await p.call('PUT', `${base}/front`, { body: deployBody(COUNTER_APP, { edge_dev: true, durable_objects: { bindings: [{ name: 'COUNTER', class_name: 'Counter', script_name: 'counter' }] } }) });
    assert.equal(front.status, 200, front.text);
    assert.equal(await visit('front.admin.ledge.localhost', '/inc'), '200 4', 'the same object, in the deployment that exports its class');
    // The host remembers which version serves a class between calls: a new version of the exporting deployment
    // takes its objects over at once (here it increments by 10), and once that deployment is gone its class is too.
    const tens = await p.call('PUT', `${base}/counter`, { body: deployBody(COUNTER_APP.replace('async increment(by = 1)', 'async increment(by = 10)'), { edge_dev: true, ...COUNTER_CONFIG }) });
    assert.equal(tens.status, 200, tens.text);
    assert.equal(await visit('front.admin.ledge.localhost', '/inc'), '200 14', 'the new version of counter serves the object');
    assert.equal(await visit('counter.admin.ledge.localhost', '/inc'), '200 24');
    const back = await p.call('POST', `${base}/counter/rollback`, { body: {} });
    assert.equal(back.status, 200, back.text);
    assert.equal(await visit('front.admin.ledge.localhost', '/inc'), '200 25', 'rolled back: the version before serves it again');
    const gone = await p.call('DELETE', `${base}/counter`);
    assert.equal(gone.status, 200, gone.text);
    assert.match(await visit('front.admin.ledge.localhost', '/inc'), /^500 /, 'the class went with its deployment');
    assert.ok(!p.logs.some((r) => /broke the channel protocol/.test(r.message)), 'no message was refused');
  } finally {
    await p.close();
  }
});

// `ledge coordination ... --remote` against a real `ledge serve` (process isolation, its default): the CLI computes
// --name ids for the account's namespace and reads and deletes objects through the account API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startPlatform, hostOf } from './compat/harness.js';
import { makeProject } from './helpers.js';
import { COUNTER_APP, COUNTER_CONFIG } from './coordination-app.js';
import { idFromName, namespaceKey } from '../src/bindings/coordination/ids.js';

test('ledge coordination --remote lists, shows and deletes objects of a deployment on ledge serve', { timeout: 180_000 }, async () => {
  const platform = await startPlatform();
  try {
    const dir = makeProject({ 'src/index.js': COUNTER_APP }, { edge_dev: true, ...COUNTER_CONFIG });
    const ledge = (args: string[]) => platform.ledge(args, { cwd: dir, allowFailure: true });
    const deployed = await ledge(['deploy']);
    assert.equal(deployed.code, 0, deployed.out);
    for (const expected of ['1', '2']) assert.equal((await platform.visit(hostOf('test-app'), '/inc?name=room')).body, expected);
    const id = idFromName(namespaceKey(`${platform.account}/test-app/Counter`), 'room');

    let r = await ledge(['coordination', 'classes', '--remote', '--json']);
    assert.equal(r.code, 0, r.out);
    assert.deepEqual(JSON.parse(r.stdout), [{ deployment: 'test-app', class: 'Counter', objects: 1 }]);
    r = await ledge(['coordination', 'list', 'Counter', '--remote']);
    assert.equal(r.stdout, `${id}\n`);
    r = await ledge(['coordination', 'show', 'Counter', '--name', 'room', '--remote', '--json']);
    assert.equal(r.code, 0, r.out);
    assert.deepEqual(JSON.parse(r.stdout).pairs.map((p: { key: string; value: unknown }) => [p.key, p.value]), [['value', 2]]);
    r = await ledge(['coordination', 'show', 'Counter', '--name', 'room', '--remote', '--json', '--query', 'SELECT CAST(key AS TEXT) AS key FROM _cf_KV']);
    assert.equal(r.code, 0, r.out);
    assert.deepEqual(JSON.parse(r.stdout), { columns: ['key'], rows: [['value']], more: false });
    r = await ledge(['coordination', 'show', 'Counter', '--name', 'room', '--remote', '--query', 'SELECT CAST(key AS TEXT) AS key FROM _cf_KV']);
    assert.match(r.stdout, /KEY\s*\nvalue/);
    r = await ledge(['coordination', 'show', 'Counter', '--name', 'room', '--remote', '--query', 'DELETE FROM _cf_KV']);
    assert.notEqual(r.code, 0);
    assert.match(r.out, /only a statement that returns rows/);
    r = await ledge(['coordination', 'show', 'Counter', 'f'.repeat(64), '--remote']);
    assert.notEqual(r.code, 0);
    assert.match(r.out, /Durable Object ID is not valid for this namespace/);
    r = await ledge(['coordination', 'show', 'Missing', '--name', 'room', '--remote']);
    assert.notEqual(r.code, 0);
    assert.match(r.out, /test-app\/Missing has no object/);

    r = await ledge(['coordination', 'delete', 'Counter', '--name', 'room', '--remote']);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, new RegExp(`deleted test-app/Counter object ${id}`));
    assert.equal((await platform.visit(hostOf('test-app'), '/inc?name=room')).body, '1', 'the object starts again from nothing');
  } finally {
    await platform.stop();
  }
});

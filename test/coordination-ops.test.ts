// `ledge coordination` on ledge dev's state: classes, list, show (by id and by --name, decoded values, size, alarm,
// SQL tables) while a ledge dev runs and keeps working; refusals for unknown classes and bad ids; delete refused
// while the running ledge dev holds the object open, done once it stopped (docs/cli.md, "ledge coordination").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { idFromName, namespaceKey } from '../src/bindings/coordination/ids.js';
import { runCli, startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Room extends DurableObject {
  async fill(n) {
    await this.ctx.storage.put({ count: n, when: new Date(86400000), tags: new Set(['a', 'b']), big: 10n ** 20n, nested: { list: [1, 'two', null] } });
    await this.ctx.storage.setAlarm(4102444800000);
    return (await this.ctx.storage.get('count'));
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    return Response.json(await env.ROOM.getByName(url.searchParams.get('name') ?? 'lobby').fill(Number(url.searchParams.get('n') ?? 1)));
  },
};`;

const CONFIG = { durable_objects: { bindings: [{ name: 'ROOM', class_name: 'Room' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Room'] }] };

/** Runs `ledge coordination <args>` to its end. */
async function coordination(dir: string, state: string, ...args: string[]): Promise<{ code: number | null; out: string }> {
  const proc = runCli(['coordination', ...args, '--dir', dir, '--state', state]);
  const code = await proc.exited;
  return { code, out: proc.output() };
}

test('ledge coordination lists, shows and deletes objects of ledge dev state, without disturbing a running ledge dev', { timeout: 180_000 }, async () => {
  const dir = makeProject({ 'src/index.js': APP }, CONFIG);
  const state = tempDir('ledge-coord-ops-');
  const namespace = 'local/test-app/Room';
  const lobby = idFromName(namespaceKey(namespace), 'lobby');
  const dev = await startDev(dir, ['--state', state]);
  try {
    assert.equal(await (await fetch(`${dev.url}/?n=3`)).json(), 3);
    let r = await coordination(dir, state, 'classes', '--json');
    assert.equal(r.code, 0, r.out);
    assert.deepEqual(JSON.parse(r.out), [{ deployment: 'test-app', class: 'Room', objects: 1 }]);
    r = await coordination(dir, state, 'list', 'Room', '--json');
    assert.deepEqual(JSON.parse(r.out), { ids: [lobby], cursor: null });

    r = await coordination(dir, state, 'show', 'Room', '--name', 'lobby', '--json');
    assert.equal(r.code, 0, r.out);
    const shown = JSON.parse(r.out);
    assert.equal(shown.id, lobby);
    assert.equal(shown.alarm, '2100-01-01T00:00:00.000Z');
    assert.ok(shown.size_bytes > 0);
    assert.deepEqual(Object.fromEntries(shown.pairs.map((p: { key: string; value: unknown }) => [p.key, p.value])), {
      big: { $bigint: '100000000000000000000' }, count: 3, nested: { list: [1, 'two', null] }, tags: { $set: ['a', 'b'] }, when: { $date: '1970-01-02T00:00:00.000Z' },
    });
    assert.deepEqual(shown.pairs.map((p: { key: string }) => p.key), ['big', 'count', 'nested', 'tags', 'when'], 'in key order');
    r = await coordination(dir, state, 'show', 'Room', lobby, '--keys', '2');
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /alarm: 2100-01-01T00:00:00\.000Z/);
    assert.match(r.out, /only the first 2 pairs/);

    // The running ledge dev is neither locked nor changed by the reads.
    assert.equal(await (await fetch(`${dev.url}/?n=4`)).json(), 4);

    r = await coordination(dir, state, 'show', 'Room', 'not-an-id');
    assert.notEqual(r.code, 0);
    assert.match(r.out, /Invalid Durable Object ID: must be 64 hex digits/);
    r = await coordination(dir, state, 'show', 'Room', idFromName(namespaceKey('local/test-app/Other'), 'lobby'));
    assert.notEqual(r.code, 0);
    assert.match(r.out, /Durable Object ID is not valid for this namespace/);
    r = await coordination(dir, state, 'show', 'Nope', '--name', 'lobby');
    assert.notEqual(r.code, 0);
    assert.match(r.out, /test-app\/Nope has no object [0-9a-f]{64}/);
    r = await coordination(dir, state, 'show', 'Room', '--name', 'never-written');
    assert.match(r.out, /has no object/);
    r = await coordination(dir, state, 'show', 'Room', lobby, '--name', 'lobby');
    assert.match(r.out, /one of the two/);
    r = await coordination(dir, state, 'list', '../x');
    assert.match(r.out, /class "..\/x" is not a valid name/);

    r = await coordination(dir, state, 'delete', 'Room', '--name', 'lobby');
    assert.notEqual(r.code, 0);
    assert.match(r.out, /is open in a running ledge dev/);
    assert.equal(await (await fetch(`${dev.url}/?n=5`)).json(), 5, 'the refused delete changed nothing');
  } finally {
    dev.child.kill('SIGTERM');
    await dev.exited;
  }

  // SQL tables show with their row counts (the isolate's SQL API is not there yet: written through the store).
  const storage = openEmbeddedStorage(state);
  const store = await storage.coordination.open(namespace, lobby);
  await store.exec('CREATE TABLE messages (body TEXT); INSERT INTO messages VALUES (\'hi\'), (\'there\')', []);
  await store.close();
  storage.close();
  let r = await coordination(dir, state, 'show', 'Room', '--name', 'lobby', '--json');
  assert.deepEqual(JSON.parse(r.out).tables, [{ name: 'messages', rows: 2 }]);
  // A read-only query: rows come back; anything that writes is refused by SQLite itself.
  r = await coordination(dir, state, 'show', 'Room', '--name', 'lobby', '--query', 'SELECT body FROM messages ORDER BY body', '--json');
  assert.equal(r.code, 0, r.out);
  assert.deepEqual(JSON.parse(r.out), { columns: ['body'], rows: [['hi'], ['there']], more: false });
  r = await coordination(dir, state, 'show', 'Room', '--name', 'lobby', '--query', 'DELETE FROM messages');
  assert.notEqual(r.code, 0);
  assert.match(r.out, /only a statement that returns rows/);
  r = await coordination(dir, state, 'show', 'Room', '--name', 'lobby', '--query', "INSERT INTO messages VALUES ('x') RETURNING body");
  assert.notEqual(r.code, 0);
  assert.match(r.out, /--query: a statement that may write/);
  r = await coordination(dir, state, 'show', 'Room', '--name', 'lobby', '--query', 'SELEC 1');
  assert.notEqual(r.code, 0);
  assert.match(r.out, /--query: .*syntax error/);
  r = await coordination(dir, state, 'show', 'Room', '--name', 'lobby', '--json');
  assert.deepEqual(JSON.parse(r.out).tables, [{ name: 'messages', rows: 2 }], 'nothing was changed');

  r = await coordination(dir, state, 'delete', 'Room', '--name', 'lobby');
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, new RegExp(`deleted test-app/Room object ${lobby}`));
  r = await coordination(dir, state, 'show', 'Room', '--name', 'lobby');
  assert.match(r.out, /has no object/);
  r = await coordination(dir, state, 'delete', 'Room', '--name', 'lobby');
  assert.notEqual(r.code, 0);
  assert.match(r.out, /has no object/);
  r = await coordination(dir, state, 'classes');
  assert.match(r.out, /no coordination objects/);
});

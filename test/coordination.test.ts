// Coordination objects through real isolates under ledge dev: one instance per id with its gates, RPC and fetch
// through stubs, remote errors, eviction and re-creation, migrations (docs/bindings/coordination.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { objectFile } from '../src/storage/sqlite/coordination/paths.js';
import { idFromName, namespaceKey } from '../src/bindings/coordination/ids.js';
import { makeProject, startProject, tempDir } from './helpers.js';
import { COUNTER_APP, COUNTER_CONFIG } from './coordination-app.js';

test('a counter takes 10,000 concurrent increments from 100 clients and ends at exactly 10,000, each value handed out once', { timeout: 300_000 }, async () => {
  const server = await startProject(makeProject({ 'src/index.js': COUNTER_APP }, COUNTER_CONFIG), { stateDir: tempDir() });
  try {
    const seen = new Set<number>();
    const client = async () => {
      for (let i = 0; i < 100; i++) {
        const value = await (await fetch(`${server.url}/inc`)).json() as number;
        assert.ok(!seen.has(value), `value ${value} was handed out twice`);
        seen.add(value);
      }
    };
    await Promise.all(Array.from({ length: 100 }, client));
    assert.equal(seen.size, 10_000);
    const read = await (await fetch(`${server.url}/read`)).json() as { value: number; constructions: number };
    assert.equal(read.value, 10_000);
    assert.equal(read.constructions, 1, 'one instance served every event');
  } finally {
    await server.close();
  }
});

test('RPC by structured clone, stub fetch, remote errors, ids as the original makes them, a read after a put in the same turn', { timeout: 120_000 }, async () => {
  const server = await startProject(makeProject({ 'src/index.js': COUNTER_APP }, COUNTER_CONFIG), { stateDir: tempDir() });
  try {
    assert.deepEqual(await (await server.request(new Request('http://x/echo'))).json(), { nested: [1, 'two', { three: '3' }], date: new Date(5).toISOString() });
    assert.deepEqual(await (await server.request(new Request('http://x/fail'))).json(), { name: 'RangeError', message: 'no such thing', remote: true });
    assert.deepEqual(await (await server.request(new Request('http://x/fetch'))).json(), { status: 201, header: 'yes', body: 'POST /path hello 0' });
    assert.deepEqual(await (await server.request(new Request('http://x/put-get'))).json(), { n: 1 });
    const ids = await (await server.request(new Request('http://x/ids'))).json() as { id: string; same: boolean; name: string; refused: string };
    assert.equal(ids.id, idFromName(namespaceKey('local/test-app/Counter'), 'global'));
    assert.deepEqual({ same: ids.same, name: ids.name, refused: ids.refused }, { same: true, name: 'global', refused: 'Invalid Durable Object ID: must be 64 hex digits' });
    const read = await (await server.request(new Request('http://x/read'))).json() as { id: string; name: string };
    assert.deepEqual([read.id, read.name], [ids.id, 'global']);
  } finally {
    await server.close();
  }
});

test('a response waits for its write: when the write cannot be committed the caller gets an error, never the result, and the instance is reset', { timeout: 120_000 }, async () => {
  const stateDir = tempDir();
  const server = await startProject(makeProject({ 'src/index.js': COUNTER_APP }, COUNTER_CONFIG), { stateDir });
  try {
    assert.equal(await (await server.request(new Request('http://x/inc'))).json(), 1);
    const id = idFromName(namespaceKey('local/test-app/Counter'), 'global');
    const locker = new Database(objectFile(path.join(stateDir, 'coordination'), 'local/test-app/Counter', id));
    locker.exec('BEGIN IMMEDIATE');
    let answer: Response;
    try {
      answer = await server.request(new Request('http://x/inc'));
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
    assert.equal(answer.status, 500, 'the increment whose write failed was not acknowledged');
    // The value the caller never saw is not there, and the reset instance reads what is committed.
    const read = await (await server.request(new Request('http://x/read'))).json() as { value: number; constructions: number };
    assert.equal(read.value, 1);
    assert.equal(read.constructions, 2);
  } finally {
    await server.close();
  }
});

test('an idle instance is evicted and re-created from storage by its next event', { timeout: 120_000 }, async () => {
  const server = await startProject(makeProject({ 'src/index.js': COUNTER_APP }, COUNTER_CONFIG), { stateDir: tempDir(), objectIdleMs: 200 });
  try {
    await server.request(new Request('http://x/inc'));
    await server.request(new Request('http://x/inc'));
    assert.deepEqual(await (await server.request(new Request('http://x/read'))).json(), { value: 2, constructions: 1, start: 0, id: idFromName(namespaceKey('local/test-app/Counter'), 'global'), name: 'global' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const read = await (await server.request(new Request('http://x/read'))).json() as { value: number; constructions: number; start: number };
    assert.deepEqual([read.value, read.constructions, read.start], [2, 2, 2]);
  } finally {
    await server.close();
  }
});

test('migrations: a bound class needs one; a class the module no longer exports refuses to start naming it; deleted_classes deletes its objects', { timeout: 120_000 }, async () => {
  const stateDir = tempDir();
  await assert.rejects(startProject(makeProject({ 'src/index.js': COUNTER_APP }, { durable_objects: COUNTER_CONFIG.durable_objects }), { stateDir }), /class Counter was never created by a migration/);
  const dir = makeProject({ 'src/index.js': COUNTER_APP }, COUNTER_CONFIG);
  let server = await startProject(dir, { stateDir });
  await server.request(new Request('http://x/inc'));
  await server.close();
  const write = (config: Record<string, unknown>) => writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({ name: 'test-app', main: 'src/index.js', compatibility_date: '2026-10-01', ...config }));
  write({ migrations: COUNTER_CONFIG.migrations });
  // Unbound, the class stays (it is in exports); a module that no longer exports it is refused, naming it.
  writeFileSync(path.join(dir, 'src/index.js'), COUNTER_APP.replace('export class Counter', 'class Counter'));
  await assert.rejects(startProject(dir, { stateDir }), /class Counter exists \(created by migrations; its objects are kept\) but the module exports no class Counter: export it, remove it with a "deleted_classes" migration/);
  writeFileSync(path.join(dir, 'src/index.js'), COUNTER_APP);
  // Every class the migrations leave is exported by the module (bound or not).
  writeFileSync(path.join(dir, 'src/index.js'), `${COUNTER_APP}\nexport class Tally extends Counter {}\n`);
  write({ migrations: [...COUNTER_CONFIG.migrations, { tag: 'v2', renamed_classes: [{ from: 'Counter', to: 'Tally' }] }, { tag: 'v3', new_sqlite_classes: ['Counter'] }], durable_objects: { bindings: [{ name: 'COUNTER', class_name: 'Counter' }, { name: 'TALLY', class_name: 'Tally' }] } });
  server = await startProject(dir, { stateDir });
  // Counter was renamed away (its objects now belong to Tally), and a new, empty Counter class was created.
  assert.equal(await (await server.request(new Request('http://x/inc'))).json(), 1);
  await server.close();
  write({ migrations: [...COUNTER_CONFIG.migrations, { tag: 'v2', renamed_classes: [{ from: 'Counter', to: 'Tally' }] }, { tag: 'v3', new_sqlite_classes: ['Counter'] }, { tag: 'v4', deleted_classes: ['Tally'] }], durable_objects: COUNTER_CONFIG.durable_objects });
  writeFileSync(path.join(dir, 'src/index.js'), COUNTER_APP);
  server = await startProject(dir, { stateDir });
  assert.equal(await (await server.request(new Request('http://x/inc'))).json(), 2);
  await server.close();
});

// The SQLite adapter of coordination objects beyond the port's contract: file layout, the handle cache, the
// alarm index, crash leftovers, damage and retention.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createManualClock } from '../../platform/clock.js';
import { createSqliteCoordinationStorage } from './coordination-storage.js';
import { namespaceFolder } from './coordination/paths.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);
const id = (n: number) => n.toString(16).padStart(64, '0');
const NS = 'acct/script/Counter';

function setup(options: { maxOpen?: number; idleMs?: number; maxBytes?: () => number | undefined } = {}) {
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'ledge-coord-')), 'coordination');
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const open = () => createSqliteCoordinationStorage(root, { clock, ...options });
  return { root, clock, open };
}

test('one file per object under a safe folder per namespace; reads of unwritten objects make no file', async (t) => {
  const { root, open } = setup();
  const port = open();
  t.after(() => port.close());
  const hostile = '../../../../tmp/escape';
  await (await port.open(hostile, id(1))).write([['k', bytes('v')]], []);
  const folder = namespaceFolder(hostile);
  assert.match(folder, /^[A-Za-z0-9_-]+\.[0-9a-f]{16}$/);
  assert.ok(existsSync(path.join(root, folder, `${id(1)}.sqlite`)));
  assert.ok(existsSync(path.join(root, folder, `${id(1)}.sqlite.history`)), 'the history sits beside the file');
  const reader = await port.open(NS, id(2));
  await reader.get(['k']);
  await reader.list({ prefix: 'x' });
  await reader.getAlarm();
  assert.equal(await reader.databaseSize(), 0);
  assert.ok(!existsSync(path.join(root, namespaceFolder(NS))), 'no folder for a namespace only read');
  assert.deepEqual(readdirSync(root).sort(), [folder, 'index.sqlite', 'index.sqlite-shm', 'index.sqlite-wal'].sort());
});

test('the handle cache keeps at most maxOpen databases open, closes idle ones, and never one in a transaction', async (t) => {
  const { open, clock } = setup({ maxOpen: 3, idleMs: 60_000 });
  const port = open();
  t.after(() => port.close());
  const busy = await port.open(NS, id(100));
  await busy.begin();
  await busy.write([['in', bytes('tx')]], []);
  for (let i = 0; i < 10; i++) await (await port.open(NS, id(i))).write([['k', bytes(String(i))]], []);
  assert.ok(port.openHandles() <= 3 + 1, `${port.openHandles()} handles open`);
  // Evicted databases open again on their next use, with their data.
  for (let i = 0; i < 10; i++) assert.equal(text((await (await port.open(NS, id(i))).get(['k'])).get('k')), String(i));
  clock.advance(61_000);
  await busy.write([['still', bytes('open')]], []);
  clock.advance(61_000);
  assert.ok(port.closeIdle() >= 1);
  assert.equal(port.openHandles(), 1, 'only the database in a transaction stays');
  await busy.commit();
  assert.deepEqual((await busy.list({})).map(([k]) => k), ['in', 'still']);
  clock.advance(61_000);
  port.closeIdle();
  assert.equal(port.openHandles(), 0);
  // A handle held across the close still works: it reopens the database.
  assert.equal(text((await busy.get(['in'])).get('in')), 'tx');
});

test('dueAlarms and list read the index only: thousands of objects, no database opened', async (t) => {
  const { open } = setup();
  const port = open();
  t.after(() => port.close());
  for (let i = 0; i < 2000; i++) await (await port.open(`ns/${i % 4}`, id(i))).setAlarm(1_000_000 + (i * 7919) % 2000);
  assert.equal(port.openHandles(), 0);
  const due = await port.dueAlarms(1_000_009, 100);
  assert.deepEqual(due.map((a) => a.time), [...due.map((a) => a.time)].sort((a, b) => a - b));
  assert.equal(due.length, 10);
  assert.ok(due.every((a) => a.time <= 1_000_009));
  assert.equal((await port.list('ns/1', { limit: 1000 })).ids.length, 500);
  assert.equal(port.openHandles(), 0);
});

test('alarms, data and namespaces survive a reopen; a half-done removal left by a crash is finished on open', async (t) => {
  const { root, open } = setup();
  let port = open();
  const object = await port.open(NS, id(1));
  await object.write([['k', bytes('v')]], []);
  await object.setAlarm(5_000);
  await (await port.open('gone/ns', id(2))).write([['k', bytes('v')]], []);
  port.close();
  // A crash between the index's commit and the file work: the index says "remove this folder", the folder is still there.
  const index = new Database(path.join(root, 'index.sqlite'));
  index.prepare("DELETE FROM objects WHERE namespace = 'gone/ns'").run();
  index.prepare("INSERT INTO pending (kind, source, target) VALUES ('remove', ?, NULL)").run(namespaceFolder('gone/ns'));
  index.close();
  assert.ok(existsSync(path.join(root, namespaceFolder('gone/ns'))));
  port = open();
  t.after(() => port.close());
  assert.ok(!existsSync(path.join(root, namespaceFolder('gone/ns'))), 'the pending removal ran at open');
  assert.deepEqual([...await (await port.open('gone/ns', id(2))).get(['k'])], []);
  const again = await port.open(NS, id(1));
  assert.equal(text((await again.get(['k'])).get('k')), 'v');
  assert.equal(await again.getAlarm(), 5_000);
  assert.deepEqual(await port.dueAlarms(6_000, 10), [{ namespace: NS, id: id(1), time: 5_000, retryCount: 0, scheduledTime: 5_000 }]);
});

test('bookmarkAt maps a time to the last commit at or before it, within the 30-day retention', async (t) => {
  const { open, clock } = setup();
  const port = open();
  t.after(() => port.close());
  const object = await port.open(NS, id(1));
  await object.write([['v', bytes('1')]], []);
  const afterFirst = clock.now();
  clock.advance(60_000);
  await object.write([['v', bytes('2')]], []);
  clock.advance(60_000);
  const bookmark = await object.bookmarkAt(afterFirst + 1_000);
  await object.restore(bookmark);
  assert.equal(text((await object.get(['v'])).get('v')), '1');
  await assert.rejects(object.bookmarkAt(clock.now() + 1_000), /in the future/);
  await assert.rejects(object.bookmarkAt(clock.now() - 31 * 86_400_000), /retention period of 30 days/);
  clock.advance(31 * 86_400_000);
  await assert.rejects(object.restore(bookmark), /retention period of 30 days/);
});

test('a damaged object file fails that object with store_damaged, not the others', async (t) => {
  const { root, open } = setup();
  const port = open();
  t.after(() => port.close());
  await (await port.open(NS, id(1))).write([['k', bytes('v')]], []);
  port.close();
  writeFileSync(path.join(root, namespaceFolder(NS), `${id(2)}.sqlite`), 'this is not a database, just text that is long enough to be read as a header.'.repeat(20));
  const reopened = open();
  t.after(() => reopened.close());
  await assert.rejects((await reopened.open(NS, id(2))).get(['k']), (err: Error & { code?: string }) => err.code === 'store_damaged' && /coordination object/.test(err.message));
  assert.equal(text((await (await reopened.open(NS, id(1))).get(['k'])).get('k')), 'v');
});

test('a closed handle refuses further calls', async (t) => {
  const { open } = setup();
  const port = open();
  t.after(() => port.close());
  const object = await port.open(NS, id(1));
  await object.close();
  await assert.rejects(object.get(['k']), /closed/);
  await assert.rejects(object.setAlarm(1), /closed/);
});

test('the default bound of open databases follows the process open-file limit, within [32, 4096]', async () => {
  const { defaultMaxOpen, DESCRIPTORS_PER_OBJECT } = await import('./coordination/handle-cache.js');
  const limits = (soft: string) => `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                ${soft}                files\n`;
  assert.equal(defaultMaxOpen(limits('20000')), Math.floor(20000 / 2 / DESCRIPTORS_PER_OBJECT), 'half the limit, seven descriptors per object');
  assert.equal(defaultMaxOpen(limits('1048576')), 4096);
  assert.equal(defaultMaxOpen(limits('unlimited')), 4096);
  assert.equal(defaultMaxOpen(limits('256')), 32, 'never below 32');
  assert.equal(defaultMaxOpen(''), 256, 'no /proc: the fixed bound');
  assert.equal(defaultMaxOpen('garbage'), 256);
  // This process: every open database fits its limit twice over.
  const soft = Number(/^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Infinity);
  assert.ok(defaultMaxOpen() * DESCRIPTORS_PER_OBJECT <= Math.max(soft / 2, 32 * DESCRIPTORS_PER_OBJECT));
});

test('the storage limit: a write that adds data is refused once the objects use the limit, naming it; deletes and reads still work', async (t) => {
  let limit: number | undefined = 64 * 1024;
  const { open } = setup({ maxBytes: () => limit });
  const port = open();
  t.after(() => port.close());
  const a = await port.open(NS, id(1));
  const b = await port.open('acct/other/Room', id(2));
  const big = new Uint8Array(20_000).fill(7);
  let refused: unknown;
  for (let i = 0; i < 20 && !refused; i++) {
    try {
      await (i % 2 ? b : a).write([[`k${i}`, big]], []);
    } catch (err) {
      refused = err;
    }
  }
  assert.ok(refused instanceof Error, 'a write was refused');
  assert.match((refused as Error).message, /coordination storage limit \(coordination_storage_mb: 0 MiB\) is reached: its objects use \d+ bytes/);
  const used = await port.usage();
  assert.ok(used >= limit, `counted over both namespaces: ${used}`);
  await assert.rejects(a.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)', []), /coordination storage limit/);
  assert.deepEqual((await a.exec("SELECT count(*) FROM sqlite_master WHERE name = 't'", [])).rows, [[0]], 'a refused statement changed nothing');
  const keys = (await a.list({})).map(([key]) => key);
  assert.ok(keys.length > 0);
  assert.equal(await a.write([], keys), keys.length, 'deleting is still allowed past the limit');
  await b.deleteAll();
  assert.ok(await port.usage() < used, 'deleted data counts no more');
  await a.write([['again', bytes('small')]], []);
  limit = undefined;
  for (let i = 0; i < 5; i++) await a.write([[`free${i}`, big]], []);
});

test('past the storage limit a write runs only when it does not grow the database: DDL of existing tables, updates and writes into freed space still run', async (t) => {
  const limit: { bytes?: number } = {};
  const { open } = setup({ maxBytes: () => limit.bytes });
  const port = open();
  t.after(() => port.close());
  const a = await port.open(NS, id(1));
  await a.exec('CREATE TABLE IF NOT EXISTS notes (body TEXT)', []);
  const big = new Uint8Array(20_000).fill(7);
  for (let i = 0; i < 5; i++) await a.write([[`k${i}`, big]], []);
  await a.exec("INSERT INTO notes VALUES ('one')", []);
  limit.bytes = 1;
  const size = await a.databaseSize();
  // The constructor's DDL of a table that exists adds nothing: it runs, so the object still starts.
  await a.exec('CREATE TABLE IF NOT EXISTS notes (body TEXT)', []);
  await a.exec("UPDATE notes SET body = 'two'", []);
  assert.deepEqual((await a.exec('SELECT body FROM notes', [])).rows, [['two']]);
  await assert.rejects(a.exec('CREATE TABLE more (x)', []), /coordination storage limit/);
  await assert.rejects(a.exec("INSERT INTO notes SELECT hex(randomblob(100000))", []), /coordination storage limit/);
  await assert.rejects(a.write([['new', new Uint8Array(100_000)]], []), /coordination storage limit/);
  assert.deepEqual((await a.exec("SELECT count(*) FROM sqlite_master WHERE name = 'more'", [])).rows, [[0]], 'a refused write was undone');
  assert.deepEqual((await a.exec('SELECT count(*) FROM notes', [])).rows, [[1]]);
  assert.equal((await a.get(['new'])).size, 0);
  // Deleting frees pages; a write that fits in them does not grow the file, so it runs.
  assert.equal(await a.write([], ['k0', 'k1']), 2);
  await a.write([['k9', big]], []);
  assert.equal(await a.databaseSize(), size, 'the file did not grow');
  // Inside a transaction the refusal undoes only the refused write (a savepoint).
  await a.begin();
  await a.exec("UPDATE notes SET body = 'three'", []);
  await assert.rejects(a.exec("INSERT INTO notes SELECT hex(randomblob(200000))", []), /coordination storage limit/);
  await a.commit();
  assert.deepEqual((await a.exec('SELECT body FROM notes', [])).rows, [['three']]);
  // An object with no database gets none past the limit: making one grows the storage.
  const fresh = await port.open(NS, id(9));
  await assert.rejects(fresh.exec('CREATE TABLE IF NOT EXISTS notes (body TEXT)', []), /coordination storage limit/);
  await assert.rejects(fresh.write([['k', bytes('v')]], []), /coordination storage limit/);
  assert.equal(await fresh.databaseSize(), 0);
});

test('the size recorded after each write is the database\'s own, through growth, overwrites, deletes, a checkpoint and a restore', async (t) => {
  const { root, open } = setup();
  const port = open();
  t.after(() => port.close());
  const object = await port.open(NS, id(7));
  const file = path.join(root, namespaceFolder(NS), `${id(7)}.sqlite`);
  // SQLite's own answer, from another connection: pages of the latest commit (the WAL included) times the page size.
  const actual = () => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
    } finally {
      db.close();
    }
  };
  const check = async (what: string) => {
    const size = actual();
    assert.equal(await port.usage(), size, `the index's size after ${what}`);
    assert.equal(await object.databaseSize(), size, `databaseSize() after ${what}`);
  };
  await object.write([['a', bytes('x')]], []);
  await check('the first write');
  const bookmark = await object.bookmark();
  const big = new Uint8Array(120_000).fill(7);
  for (let i = 0; i < 8; i++) await object.write([[`big-${i}`, big]], []);
  await check('growing writes');
  await object.write([['a', bytes('y')]], []);
  await check('an overwrite in place');
  await object.write([], ['big-0', 'big-1', 'big-2']);
  await check('deletes');
  // Past 4 MiB of WAL a commit folds the WAL into the file and truncates it: the next size comes from the file.
  for (let i = 0; i < 40; i++) await object.write([[`more-${i}`, big]], []);
  await check('a checkpoint');
  await object.write([['b', bytes('z')]], []);
  await check('the first write after a checkpoint');
  await object.restore(bookmark);
  await check('a restore');
  await object.write([['c', bytes('w')]], []);
  await check('a write after a restore');
  await object.exec('CREATE TABLE t (v BLOB)', []);
  await object.exec('INSERT INTO t VALUES (?)', [big]);
  await check('SQL writes');
});

test('each commit\'s point and size come from its own frame: after random writes, every point restores exactly and every size is SQLite\'s', async (t) => {
  const { root, clock, open } = setup();
  const port = open();
  t.after(() => port.close());
  const object = await port.open(NS, id(8));
  const file = path.join(root, namespaceFolder(NS), `${id(8)}.sqlite`);
  const actualSize = () => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
    } finally {
      db.close();
    }
  };
  const contents = async () => JSON.stringify((await object.list({})).map(([key, value]) => [key, text(value)]));
  // A seeded generator: the same run each time, and a failure names its step.
  let seed = 42;
  const random = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
  const points: { time: number; contents: string }[] = [];
  const large = new Uint8Array(120_000).fill(3);
  for (let step = 0; step < 120; step++) {
    const key = `k${random(12)}`;
    const what = random(10);
    if (what < 5) await object.write([[key, bytes(`v${step}`)]], []); // one page: the frame read where the last commit ended
    else if (what === 5) await object.write([[key, new Uint8Array(9000).fill(step)], [`${key}b`, bytes('two')]], []); // several frames
    else if (what === 6) await object.write([], [`missing-${step}`, key]); // perhaps no frame at all
    else if (what === 7) await object.exec('CREATE TABLE IF NOT EXISTS t (v TEXT); INSERT INTO t VALUES (?)', [`row ${step}`]);
    else if (what === 8) {
      // A transaction rolled back after writing more than the page cache holds: its frames stay in the WAL past the commit's end.
      await object.begin();
      for (let i = 0; i < 24; i++) await object.write([[`spill-${i}`, large]], []);
      await object.rollback();
      await object.write([[key, bytes(`after rollback ${step}`)]], []);
    } else {
      await object.begin();
      await object.write([[key, bytes(`in tx ${step}`)]], []);
      await object.commit();
    }
    assert.equal(await port.usage(), actualSize(), `the recorded size after step ${step} (${what})`);
    points.push({ time: clock.now(), contents: await contents() });
    clock.advance(1000);
  }
  // Every commit's point was recorded as it committed (bookmarkAt finds it by time): each restores exactly its state.
  for (let i = 0; i < 12; i++) {
    const point = points[random(points.length)] as { time: number; contents: string };
    await object.restore(await object.bookmarkAt(point.time));
    assert.equal(await contents(), point.contents, `the state at ${point.time}`);
    assert.equal(await port.usage(), actualSize(), 'the recorded size after a restore');
    await object.write([['after', bytes(String(i))]], []);
    assert.equal(await port.usage(), actualSize(), 'the recorded size after a write after a restore');
    clock.advance(1000);
  }
});

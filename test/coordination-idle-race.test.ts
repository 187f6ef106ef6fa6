// Red team: the coordination store process's idle stop racing calls, and a transaction held open across it. An
// account's coordination store process stops after `idleMs` without calls, and the next call starts another once
// the old one has exited. Calls of several objects sent around the idle moment (key-value writes, SQL inserts,
// reads, several at once) must all be answered, every write kept once; a transaction open on one object keeps the
// process (a stop would roll it back), so what it wrote is committed whole after waits of many idle times; and an
// object's handle closed mid-transaction rolls it back without touching another object's. Ledge holds; the test
// guards it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serialize, deserialize } from 'node:v8';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { createProcessCoordinationStorage } from '../src/storage/process/index.js';
import { tempDir } from './helpers.js';

const IDLE_MS = 40;
const ID = (n: number) => n.toString(16).padStart(64, '0');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('coordination calls made just before, at and after the idle stop are all answered, every write kept exactly once', { timeout: 300_000 }, async (t) => {
  const storage = createProcessCoordinationStorage({ dir: tempDir('ledge-coord-idle-race-'), clock: SYSTEM_CLOCK, idleMs: IDLE_MS });
  t.after(() => storage.close());
  const objects = await Promise.all([1, 2, 3].map((n) => storage.open('ns', ID(n))));
  for (const object of objects) await object.exec('CREATE TABLE t (n INTEGER PRIMARY KEY)', []);
  const pids = new Set<number>();
  let n = 0;
  for (let round = 0; round < 24; round++) {
    // Waits of 0.5 to 1.5 times the idle time: some calls land on the running process, some on one told to stop.
    await sleep(IDLE_MS * (0.5 + (round % 12) / 11));
    const k = n + 1;
    const calls = objects.flatMap((object) => [
      object.write([[`k${k}`, serialize(k)]], []),
      object.exec('INSERT INTO t VALUES (?)', [k]),
    ]);
    const reads = objects.map((object) => object.exec('SELECT count(*) AS c FROM t', []));
    await Promise.all(calls);
    n = k;
    for (const read of reads) assert.ok(Number((await read).rows[0]?.[0]) >= n - 1, `round ${round}: the read saw every earlier insert`);
    if (storage.pid) pids.add(storage.pid);
  }
  for (const object of objects) {
    assert.deepEqual((await object.exec('SELECT count(*), min(n), max(n) FROM t', [])).rows, [[n, 1, n]], 'every insert kept exactly once');
    const pairs = await object.list({});
    assert.equal(pairs.length, n, 'every key-value write kept');
    assert.deepEqual(pairs.map(([, bytes]) => deserialize(bytes) as number).sort((a, b) => a - b), Array.from({ length: n }, (_, i) => i + 1));
  }
  t.diagnostic(`${pids.size} store processes served the ${n * 6} writes`);
  assert.ok(pids.size > 1, 'the idle stop happened between calls');
});

test('a transaction open across many idle times keeps the process and commits whole; closing a handle mid-transaction rolls back only its own', { timeout: 120_000 }, async (t) => {
  const storage = createProcessCoordinationStorage({ dir: tempDir('ledge-coord-idle-txn-'), clock: SYSTEM_CLOCK, idleMs: IDLE_MS });
  t.after(() => storage.close());
  const held = await storage.open('ns', ID(10));
  const other = await storage.open('ns', ID(11));
  await held.exec('CREATE TABLE t (v TEXT)', []);
  await other.exec('CREATE TABLE t (v TEXT)', []);
  const pid = storage.pid;
  await held.begin();
  await held.exec("INSERT INTO t VALUES ('before the waits')", []);
  for (let i = 0; i < 5; i++) {
    await sleep(IDLE_MS * 3);
    assert.equal(storage.pid, pid, `wait ${i}: the process was not stopped while a transaction was open`);
  }
  await held.exec("INSERT INTO t VALUES ('after the waits')", []);
  await held.commit();
  assert.deepEqual((await held.exec('SELECT v FROM t ORDER BY rowid', [])).rows, [['before the waits'], ['after the waits']]);

  // One object's transaction left open by a handle that closes (an instance dropped) is rolled back; the other's commits.
  await held.begin();
  await other.begin();
  await held.exec("INSERT INTO t VALUES ('never kept')", []);
  await other.exec("INSERT INTO t VALUES ('kept')", []);
  await held.close();
  await other.commit();
  const reopened = await storage.open('ns', ID(10));
  assert.deepEqual((await reopened.exec('SELECT v FROM t ORDER BY rowid', [])).rows, [['before the waits'], ['after the waits']], 'the closed handle\'s transaction was rolled back');
  assert.deepEqual((await other.exec('SELECT v FROM t', [])).rows, [['kept']]);
  await sleep(IDLE_MS * 5);
  assert.notEqual(storage.pid, pid, 'with no transaction open, the idle stop happens');
  assert.deepEqual((await reopened.exec('SELECT count(*) FROM t', [])).rows, [[2]], 'a fresh process serves the object with its data');
});

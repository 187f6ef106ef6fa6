// The process-backed coordination storage: an object's statement past the time limit is stopped by killing the
// account's coordination store process (the host's timers keep firing meanwhile), a transaction open when its process
// ended is known lost (every call fails, nothing runs outside it, a rollback succeeds), the account's storage limit is
// read at each write, the process is not stopped for idleness while a transaction is open, and the index's reads
// (due alarms, usage) neither start the process nor wait behind a statement.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SYSTEM_CLOCK } from '../../platform/clock.js';
import { objectFile } from '../sqlite/coordination/paths.js';
import { tempDir } from '../../../test/helpers.js';
import { isStoreStopped } from '../ports.js';
import { createProcessCoordinationStorage } from './coordination-process-storage.js';

const NS = 'acct/app/Counter';
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const ENDLESS = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';
const bytes = (s: string) => new TextEncoder().encode(s);

test('an endless statement fails at the limit, a call of another object queued behind it fails clearly, the host is never held, the next call works', { timeout: 120_000 }, async (t) => {
  const storage = createProcessCoordinationStorage({ dir: tempDir('ledge-coord-process-'), clock: SYSTEM_CLOCK, timeLimitMs: 1000 });
  t.after(() => storage.close());
  const a = await storage.open(NS, A);
  const b = await storage.open(NS, B);
  await a.exec('CREATE TABLE t (n INTEGER)', []);
  await a.write([['k', bytes('v')]], []);
  const first = storage.pid;
  assert.ok(first);
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 50);
  const endless = a.exec(ENDLESS, []).then(() => assert.fail('the endless statement answered'), (err: Error) => err);
  const behind = b.write([['x', bytes('1')]], []).then(() => assert.fail('the queued write ran'), (err: Error) => err);
  // The index's reads are answered by the platform itself while the statement runs.
  assert.deepEqual(await storage.dueAlarms(Date.now(), 10), []);
  assert.ok(await storage.usage() > 0);
  const [stopped, queued] = await Promise.all([endless, behind]);
  clearInterval(ticker);
  assert.ok(ticks >= 5, `the host's timers fired while the statement ran (${ticks} ticks)`);
  assert.ok(isStoreStopped(stopped) && isStoreStopped(queued), 'both failures say the store stopped (the directory resets their instances)');
  assert.equal(stopped.message, 'the query ran longer than 1 s, the time limit of one storage call of a coordination object, and was stopped; nothing it did was kept (a transaction it was in was rolled back) and the object was reset');
  assert.match(queued.message, /another storage call of this account's coordination objects ran past the time limit.*Run it again\.$/);
  assert.deepEqual([...await b.get(['x'])], [], 'the queued write was not applied');
  assert.equal(new TextDecoder().decode((await a.get(['k'])).get('k')), 'v', 'the data is intact');
  assert.notEqual(storage.pid, first, 'a fresh process serves the next call');
});

test('a transaction open when its process was stopped is lost: its calls fail, nothing runs outside it, its rollback succeeds; a new one works', { timeout: 120_000 }, async (t) => {
  const storage = createProcessCoordinationStorage({ dir: tempDir('ledge-coord-process-'), clock: SYSTEM_CLOCK, timeLimitMs: 1000 });
  t.after(() => storage.close());
  const a = await storage.open(NS, A);
  const b = await storage.open(NS, B);
  await a.exec('CREATE TABLE t (n INTEGER)', []);
  await a.begin();
  await a.exec('INSERT INTO t VALUES (1)', []);
  await a.write([['in-txn', bytes('1')]], []);
  // Another object's endless statement takes the process (and a's open transaction) with it.
  await assert.rejects(b.exec(ENDLESS, []), /time limit/);
  await assert.rejects(a.exec('INSERT INTO t VALUES (2)', []), (err: Error) => isStoreStopped(err) && /transaction was rolled back/.test(err.message));
  await assert.rejects(a.commit(), /transaction was rolled back/);
  await a.rollback().catch(() => assert.fail('the caller ends its lost transaction without an error'));
  assert.deepEqual((await a.exec('SELECT count(*) FROM t', [])).rows, [[0]], 'nothing of the transaction was kept, and nothing ran outside it');
  assert.deepEqual([...await a.get(['in-txn'])], []);
  await assert.rejects(a.rollback(), /no transaction is open/);
  await a.begin();
  await a.exec('INSERT INTO t VALUES (3)', []);
  await a.commit();
  assert.deepEqual((await a.exec('SELECT n FROM t', [])).rows, [[3]]);
});

test('the storage limit is read at each write and its refusal worded by the caller; an idle process is kept while a transaction is open', { timeout: 120_000 }, async (t) => {
  let limit: number | undefined;
  const storage = createProcessCoordinationStorage({
    dir: tempDir('ledge-coord-process-'), clock: SYSTEM_CLOCK, idleMs: 300, maxBytes: () => limit,
    limitMessage: (max, used) => `over ${max} with ${used}`,
  });
  t.after(() => storage.close());
  const a = await storage.open(NS, A);
  await a.write([['first', new Uint8Array(10_000)]], []);
  limit = 1;
  await assert.rejects(a.write([['second', new Uint8Array(100_000)]], []), /^LedgeError: over 1 with \d+$/);
  limit = undefined;
  await a.write([['second', new Uint8Array(100_000)]], []);

  await a.begin();
  await a.write([['held', bytes('1')]], []);
  const pid = storage.pid;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.equal(storage.pid, pid, 'the process was not stopped while the transaction was open');
  await a.commit();
  assert.equal(new TextDecoder().decode((await a.get(['held'])).get('held')), '1');
  const started = Date.now();
  while (storage.pid !== undefined && Date.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(storage.pid, undefined, 'once it ended, the idle process stopped');
  assert.deepEqual([...(await a.get(['held', 'first'])).keys()], ['first', 'held'], 'and the next call starts another on the same data');
});

test('a store process killed from outside fails only the calls it had; every acknowledged write is there', { timeout: 120_000 }, async (t) => {
  const storage = createProcessCoordinationStorage({ dir: tempDir('ledge-coord-process-'), clock: SYSTEM_CLOCK });
  t.after(() => storage.close());
  const a = await storage.open(NS, A);
  await a.exec('CREATE TABLE acks (n INTEGER PRIMARY KEY)', []);
  const acknowledged: number[] = [];
  const failures: Error[] = [];
  const writes: Promise<void>[] = [];
  for (let n = 1; n <= 300; n++) {
    writes.push(a.exec('INSERT INTO acks VALUES (?)', [n]).then(() => { acknowledged.push(n); }, (err: Error) => { failures.push(err); }));
    if (n === 150) {
      await writes[100];
      process.kill(storage.pid as number, 'SIGKILL');
    }
  }
  await Promise.all(writes);
  assert.ok(failures.length > 0 && failures.every(isStoreStopped), 'the calls the process had failed as stopped');
  const present = new Set((await a.exec('SELECT n FROM acks', [])).rows.map((r) => r[0]));
  assert.deepEqual(acknowledged.filter((n) => !present.has(n)), [], 'every acknowledged write is there');
});

test('a damaged object database fails that object\'s calls with store_damaged (no path), tells the operator once with the file, and the others work', { timeout: 120_000 }, async (t) => {
  const dir = tempDir('ledge-coord-process-');
  const damaged: string[] = [];
  const storage = createProcessCoordinationStorage({ dir, clock: SYSTEM_CLOCK, onDamage: (err) => damaged.push(err.message) });
  t.after(() => storage.close());
  const a = await storage.open(NS, A);
  await a.write([['k', bytes('v')]], []);
  await storage.close();
  writeFileSync(objectFile(path.join(dir, 'coordination'), NS, A), 'this is not a database, it is garbage'.repeat(200));
  const again = createProcessCoordinationStorage({ dir, clock: SYSTEM_CLOCK, onDamage: (err) => damaged.push(err.message) });
  t.after(() => again.close());
  for (let i = 0; i < 2; i++) {
    await assert.rejects((await again.open(NS, A)).get(['k']), (err: Error & { code?: string }) => err.code === 'store_damaged' && !err.message.includes(dir));
  }
  assert.equal(damaged.length, 1, 'the operator is told once');
  assert.match(damaged[0] ?? '', /the coordination object a+ of acct\/app\/Counter .*\.sqlite is damaged/);
  const b = await again.open(NS, B);
  await b.write([['fine', bytes('yes')]], []);
  assert.equal(new TextDecoder().decode((await b.get(['fine'])).get('fine')), 'yes');
});

test('what a coordination store process answers is checked: answers of the wrong shape fail their calls clearly, never the host', { timeout: 60_000 }, async (t) => {
  const script = path.join(tempDir('ledge-coord-child-'), 'child.mjs');
  // Answers every call in order, with a value of the wrong shape for every method.
  writeFileSync(script, `import { serialize, deserialize } from 'node:v8';
const frame = (m) => { const b = serialize(m); const h = Buffer.alloc(4); h.writeUInt32BE(b.length); return Buffer.concat([h, b]); };
process.stdout.write(frame({ ready: true }));
let pending = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
    const call = deserialize(pending.subarray(4, 4 + pending.readUInt32BE(0)));
    pending = pending.subarray(4 + pending.readUInt32BE(0));
    process.stdout.write(frame({ id: call.id, ok: true, value: { columns: 'no', rows: [[1]], evil: true, length: 1e9 } }));
  }
});
`);
  const storage = createProcessCoordinationStorage({ dir: tempDir('ledge-coord-process-'), clock: SYSTEM_CLOCK, script });
  t.after(() => storage.close());
  const a = await storage.open(NS, A);
  await assert.rejects(a.exec('SELECT 1', []), /the coordination store process answered sql\.exec with something of the wrong shape/);
  await assert.rejects(a.get(['k']), /answered get with something of the wrong shape/);
  await assert.rejects(a.list({}), /answered list with something of the wrong shape/);
  await assert.rejects(a.write([['k', bytes('v')]], []), /answered write with something of the wrong shape/);
  await assert.rejects(a.bookmark(), /answered bookmark with something of the wrong shape/);
  await assert.rejects(storage.retryAlarm(NS, A, 1, null), /answered retryAlarm with something of the wrong shape/);
});

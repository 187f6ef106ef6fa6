// Point-in-time restore is exact: random sequences of data and schema changes, restored to random recorded points and back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createManualClock } from '../../platform/clock.js';
import { SqliteDatabase } from './sql-database.js';

/** A small deterministic PRNG, so a failure can be replayed from its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function dump(db: SqliteDatabase): Promise<string> {
  const [schema] = await db.query([{ sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name", params: [] }], 'rows');
  const lines = [JSON.stringify(schema?.results)];
  for (const [type, name] of (schema?.results ?? []) as [string, string][]) {
    if (type !== 'table') continue;
    const [rows] = await db.query([{ sql: `SELECT * FROM "${name}" ORDER BY rowid`, params: [] }], 'rows');
    lines.push(`${name}: ${JSON.stringify(rows?.results)}`);
  }
  return lines.join('\n');
}

for (const seed of [1, 2, 3]) {
  test(`restore to random points is exact across data and schema changes (seed ${seed})`, async () => {
    const random = rng(seed);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const clock = createManualClock(Date.UTC(2026, 10, 1));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'ledge-pitr-')), 'db.sqlite');
    const open = () => new SqliteDatabase(file, { clock, retentionDays: 30, checkpointBytes: 16 * 1024, baseEverySegments: 3 });
    let db = open();
    const tables = new Set<string>();
    const points: { bookmark: string; state: string }[] = [];
    let nextTable = 0;
    for (let step = 0; step < 160; step++) {
      clock.advance(1000 + Math.floor(random() * 5000));
      const roll = random();
      const sql: string[] = [];
      if (tables.size === 0 || roll < 0.08) {
        const name = `t${nextTable++}`;
        sql.push(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY, a TEXT, b INTEGER)`);
        tables.add(name);
      } else if (roll < 0.5) {
        const t = pick([...tables]);
        for (let i = 0; i < 1 + Math.floor(random() * 20); i++) sql.push(`INSERT INTO ${t} (a, b) VALUES ('${'x'.repeat(Math.floor(random() * 300))}', ${Math.floor(random() * 1000)})`);
      } else if (roll < 0.65) {
        sql.push(`UPDATE ${pick([...tables])} SET b = b + 1, a = a || 'u' WHERE b % 3 = ${Math.floor(random() * 3)}`);
      } else if (roll < 0.75) {
        sql.push(`DELETE FROM ${pick([...tables])} WHERE b % 5 = ${Math.floor(random() * 5)}`);
      } else if (roll < 0.82) {
        const t = pick([...tables]);
        sql.push(`ALTER TABLE ${t} ADD COLUMN c${step} TEXT DEFAULT 'd${step}'`);
      } else if (roll < 0.88) {
        const t = pick([...tables]);
        sql.push(`CREATE INDEX IF NOT EXISTS ${t}_b_${step} ON ${t} (b)`);
      } else if (roll < 0.91 && tables.size > 1) {
        const t = pick([...tables]);
        sql.push(`DROP TABLE ${t}`);
        tables.delete(t);
      } else if (roll < 0.95) {
        db.close();
        db = open();
      } else {
        sql.push(`CREATE VIEW IF NOT EXISTS v${step} AS SELECT count(*) AS n FROM ${pick([...tables])}`);
      }
      if (sql.length) await db.script(sql);
      if (random() < 0.4) points.push({ bookmark: await db.bookmark(), state: await dump(db) });
    }
    assert.ok(points.length > 40, 'enough recorded points');
    const latest = { bookmark: await db.bookmark(), state: await dump(db) };

    for (let round = 0; round < 12; round++) {
      clock.advance(1000);
      const target = pick(points);
      const before = await dump(db);
      const result = await db.restore(target.bookmark);
      assert.equal(result.bookmark, target.bookmark);
      assert.equal(await dump(db), target.state, `state after restoring ${target.bookmark} (round ${round})`);
      if (random() < 0.5) {
        db.close();
        db = open();
        assert.equal(await dump(db), target.state, 'the restored state survives reopening');
      }
      if (random() < 0.3) {
        // Writing after a restore starts new history; the old points stay restorable.
        await db.script([`CREATE TABLE after_${round} (x)`, `INSERT INTO after_${round} VALUES (${round})`]);
        points.push({ bookmark: await db.bookmark(), state: await dump(db) });
      }
      if (random() < 0.5) {
        clock.advance(1000);
        const back = await db.restore(result.previous_bookmark);
        assert.equal(back.bookmark, result.previous_bookmark);
        assert.equal(await dump(db), before, `undoing the restore of ${target.bookmark} brings back the state before it (round ${round})`);
      }
    }
    clock.advance(1000);
    await db.restore(latest.bookmark);
    assert.equal(await dump(db), latest.state, 'restoring forward to the latest point brings everything back');
    db.close();
  });
}

test('bookmarks sort in time order; times map to the last commit at or before them; retention is enforced', async () => {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ledge-pitr-')), 'db.sqlite');
  const db = new SqliteDatabase(file, { clock, retentionDays: 30 });
  await db.script(['CREATE TABLE t (x)']);
  const marks: { time: number; bookmark: string }[] = [];
  for (let i = 0; i < 5; i++) {
    clock.advance(60_000);
    await db.script([`INSERT INTO t VALUES (${i})`]);
    marks.push({ time: clock.now(), bookmark: await db.bookmark() });
  }
  assert.deepEqual([...marks.map((m) => m.bookmark)].sort(), marks.map((m) => m.bookmark));
  assert.equal(await db.bookmarkAt((marks[2] as { time: number }).time + 30_000), marks[2]?.bookmark);
  await assert.rejects(db.bookmarkAt(clock.now() + 60_000), /is in the future/);
  await assert.rejects(db.bookmarkAt(clock.now() - 31 * 24 * 3600 * 1000), /older than the retention period of 30 days/);
  await assert.rejects(db.restore('not-a-bookmark'), /is not a bookmark of this database/);
  clock.advance(31 * 24 * 3600 * 1000);
  await db.script(['INSERT INTO t VALUES (99)']);
  await assert.rejects(db.restore(marks[0]?.bookmark as string), /not a bookmark of this database|older than the retention period/);
  db.close();
});

test('a connection opened elsewhere follows a restore made by another connection; a write caught by it fails clearly', async () => {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ledge-pitr-')), 'db.sqlite');
  const server = new SqliteDatabase(file, { clock, retentionDays: 30 });
  await server.script(['CREATE TABLE t (x)', 'INSERT INTO t VALUES (1)']);
  const tool = new SqliteDatabase(file, { clock, retentionDays: 30 });
  const before = await tool.bookmark();
  clock.advance(1000);
  await server.script(['INSERT INTO t VALUES (2)']);
  clock.advance(1000);
  await tool.restore(before);
  // Before the file-change notification arrives, a write would land on the replaced file: it fails and keeps nothing.
  await assert.rejects(server.query([{ sql: 'INSERT INTO t VALUES (9)', params: [] }], 'objects'), /restored to an earlier point while this query ran; nothing it did was kept/);
  const [rows] = await server.query([{ sql: 'SELECT x FROM t ORDER BY x', params: [] }], 'rows');
  assert.deepEqual(rows?.results, [[1]], 'the other connection now sees the restored state');
  await tool.script(['INSERT INTO t VALUES (3)']);
  const second = await tool.bookmark();
  await server.script(['INSERT INTO t VALUES (4)']);
  clock.advance(1000);
  await tool.restore(second);
  // The notification of the replaced file arrives when the file watcher runs: on a loaded machine, later than 100 ms.
  let after: unknown;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    after = (await server.query([{ sql: 'SELECT x FROM t ORDER BY x', params: [] }], 'rows'))[0]?.results;
    if (JSON.stringify(after) === '[[1],[3]]') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.deepEqual(after, [[1], [3]], 'reads follow once the change notification arrives');
  tool.close();
  server.close();
});

test('commits by a long-lived connection stay restorable after another connection ends the segment', async () => {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ledge-pitr-')), 'db.sqlite');
  const server = new SqliteDatabase(file, { clock, retentionDays: 30 });
  await server.script(['CREATE TABLE w (x)']);
  clock.advance(1000);
  const tool = new SqliteDatabase(file, { clock, retentionDays: 30 });
  await tool.script(['INSERT INTO w VALUES (1)']);
  tool.close(); // archives the WAL and starts the next segment
  clock.advance(1000);
  await server.script(['INSERT INTO w VALUES (2)']);
  const mark = await server.bookmark();
  clock.advance(1000);
  await server.script(['INSERT INTO w VALUES (3)']);
  await server.restore(mark);
  const [rows] = await server.query([{ sql: 'SELECT x FROM w ORDER BY x', params: [] }], 'rows');
  assert.deepEqual(rows?.results, [[1], [2]]);
  server.close();
});

test('a new file is restorable from its first point: its first segment is the WAL from byte 0 (no checkpoint when it is made)', async () => {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ledge-pitr-')), 'db.sqlite');
  const open = () => new SqliteDatabase(file, { clock, retentionDays: 30 });
  let db = open();
  const first = { bookmark: await db.bookmark(), state: await dump(db) };
  const points: { bookmark: string; state: string }[] = [];
  for (let i = 0; i < 5; i++) {
    clock.advance(1000);
    await db.script([`CREATE TABLE IF NOT EXISTS t${i % 2} (x)`, `INSERT INTO t${i % 2} VALUES (${i})`]);
    points.push({ bookmark: await db.bookmark(), state: await dump(db) });
  }
  assert.equal(new Set(points.map((p) => p.state)).size, points.length, 'every point is a different state');
  for (const point of [...points].reverse()) {
    clock.advance(1000);
    await db.restore(point.bookmark);
    assert.equal(await dump(db), point.state, `state at ${point.bookmark}`);
  }
  clock.advance(1000);
  await db.restore(first.bookmark);
  assert.equal(await dump(db), first.state, 'the first point is the file as made');
  db.close();
  db = open();
  assert.equal(await dump(db), first.state, 'and it survives reopening');
  clock.advance(1000);
  const middle = points[3] as { bookmark: string; state: string };
  await db.restore(middle.bookmark);
  assert.equal(await dump(db), middle.state, 'a point of the first segment is still restorable after the restores');
  db.close();
});

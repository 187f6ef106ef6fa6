// The history beside a reader of an older snapshot (an operator's read-only query of a coordination object): the
// checkpoint does not wait for it, the segment goes on while it reads, the checkpoint is made once it is gone, and
// every point recorded meanwhile stays restorable (docs/bindings/sql.md, How it works).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createManualClock } from '../../platform/clock.js';
import { PitrDatabase } from './pitr-database.js';
import { sizeOf } from './pitr.js';

// The reader is on this thread, so a checkpoint that waited for it would sit out the 5 s busy timeout at each of some
// 26 commits: the timeout (60 s, well short of that) is what catches it.
test('a checkpoint skips a reader of an older snapshot, keeps its busy timeout, and every point stays restorable', { timeout: 60_000 }, (t) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ledge-pitr-reader-')), 'db.sqlite');
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const pitr = new PitrDatabase(file, { clock, retentionDays: 30, checkpointBytes: 64 * 1024 });
  t.after(() => pitr.close());
  const insert = () => {
    clock.advance(1000);
    pitr.db.prepare('INSERT INTO t (v) VALUES (?)').run('x'.repeat(10_000));
    pitr.afterCommit();
    return pitr.bookmark();
  };
  pitr.db.exec('CREATE TABLE t (v TEXT)');
  pitr.afterCommit();

  const reader = new Database(file, { readonly: true });
  reader.exec('BEGIN');
  assert.deepEqual(reader.prepare('SELECT count(*) AS n FROM t').get(), { n: 0 }, 'the reader holds its snapshot');
  const marks: string[] = [];
  for (let i = 0; i < 30; i++) marks.push(insert());
  assert.ok(sizeOf(`${file}-wal`) > 4 * 64 * 1024, 'the WAL went on past the checkpoint size: no checkpoint while the snapshot was held');
  assert.equal(pitr.db.pragma('busy_timeout', { simple: true }), 5000, 'the busy timeout is back after a skipped checkpoint');
  assert.deepEqual(reader.prepare('SELECT count(*) AS n FROM t').get(), { n: 0 }, 'the reader still sees its snapshot');
  reader.exec('COMMIT');
  reader.close();

  for (let i = 0; i < 10; i++) marks.push(insert());
  assert.ok(sizeOf(`${file}-wal`) < 4 * 64 * 1024, 'with the reader gone the next checkpoint ran');
  for (const [index, mark] of [[4, marks[4]], [29, marks[29]], [35, marks[35]]] as const) {
    pitr.restore(mark as string);
    assert.equal((pitr.db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n, index + 1, `restored to point ${index}`);
  }
});

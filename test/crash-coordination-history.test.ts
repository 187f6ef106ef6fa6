// A coordination object's history points are logged (one append per commit) and moved into its history index in
// batches (src/storage/sqlite/pitr-point-log.ts): every bookmark handed out before kill -9 of the process still
// restores exactly the writes made up to it, including those whose points were only in the log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { createSqliteCoordinationStorage } from '../src/storage/sqlite/coordination-storage.js';
import { runUntilKilled, tempDir } from './helpers.js';

const OBJECTS = 3;
const id = (n: number) => n.toString(16).padStart(64, '0');

/** The writer: one pair per write, round-robin over the objects; after each write, its object's bookmark is printed. */
const WRITER = `
import { writeSync } from 'node:fs';
import { SYSTEM_CLOCK } from ${JSON.stringify(path.resolve('src/platform/clock.ts'))};
import { createSqliteCoordinationStorage } from ${JSON.stringify(path.resolve('src/storage/sqlite/coordination-storage.ts'))};
const id = (n) => n.toString(16).padStart(64, '0');
const port = createSqliteCoordinationStorage(process.argv[1], { clock: SYSTEM_CLOCK });
const objects = [];
for (let n = 0; n < ${OBJECTS}; n++) objects.push(await port.open('crash/history', id(n)));
for (let i = 0; ; i++) {
  const object = objects[i % ${OBJECTS}];
  await object.write([['k' + i, new TextEncoder().encode('v' + i)]], []);
  writeSync(1, 'ack ' + i + ' ' + (await object.bookmark()) + '\\n');
}
`;

test('bookmarks handed out before kill -9 restore exactly the writes made up to them (points still in the log included)', async () => {
  const root = path.join(tempDir('ledge-crash-coord-history-'), 'coordination');
  const acked: { i: number; bookmark: string }[] = [];
  // Killed at a count that is not a multiple of the batch the log is moved in (256 points per object).
  await runUntilKilled(WRITER, [root], (line) => {
    const m = /^ack (\d+) (\S+)$/.exec(line);
    if (m) acked.push({ i: Number(m[1]), bookmark: m[2] as string });
    return m !== null;
  }, 700);
  assert.ok(acked.length >= 700);

  const port = createSqliteCoordinationStorage(root, { clock: SYSTEM_CLOCK });
  try {
    for (let n = 0; n < OBJECTS; n++) {
      const mine = acked.filter(({ i }) => i % OBJECTS === n);
      const object = await port.open('crash/history', id(n));
      // The newest first (its point was surely only in the log), then some older ones, then the newest again.
      const picks = [mine.length - 1, mine.length - 2, Math.floor(mine.length / 2), 0, mine.length - 1];
      for (const pick of picks) {
        const { i, bookmark } = mine[pick] as { i: number; bookmark: string };
        await object.restore(bookmark);
        const keys = (await object.list({})).map(([key]) => key).sort();
        const expected = mine.filter((w) => w.i <= i).map((w) => `k${w.i}`).sort();
        assert.deepEqual(keys, expected, `object ${n} restored to the bookmark of write ${i}`);
      }
    }
  } finally {
    port.close();
  }
});

// Acknowledged writes to coordination objects (key-value pairs, SQL rows, alarms) survive kill -9 of the process
// that acknowledged them; every object database opens cleanly and its history still restores.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { createSqliteCoordinationStorage } from '../src/storage/sqlite/coordination-storage.js';
import { runUntilKilled, tempDir } from './helpers.js';

const OBJECTS = 5;
const id = (n: number) => n.toString(16).padStart(64, '0');
/** Ten writes to one object, then the next: with two open handles for five objects, databases close and reopen all through the run. */
const objectOf = (i: number) => Math.floor(i / 10) % OBJECTS;

/** The writer: one process writing through the adapter, printing a line only after each write resolved. */
const WRITER = `
import { writeSync } from 'node:fs';
import { SYSTEM_CLOCK } from ${JSON.stringify(path.resolve('src/platform/clock.ts'))};
import { createSqliteCoordinationStorage } from ${JSON.stringify(path.resolve('src/storage/sqlite/coordination-storage.ts'))};
const id = (n) => n.toString(16).padStart(64, '0');
const port = createSqliteCoordinationStorage(process.argv[1], { clock: SYSTEM_CLOCK, maxOpen: 2 });
for (let n = 0; n < ${OBJECTS}; n++) await (await port.open('crash/ns', id(n))).exec('CREATE TABLE IF NOT EXISTS acks (i INTEGER PRIMARY KEY, payload TEXT)', []);
writeSync(1, 'ready\\n');
for (let i = 0; ; i++) {
  const object = await port.open('crash/ns', id(Math.floor(i / 10) % ${OBJECTS}));
  await object.write([['k' + i, new TextEncoder().encode('v' + i + 'x'.repeat(3000))]], []);
  await object.exec('INSERT INTO acks (i, payload) VALUES (?, ?)', [i, 'p'.repeat(2000)]);
  await object.setAlarm(1_000_000 + i);
  writeSync(1, 'ack ' + i + '\\n');
}
`;

test('every acknowledged coordination write is present after SIGKILL, and the history still restores', async () => {
  const root = path.join(tempDir('ledge-crash-coord-'), 'coordination');
  const acked: number[] = [];
  // Killed in the middle of the run, while writes are in flight.
  await runUntilKilled(WRITER, [root], (line) => {
    const m = /^ack (\d+)$/.exec(line);
    if (m) acked.push(Number(m[1]));
    return m !== null;
  }, 400);
  assert.ok(acked.length >= 400);

  for (const folder of readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    for (const file of readdirSync(path.join(root, folder.name)).filter((f) => f.endsWith('.sqlite'))) {
      const raw = new Database(path.join(root, folder.name, file), { readonly: true });
      assert.equal(raw.pragma('integrity_check', { simple: true }), 'ok', file);
      raw.close();
    }
  }
  const port = createSqliteCoordinationStorage(root, { clock: SYSTEM_CLOCK });
  try {
    const missing: string[] = [];
    for (let n = 0; n < OBJECTS; n++) {
      const object = await port.open('crash/ns', id(n));
      const keys = new Set((await object.list({})).map(([key]) => key));
      const rows = new Set((await object.exec('SELECT i FROM acks', [])).rows.map(([i]) => i));
      for (const i of acked.filter((i) => objectOf(i) === n)) {
        if (!keys.has(`k${i}`)) missing.push(`pair k${i}`);
        if (!rows.has(i)) missing.push(`row ${i}`);
      }
      const last = Math.max(...acked.filter((i) => objectOf(i) === n));
      const alarm = await object.getAlarm();
      if (alarm === null || alarm < 1_000_000 + last) missing.push(`alarm of object ${n} (${alarm}, acknowledged ${1_000_000 + last})`);
    }
    assert.deepEqual(missing, [], `${missing.length} acknowledged writes lost of ${acked.length}`);

    const object = await port.open('crash/ns', id(0));
    const before = await object.bookmark();
    const count = (await object.exec('SELECT count(*) FROM acks', [])).rows[0]?.[0];
    await object.exec('DELETE FROM acks', []);
    await object.write([], [...(await object.list({})).map(([key]) => key)]);
    await object.restore(before);
    assert.deepEqual((await object.exec('SELECT count(*) FROM acks', [])).rows, [[count]], 'the history recorded before the crash restores');
    assert.ok((await object.list({})).length >= acked.filter((i) => objectOf(i) === 0).length);
  } finally {
    port.close();
  }
});

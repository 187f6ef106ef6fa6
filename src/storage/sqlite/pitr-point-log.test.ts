import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PointLog } from './pitr-point-log.js';

const point = (seq: number) => ({ seq, time: 1_700_000_000_000 + seq, segment: 1 + (seq >> 2), offset: 4152 * seq });

test('logged points read back in order; clear empties the log', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ledge-point-log-')), 'points.log');
  const log = new PointLog(file);
  for (let seq = 7; seq < 12; seq++) log.append(point(seq));
  assert.deepEqual(new PointLog(file).read(), [7, 8, 9, 10, 11].map(point));
  log.clear();
  assert.deepEqual(log.read(), []);
  log.append(point(12));
  assert.deepEqual(log.read(), [point(12)], 'appends go to the emptied log');
  log.close();
});

test('a torn, zeroed or out-of-order tail ends the log: nothing after it counts', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-point-log-'));
  const cases: [string, (file: string) => void][] = [
    ['a record cut short', (file) => appendFileSync(file, Buffer.alloc(10, 1))],
    ['a zeroed record (power loss)', (file) => appendFileSync(file, Buffer.alloc(32))],
    ['a record that is not the next point', (file) => { const log = new PointLog(file); log.append(point(9)); log.append(point(4)); log.close(); }],
    ['a record of garbage', (file) => appendFileSync(file, Buffer.alloc(32, 0xff))],
  ];
  for (const [name, damage] of cases) {
    const file = path.join(dir, `${name.replace(/\W+/g, '-')}.log`);
    const log = new PointLog(file);
    for (let seq = 1; seq <= 3; seq++) log.append(point(seq));
    log.close();
    damage(file);
    assert.deepEqual(new PointLog(file).read().map((p) => p.seq), [1, 2, 3], name);
  }
});

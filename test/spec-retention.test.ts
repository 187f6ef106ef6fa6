// SPEC, Limits: "Database point-in-time restore retention, Paid: 30 days". A point written just inside the 30 days
// can be found and restored to; the same point once it is past 30 days is refused naming the retention, through
// the account API, on the platform's clock (a manual one: the test never waits).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestPlatform } from './serve-helpers.js';

const DAY = 86_400_000;
const MINUTE = 60_000;

test('a SQL database restores to a time 30 days less a minute ago; a minute past 30 days the same time is refused', async () => {
  const p = await startTestPlatform();
  try {
    const created = await p.call('POST', `/accounts/${p.accountId}/sql/databases`, { body: { name: 'ledger' } });
    assert.equal(created.status, 201, created.text);
    const db = `/accounts/${p.accountId}/sql/databases/${created.body.result.uuid}`;
    const query = async (sql: string) => {
      const answer = await p.call('POST', `${db}/query`, { body: { sql } });
      assert.equal(answer.status, 200, answer.text);
      return answer.body.result as { results: Record<string, unknown>[] }[];
    };
    await query('CREATE TABLE entries (amount INTEGER); INSERT INTO entries VALUES (1)');
    const written = p.clock.now();
    p.clock.advance(MINUTE);
    await query('INSERT INTO entries VALUES (2)');

    p.clock.advance(30 * DAY - 2 * MINUTE);
    const at = encodeURIComponent(new Date(written).toISOString());
    const inside = await p.call('GET', `${db}/time_travel/bookmark?timestamp=${at}`);
    assert.equal(inside.status, 200, inside.text);
    const restored = await p.call('POST', `${db}/time_travel/restore`, { body: { bookmark: inside.body.result.bookmark } });
    assert.equal(restored.status, 200, restored.text);
    assert.deepEqual((await query('SELECT amount FROM entries ORDER BY amount'))[0]?.results, [{ amount: 1 }], 'the restore undid the later write');

    p.clock.advance(2 * MINUTE);
    const outside = await p.call('GET', `${db}/time_travel/bookmark?timestamp=${at}`);
    assert.equal(outside.status, 400, outside.text);
    assert.equal(outside.body.errors[0]?.source?.pointer, '/query/timestamp');
    assert.match(outside.body.errors[0]?.message ?? '', /older than the retention period of 30 days/);
    const late = await p.call('POST', `${db}/time_travel/restore`, { body: { bookmark: inside.body.result.bookmark } });
    assert.equal(late.status, 400, late.text);
    assert.equal(late.body.errors[0]?.source?.pointer, '/body/bookmark');
    assert.match(late.body.errors[0]?.message ?? '', /retention period of 30 days/);
  } finally {
    await p.close();
  }
});

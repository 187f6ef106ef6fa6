// Compatibility suite: a Hono app with a scheduled handler for four crons (one on the last weekday, LW) (test/compat/hono-cron, wrangler.jsonc),
// told apart by controller.cron as the original's docs write it, each doing its work through ctx.waitUntil, page
// views counted after the answer with c.executionCtx.waitUntil; an unknown cron fails with noRetry(). Crons fired by
// hand the way the original's local development fires them (`--test-scheduled` and /__scheduled, or
// /cdn-cgi/handler/scheduled) under ledge dev (both isolations); deployed to ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
interface Stats { totals: Record<string, number>; digest: string | null; report: string | null; monthEnd: string | null; runs: string[] }

async function until(get: Fetch, done: (s: Stats) => boolean, what: string): Promise<Stats> {
  let stats = json<Stats>(await get('/stats'));
  for (const end = Date.now() + 15_000; !done(stats) && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    stats = json<Stats>(await get('/stats'));
  }
  assert.ok(done(stats), `${what}: ${JSON.stringify(stats)}`);
  return stats;
}

/** Page views, then each cron fired at a time of its own (Monday 23 November 2026), as `fire` does it. */
async function exercise(get: Fetch, fire: (cron: string, time: string) => Promise<Answer>): Promise<void> {
  assert.match((await get('/')).body, /To test the scheduled handler/);
  for (const page of ['home', 'home', 'pricing', 'home']) assert.equal((await get(`/pages/${page}`)).body, `page ${page}`);

  const rollup = await fire('*/5 * * * *', '2026-11-23T08:25:00.000Z');
  assert.equal(rollup.status, 200, rollup.body);
  let stats = await until(get, (s) => s.runs.length === 1, 'the rollup ran');
  assert.deepEqual(stats.totals, { '/pages/home': 3, '/pages/pricing': 1 });
  assert.deepEqual(stats.runs, ['rollup 2026-11-23T08:25:00.000Z 4']);

  assert.equal((await fire('0 * * * *', '2026-11-23T09:00:00.000Z')).status, 200);
  stats = await until(get, (s) => s.runs.length === 2 && s.digest !== null, 'the digest ran');
  assert.equal(stats.digest, '2026-11-23T09:00:00.000Z: /pages/home leads with 3');

  assert.equal((await fire('30 8 * * 2-6', '2026-11-23T08:30:00.000Z')).status, 200);
  stats = await until(get, (s) => s.runs.length === 3 && s.report !== null, 'the report ran');
  assert.equal(stats.report, 'Monday report');
  assert.deepEqual(stats.runs, ['rollup 2026-11-23T08:25:00.000Z 4', 'digest 2026-11-23T09:00:00.000Z', 'report 2026-11-23T08:30:00.000Z']);

  // A second rollup finds nothing new; the totals stay.
  assert.equal((await fire('*/5 * * * *', '2026-11-23T08:30:00.000Z')).status, 200);
  stats = await until(get, (s) => s.runs.length === 4, 'the second rollup ran');
  assert.deepEqual(stats.totals, { '/pages/home': 3, '/pages/pricing': 1 });

  // The month-end close on the last weekday (the original's `LW`): Monday 30 November 2026.
  assert.equal((await fire('59 23 LW * *', '2026-11-30T23:59:00.000Z')).status, 200);
  stats = await until(get, (s) => s.monthEnd !== null, 'the month-end close ran');
  assert.equal(stats.monthEnd, 'November 2026 closed');
}

test('a Hono app with several crons and waitUntil runs unchanged under ledge dev and ledge serve', { timeout: 240_000 }, async (t) => {
  for (const isolation of ['thread', 'process'] as const) {
    // As the template's README says: `wrangler dev --test-scheduled` and `curl /__scheduled?cron=...` (here with the
    // thread isolation), or Miniflare's `/cdn-cgi/handler/scheduled`, which needs no flag (here with process).
    const [path, expected, args] = isolation === 'thread' ? ['/__scheduled', 'Ran scheduled event', ['--test-scheduled']] : ['/cdn-cgi/handler/scheduled', 'ok', []];
    await t.test(`${['ledge dev', ...args].join(' ')} (${isolation}): crons fired through ${path}`, async () => {
      const dir = copyApp('hono-cron');
      const output = await withDev(dir, async (url) => {
        const get: Fetch = (p, init) => call(`${url}${p}`, init);
        assert.match((await get('/')).body, new RegExp(`curl ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/__scheduled\\?cron=`));
        await exercise(get, async (cron, time) => {
          const answer = await get(`${path}?cron=${encodeURIComponent(cron)}&time=${Date.parse(time)}`);
          assert.equal(answer.body, expected);
          return answer;
        });
        // A cron the code has no job for: it throws after noRetry(), so it ran once.
        const unknown = await get(`/__ledge/scheduled?cron=${encodeURIComponent('1 2 3 4 5')}`);
        assert.equal(unknown.status, 500);
        assert.deepEqual({ ...json<{ outcome: string; attempts: number }>(unknown), scheduledTime: undefined, window: undefined, firingId: undefined }, { outcome: 'exception', cron: '1 2 3 4 5', attempts: 1, scheduledTime: undefined, window: undefined, firingId: undefined });
      }, { args: ['--isolation', isolation, ...args] });
      assert.match(output, /\[hono-cron\] rolled up 4 view\(s\) at 2026-11-23T08:25:00\.000Z/);
      assert.match(output, /no job for cron 1 2 3 4 5/);
    });
  }

  await t.test('ledge serve, after ledge deploy: the pages (its crons fire on their own times only)', async () => {
    const dir = copyApp('hono-cron');
    const platform = await startPlatform();
    try {
      editConfig(dir, 'wrangler.jsonc', '7a6b5c4d3e2f10a9b8c7d6e5f4a3b2c1', await platform.create('kv', 'STATS'));
      assert.match((await platform.ledge(['deploy'], { cwd: dir })).out, /deployed hono-cron: version/);
      const get: Fetch = (p, init) => platform.visit(hostOf('hono-cron'), p, init);
      for (const page of ['home', 'pricing']) assert.equal((await get(`/pages/${page}`)).body, `page ${page}`);
      assert.deepEqual(json(await get('/stats')), { totals: {}, digest: null, report: null, monthEnd: null, runs: [] });
    } finally {
      await platform.stop();
    }
  });
});

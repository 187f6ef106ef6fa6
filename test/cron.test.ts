// Cron triggers: UTC windows, stable identities, catch-up after downtime, retries, the manual trigger.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '../src/platform/clock.js';
import { createLogger, createMemorySink } from '../src/platform/logger.js';
import { createCronScheduler, firingId } from '../src/entry/cron/scheduler.js';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import type { ScheduledFiring } from '../src/runtime/protocol.js';
import { eventually, makeProject, startProject, tempDir } from './helpers.js';

const RECORDER = `export default {
  async scheduled(controller, env, ctx) {
    const seen = JSON.parse((await env.KV.get('seen')) ?? '[]');
    seen.push({ cron: controller.cron, scheduledTime: controller.scheduledTime, window: controller.window, frozen: Object.isFrozen(controller.window), firingId: controller.firingId, late: controller.late, type: controller.type });
    await env.KV.put('seen', JSON.stringify(seen));
  },
  async fetch(request, env) { return new Response((await env.KV.get('seen')) ?? '[]'); },
};`;

function project(triggers: Record<string, unknown>) {
  return makeProject({ 'src/index.js': RECORDER }, { triggers, kv_namespaces: [{ binding: 'KV', id: 'cron-kv' }] });
}

const seen = async (server: { request(r: Request): Promise<Response> }) => (await (await server.request(new Request('http://app.test/'))).json()) as { cron: string; scheduledTime: number; window: { start: number; end: number }; frozen: boolean; firingId: string; late: boolean; type: string }[];
/** A window `[start, end)` from two ISO times. */
const win = (start: string, end: string) => ({ start: Date.parse(start), end: Date.parse(end) });

test('windows fire in UTC with their logical time and a stable identity; missed windows catch up once, late', async () => {
  const clock = createManualClock(Date.parse('2026-11-22T10:02:00Z'));
  const dir = project({ crons: ['*/5 * * * *'] });
  const state = tempDir('ledge-cron-');
  let server = await startProject(dir, { clock, stateDir: state, cronTimers: false });
  await server.cron.tick();
  assert.deepEqual(await seen(server), [], 'windows before the first start are not missed windows');
  clock.set(Date.parse('2026-11-22T10:05:00.250Z'));
  await server.cron.tick();
  await server.cron.tick();
  assert.deepEqual(await seen(server), [{ cron: '*/5 * * * *', scheduledTime: Date.parse('2026-11-22T10:05:00Z'), window: win('2026-11-22T10:00:00Z', '2026-11-22T10:05:00Z'), frozen: true, firingId: 'test-app:*/5 * * * *:2026-11-22T10:05:00.000Z', late: false, type: 'scheduled' }]);
  await server.close();

  clock.set(Date.parse('2026-11-22T11:07:00Z')); // down for an hour: twelve windows missed
  server = await startProject(dir, { clock, stateDir: state, cronTimers: false });
  await server.cron.tick();
  const after = await seen(server);
  assert.equal(after.length, 2, 'the most recent missed window fires once');
  assert.deepEqual(after[1], { cron: '*/5 * * * *', scheduledTime: Date.parse('2026-11-22T11:05:00Z'), window: win('2026-11-22T11:00:00Z', '2026-11-22T11:05:00Z'), frozen: true, firingId: 'test-app:*/5 * * * *:2026-11-22T11:05:00.000Z', late: true, type: 'scheduled' });
  assert.match(server.logText(), /cron "\*\/5 \* \* \* \*" window 2026-11-22T11:05:00\.000Z \(late\): ok/);
  await server.close();
});

test('catch_up "none" skips missed windows', async () => {
  const clock = createManualClock(Date.parse('2026-11-22T10:02:00Z'));
  const dir = project({ crons: ['*/5 * * * *'], catch_up: 'none' });
  const state = tempDir('ledge-cron-');
  let server = await startProject(dir, { clock, stateDir: state, cronTimers: false });
  await server.cron.tick();
  await server.close();
  clock.set(Date.parse('2026-11-22T12:00:30Z'));
  server = await startProject(dir, { clock, stateDir: state, cronTimers: false });
  await server.cron.tick();
  assert.deepEqual(await seen(server), []);
  assert.match(server.logText(), /skipped missed windows up to 2026-11-22T12:00:00\.000Z \(catch_up: none\)/);
  await server.close();
});

test('a window that started but never finished (a crash) fires again after the restart under the same identity', async () => {
  const clock = createManualClock(Date.parse('2026-11-22T10:00:00Z'));
  const storage = openEmbeddedStorage(tempDir('ledge-cron-'), clock);
  const logger = createLogger(createMemorySink());
  const fired: ScheduledFiring[] = [];
  const first = createCronScheduler({ deployment: 'app', crons: ['0 * * * *'], catchUp: 'latest', clock, state: storage.cron, logger, timers: false,
    run: (firing) => { fired.push(firing); return new Promise(() => undefined); } }); // the process dies mid-run
  void first.tick();
  await new Promise((r) => setTimeout(r, 50));
  first.stop();
  clock.advance(30_000);
  const second = createCronScheduler({ deployment: 'app', crons: ['0 * * * *'], catchUp: 'latest', clock, state: storage.cron, logger, timers: false,
    run: async (firing) => { fired.push(firing); return { outcome: 'ok', noRetry: false }; } });
  await second.tick();
  await second.tick();
  assert.equal(fired.length, 2);
  assert.equal(fired[0]?.firingId, firingId('app', '0 * * * *', Date.parse('2026-11-22T10:00:00Z')));
  assert.equal(fired[1]?.firingId, fired[0]?.firingId, 'the re-fire is recognisably the same window');
  assert.deepEqual(fired[1]?.window, fired[0]?.window, 'and stands for the same logical window');
  assert.deepEqual(fired[0]?.window, win('2026-11-22T09:00:00Z', '2026-11-22T10:00:00Z'));
  assert.equal(fired[1]?.scheduledTime, fired[0]?.scheduledTime);
  assert.equal(fired[1]?.late, true);
  storage.close();
});

test('a throwing handler is retried up to three times unless it calls noRetry()', async () => {
  const clock = createManualClock(Date.parse('2026-11-22T10:00:00Z'));
  const storage = openEmbeddedStorage(tempDir('ledge-cron-'), clock);
  const logger = createLogger(createMemorySink());
  for (const [noRetry, attempts] of [[false, 3], [true, 1]] as const) {
    let runs = 0;
    const scheduler = createCronScheduler({ deployment: `app-${noRetry}`, crons: ['0 * * * *'], catchUp: 'latest', clock, state: storage.cron, logger, timers: false, retryDelayMs: 1,
      run: async () => { runs++; return { outcome: 'exception', noRetry, error: { name: 'Error', message: 'boom' } }; } });
    const [result] = await scheduler.tick();
    assert.equal(runs, attempts);
    assert.equal(result?.attempts, attempts);
  }
  storage.close();
});

test('the dev trigger endpoint fires scheduled() by hand and reports the outcome', async (t) => {
  const dir = project({ crons: ['0 9 * * MON-FRI'] });
  const server = await startProject(dir, { cronTimers: false });
  t.after(() => server.close());
  const res = await server.request(new Request('http://app.test/__ledge/scheduled?cron=*/15+*+*+*+*&time=2026-11-23T08:15:00Z'));
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { outcome: 'ok', cron: '*/15 * * * *', scheduledTime: Date.parse('2026-11-23T08:15:00Z'), window: win('2026-11-23T08:00:00Z', '2026-11-23T08:15:00Z'), firingId: 'test-app:*/15 * * * *:2026-11-23T08:15:00.000Z', attempts: 1 });
  assert.equal((await seen(server))[0]?.cron, '*/15 * * * *');
  const bad = await server.request(new Request('http://app.test/__ledge/scheduled?cron=61+*+*+*+*'));
  assert.equal(bad.status, 400);
  assert.match(((await bad.json()) as { message: string }).message, /not a valid cron expression/);
});

test('a 09:00 Europe/Berlin weekday rule built on UTC triggers fires at 07:00 UTC in summer and 08:00 UTC in winter', async (t) => {
  const dir = makeProject({
    'src/index.js': `import { berlinNineOClock } from './berlin.js';
export default {
  async scheduled(controller, env) {
    if (!berlinNineOClock(controller.scheduledTime)) return;
    const runs = JSON.parse((await env.KV.get('runs')) ?? '[]');
    runs.push(new Date(controller.scheduledTime).toISOString());
    await env.KV.put('runs', JSON.stringify(runs));
  },
  async fetch(request, env) { return new Response((await env.KV.get('runs')) ?? '[]'); },
};`,
    'src/berlin.js': `// Task definition: "weekdays at 09:00 in Europe/Berlin", daylight saving included. The triggers fire at
// 07:00 and 08:00 UTC (09:00 Berlin in summer and in winter); the handler acts only on the one that is 09:00 local.
export function berlinNineOClock(scheduledTime) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hour12: false }).formatToParts(new Date(scheduledTime));
  return parts.find((p) => p.type === 'hour')?.value === '09';
}`,
  }, { triggers: { crons: ['0 7 * * MON-FRI', '0 8 * * MON-FRI'] }, kv_namespaces: [{ binding: 'KV', id: 'berlin' }] });
  const server = await startProject(dir, { cronTimers: false });
  t.after(() => server.close());
  // Friday before and Monday after the switch to winter time (2026-10-25).
  for (const time of ['2026-10-23T07:00:00Z', '2026-10-23T08:00:00Z', '2026-10-26T07:00:00Z', '2026-10-26T08:00:00Z']) {
    await server.cron.trigger(time.endsWith('T07:00:00Z') ? '0 7 * * MON-FRI' : '0 8 * * MON-FRI', Date.parse(time));
  }
  assert.deepEqual(await (await server.request(new Request('http://app.test/'))).json(), ['2026-10-23T07:00:00.000Z', '2026-10-26T08:00:00.000Z']);
});

test('cron expressions are validated with the configuration', async () => {
  const bad = makeProject({ 'src/index.js': 'export default {}' }, { triggers: { crons: ['*/5 * * * *', '* * * *', '0 25 * * *'] } });
  await assert.rejects(startProject(bad), (err: Error) => {
    assert.match(err.message, /triggers\.crons\[1\]: "\* \* \* \*" has 4 field\(s\); expected five/);
    assert.match(err.message, /triggers\.crons\[2\]: "0 25 \* \* \*" is not a valid cron expression/);
    return true;
  });
});

test('ledge cron trigger fires a running ledge dev and explains a missing one', async (t) => {
  const { runCli, startDev } = await import('./cli.js');
  const dir = project({ crons: ['0 9 * * MON-FRI'] });
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const proc = runCli(['cron', 'trigger', '--url', dev.url, '--time', '2026-11-23T09:00:00Z']);
  assert.equal(await proc.exited, 0);
  assert.equal(proc.output(), 'test-app:0 9 * * MON-FRI:2026-11-23T09:00:00.000Z [2026-11-20T09:00:00.000Z, 2026-11-23T09:00:00.000Z): ok\n');
  assert.match(await (await fetch(dev.url)).text(), /"firingId":"test-app:0 9 \* \* MON-FRI:2026-11-23T09:00:00.000Z"/);
  const missing = runCli(['cron', 'trigger', '--url', 'http://127.0.0.1:9']);
  assert.equal(await missing.exited, 1);
  assert.match(missing.output(), /no ledge dev answers at http:\/\/127\.0\.0\.1:9/);
});

test('windows are computed in UTC whatever the process time zone', async () => {
  const { previousWindow } = await import('../src/config/cron-expression.js');
  const saved = process.env.TZ;
  try {
    for (const tz of ['Asia/Kolkata', 'America/New_York', 'Europe/Berlin']) {
      process.env.TZ = tz;
      assert.equal(new Date(previousWindow('0 9 * * *', Date.parse('2026-11-22T09:30:00Z'))).toISOString(), '2026-11-22T09:00:00.000Z', tz);
      assert.equal(new Date(previousWindow('30 2 * * *', Date.parse('2026-03-29T03:00:00Z'))).toISOString(), '2026-03-29T02:30:00.000Z', `${tz} across a daylight-saving night`);
    }
  } finally {
    if (saved === undefined) delete process.env.TZ; else process.env.TZ = saved;
  }
});

test('a slow handler holds back no other cron; a window cut off by shutdown fires again after the restart', async () => {
  const clock = createManualClock(Date.parse('2026-11-22T10:59:00Z'));
  const storage = openEmbeddedStorage(tempDir('ledge-cron-'), clock);
  const logger = createLogger(createMemorySink());
  const fired: string[] = [];
  let releaseHourly: () => void = () => undefined;
  const scheduler = createCronScheduler({ deployment: 'app', crons: ['0 * * * *', '* * * * *'], catchUp: 'latest', clock, state: storage.cron, logger, timers: false,
    run: (firing) => {
      fired.push(`${firing.cron}@${new Date(firing.scheduledTime).toISOString().slice(11, 16)}`);
      if (firing.cron === '0 * * * *') return new Promise((resolve) => { releaseHourly = () => resolve({ outcome: 'ok', noRetry: false }); });
      return Promise.resolve({ outcome: 'ok', noRetry: false });
    } });
  await scheduler.tick();
  clock.set(Date.parse('2026-11-22T11:00:00Z'));
  void scheduler.tick(); // the hourly handler starts and does not finish
  await new Promise((r) => setTimeout(r, 20));
  clock.set(Date.parse('2026-11-22T11:01:00Z'));
  await Promise.race([scheduler.tick(), new Promise((r) => setTimeout(r, 200))]);
  assert.ok(fired.includes('* * * * *@11:01'), `the minute cron fired while the hourly one ran: ${fired.join(', ')}`);
  releaseHourly();
  await new Promise((r) => setTimeout(r, 20));

  // Shutdown while a window runs: it stays started and fires again, same identity, after the restart.
  const cut: ScheduledFiring[] = [];
  const dying = createCronScheduler({ deployment: 'cut', crons: ['0 * * * *'], catchUp: 'latest', clock, state: storage.cron, logger, timers: false, retryDelayMs: 1,
    run: (firing) => { cut.push(firing); return new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the isolate has stopped')), 30)); } });
  clock.set(Date.parse('2026-11-22T12:00:30Z'));
  await dying.tick(); // first sight: records 12:00 without firing it
  clock.set(Date.parse('2026-11-22T13:00:00Z'));
  const running = dying.tick();
  await new Promise((r) => setTimeout(r, 5));
  dying.stop();
  await running;
  const restarted = createCronScheduler({ deployment: 'cut', crons: ['0 * * * *'], catchUp: 'latest', clock, state: storage.cron, logger, timers: false,
    run: async (firing) => { cut.push(firing); return { outcome: 'ok', noRetry: false }; } });
  await restarted.tick();
  assert.equal(cut.at(-1)?.firingId, cut[0]?.firingId);
  assert.equal(cut.at(-1)?.late, true);
  storage.close();
});

test('weekdays are numbered as on the edge: 1 = Sunday ... 7 = Saturday; names, ranges, L and # follow', async () => {
  const { cronProblem, nextWindow, previousWindow } = await import('../src/config/cron-expression.js');
  const iso = (t: number) => new Date(t).toISOString();
  const monday = Date.parse('2026-11-23T00:00:00Z');
  assert.equal(iso(previousWindow('0 17 * * 1', monday)), '2026-11-22T17:00:00.000Z', '1 is Sunday (2026-11-22)');
  assert.equal(previousWindow('0 17 * * 1', monday), previousWindow('0 17 * * sun', monday), '"0 17 * * sun" = "0 17 * * 1"');
  assert.equal(iso(nextWindow('0 17 * * 2-6', Date.parse('2026-11-21T18:00:00Z'))), '2026-11-23T17:00:00.000Z', 'mon-fri is 2-6');
  assert.equal(nextWindow('0 17 * * 2-6', monday + 18 * 3600_000), nextWindow('0 17 * * MON-FRI', monday + 18 * 3600_000));
  assert.equal(iso(nextWindow('0 0 * * 7', monday)), '2026-11-28T00:00:00.000Z', '7 is Saturday');
  assert.equal(iso(previousWindow('0 0 * * 6L', Date.parse('2026-12-01T00:00:00Z'))), '2026-11-27T00:00:00.000Z', '6L is the last Friday');
  assert.equal(iso(previousWindow('0 0 * * 6#3', monday)), '2026-11-20T00:00:00.000Z', '6#3 is the third Friday');
  assert.equal(iso(nextWindow('0 0 * * 1,4', monday)), '2026-11-25T00:00:00.000Z', '1,4 is Sunday and Wednesday');
  assert.equal(iso(nextWindow('0 0 * * */2', monday)), '2026-11-24T00:00:00.000Z', 'a step is not a weekday number');
  assert.match(cronProblem('0 0 * * 0') ?? '', /day of week 0 is outside 1-7 \(1 = Sunday/);
  assert.equal(cronProblem('0 0 * * 1-7'), undefined);
});

test('across both daylight-saving nights of a local time zone, an hourly cron fires once per UTC hour with distinct identities', async () => {
  const saved = process.env.TZ;
  process.env.TZ = 'Europe/Berlin';
  try {
    for (const [from, hours] of [['2026-03-28T23:00:00Z', 4], ['2026-10-24T23:00:00Z', 4]] as const) {
      const clock = createManualClock(Date.parse(from) - 30 * 60_000);
      const storage = openEmbeddedStorage(tempDir('ledge-cron-'), clock);
      const fired: ScheduledFiring[] = [];
      const scheduler = createCronScheduler({ deployment: 'dst', crons: ['0 * * * *'], catchUp: 'latest', clock, state: storage.cron, logger: createLogger(createMemorySink()), timers: false,
        run: async (firing) => { fired.push(firing); return { outcome: 'ok', noRetry: false }; } });
      for (let step = 0; step <= hours * 4 + 2; step++) { // every 15 minutes through the night
        await scheduler.tick();
        clock.advance(15 * 60_000);
      }
      scheduler.stop();
      storage.close();
      const expected = Array.from({ length: hours + 1 }, (_, i) => new Date(Date.parse(from) + i * 3600_000).toISOString());
      assert.deepEqual(fired.map((f) => new Date(f.scheduledTime).toISOString()), expected, `hourly windows from ${from}`);
      assert.equal(new Set(fired.map((f) => f.firingId)).size, fired.length, 'every window has its own identity');
      assert.ok(fired.every((f) => !f.late));
    }
  } finally {
    if (saved === undefined) delete process.env.TZ; else process.env.TZ = saved;
  }
});

test('a firing\'s window runs from the cron\'s previous time to its own, in UTC, whatever the process time zone', async () => {
  const { cronWindow } = await import('../src/config/cron-expression.js');
  const saved = process.env.TZ;
  try {
    for (const tz of ['UTC', 'Europe/Berlin', 'Pacific/Auckland']) {
      process.env.TZ = tz;
      // Weekdays only: Monday's window reaches back over the weekend to Friday.
      assert.deepEqual(cronWindow('0 7 * * MON-FRI', Date.parse('2026-10-26T07:00:00Z')), win('2026-10-23T07:00:00Z', '2026-10-26T07:00:00Z'), tz);
      assert.deepEqual(cronWindow('0 0 * * *', Date.parse('2026-03-29T00:00:00Z')), win('2026-03-28T00:00:00Z', '2026-03-29T00:00:00Z'), `${tz}: a whole UTC day across Berlin's switch`);
      // Edge weekday numbering (6 = Friday) and `L`: the last Friday of the month.
      assert.deepEqual(cronWindow('0 12 * * 6L', Date.parse('2026-11-27T12:00:00Z')), win('2026-10-30T12:00:00Z', '2026-11-27T12:00:00Z'), tz);
      // A manual firing between two cron times stands for the stretch since the cron's previous time.
      assert.deepEqual(cronWindow('0 * * * *', Date.parse('2026-11-22T10:20:00Z')), win('2026-11-22T10:00:00Z', '2026-11-22T10:20:00Z'), tz);
    }
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
});

test('examples/berlin-report names its report by the window the firing carries', async (t) => {
  const { fileURLToPath } = await import('node:url');
  const dir = fileURLToPath(new URL('../examples/berlin-report', import.meta.url));
  const server = await startProject(dir, { cronTimers: false, stateDir: tempDir('ledge-berlin-') });
  t.after(() => server.close());
  await server.cron.trigger('0 7 * * MON-FRI', Date.parse('2026-10-26T07:00:00Z')); // 08:00 in Berlin: no report
  await server.cron.trigger('0 8 * * MON-FRI', Date.parse('2026-10-26T08:00:00Z'));
  await eventually(() => /daily report/.test(server.logText()), 5000, 'the report line');
  const lines = server.logText().split('\n').filter((line) => line.includes('daily report'));
  assert.deepEqual(lines, ['info [berlin-report] daily report report:2026-10-26 for [2026-10-23T08:00:00.000Z, 2026-10-26T08:00:00.000Z) (firing berlin-report:0 8 * * MON-FRI:2026-10-26T08:00:00.000Z)']);
});

test('the original\'s local trigger paths fire a scheduled event: /cdn-cgi/handler/scheduled always, /__scheduled with --test-scheduled only', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default {
  async scheduled(controller, env) {
    if (controller.cron === '0 0 * * *') throw new Error('the nightly job failed');
    const seen = JSON.parse((await env.KV.get('seen')) ?? '[]');
    seen.push({ cron: controller.cron, scheduledTime: controller.scheduledTime });
    await env.KV.put('seen', JSON.stringify(seen));
  },
  async fetch(request, env) { return new Response(new URL(request.url).pathname === '/__scheduled' ? 'the app\\'s own /__scheduled' : (await env.KV.get('seen')) ?? '[]'); },
};`,
  }, { triggers: { crons: ['*/5 * * * *', '0 0 * * *'] }, kv_namespaces: [{ binding: 'KV', id: 'cron-kv' }] });
  const plain = await startProject(dir, { cronTimers: false, stateDir: tempDir('ledge-cron-paths-') });
  t.after(() => plain.close());
  const fire = async (server: typeof plain, path: string) => { const res = await server.request(new Request(`http://app.test${path}`)); return { status: res.status, text: await res.text() }; };
  // Miniflare's answer: the outcome as text, with the time given in epoch milliseconds.
  assert.deepEqual(await fire(plain, `/cdn-cgi/handler/scheduled?cron=*/5+*+*+*+*&time=${Date.parse('2026-11-23T08:15:00Z')}`), { status: 200, text: 'ok' });
  assert.deepEqual(await fire(plain, '/cdn-cgi/mf/scheduled?cron=*/5+*+*+*+*&time=2026-11-23T08:20:00Z'), { status: 200, text: 'ok' });
  assert.deepEqual(await fire(plain, '/cdn-cgi/handler/scheduled?cron=0+0+*+*+*'), { status: 500, text: 'exception' });
  const bad = await fire(plain, '/cdn-cgi/handler/scheduled?cron=61+*+*+*+*');
  assert.equal(bad.status, 400);
  assert.match(bad.text, /"61 \* \* \* \*" is not a valid cron expression/);
  assert.equal((await fire(plain, '/cdn-cgi/handler/scheduled?time=yesterday')).status, 400);
  // Without the flag, /__scheduled is the application's path like any other.
  assert.deepEqual(await fire(plain, '/__scheduled?cron=*/5+*+*+*+*'), { status: 200, text: 'the app\'s own /__scheduled' });
  assert.deepEqual((await seen(plain)).map((s) => [s.cron, new Date(s.scheduledTime).toISOString()]), [['*/5 * * * *', '2026-11-23T08:15:00.000Z'], ['*/5 * * * *', '2026-11-23T08:20:00.000Z']]);

  const flagged = await startProject(dir, { cronTimers: false, stateDir: tempDir('ledge-cron-paths-'), testScheduled: true });
  t.after(() => flagged.close());
  assert.deepEqual(await fire(flagged, '/__scheduled?cron=*/5+*+*+*+*'), { status: 200, text: 'Ran scheduled event' });
  assert.deepEqual(await fire(flagged, '/__scheduled?cron=0+0+*+*+*'), { status: 500, text: 'exception' });
  assert.equal((await seen(flagged)).length, 1);
});

test('W in the day of month: the weekday nearest a day (15W) or the month\'s last weekday (LW), never in another month', async () => {
  const { cronProblem, nextWindow, previousWindow } = await import('../src/config/cron-expression.js');
  const { cronWindow } = await import('../src/config/cron-expression.js');
  const iso = (t: number) => new Date(t).toISOString();
  // The original's docs: "59 23 LW * *", 23:59 on the last weekday of the month.
  assert.equal(iso(nextWindow('59 23 LW * *', Date.parse('2026-11-26T00:00:00Z'))), '2026-11-30T23:59:00.000Z', 'Monday 30 November');
  assert.equal(iso(nextWindow('59 23 LW * *', Date.parse('2026-11-30T23:59:00Z'))), '2026-12-31T23:59:00.000Z', 'strictly after: Thursday 31 December');
  assert.equal(iso(previousWindow('59 23 LW * *', Date.parse('2026-11-30T23:59:00Z'))), '2026-11-30T23:59:00.000Z', 'at or before');
  assert.equal(iso(previousWindow('59 23 LW * *', Date.parse('2026-11-30T23:58:59Z'))), '2026-10-30T23:59:00.000Z', 'Saturday 31 October moves to Friday 30');
  assert.deepEqual(cronWindow('59 23 LW * *', Date.parse('2026-11-30T23:59:00Z')), { start: Date.parse('2026-10-30T23:59:00Z'), end: Date.parse('2026-11-30T23:59:00Z') });
  assert.equal(iso(nextWindow('0 9 15W * *', Date.parse('2026-11-01T00:00:00Z'))), '2026-11-16T09:00:00.000Z', 'Sunday the 15th moves to Monday');
  assert.equal(iso(nextWindow('0 9 1W * *', Date.parse('2026-07-31T00:00:00Z'))), '2026-08-03T09:00:00.000Z', 'Saturday the 1st moves to Monday the 3rd, not into July');
  assert.equal(iso(nextWindow('0 9 31W * *', Date.parse('2026-04-01T00:00:00Z'))), '2026-05-29T09:00:00.000Z', 'April has no 31st; Sunday 31 May moves back to Friday');
  assert.equal(iso(nextWindow('0 9 LW * *', Date.parse('2026-11-30T10:00:00Z'))), '2026-12-31T09:00:00.000Z', 'the day\'s window has passed');
  assert.equal(iso(nextWindow('*/5 * LW * *', Date.parse('2026-11-30T10:02:00Z'))), '2026-11-30T10:05:00.000Z');
  assert.equal(iso(previousWindow('*/5 * LW * *', Date.parse('2026-11-30T10:02:00Z'))), '2026-11-30T10:00:00.000Z');
  assert.equal(iso(nextWindow('0 0 LW FEB *', Date.parse('2026-03-01T00:00:00Z'))), '2027-02-26T00:00:00.000Z', 'the month field still applies');
  assert.equal(cronProblem('59 23 LW * *'), undefined);
  assert.equal(cronProblem('0 0 15w * ?'), undefined);
  assert.match(cronProblem('0 0 1-5W * *') ?? '', /W follows one day \(1-31\) or L, alone in the field/);
  assert.match(cronProblem('0 0 32W * *') ?? '', /W follows one day/);
  assert.match(cronProblem('0 0 15W * 2') ?? '', /the day of week must be \*/);
  assert.match(cronProblem('61 0 LW * *') ?? '', /is not a valid cron expression/);
});

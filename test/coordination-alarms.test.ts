// Alarms of coordination objects under ledge dev: one per object, alarm(info) with retries on the original's
// schedule, cleared after a successful run, and an alarm due while the platform was down fires once at start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '../src/platform/clock.js';
import { eventually, makeProject, startProject, tempDir } from './helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Clock extends DurableObject {
  async schedule(at, failures) {
    await this.ctx.storage.put('failures', failures);
    await this.ctx.storage.setAlarm(at);
    return this.ctx.storage.getAlarm();
  }
  async alarm(info) {
    const runs = (await this.ctx.storage.get('runs')) ?? [];
    runs.push(info);
    await this.ctx.storage.put('runs', runs);
    if (info.retryCount < ((await this.ctx.storage.get('failures')) ?? 0)) throw new Error('failing on purpose ' + info.retryCount);
  }
  async badAlarm() { await this.ctx.storage.setAlarm(0); }
  async state() { return { runs: (await this.ctx.storage.get('runs')) ?? [], alarm: await this.ctx.storage.getAlarm() }; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const stub = env.CLOCK.getByName(url.searchParams.get('name') ?? 'a');
    if (url.pathname === '/schedule') return Response.json(await stub.schedule(Number(url.searchParams.get('at')), Number(url.searchParams.get('failures') ?? 0)));
    if (url.pathname === '/bad') { try { await stub.badAlarm(); } catch (e) { return Response.json({ name: e.name, message: e.message }); } }
    return Response.json(await stub.state());
  },
};`;

const CONFIG = { durable_objects: { bindings: [{ name: 'CLOCK', class_name: 'Clock' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Clock'] }] };

interface State { runs: { isRetry: boolean; retryCount: number; scheduledTime: number }[]; alarm: number | null }

test('an alarm fires once when due with its info, is cleared after, and a failing handler is retried on the original schedule', { timeout: 120_000 }, async () => {
  const clock = createManualClock(Date.now());
  const server = await startProject(makeProject({ 'src/index.js': APP }, CONFIG), { stateDir: tempDir(), clock, runnerTimers: false });
  const get = async (path: string) => (await server.request(new Request(`http://x${path}`))).json();
  try {
    const at = clock.now() + 60_000;
    assert.equal(await get(`/schedule?at=${at}&failures=2`), at);
    assert.deepEqual(await get('/bad'), { name: 'TypeError', message: 'setAlarm() cannot be called with an alarm time <= 0' });
    assert.equal(await server.tickRunners('coordination'), 0, 'not due yet');
    clock.advance(60_000);
    assert.equal(await server.tickRunners('coordination'), 1);
    let state = await get('/state') as State;
    assert.deepEqual(state.runs, [{ isRetry: false, retryCount: 0, scheduledTime: at }]);
    // The first retry waits 2 s (plus up to 25 %), the second 4 s.
    assert.ok(state.alarm !== null && state.alarm >= clock.now() + 2000 && state.alarm <= clock.now() + 2500, `retry at ${String(state.alarm)}`);
    clock.advance(1900);
    assert.equal(await server.tickRunners('coordination'), 0);
    clock.advance(700);
    assert.equal(await server.tickRunners('coordination'), 1);
    clock.advance(5100);
    assert.equal(await server.tickRunners('coordination'), 1);
    state = await get('/state') as State;
    assert.deepEqual(state.runs.map((r) => [r.isRetry, r.retryCount, r.scheduledTime]), [[false, 0, at], [true, 1, at], [true, 2, at]]);
    assert.equal(state.alarm, null, 'cleared once the handler succeeded');
    clock.advance(60_000);
    assert.equal(await server.tickRunners('coordination'), 0, 'nothing fires twice');
    assert.match(server.logText(), /alarm of Clock [0-9a-f]{16}\.\.\. fired/);
  } finally {
    await server.close();
  }
});

test('an alarm that came due while ledge dev was down fires once at start', { timeout: 120_000 }, async () => {
  const stateDir = tempDir();
  const dir = makeProject({ 'src/index.js': APP }, CONFIG);
  let server = await startProject(dir, { stateDir, runnerTimers: false });
  const at = Date.now() + 1500;
  await server.request(new Request(`http://x/schedule?at=${at}&name=down`));
  await server.close();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  server = await startProject(dir, { stateDir });
  try {
    await eventually(() => /alarm of Clock [0-9a-f]{16}\.\.\. fired/.test(server.logText()), 30_000, 'the alarm to fire');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const state = await (await server.request(new Request('http://x/state?name=down'))).json() as State;
    assert.deepEqual(state.runs, [{ isRetry: false, retryCount: 0, scheduledTime: at }]);
    assert.equal(state.alarm, null);
    assert.equal(server.logText().match(/alarm of Clock .* fired/g)?.length, 1);
  } finally {
    await server.close();
  }
});

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
    if ((await this.ctx.storage.get('mode')) === 'give-up') { await this.ctx.storage.deleteAlarm(); throw new Error('giving up'); }
    if (info.retryCount < ((await this.ctx.storage.get('failures')) ?? 0)) throw new Error('failing on purpose ' + info.retryCount);
  }
  async badAlarm() { await this.ctx.storage.setAlarm(0); }
  async wipe() { await this.ctx.storage.deleteAll(); return this.ctx.storage.getAlarm(); }
  async setMode(mode) { await this.ctx.storage.put('mode', mode); }
  async state() { return { runs: (await this.ctx.storage.get('runs')) ?? [], alarm: await this.ctx.storage.getAlarm() }; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const stub = env.CLOCK.getByName(url.searchParams.get('name') ?? 'a');
    if (url.pathname === '/schedule') return Response.json(await stub.schedule(Number(url.searchParams.get('at')), Number(url.searchParams.get('failures') ?? 0)));
    if (url.pathname === '/wipe') return Response.json(await stub.wipe());
    if (url.pathname === '/mode') return Response.json(await stub.setMode(url.searchParams.get('mode')) ?? null);
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

test('deleteAll() keeps the alarm (the reference: it does not remove the alarm), and it still fires', { timeout: 120_000 }, async () => {
  const clock = createManualClock(Date.now());
  const server = await startProject(makeProject({ 'src/index.js': APP }, CONFIG), { stateDir: tempDir(), clock, runnerTimers: false });
  const get = async (path: string) => (await server.request(new Request(`http://x${path}`))).json();
  try {
    const at = clock.now() + 10_000;
    assert.equal(await get(`/schedule?at=${at}&name=w`), at);
    assert.equal(await get('/wipe?name=w'), at, 'getAlarm() right after deleteAll()');
    clock.advance(10_000);
    assert.equal(await server.tickRunners('coordination'), 1, 'the alarm fires after deleteAll');
    const state = await get('/state?name=w') as State;
    assert.deepEqual(state.runs, [{ isRetry: false, retryCount: 0, scheduledTime: at }]);
    assert.equal(state.alarm, null);
  } finally {
    await server.close();
  }
});

test('deleteAlarm() inside a failing alarm() prevents its retry', { timeout: 120_000 }, async () => {
  const clock = createManualClock(Date.now());
  const server = await startProject(makeProject({ 'src/index.js': APP }, CONFIG), { stateDir: tempDir(), clock, runnerTimers: false });
  const get = async (path: string) => (await server.request(new Request(`http://x${path}`))).json();
  try {
    const at = clock.now() + 1000;
    await get(`/schedule?at=${at}&failures=5&name=g`);
    await get('/mode?mode=give-up&name=g');
    clock.advance(1000);
    assert.equal(await server.tickRunners('coordination'), 1);
    const state = await get('/state?name=g') as State;
    assert.equal(state.runs.length, 1);
    assert.equal(state.alarm, null, 'no retry is scheduled');
    clock.advance(200_000);
    assert.equal(await server.tickRunners('coordination'), 0, 'and none fires');
    assert.doesNotMatch(server.logText(), /retry 1 of 6 follows/);
  } finally {
    await server.close();
  }
});

test('a retry after a restart continues the count (the count is stored with the alarm)', { timeout: 120_000 }, async () => {
  const clock = createManualClock(Date.now());
  const stateDir = tempDir();
  const dir = makeProject({ 'src/index.js': APP }, CONFIG);
  let server = await startProject(dir, { stateDir, clock, runnerTimers: false });
  const at = clock.now() + 1000;
  try {
    await server.request(new Request(`http://x/schedule?at=${at}&failures=3&name=r`));
    clock.advance(1000);
    assert.equal(await server.tickRunners('coordination'), 1);
    clock.advance(2600);
    assert.equal(await server.tickRunners('coordination'), 1, 'retry 1');
  } finally {
    await server.close();
  }
  server = await startProject(dir, { stateDir, clock, runnerTimers: false });
  try {
    clock.advance(5100);
    assert.equal(await server.tickRunners('coordination'), 1, 'retry 2, after the restart');
    clock.advance(10_100);
    assert.equal(await server.tickRunners('coordination'), 1, 'retry 3 succeeds');
    const state = await (await server.request(new Request('http://x/state?name=r'))).json() as State;
    assert.deepEqual(state.runs.map((r) => [r.isRetry, r.retryCount, r.scheduledTime]), [[false, 0, at], [true, 1, at], [true, 2, at], [true, 3, at]]);
    assert.equal(state.alarm, null);
  } finally {
    await server.close();
  }
});

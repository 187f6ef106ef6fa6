// An alarm's handler sees the object's name (`ctx.id.name`), as on the original since 2026-03: the name the
// instance that set the alarm was reached by is kept with the alarm, so an instance built for the alarm (after
// eviction, after a restart of the platform) has it. Libraries depend on it: the Agents SDK's scheduler finds
// its agent by `ctx.id.name` in alarm() and runs nothing without it (test/compat/agents-board.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createManualClock } from '../src/platform/clock.js';
import { createSqliteCoordinationStorage } from '../src/storage/sqlite/coordination-storage.js';
import { makeProject, startProject, tempDir } from './helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Clock extends DurableObject {
  async schedule(at) { await this.ctx.storage.setAlarm(at); return this.ctx.id.name ?? null; }
  async alarm() {
    const names = (await this.ctx.storage.get('names')) ?? [];
    names.push(this.ctx.id.name ?? null);
    await this.ctx.storage.put('names', names);
  }
  async names() { return (await this.ctx.storage.get('names')) ?? []; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const at = Number(url.searchParams.get('at'));
    if (url.pathname === '/unique') {
      const id = env.CLOCK.newUniqueId();
      await env.CLOCK.get(id).schedule(at);
      return Response.json(id.toString());
    }
    const stub = url.searchParams.has('id') ? env.CLOCK.get(env.CLOCK.idFromString(url.searchParams.get('id'))) : env.CLOCK.getByName(url.searchParams.get('name'));
    if (url.pathname === '/schedule') return Response.json(await stub.schedule(at));
    return Response.json(await stub.names());
  },
};`;

const CONFIG = { durable_objects: { bindings: [{ name: 'CLOCK', class_name: 'Clock' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Clock'] }] };

for (const isolation of ['thread', 'process'] as const) {
  test(`an alarm's instance has ctx.id.name after a restart (${isolation} isolation); an object without a name has none`, { timeout: 120_000 }, async () => {
    const dir = makeProject({ 'src/index.js': APP }, CONFIG);
    const stateDir = tempDir();
    const clock = createManualClock(Date.now());
    const at = clock.now() + 60_000;
    const first = await startProject(dir, { stateDir, clock, runnerTimers: false, isolation });
    const get = async (server: typeof first, path: string) => (await server.request(new Request(`http://x${path}`))).json();
    let unique: string;
    try {
      assert.equal(await get(first, `/schedule?name=kitchen&at=${at}`), 'kitchen');
      unique = await get(first, `/unique?at=${at}`) as string;
    } finally {
      await first.close();
    }
    // A new platform on the same state: no instance, no directory remembers the name; only the alarm does.
    const second = await startProject(dir, { stateDir, clock, runnerTimers: false, isolation });
    try {
      clock.advance(60_000);
      assert.equal(await second.tickRunners('coordination'), 2);
      assert.deepEqual(await get(second, '/names?name=kitchen'), ['kitchen']);
      assert.deepEqual(await get(second, `/names?id=${unique}`), [null], 'newUniqueId objects have no name, in alarms too');
    } finally {
      await second.close();
    }
  });
}

test('the store keeps an object\'s name with its alarm: given once, kept through later sets, only its own', async () => {
  const port = createSqliteCoordinationStorage(path.join(tempDir(), 'coordination'), { clock: createManualClock(Date.UTC(2026, 10, 1)) });
  const NS = 'local/app/Clock';
  const A = 'a'.repeat(64);
  const B = 'b'.repeat(64);
  const a = await port.open(NS, A);
  const b = await port.open(NS, B);
  await a.setAlarm(1_000, 'kitchen');
  await b.setAlarm(1_000);
  assert.deepEqual(await port.dueAlarms(2_000, 10), [
    { namespace: NS, id: A, time: 1_000, retryCount: 0, scheduledTime: 1_000, name: 'kitchen' },
    { namespace: NS, id: B, time: 1_000, retryCount: 0, scheduledTime: 1_000 },
  ]);
  // A later set without a name (an instance reached by idFromString) keeps the name the object had.
  await a.setAlarm(3_000);
  assert.deepEqual((await port.dueAlarms(4_000, 10)).find((d) => d.id === A)?.name, 'kitchen');
  await assert.rejects(a.setAlarm(5_000, 'x'.repeat(4097)), /an object's name must be a string of at most 4096 characters/);
  await a.close();
  await b.close();
  port.close();
});

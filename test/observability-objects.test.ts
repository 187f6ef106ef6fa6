// Every event produces one invocation record (docs/observability.md), coordination objects' included: an alarm is
// a record of kind `alarm` and a call an object serves (fetch or RPC) one of kind `object`, each naming its
// namespace, class and object id, with its outcome, times and console lines; read back through `ledge logs --dev`
// from a real `ledge dev`, and through the account API of `ledge serve`, under thread isolation and inside the
// sandbox process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interrupt, runCli, startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Room extends DurableObject {
  async arm(fail) {
    await this.ctx.storage.put('fail', fail);
    await this.ctx.storage.setAlarm(Date.now() + 50);
  }
  async alarm(info) {
    console.log('alarm rang, retry', info.retryCount);
    if (await this.ctx.storage.get('fail')) {
      await this.ctx.storage.put('fail', false);
      throw new RangeError('the alarm failed on purpose');
    }
  }
  async greet(who) { console.warn('greeting', who); return 'hello ' + who; }
  async fetch(request) { console.log('object fetch', new URL(request.url).pathname); return new Response('from the object', { status: 201 }); }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const name = url.searchParams.get('name') ?? 'a';
    const stub = env.ROOM.getByName(name);
    if (url.pathname === '/arm') { await stub.arm(url.searchParams.get('fail') === '1'); return Response.json({ id: env.ROOM.idFromName(name).toString() }); }
    if (url.pathname === '/greet') return new Response(await stub.greet('ada'));
    return stub.fetch('http://object/inside?token=t0p');
  },
};`;

const CONFIG = { durable_objects: { bindings: [{ name: 'ROOM', class_name: 'Room' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Room'] }], observability: { logs: { enabled: true } } };

interface Record { kind: string; trigger?: string; outcome: string; status?: number; method?: string; url?: string; cpu_ms: number; wall_ms: number; logs: { level: string; message: string }[]; error?: { name: string; message: string } }

async function logsOf(url: string, ...args: string[]): Promise<Record[]> {
  const logs = runCli(['logs', '--dev', url, '--format', 'json', ...args]);
  assert.equal(await logs.exited, 0, logs.output());
  return logs.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record);
}

for (const isolation of ['thread', 'process'] as const) {
  test(`coordination-object alarms and calls each end in one record, read with ledge logs --dev (${isolation} isolation)`, { timeout: 180_000 }, async (t) => {
    const dev = await startDev(makeProject({ 'src/index.js': APP }, CONFIG), ['--isolation', isolation]);
    t.after(() => interrupt(dev));
    const arm = async (name: string, fail: boolean) => {
      const res = await fetch(`${dev.url}/arm?name=${name}${fail ? '&fail=1' : ''}`);
      assert.equal(res.status, 200);
      return ((await res.json()) as { id: string }).id;
    };
    const good = await arm('good', false);
    const bad = await arm('bad', true);
    // The failing alarm is retried (about 2 s later) and then succeeds: three alarm records in all.
    let alarms: Record[] = [];
    for (const end = Date.now() + 60_000; alarms.length < 3;) {
      if (Date.now() > end) throw new Error(`alarm records missing: ${JSON.stringify(alarms)}\n${dev.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      alarms = (await logsOf(dev.url, '--search', 'alarm rang')).filter((r) => r.kind === 'alarm');
    }
    const ofGood = alarms.filter((r) => r.trigger?.endsWith(`/Room/${good}`));
    assert.equal(ofGood.length, 1, JSON.stringify(alarms));
    assert.equal(ofGood[0]?.outcome, 'ok');
    assert.deepEqual(ofGood[0]?.logs.map((l) => [l.level, l.message]), [['info', 'alarm rang, retry 0']]);
    assert.ok((ofGood[0]?.wall_ms ?? -1) >= 0 && (ofGood[0]?.cpu_ms ?? -1) >= 0);
    const ofBad = alarms.filter((r) => r.trigger?.endsWith(`/Room/${bad}`));
    assert.deepEqual(ofBad.map((r) => r.outcome).sort(), ['exception', 'ok'], JSON.stringify(ofBad));
    const failed = ofBad.find((r) => r.outcome === 'exception');
    assert.deepEqual([failed?.error?.name, failed?.error?.message], ['RangeError', 'the alarm failed on purpose']);
    // The outcome filter sees alarm records like any other.
    assert.ok((await logsOf(dev.url, '--outcome', 'exception')).some((r) => r.kind === 'alarm' && r.trigger === failed?.trigger));

    // A call an object serves is its own record, beside the caller's.
    assert.equal(await (await fetch(`${dev.url}/greet`)).text(), 'hello ada');
    assert.equal((await fetch(`${dev.url}/`)).status, 201);
    const greet = (await logsOf(dev.url, '--search', 'greeting ada')).filter((r) => r.kind === 'object');
    assert.equal(greet.length, 1);
    assert.match(greet[0]?.trigger ?? '', /\/Room\/[0-9a-f]{64} greet\(\)$/);
    assert.deepEqual(greet[0]?.logs.map((l) => [l.level, l.message]), [['warn', 'greeting ada']]);
    const served = (await logsOf(dev.url, '--search', 'object fetch')).filter((r) => r.kind === 'object');
    assert.equal(served.length, 1);
    assert.deepEqual([served[0]?.method, served[0]?.url, served[0]?.status, served[0]?.outcome], ['GET', 'http://object/inside?token=REDACTED', 201, 'ok']);
  });
}

for (const isolation of ['thread', 'process'] as const) {
  test(`under ledge serve (${isolation} isolation), an alarm's record is read through the account API's logs`, { timeout: 120_000 }, async (t) => {
    const p = await startTestPlatform(tempDir('ledge-alarm-records-'), undefined, { isolation, timers: true });
    t.after(() => p.close());
    const base = `/accounts/${p.accountId}/deployments/rooms`;
    const deployed = await p.call('PUT', base, { body: deployBody(APP, { edge_dev: true, ...CONFIG }) });
    assert.equal(deployed.status, 200, deployed.text);
    const armed = await p.visit('rooms.admin.ledge.localhost', '/arm?name=serve');
    assert.equal(armed.status, 200);
    const { id } = await armed.json() as { id: string };
    // The platform's clock decides when an alarm is due: move it past the alarm the code set.
    p.clock.advance(60_000);
    let alarms: Record[] = [];
    for (const end = Date.now() + 60_000; alarms.length === 0;) {
      if (Date.now() > end) throw new Error(`no alarm record: ${p.logs.map((r) => r.message).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const answer = await p.call('GET', `${base}/logs?search=alarm%20rang`);
      assert.equal(answer.status, 200, answer.text);
      alarms = (answer.body.result as Record[]).filter((r) => r.kind === 'alarm');
    }
    assert.equal(alarms.length, 1);
    assert.equal(alarms[0]?.trigger, `${p.accountId}/rooms/Room/${id}`);
    assert.equal(alarms[0]?.outcome, 'ok');
    assert.deepEqual(alarms[0]?.logs.map((l) => l.message), ['alarm rang, retry 0']);
  });
}

// `ctx.waitUntil` of a coordination object extends the event its code runs in (reference §4: an object's event lasts
// until its waitUntil work settles), also when the instance was constructed by an earlier event: the work's console
// lines land in the record of the call that asked for it. Read back through `ledge logs --dev` from a real `ledge dev`,
// under thread isolation and inside the sandbox process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interrupt, runCli, startDev } from './cli.js';
import { makeProject } from './helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Room extends DurableObject {
  async hello() { return 'hello'; }
  async later(tag) {
    // Settles only after the result went out: the event must stay open for it.
    this.ctx.waitUntil(new Promise((resolve) => setTimeout(resolve, 100)).then(() => console.log('waited for ' + tag)));
    return 'answered ' + tag;
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const stub = env.ROOM.getByName('one');
    if (url.pathname === '/hello') return new Response(await stub.hello());
    return new Response(await stub.later(url.searchParams.get('tag')));
  },
};`;

const CONFIG = { durable_objects: { bindings: [{ name: 'ROOM', class_name: 'Room' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Room'] }], observability: { logs: { enabled: true } } };

interface Record { kind: string; trigger?: string; outcome: string; logs: { level: string; message: string }[] }

async function objectRecords(url: string, search: string): Promise<Record[]> {
  const logs = runCli(['logs', '--dev', url, '--format', 'json', '--search', search]);
  assert.equal(await logs.exited, 0, logs.output());
  return logs.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record).filter((r) => r.kind === 'object');
}

for (const isolation of ['thread', 'process'] as const) {
  test(`an object's ctx.waitUntil keeps the call that asked for it open, not the one that made the instance (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const dev = await startDev(makeProject({ 'src/index.js': APP }, CONFIG), ['--isolation', isolation]);
    t.after(() => interrupt(dev));
    // The first call constructs the instance; the later ones reuse it.
    assert.equal(await (await fetch(`${dev.url}/hello`)).text(), 'hello');
    for (const tag of ['a', 'b']) assert.equal(await (await fetch(`${dev.url}/later?tag=${tag}`)).text(), `answered ${tag}`);
    for (const tag of ['a', 'b']) {
      let records: Record[] = [];
      for (const end = Date.now() + 30_000; records.length === 0;) {
        if (Date.now() > end) throw new Error(`no record holds "waited for ${tag}":\n${dev.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        records = await objectRecords(dev.url, `waited for ${tag}`);
      }
      assert.equal(records.length, 1, JSON.stringify(records));
      assert.match(records[0]?.trigger ?? '', /\/Room\/[0-9a-f]{64} later\(\)$/);
      assert.deepEqual(records[0]?.logs.map((l) => l.message), [`waited for ${tag}`]);
      assert.equal(records[0]?.outcome, 'ok');
    }
  });
}

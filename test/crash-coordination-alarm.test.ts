// An alarm whose handler failed keeps its retry count across kill -9 of `ledge dev`: the retry after the restart
// arrives with isRetry true and the count continued (docs/bindings/coordination.md, Alarms).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deserialize } from 'node:v8';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { idFromName, namespaceKey } from '../src/bindings/coordination/ids.js';
import { startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Clock extends DurableObject {
  async schedule(at) { await this.ctx.storage.setAlarm(at); return at; }
  async runs() { return (await this.ctx.storage.get('runs')) ?? []; }
  async alarm(info) {
    const runs = (await this.ctx.storage.get('runs')) ?? [];
    runs.push(info);
    await this.ctx.storage.put('runs', runs);
    if (info.retryCount < 2) throw new Error('failing on purpose ' + info.retryCount);
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/runs') return Response.json(await env.CLOCK.getByName('crash').runs());
    const at = Number(url.searchParams.get('at'));
    return Response.json(await env.CLOCK.getByName('crash').schedule(at));
  },
};`;

type Run = { isRetry: boolean; retryCount: number; scheduledTime: number };

test('a failed alarm retried after kill -9 and a restart continues its retry count', { timeout: 180_000 }, async () => {
  const dir = makeProject({ 'src/index.js': APP }, {
    durable_objects: { bindings: [{ name: 'CLOCK', class_name: 'Clock' }] },
    migrations: [{ tag: 'v1', new_sqlite_classes: ['Clock'] }],
  });
  const state = tempDir('ledge-crash-');
  const dev = await startDev(dir, ['--state', state]);
  const at = Date.now() + 300;
  assert.equal(await (await fetch(`${dev.url}/?at=${at}`)).json(), at);
  await dev.waitFor(/retry 1 of 6 follows/, 60_000);
  dev.child.kill('SIGKILL');
  await dev.exited;
  assert.doesNotMatch(dev.output(), /fired \(retry 1\)/, 'killed before the first retry');

  const again = await startDev(dir, ['--state', state]);
  try {
    await again.waitFor(/fired \(retry 2\)/, 60_000);
    // The line is printed as the alarm is delivered: wait until its run is stored.
    for (let i = 0; ((await (await fetch(`${again.url}/runs`)).json()) as Run[]).length < 3; i++) {
      assert.ok(i < 300, 'the third run is stored');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.doesNotMatch(again.output(), /alarm of Clock \S+ fired(?! \(retry)/, 'the first run is not repeated after the restart');
  } finally {
    again.child.kill('SIGTERM');
    await again.exited;
  }
  const namespace = 'local/test-app/Clock';
  const storage = openEmbeddedStorage(state);
  try {
    const store = await storage.coordination.open(namespace, idFromName(namespaceKey(namespace), 'crash'));
    const runs = deserialize((await store.get(['runs'])).get('runs') as Uint8Array) as Run[];
    assert.deepEqual(runs.map((r) => [r.isRetry, r.retryCount, r.scheduledTime]), [[false, 0, at], [true, 1, at], [true, 2, at]]);
    assert.equal(await store.getAlarm(), null, 'cleared after the successful retry');
    await store.close();
  } finally {
    storage.close();
  }
});

// A coordination object's acknowledged increments survive kill -9 of the `ledge dev` process that acknowledged
// them, and none counts twice (docs/bindings/coordination.md: a response waits for its writes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deserialize } from 'node:v8';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { idFromName, namespaceKey } from '../src/bindings/coordination/ids.js';
import { startDev, writeUntilKilled } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Counter extends DurableObject {
  async increment(key) {
    const value = ((await this.ctx.storage.get('value')) ?? 0) + 1;
    // Both writes travel in one transaction: the count and the record of which request made it.
    this.ctx.storage.put('value', value);
    this.ctx.storage.put('inc:' + key, value);
    return value;
  }
}
export default {
  async fetch(request, env) {
    const key = new URL(request.url).searchParams.get('k');
    return new Response('counted ' + key + ' as ' + await env.COUNTER.getByName('crash').increment(key));
  },
};`;

// Under both isolations: the object's writes travel on its results to the host (storage.ts takeForResult) or on their own.
for (const isolation of ['thread', 'process'] as const) test(`every acknowledged increment is present after SIGKILL, none counts twice, and the object carries on after a restart (${isolation} isolation)`, { timeout: 300_000 }, async () => {
  const dir = makeProject({ 'src/index.js': APP }, {
    durable_objects: { bindings: [{ name: 'COUNTER', class_name: 'Counter' }] },
    migrations: [{ tag: 'v1', new_sqlite_classes: ['Counter'] }],
  });
  const state = tempDir('ledge-crash-');
  const flags = isolation === 'process' ? ['--isolation', 'process'] : [];
  const dev = await startDev(dir, ['--state', state, ...flags]);
  const acked = await writeUntilKilled(dev, { count: 400, writers: 8, acknowledged: (key, body) => body.startsWith(`counted ${key} as `) });
  const values = new Map([...acked].map(([key, body]) => [key, Number(body.slice(`counted ${key} as `.length))]));
  assert.equal(new Set(values.values()).size, values.size, 'no value was handed out twice');

  const namespace = 'local/test-app/Counter';
  const storage = openEmbeddedStorage(state);
  try {
    const store = await storage.coordination.open(namespace, idFromName(namespaceKey(namespace), 'crash'));
    const stored = deserialize((await store.get(['value'])).get('value') as Uint8Array) as number;
    const records = new Map((await store.list({ prefix: 'inc:' })).map(([key, bytes]) => [key.slice(4), deserialize(bytes) as number]));
    const lost = [...values].filter(([key, value]) => records.get(key) !== value);
    assert.deepEqual(lost, [], `${lost.length} of ${values.size} acknowledged increments lost`);
    // Each committed increment is recorded once, with a distinct value from 1 to the count.
    assert.equal(records.size, stored);
    assert.deepEqual([...records.values()].sort((a, b) => a - b), Array.from({ length: stored }, (_, i) => i + 1));
    await store.close();
  } finally {
    storage.close();
  }

  const again = await startDev(dir, ['--state', state, ...flags]);
  try {
    const body = await (await fetch(`${again.url}/?k=after`)).text();
    assert.match(body, /^counted after as \d+$/);
    assert.ok(Number(body.split(' as ')[1]) > Math.max(...values.values()));
  } finally {
    again.child.kill('SIGTERM');
    await again.exited;
  }
});

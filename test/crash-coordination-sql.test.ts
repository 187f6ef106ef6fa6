// Rows written through a coordination object's synchronous sql.exec (and a transactionSync) survive kill -9 of the
// `ledge dev` process that acknowledged them, under both isolations (docs/bindings/coordination.md, Durability).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { idFromName, namespaceKey } from '../src/bindings/coordination/ids.js';
import { startDev, writeUntilKilled } from './cli.js';
import { eventually, makeProject, storeProcesses, tempDir } from './helpers.js';


const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Ledger extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, seq INTEGER NOT NULL)');
  }
  record(key) {
    // Two statements in one transaction: the entry and the running count move together.
    return this.ctx.storage.transactionSync(() => {
      const seq = this.ctx.storage.sql.exec('SELECT count(*) AS n FROM entries').one().n + 1;
      this.ctx.storage.sql.exec('INSERT INTO entries (key, seq) VALUES (?, ?)', key, seq);
      this.ctx.storage.kv.put('last', seq);
      return seq;
    });
  }
}
export default {
  async fetch(request, env) {
    const key = new URL(request.url).searchParams.get('k');
    return new Response('recorded ' + key + ' as ' + await env.LEDGER.getByName('crash').record(key));
  },
};`;

for (const isolation of ['thread', 'process'] as const) {
  test(`every row acknowledged by sql.exec is present after SIGKILL, numbered without gaps (${isolation} isolation)`, { timeout: 300_000 }, async () => {
    const dir = makeProject({ 'src/index.js': APP }, {
      durable_objects: { bindings: [{ name: 'LEDGER', class_name: 'Ledger' }] },
      migrations: [{ tag: 'v1', new_sqlite_classes: ['Ledger'] }],
    });
    const state = tempDir('ledge-crash-sql-');
    const dev = await startDev(dir, ['--state', state, ...(isolation === 'process' ? ['--isolation', 'process'] : [])]);
    const acked = await writeUntilKilled(dev, { count: 300, writers: 6, acknowledged: (key, body) => body.startsWith(`recorded ${key} as `) });

    // As a platform started again would find it: no process of the killed one still writing its files.
    await eventually(() => storeProcesses({ state }).length === 0, 10_000, 'the killed platform\'s store processes to exit');
    const namespace = 'local/test-app/Ledger';
    const storage = openEmbeddedStorage(state);
    try {
      const store = await storage.coordination.open(namespace, idFromName(namespaceKey(namespace), 'crash'));
      const rows = new Map((await store.exec('SELECT key, seq FROM entries', [])).rows.map(([key, seq]) => [key as string, seq as number]));
      const lost = [...acked].filter(([key, body]) => rows.get(key) !== Number(body.slice(`recorded ${key} as `.length)));
      assert.deepEqual(lost, [], `${lost.length} of ${acked.size} acknowledged rows lost or changed`);
      assert.deepEqual([...rows.values()].sort((a, b) => a - b), Array.from({ length: rows.size }, (_, i) => i + 1), 'each transaction committed whole');
      await store.close();
    } finally {
      storage.close();
    }
  });
}

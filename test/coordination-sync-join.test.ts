// The asynchronous put and delete called inside transactionSync join its transaction, as on the original (a
// SQLite-backed object's asynchronous writes go to its database at once): a throw rolls them back with the SQL,
// a return commits them with it (docs/bindings/coordination.md, "Consistency with the asynchronous API").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject, tempDir } from './helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Ledger extends DurableObject {
  constructor(ctx, env) { super(ctx, env); ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS rows (v)'); }
  async run(fail) {
    const storage = this.ctx.storage;
    await storage.put('gone', 'here before');
    let thrown = null;
    let removed;
    try {
      storage.transactionSync(() => {
        storage.sql.exec('INSERT INTO rows VALUES (1)');
        storage.put('inside', 'written in the transaction');
        storage.put({ a: 1, b: 2 });
        removed = storage.delete(['gone', 'never-was']);
        // Seen at once by the synchronous API: the same transaction.
        if (storage.kv.get('inside') !== 'written in the transaction') throw new Error('not seen inside');
        if (fail) throw new Error('undo');
      });
    } catch (e) { thrown = e.message; }
    const or = (v) => v ?? null;
    return { thrown, removed: await removed, inside: or(await storage.get('inside')), a: or(await storage.get('a')), gone: or(await storage.get('gone')), kvInside: or(storage.kv.get('inside')), rows: storage.sql.exec('SELECT count(*) AS n FROM rows').one().n };
  }
  async reread() { return { inside: (await this.ctx.storage.get('inside')) ?? null, gone: (await this.ctx.storage.get('gone')) ?? null }; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const stub = env.LEDGER.getByName(url.searchParams.get('name'));
    return Response.json(url.pathname === '/reread' ? await stub.reread() : await stub.run(url.searchParams.get('fail') === '1'));
  },
};`;

for (const isolation of ['thread', 'process'] as const) {
  test(`put and delete inside transactionSync join its transaction (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const dir = makeProject({ 'src/index.js': APP }, { durable_objects: { bindings: [{ name: 'LEDGER', class_name: 'Ledger' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Ledger'] }] });
    const stateDir = tempDir();
    const server = await startProject(dir, { stateDir, isolation });
    t.after(() => server.close());
    const get = async (path: string) => (await server.request(new Request(`http://app.test${path}`))).json() as Promise<Record<string, unknown>>;

    // A throw undoes the SQL and the asynchronous writes alike; nothing of them is seen afterwards.
    assert.deepEqual(await get('/run?name=undo&fail=1'), { thrown: 'undo', removed: 1, inside: null, a: null, gone: 'here before', kvInside: null, rows: 0 });
    // A return commits them together: the delete counted the key that existed.
    assert.deepEqual(await get('/run?name=keep'), { thrown: null, removed: 1, inside: 'written in the transaction', a: 1, gone: null, kvInside: 'written in the transaction', rows: 1 });
    // A new instance reads them from the store.
    await server.close();
    const again = await startProject(dir, { stateDir, isolation });
    t.after(() => again.close());
    assert.deepEqual(await (await again.request(new Request('http://app.test/reread?name=keep'))).json(), { inside: 'written in the transaction', gone: null });
    assert.deepEqual(await (await again.request(new Request('http://app.test/reread?name=undo'))).json(), { inside: null, gone: 'here before' });
  });
}

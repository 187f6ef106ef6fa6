// The read-only SQL query on a coordination object through the account API of ledge serve (docs/api.md,
// Coordination objects), in both isolations: rows of a SQLite-backed object and the _cf_KV table of a KV-backed
// one, while the objects stay live and keep writing; refusals of anything that writes, attaches, loads code or
// reaches another account's object; bounded answers; an endless statement stopped without holding the platform.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { idFromName, namespaceKey } from '../src/bindings/coordination/ids.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Notes extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT)');
  }
  add(body) { this.ctx.storage.sql.exec('INSERT INTO notes (body) VALUES (?)', body); return this.ctx.storage.sql.exec('SELECT count(*) AS n FROM notes').one().n; }
}
export class Counter extends DurableObject {
  async increment() { const v = ((await this.ctx.storage.get('value')) ?? 0) + 1; await this.ctx.storage.put('value', v); return v; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/note') return Response.json(await env.NOTES.getByName('n').add(url.searchParams.get('body') ?? 'x'));
    return Response.json(await env.COUNTER.getByName('c').increment());
  },
};`;

const CONFIG = {
  edge_dev: true,
  durable_objects: { bindings: [{ name: 'NOTES', class_name: 'Notes' }, { name: 'COUNTER', class_name: 'Counter' }] },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['Notes'], new_classes: ['Counter'] }],
};

for (const isolation of ['thread', 'process'] as const) test(`POST .../objects/{id}/query reads a live object read-only and refuses the rest (${isolation} isolation)`, { timeout: 300_000 }, async () => {
  const p = await startTestPlatform(tempDir('ledge-coordination-query-'), undefined, { isolation });
  try {
    assert.equal((await p.call('PUT', `/accounts/${p.accountId}/deployments/app`, { body: deployBody(APP, CONFIG) })).status, 200);
    const host = 'app.admin.ledge.localhost';
    const visit = async (path: string) => (await (await p.visit(host, path)).text());
    assert.equal(await visit('/note?body=hello'), '1');
    assert.equal(await visit('/note?body=there'), '2');
    assert.equal(await visit('/count'), '1');
    const notes = idFromName(namespaceKey(`${p.accountId}/app/Notes`), 'n');
    const counter = idFromName(namespaceKey(`${p.accountId}/app/Counter`), 'c');
    const query = (className: string, id: string, body: unknown, token?: string) => p.call('POST', `/accounts/${p.accountId}/coordination/classes/app/${className}/objects/${id}/query`, { body, token });

    let r = await query('Notes', notes, { sql: 'SELECT id, body FROM notes ORDER BY id' });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.result, { columns: ['id', 'body'], rows: [[1, 'hello'], [2, 'there']], more: false });
    r = await query('Notes', notes, { sql: 'SELECT body FROM notes WHERE id = ?', params: [2] });
    assert.deepEqual(r.body.result.rows, [['there']]);
    // A KV-backed class: its pairs are the table _cf_KV (keys as UTF-8 bytes, values as structured-clone bytes).
    r = await query('Counter', counter, { sql: 'SELECT CAST(key AS TEXT) AS key, length(value) > 0 AS stored FROM _cf_KV' });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.result.rows, [['value', 1]]);

    // Refusals: 400 pointing at the statement, and nothing changed.
    for (const sql of ["INSERT INTO notes (body) VALUES ('x') RETURNING id", 'DELETE FROM notes', 'DROP TABLE notes', "ATTACH 'other.sqlite' AS o",
      'PRAGMA writable_schema = 1', "SELECT load_extension('/tmp/x')", 'PRAGMA wal_checkpoint(TRUNCATE)', 'SELEKT 1', 'SELECT 1; SELECT 2']) {
      r = await query('Notes', notes, { sql });
      assert.equal(r.status, 400, `${sql}: ${r.text}`);
      assert.equal(r.body.errors[0]?.code, 1001);
      assert.equal(r.body.errors[0]?.source?.pointer, '/body/sql', sql);
    }
    assert.equal((await query('Notes', notes, { sql: 'x'.repeat(100_001) })).status, 400);
    assert.equal((await query('Notes', notes, { sql: 'SELECT 1', extra: true })).status, 400);
    assert.equal((await query('Notes', notes, { sql: 'SELECT ?', params: [{ a: 1 }] })).status, 400);
    assert.equal(await visit('/note?body=three'), '3', 'the object still writes, and nothing was deleted');

    // Bounded answers: the row cap stops an endless CTE that returns rows.
    r = await query('Notes', notes, { sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x, hex(randomblob(100)) FROM c' });
    assert.equal(r.status, 200, r.text.slice(0, 300));
    assert.equal(r.body.result.more, true);
    assert.equal(r.body.result.rows.length, 1000);

    // An endless statement returning no rows is stopped; meanwhile the object answers and writes.
    const endless = query('Notes', notes, { sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c' });
    let ended = false;
    void endless.then(() => { ended = true; });
    assert.equal(await visit('/note?body=during'), '4');
    assert.equal(ended, false, 'the write was not held behind the query');
    r = await endless;
    assert.equal(r.status, 400, r.text);
    assert.match(r.body.errors[0]?.message ?? '', /ran longer than 5 s, the time limit of a read-only query/);

    // Another account's objects: an id of another namespace is refused by its MAC; another account's path is refused.
    const foreign = idFromName(namespaceKey('another-account/app/Notes'), 'n');
    r = await query('Notes', foreign, { sql: 'SELECT 1' });
    assert.equal(r.status, 400, r.text);
    assert.match(r.text, /Durable Object ID is not valid for this namespace/);
    r = await query('Missing', idFromName(namespaceKey(`${p.accountId}/app/Missing`), 'n'), { sql: 'SELECT 1' });
    assert.equal(r.status, 404, r.text);
    const other = await p.call('POST', '/accounts', { body: { name: 'other' } });
    assert.equal(other.status, 201, other.text);
    const otherId = other.body.result.id as string;
    const there = await p.call('POST', `/accounts/${otherId}/coordination/classes/app/Notes/objects/${idFromName(namespaceKey(`${otherId}/app/Notes`), 'n')}/query`, { body: { sql: 'SELECT 1' } });
    assert.equal(there.status, 404, `the other account has no such object: ${there.text}`);

    // Permissions: coordination:read on the class may query; a token for another class or area may not.
    const token = async (resource: string, groups: string[], account = p.accountId) => {
      const created = await p.call('POST', `/accounts/${account}/tokens`, { body: { name: resource, policies: [{ effect: 'allow', permission_groups: groups, resources: { [resource]: '*' } }] } });
      assert.equal(created.status, 201, created.text);
      return created.body.result.value as string;
    };
    const reader = await token(`com.ledge.api.account.${p.accountId}`, ['coordination:read']);
    assert.equal((await query('Notes', notes, { sql: 'SELECT count(*) FROM notes' }, reader)).status, 200);
    const counterOnly = await token(`com.ledge.api.account.${p.accountId}.coordination.app/Counter`, ['coordination:read']);
    assert.equal((await query('Counter', counter, { sql: 'SELECT 1' }, counterOnly)).status, 200);
    assert.equal((await query('Notes', notes, { sql: 'SELECT 1' }, counterOnly)).status, 403);
    const elsewhere = await token(`com.ledge.api.account.${otherId}`, ['coordination:read'], otherId);
    assert.equal((await query('Notes', notes, { sql: 'SELECT 1' }, elsewhere)).status, 403, "a token of another account cannot read this one's objects");
    const workflows = await token(`com.ledge.api.account.${p.accountId}`, ['workflows:read']);
    assert.equal((await query('Notes', notes, { sql: 'SELECT 1' }, workflows)).status, 403);
  } finally {
    await p.close();
  }
});

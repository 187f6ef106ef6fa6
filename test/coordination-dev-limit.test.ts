// ledge dev's coordination storage limit (docs/bindings/coordination.md, Operating objects): the rule of an
// account's coordination_storage_mb under ledge serve, set by `ledge dev --coordination-storage-mb` (default 1024):
// past it, a write that would grow an object's database (a put, an SQL insert, a new object) fails with an Error
// naming the limit and the flag; reads, deletes and writes that fit in the space the database has still run, and
// once space is given back writes go on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli, startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Filler extends DurableObject {
  constructor(ctx, env) { super(ctx, env); ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS rows (body TEXT)'); }
  async put(i) { await this.ctx.storage.put('k' + i, 'x'.repeat(100000)); return i; }
  insert(n) { this.ctx.storage.sql.exec('INSERT INTO rows (body) VALUES (?)', 'y'.repeat(n)); return 'inserted'; }
  count() { return this.ctx.storage.sql.exec('SELECT count(*) AS n FROM rows').one().n; }
  async clear() { await this.ctx.storage.deleteAll(); return 'cleared'; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const stub = env.FILLER.getByName(url.searchParams.get('name') ?? 'f');
    try {
      switch (url.pathname) {
        case '/put': return Response.json(await stub.put(Number(url.searchParams.get('i'))));
        case '/insert': return Response.json(await stub.insert(Number(url.searchParams.get('n') ?? 200000)));
        case '/count': return Response.json(await stub.count());
        case '/clear': return Response.json(await stub.clear());
      }
      return new Response('not found', { status: 404 });
    } catch (e) { return Response.json({ error: e.name + ': ' + e.message }); }
  },
};`;

const CONFIG = { durable_objects: { bindings: [{ name: 'FILLER', class_name: 'Filler' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Filler'] }] };

for (const isolation of ['thread', 'process'] as const) test(`ledge dev --coordination-storage-mb refuses writes that grow storage past the limit, naming it, and lets deletes give space back (${isolation} isolation)`, { timeout: 240_000 }, async () => {
  const dir = makeProject({ 'src/index.js': APP }, CONFIG);
  const dev = await startDev(dir, ['--state', tempDir('ledge-dev-limit-'), '--coordination-storage-mb', '1', '--isolation', isolation]);
  try {
    const get = async (path: string) => (await (await fetch(`${dev.url}${path}`)).text());
    let refusal = '';
    let stored = 0;
    for (let i = 0; i < 40 && !refusal; i++) {
      const body = await get(`/put?i=${i}`);
      if (body.includes('error')) refusal = body;
      else stored++;
    }
    assert.ok(stored >= 5, `about 1 MiB of 100 KB values went in before the refusal (${stored})`);
    assert.match(refusal, /Error: ledge dev's coordination storage limit \(--coordination-storage-mb: 1 MiB\) is reached: the project's objects use \d+ bytes; delete data or start ledge dev with a larger --coordination-storage-mb/);
    // An SQL insert that grows the database is refused too, and a new object gets no database (the CREATE TABLE of
    // its constructor); the object itself still starts (its constructor's CREATE TABLE IF NOT EXISTS adds nothing),
    // reads, and takes a small row that fits in a page it has.
    assert.match(await get('/insert'), /coordination storage limit/);
    assert.match(await get('/insert?name=other'), /coordination storage limit/);
    assert.equal(await get('/count'), '0');
    assert.equal(await get('/insert?n=10'), '"inserted"');
    // Deleting gives the space back; then writes go on.
    assert.equal(await get('/clear'), '"cleared"');
    assert.equal(await get('/put?i=100'), '100');
    assert.equal(await get('/insert?name=other'), '"inserted"');
    assert.equal(await get('/count?name=other'), '1');
  } finally {
    dev.child.kill('SIGTERM');
    await dev.exited;
  }
});

test('ledge dev refuses a --coordination-storage-mb that is not a positive integer, naming the flag', { timeout: 60_000 }, async () => {
  const dir = makeProject({ 'src/index.js': APP }, CONFIG);
  for (const value of ['0', 'lots', '-5']) {
    const proc = runCli(['dev', dir, '--port', '0', '--state', tempDir('ledge-dev-limit-'), '--coordination-storage-mb', value]);
    const code = await proc.exited;
    assert.notEqual(code, 0, value);
    assert.match(proc.output(), /--coordination-storage-mb: expected an integer/, value);
  }
});

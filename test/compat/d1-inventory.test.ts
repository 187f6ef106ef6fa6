// Compatibility suite: the original's D1 template (test/compat/d1-inventory, wrangler.toml, migrations_dir) grown
// into an inventory API on the rest of D1's Worker API: prepare().bind() with all (results, meta), first and
// first(column), raw({ columnNames: true }), BLOBs bound from bytes and read back as arrays of numbers, batch() as
// one transaction (a CHECK failing in its first statement undoes the others), exec() of a multi-line script and its
// D1_EXEC_ERROR, and withSession with bookmarks. Migrations applied with the CLI as the template's README says
// (`wrangler d1 migrations apply DB --local|--remote` → `ledge db migrations apply DB [--remote]`). Under ledge dev
// (both isolations) and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../cli.js';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;

async function exercise(get: Fetch): Promise<void> {
  const send = (pathname: string, body: unknown, headers: Record<string, string> = {}) => get(pathname, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  // The template's page: the rows migration 0001 inserted.
  const home = await get('/');
  assert.equal(home.status, 200);
  assert.match(home.body, /Successfully connected d1-inventory to D1/);
  assert.match(home.body, /"author": "Kristian",\n {4}"content": "Congrats!"/);
  assert.match(home.body, /"author": "Max"/);

  // Writes on a first-primary session, each answer carrying the session's bookmark.
  const widget = await send('/products', { sku: 'widget', name: 'Widget, large', stock: 3, price_cents: 1250, photo: [0, 1, 254, 255] });
  assert.equal(widget.status, 201, widget.body);
  assert.deepEqual(json(widget), { sku: 'widget', name: 'Widget, large', stock: 3, price_cents: 1250 });
  const bookmark = String(widget.headers['x-d1-bookmark']);
  assert.ok(bookmark.length > 0, 'a write answers a bookmark');
  assert.equal((await send('/products', { sku: 'gadget', name: 'Gadget "pro"', stock: 10, price_cents: 999 })).status, 201);
  const dup = await send('/products', { sku: 'widget', name: 'again', price_cents: 1 });
  assert.equal(dup.status, 409);
  assert.match(json<{ error: string }>(dup).error, /UNIQUE constraint failed: products\.sku/);
  assert.equal((await send('/products', { sku: 'x' })).status, 400);

  // Reads at least as new as the bookmark: all() with its meta, first(column), raw with column names.
  const listed = await get('/products', { headers: { 'x-d1-bookmark': bookmark } });
  const { success, products, rowsRead } = json<{ success: boolean; products: unknown[]; rowsRead: number }>(listed);
  assert.equal(success, true);
  assert.deepEqual(products, [{ sku: 'gadget', name: 'Gadget "pro"', stock: 10, price_cents: 999 }, { sku: 'widget', name: 'Widget, large', stock: 3, price_cents: 1250 }]);
  assert.ok(rowsRead >= 2, `rows_read ${rowsRead}`);
  assert.ok(String(listed.headers['x-d1-bookmark']) >= bookmark, 'the read session is at or past the write');
  assert.deepEqual(json<{ products: unknown[] }>(await get('/products?minStock=5')).products, [{ sku: 'gadget', name: 'Gadget "pro"', stock: 10, price_cents: 999 }]);
  assert.deepEqual(json(await get('/products/widget/stock')), { sku: 'widget', stock: 3 });
  assert.deepEqual(json(await get('/products/nothing/stock')), { error: 'no product nothing' });
  const photo = await get('/products/widget/photo');
  assert.deepEqual([...photo.bytes], [0, 1, 254, 255], 'the BLOB came back byte for byte');
  assert.equal((await get('/products.csv')).body, 'sku,name,stock\ngadget,"Gadget ""pro""",10\nwidget,"Widget, large",3\n');

  // batch(): one transaction. A transfer within stock commits all three statements; one past the stock (CHECK) or
  // to an unknown product (the movement's FOREIGN KEY, enforced as on D1) commits none of them.
  const moved = await send('/transfers', { from: 'gadget', to: 'widget', qty: 6 });
  assert.equal(moved.status, 201, moved.body);
  assert.deepEqual(json(moved), { movement: 1, changes: [1, 1, 1] });
  const tooMany = await send('/transfers', { from: 'widget', to: 'gadget', qty: 50 });
  assert.equal(tooMany.status, 409);
  assert.match(json<{ error: string }>(tooMany).error, /CHECK constraint failed/);
  const unknown = await send('/transfers', { from: 'gadget', to: 'nothing', qty: 1 });
  assert.equal(unknown.status, 409);
  assert.match(json<{ error: string }>(unknown).error, /FOREIGN KEY constraint failed/);
  assert.equal((await get('/products.csv')).body, 'sku,name,stock\ngadget,"Gadget ""pro""",4\nwidget,"Widget, large",9\n');
  assert.deepEqual(json(await get('/movements')), [{ id: 1, from_sku: 'gadget', to_sku: 'widget', qty: 6 }]);

  // exec(): a script of several lines in one call; a failing line names itself.
  assert.deepEqual(json(await get('/admin/restock', { method: 'POST' })), { statements: 2 });
  assert.deepEqual(json(await get('/products/gadget/stock')), { sku: 'gadget', stock: 14 }, 'stock under 5 topped up by 10');
  assert.deepEqual(json(await get('/products/widget/stock')), { sku: 'widget', stock: 9 });
  // A d1_databases binding names its errors as the original does (docs/bindings/sql.md, Errors).
  const bad = await get('/admin/bad-script', { method: 'POST' });
  assert.equal(bad.status, 500);
  assert.match(json<{ error: string }>(bad).error, /^D1_EXEC_ERROR: Error in line 2: UPDATE nowhere SET x = 1;: no such table: nowhere/);
  assert.deepEqual(json(await get('/products/widget/stock')), { sku: 'widget', stock: 9 }, 'the failed script kept nothing');
  assert.equal((await get('/nowhere')).status, 404);
}

test('the D1 template grown into an inventory API (batch, raw, exec, sessions) runs unchanged under ledge dev and ledge serve', { timeout: 240_000 }, async (t) => {
  for (const isolation of ['thread', 'process'] as const) {
    await t.test(`ledge dev (${isolation}), after ledge db migrations apply DB`, async () => {
      const dir = copyApp('d1-inventory');
      const migrate = runCli(['db', 'migrations', 'apply', 'DB'], { cwd: dir });
      assert.equal(await migrate.exited, 0, migrate.output());
      assert.match(migrate.output(), /applied 0001_create_comments_table\.sql[\s\S]*applied 0002_inventory\.sql/);
      await withDev(dir, (url) => exercise((p, init) => call(`${url}${p}`, init)), { args: ['--isolation', isolation] });
    });
  }

  await t.test('ledge serve, after ledge db migrations apply DB --remote and ledge deploy', async () => {
    const dir = copyApp('d1-inventory');
    const platform = await startPlatform();
    try {
      editConfig(dir, 'wrangler.toml', '5d7c2b1a-3e4f-4a5b-9c8d-7e6f5a4b3c2d', await platform.create('sql', 'd1-inventory'));
      assert.match((await platform.ledge(['db', 'migrations', 'apply', 'DB', '--remote'], { cwd: dir })).out, /applied 0002_inventory\.sql/);
      assert.match((await platform.ledge(['deploy'], { cwd: dir })).out, /deployed d1-inventory: version/);
      await exercise((p, init) => platform.visit(hostOf('d1-inventory'), p, init));
    } finally {
      await platform.stop();
    }
  });
});

// Compatibility suite, application 2 (test/compat/hono-ssr): a guestbook rendered on the server with Hono's
// JSX, built by its framework's own build (@hono/vite-build, cloudflare-workers target) into dist/index.js,
// on a D1 database with migrations; wrangler.toml as the original platform's tools read it.
import { stripVTControlCharacters } from 'node:util';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../cli.js';
import { call, copyApp, editConfig, hostOf, startPlatform, viteSkip, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;

async function exercise(get: Fetch): Promise<void> {
  const empty = await get('/');
  assert.equal(empty.status, 200, empty.body);
  assert.match(String(empty.headers['content-type']), /^text\/html/);
  assert.match(empty.body, /^<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"\/><title>Guestbook<\/title>/);
  assert.match(empty.body, /<p>No entries yet\.<\/p>/);

  const form = (author: string, message: string) => `author=${encodeURIComponent(author)}&message=${encodeURIComponent(message)}`;
  const signed = await get('/entries', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form('Ann', 'Hello <b>there</b>') });
  assert.equal(signed.status, 303);
  assert.equal(signed.headers.location, '/');
  await get('/entries', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form('Bo', 'second') });
  assert.equal((await get('/entries', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form('', 'x') })).status, 400);

  const page = await get('/');
  // Rendered on the server, newest first, with the JSX runtime's escaping.
  assert.match(page.body, /<ul id="entries"><li><strong>Bo<\/strong>: second<\/li><li><strong>Ann<\/strong>: Hello &lt;b&gt;there&lt;\/b&gt;<\/li><\/ul>/);
  const missing = await get('/no/such/page');
  assert.equal(missing.status, 404);
  assert.match(missing.body, /<p>Nothing at \/no\/such\/page<\/p>/);
}

/** `ledge <args>` in `dir` against its local state; fails on a non-zero exit. */
async function local(dir: string, args: string[]): Promise<string> {
  const proc = runCli(args, { cwd: dir });
  const code = await proc.exited;
  assert.equal(code, 0, proc.output());
  return proc.output();
}

test('a Hono JSX app built by @hono/vite-build runs unchanged under ledge dev and ledge serve', { timeout: 180_000, skip: viteSkip() }, async (t) => {
  const dir = copyApp('hono-ssr');

  await t.test('ledge dev: migrations applied with ledge db, the framework build run from the build command', async () => {
    assert.match(await local(dir, ['db', 'migrations', 'apply', 'guestbook']), /applied 0001_create_entries\.sql/);
    const output = await withDev(dir, (url) => exercise((p, init) => call(`${url}${p}`, init)));
    assert.match(output, /read wrangler\.toml/);
    assert.match(stripVTControlCharacters(output), /\[build\] vite v\d+\.\d+\.\d+ building ssr environment/);
    assert.match(output, /\[build\] dist\/index\.js/);
  });

  await t.test('ledge serve: database created, migrations applied with --remote, deployed with ledge deploy', async () => {
    const platform = await startPlatform();
    try {
      const id = await platform.create('sql', 'guestbook');
      editConfig(dir, 'wrangler.toml', 'database_id = "guestbook"', `database_id = "${id}"`);
      const applied = await platform.ledge(['db', 'migrations', 'apply', 'guestbook', '--remote'], { cwd: dir });
      assert.match(applied.out, /applied 0001_create_entries\.sql/);
      const deployed = await platform.ledge(['deploy'], { cwd: dir });
      assert.match(stripVTControlCharacters(deployed.out), /build │ .*vite v\d/);
      assert.match(deployed.out, /deployed hono-ssr-guestbook: version/);
      await exercise((p, init) => platform.visit(hostOf('hono-ssr-guestbook'), p, init));
    } finally {
      await platform.stop();
    }
  });
});

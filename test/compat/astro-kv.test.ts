// Compatibility suite: an Astro 5 site with @astrojs/cloudflare 12 (output "server", wrangler.jsonc with main
// "./dist/_worker.js/index.js", assets "./dist", nodejs_compat and global_fetch_strictly_public, KV for its data and
// for Astro's sessions): a prerendered page served as an asset, pages rendered on each request from
// Astro.locals.runtime.env with ctx.waitUntil and a session, an API with Astro's origin check, process.env, and its
// server code never served. Under ledge dev in both isolations and ledge deploy to ledge serve. The build output is
// committed (test/compat/astro-kv/rebuild.mjs writes it), so the suite needs none of the app's packages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { interrupt, runCli } from '../cli.js';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;

/** What a browser and the site's own scripts do, against one running copy; `origin` is the site's own. */
async function exercise(get: Fetch, origin: string): Promise<void> {
  // The prerendered page is the build's file, served without waking the worker.
  const home = await get('/');
  assert.equal(home.status, 200, home.body);
  assert.match(String(home.headers['content-type']), /^text\/html/);
  assert.match(home.body, /<h1[^>]*>Field guides<\/h1>/);
  assert.match(home.body, /Built at build time\./);
  assert.ok(home.headers.etag, 'an asset has a validator');
  assert.equal((await get('/favicon.svg')).status, 200);
  // The server code and the old hosting's route file beside the assets are not served (public/.assetsignore).
  for (const hidden of ['/_worker.js/index.js', '/_worker.js/renderers.mjs', '/_routes.json', '/.assetsignore']) {
    assert.equal((await get(hidden)).status, 404, hidden);
  }

  // The API writes KV; Astro refuses a cross-site form-like request (its origin check) and takes the site's own.
  const put = (body: string, headers: Record<string, string>) => get('/api/guides/birds', { method: 'PUT', headers: { 'content-type': 'text/plain', ...headers }, body });
  assert.equal((await put('Look up.', {})).status, 403);
  assert.equal((await put('Look up.', { origin: 'https://elsewhere.example' })).status, 403);
  assert.deepEqual(json(await put('   ', { origin })), { error: 'empty guide' });
  const created = await put('Look up. Then <listen>.', { origin });
  assert.equal(created.status, 201, created.body);
  assert.deepEqual(json(created), { slug: 'birds', bytes: 23, etag: 'TG9vayB1' });

  // A page rendered on request: env from Astro.locals.runtime, a header it set, a session kept in KV.
  const page = await get('/guides/birds');
  assert.equal(page.status, 200, page.body);
  assert.equal(page.headers['x-guide'], 'birds');
  assert.match(page.body, /<title>birds · Field guides<\/title>/);
  assert.match(page.body, /<article[^>]*>Look up\. Then &lt;listen&gt;\.<\/article>/);
  assert.match(page.body, /views this session: 1/);
  assert.match(page.body, /<p class="protocol"[^>]*>HTTP\/1\.1<\/p>/, 'Astro.locals.runtime.cf is the request\'s cf');
  const cookie = /astro-session=([\w-]+)/.exec(String(page.headers['set-cookie']))?.[0] ?? assert.fail(`no session cookie: ${String(page.headers['set-cookie'])}`);
  assert.match((await get('/guides/birds', { headers: { cookie } })).body, /views this session: 2/);
  assert.match((await get('/guides/birds')).body, /views this session: 1/, 'a new visitor has a new session');

  // ctx.waitUntil's write lands after the response.
  let seen: unknown = null;
  for (const end = Date.now() + 10_000; seen === null && Date.now() < end;) {
    seen = json<{ seen: unknown }>(await get('/api/guides/birds')).seen;
    if (seen === null) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(seen, '1970-01-01T00:00:00.000Z');

  // Settings read the Node way (nodejs_compat, compatibility date 2025-05-21: process.env holds the vars).
  assert.deepEqual(json(await get('/api/info')), { title: 'Field guides', mode: 'production' });
  const missing = await get('/guides/fish');
  assert.equal(missing.status, 404);
  assert.equal(missing.body, 'no guide "fish"');
  assert.equal((await get('/no/such/page')).status, 404);
}

test('an Astro site built with @astrojs/cloudflare runs unchanged under ledge dev and ledge serve', { timeout: 240_000 }, async (t) => {
  const dir = copyApp('astro-kv', { builtOutput: true });

  for (const isolation of ['thread', 'process'] as const) {
    await t.test(`ledge dev (${isolation}) in its folder`, async () => {
      const output = await withDev(dir, async (url) => {
        await exercise((p, init) => call(`${url}${p}`, init), url);
      }, { args: ['--isolation', isolation, '--state', `${dir}/.ledge-${isolation}`] });
      assert.match(output, /read wrangler\.jsonc, the original platform's configuration/);
      assert.doesNotMatch(output, /global_fetch_strictly_public/, 'the flag of the template is accepted without a warning');
    });
  }

  await t.test('the server code among the assets is refused without the .assetsignore Astro\'s documentation asks for', async () => {
    const bare = copyApp('astro-kv', { builtOutput: true });
    rmSync(path.join(bare, 'dist', '.assetsignore'));
    const dev = runCli(['dev', '--port', '0'], { cwd: bare });
    // A dev that started anyway serves the code: stop it rather than wait for it.
    const started = dev.waitFor(/ready on/, 60_000).then(() => interrupt(dev), () => undefined);
    assert.notEqual(await dev.exited, 0, dev.output());
    await started;
    assert.match(dev.output(), /assets: _worker\.js\/[^:]+: the assets directory holds a _worker\.js folder, server code a framework built, which would be served to anyone/);
  });

  await t.test('ledge deploy to a ledge serve uploads the built worker and the assets', async () => {
    const platform = await startPlatform();
    try {
      // What the user does after `kv namespace create` for each namespace: put the ids into wrangler.jsonc.
      editConfig(dir, 'wrangler.jsonc', '3a7c2e9b5d1f4a6c8e0b2d4f6a8c0e1b', await platform.create('kv', 'astro-guides-GUIDES'));
      editConfig(dir, 'wrangler.jsonc', '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f', await platform.create('kv', 'astro-guides-SESSION'));
      const deployed = await platform.ledge(['deploy'], { cwd: dir });
      assert.match(deployed.out, /assets +\d+ files, \d+ to upload/);
      assert.match(deployed.out, /deployed astro-guides: version/);
      await exercise((p, init) => platform.visit(hostOf('astro-guides'), p, init), `http://${hostOf('astro-guides')}`);
    } finally {
      await platform.stop();
    }
  });
});

// Compatibility suite: a Nitro 2 app with the cloudflare_module preset and deployConfig (as Nuxt builds too): its
// build writes .output/server/wrangler.json from wrangler.jsonc and .wrangler/deploy/config.json pointing to it,
// which the original's tool runs, and so does Ledge. Routes on KV through event.context.cloudflare.env, a var read
// through process.env, public files as assets. Under ledge dev (both isolations) and ledge deploy to ledge serve.
// The build output is committed (test/compat/nitro-kv/rebuild.mjs writes it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;

async function exercise(get: Fetch): Promise<void> {
  const home = await get('/');
  assert.equal(home.status, 200);
  assert.match(home.body, /<h1>Nitro counter<\/h1>/);
  assert.deepEqual(json(await get('/api/count')), { count: 0, greeting: 'hi from nitro', fromProcess: 'hi from nitro', runtimeConfig: null });
  assert.deepEqual(json(await get('/api/count', { method: 'POST' })), { count: 1 });
  assert.deepEqual(json(await get('/api/count', { method: 'POST' })), { count: 2 });
  assert.equal(json<{ count: number }>(await get('/api/count')).count, 2);
  const missing = await get('/api/nothing');
  assert.equal(missing.status, 404);
  assert.match(json<{ message: string }>(missing).message, /Cannot find any route matching \/api\/nothing/);
  // What the build keeps beside the worker is not served.
  assert.equal((await get('/wrangler.json')).status, 404);
  assert.equal((await get('/index.mjs')).status, 404);
}

test('a Nitro app built with the cloudflare_module preset runs its generated configuration under ledge dev and ledge serve', { timeout: 240_000 }, async (t) => {
  const dir = copyApp('nitro-kv', { builtOutput: true });
  for (const isolation of ['thread', 'process'] as const) {
    await t.test(`ledge dev (${isolation})`, async () => {
      const output = await withDev(dir, (url) => exercise((p, init) => call(`${url}${p}`, init)), { args: ['--isolation', isolation, '--state', `${dir}/.ledge-${isolation}`] });
      assert.match(output, /read \.output\/server\/wrangler\.json, the original platform's configuration that the build generated/);
    });
  }
  await t.test('ledge deploy to a ledge serve', async () => {
    const platform = await startPlatform();
    try {
      const kv = await platform.create('kv', 'nitro-counter-COUNTS');
      // The user's wrangler.jsonc gets the id and the build copies it into the generated file (here by hand).
      editConfig(dir, 'wrangler.jsonc', '5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b', kv);
      editConfig(dir, '.output/server/wrangler.json', '5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b', kv);
      const deployed = await platform.ledge(['deploy'], { cwd: dir });
      assert.match(deployed.out, /deployed nitro-counter: version/);
      await exercise((p, init) => platform.visit(hostOf('nitro-counter'), p, init));
    } finally {
      await platform.stop();
    }
  });
});

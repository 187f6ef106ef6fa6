// Compatibility suite: a React Router v7 app made from the original platform's template (react-router 7.18,
// @cloudflare/vite-plugin 1.34, wrangler.jsonc), server-rendered, with loaders and an action on a KV namespace and
// its client build served as static assets. `npm run build` writes the worker and assets to build/ and a
// generated build/server/wrangler.json that .wrangler/deploy/config.json points to: the original's tool then
// runs that, and so does Ledge (ledge dev in both isolations, ledge deploy). The build output is committed
// (test/compat/react-router-kv/rebuild.mjs writes it), so the suite needs none of the app's packages.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;

const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

/** What a browser does with the app: pages, a form post, client-side navigation's data requests, the built assets. */
async function exercise(get: Fetch): Promise<void> {
  const home = await get('/');
  assert.equal(home.status, 200, home.body);
  assert.match(String(home.headers['content-type']), /^text\/html/);
  // The loader read the generated configuration's vars through context.cloudflare.env.
  assert.match(home.body, /<h1>Hello from Cloudflare<\/h1>/);
  assert.match(home.body, /<title>Notes<\/title>/);

  // The client build: the entry the page loads is served from build/client with its type and validator.
  const entry = /<link rel="modulepreload" href="(\/assets\/entry\.client-[\w-]+\.js)"\/>/.exec(home.body)?.[1] ?? assert.fail(`no client entry in ${home.body.slice(0, 500)}`);
  const script = await get(entry);
  assert.equal(script.status, 200);
  assert.match(String(script.headers['content-type']), /^text\/javascript/);
  assert.equal((await get(entry, { headers: { 'if-none-match': String(script.headers.etag) } })).status, 304);
  const favicon = await get('/favicon.svg');
  assert.equal(favicon.status, 200, 'public/ is copied into build/client');
  assert.match(String(favicon.headers['content-type']), /^image\/svg\+xml/);
  // The files the build leaves beside the assets for the tool are not served (.assetsignore in build/client).
  assert.equal((await get('/.assetsignore')).status, 404);

  // The action writes KV; the loaders read it back, on the page, on a note's page and as JSON.
  const empty = await get('/?index', form({ text: '  ' }));
  assert.equal(empty.status, 200);
  assert.match(empty.body, /<p role="alert">text is required<\/p>/);
  const posted = await get('/?index', form({ text: 'buy <milk>' }));
  assert.equal(posted.status, 200, posted.body);
  const listed = json<{ count: number; keys: string[] }>(await get('/api/notes'));
  assert.equal(listed.count, 1);
  const id = listed.keys[0]?.replace(/^note:/, '') ?? assert.fail('no note');
  assert.match((await get('/')).body, new RegExp(`<a href="/notes/${id}" data-discover="true">buy &lt;milk&gt;</a>`));
  const note = await get(`/notes/${id}`);
  assert.equal(note.status, 200);
  assert.match(note.body, /<p class="note">buy &lt;milk&gt;<\/p>/);
  // Client-side navigation asks for the loader's data only (turbo-stream), and for the route manifest.
  const data = await get(`/notes/${id}.data`);
  assert.equal(data.status, 200);
  assert.match(data.body, /"routes\/note"/);
  assert.match(data.body, /"buy <milk>"/);
  // A loader that throws a 404 renders the app's error boundary with that status.
  const missing = await get('/notes/nothing-here');
  assert.equal(missing.status, 404);
  assert.match(missing.body, /<h1>404<\/h1><p>The requested page could not be found\.<\/p>/);
  const unknown = await get('/no/such/route');
  assert.equal(unknown.status, 404);
}

test('a React Router app built by the original\'s Vite plugin runs its generated configuration under ledge dev and ledge serve', { timeout: 240_000 }, async (t) => {
  const dir = copyApp('react-router-kv');

  for (const isolation of ['thread', 'process'] as const) {
    await t.test(`ledge dev (${isolation}) in its folder follows .wrangler/deploy/config.json to the built worker`, async () => {
      const output = await withDev(dir, async (url) => {
        await exercise((p, init) => call(`${url}${p}`, init));
        if (isolation !== 'thread') return;
        // A build writes the generated file again (here: a var changed in wrangler.jsonc): ledge dev reloads it.
        editConfig(dir, 'build/server/wrangler.json', '"Hello from Cloudflare"', '"Hello again"');
        let page = '';
        for (const end = Date.now() + 30_000; !page.includes('<h1>Hello again</h1>') && Date.now() < end;) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          page = (await call(`${url}/`)).body;
        }
        assert.match(page, /<h1>Hello again<\/h1>/, 'the new generated configuration is served without a restart');
        editConfig(dir, 'build/server/wrangler.json', '"Hello again"', '"Hello from Cloudflare"');
      }, { args: ['--isolation', isolation, '--state', path.join(dir, `.ledge-${isolation}`)] });
      assert.match(output, /read build\/server\/wrangler\.json, the original platform's configuration that the build generated \(\.wrangler\/deploy\/config\.json points to it\)/);
      assert.match(output, /react-router-notes ready on/);
    });
  }

  await t.test('without --state, ledge dev keeps its state in the project folder, never in the build output', async () => {
    await withDev(dir, async (url) => {
      assert.equal((await call(`${url}/?index`, form({ text: 'kept' }))).status, 200);
    });
    assert.ok(existsSync(path.join(dir, '.ledge')), 'state in the project folder');
    assert.ok(!existsSync(path.join(dir, 'build', 'server', '.ledge')), 'no state in build/server, which the next build empties');
    await withDev(dir, async (url) => {
      assert.equal(json<{ count: number }>(await call(`${url}/api/notes`)).count, 1, 'the note outlives the restart');
    });
  });

  await t.test('ledge deploy to a ledge serve deploys the built worker and its assets', async () => {
    const platform = await startPlatform();
    try {
      // The user puts the new namespace's id into wrangler.jsonc and builds again; the build copies it into
      // the generated file (done here by hand: the suite does not carry the app's build tools).
      const kv = await platform.create('kv', 'react-router-notes-NOTES');
      editConfig(dir, 'wrangler.jsonc', '7d1f0c2b9a8e4d6c5b4a39281706f5e4', kv);
      editConfig(dir, 'build/server/wrangler.json', '7d1f0c2b9a8e4d6c5b4a39281706f5e4', kv);
      const deployed = await platform.ledge(['deploy'], { cwd: dir });
      assert.match(deployed.out, /read build\/server\/wrangler\.json/);
      assert.match(deployed.out, /assets +\d+ files, \d+ to upload/);
      assert.match(deployed.out, /deployed react-router-notes: version/);
      assert.doesNotMatch(deployed.out, /build │/, 'there is no build command in the generated file: the output is already built');
      await exercise((p, init) => platform.visit(hostOf('react-router-notes'), p, init));
    } finally {
      await platform.stop();
    }
  });

  assert.match(readFileSync(path.join(dir, '.wrangler', 'deploy', 'config.json'), 'utf8'), /"configPath":"\.\.\/\.\.\/build\/server\/wrangler\.json"/);
});

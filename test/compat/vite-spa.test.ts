// Compatibility suite, application 1 (test/compat/vite-spa): a Vite-built single-page app served as static
// assets with single-page fallback, and its JSON API under /api/* in the worker on a KV namespace. Its own
// `vite build` runs from the wrangler file's build command, under `ledge dev` and under `ledge deploy`.
import { stripVTControlCharacters } from 'node:util';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, copyApp, editConfig, hostOf, json, startPlatform, viteSkip, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;

/** What a browser and the app's own front end do, against one running copy. */
async function exercise(get: Fetch): Promise<void> {
  const page = await get('/');
  assert.equal(page.status, 200, page.body);
  assert.match(String(page.headers['content-type']), /^text\/html/);
  assert.match(page.body, /<div id="app"><\/div>/);
  // Vite rewrote the entry to its hashed bundle: the page is the build's output, not the source.
  const script = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/.exec(page.body)?.[1] ?? assert.fail(`no built script in ${page.body}`);
  const js = await get(script);
  assert.equal(js.status, 200);
  assert.match(String(js.headers['content-type']), /^text\/javascript/);
  assert.match(js.body, /\/api\/todos/);
  const etag = String(js.headers.etag);
  assert.equal((await get(script, { headers: { 'if-none-match': etag } })).status, 304);
  assert.equal((await get('/favicon.svg')).status, 200, 'public/ is copied into the build');

  // A client-side route loaded by the browser gets the app's page (not_found_handling: single-page-application).
  const deepLink = await get('/todo/42', { headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' } });
  assert.equal(deepLink.status, 200);
  assert.equal(deepLink.body, page.body);

  // The API runs in the worker first (run_worker_first: ["/api/*"]), on KV.
  assert.deepEqual(json(await get('/api/todos')), []);
  const created = await get('/api/todos', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'water the plants' }) });
  assert.equal(created.status, 201, created.body);
  const todo = json<{ id: string; title: string; done: boolean }>(created);
  assert.equal(todo.title, 'water the plants');
  assert.equal((await get('/api/todos', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status, 400);
  const patched = json<{ done: boolean }>(await get(`/api/todos/${todo.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"done":true}' }));
  assert.equal(patched.done, true);
  assert.deepEqual(json(await get('/api/todos')), [{ ...todo, done: true }]);
  const missing = await get('/api/nothing-here');
  assert.equal(missing.status, 404);
  assert.deepEqual(json(missing), { error: 'no such API route' });
}

test('a Vite-built single-page app with a KV API runs unchanged under ledge dev and ledge serve', { timeout: 180_000, skip: viteSkip() }, async (t) => {
  const dir = copyApp('vite-spa');

  await t.test('ledge dev in its folder runs its vite build and serves the result', async () => {
    const output = await withDev(dir, async (url) => {
      await exercise((p, init) => call(`${url}${p}`, init));
      // Editing the front end rebuilds it (build.watch_dir) and the new files are served without a restart.
      const before = (await call(`${url}/`)).body;
      editConfig(dir, 'src/main.ts', '<h1>Todos</h1>', '<h1>My todos</h1>');
      // While vite rebuilds, it empties its output folder first: a page read then is neither the old one nor the new.
      const scriptOf = (html: string) => /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
      const old = scriptOf(before);
      let page = before;
      for (const end = Date.now() + 60_000; (scriptOf(page) === undefined || scriptOf(page) === old) && Date.now() < end;) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        page = (await call(`${url}/`)).body;
      }
      const script = scriptOf(page);
      if (script === undefined || script === old) assert.fail(`the page never changed after the edit: ${page.slice(0, 300)}`);
      assert.match((await call(`${url}${script}`)).body, /My todos/);
      assert.equal(json<unknown[]>(await call(`${url}/api/todos`)).length, 1, 'the KV data outlives the reload');
    });
    assert.match(output, /read wrangler\.jsonc, the original platform's configuration/);
    assert.match(output, /\[build\] running the build: npm run build/);
    assert.match(stripVTControlCharacters(output), /\[build\] vite v\d+\.\d+\.\d+ building/);
  });

  await t.test('ledge deploy to a ledge serve runs the build, uploads the assets, and the app answers on its hostname', async () => {
    const platform = await startPlatform();
    try {
      // What the user does after `kv namespace create`: put the new id into the wrangler file.
      const kv = await platform.create('kv', 'vite-spa-todos-TODOS');
      editConfig(dir, 'wrangler.jsonc', '4f3b2a1c0d9e8f7a6b5c4d3e2f1a0b9c', kv);
      const deployed = await platform.ledge(['deploy'], { cwd: dir });
      assert.match(stripVTControlCharacters(deployed.out), /build │ .*vite v\d/);
      assert.match(deployed.out, /assets +\d+ files, \d+ to upload/);
      assert.match(deployed.out, /deployed vite-spa-todos: version/);
      await exercise((p, init) => platform.visit(hostOf('vite-spa-todos'), p, init));
    } finally {
      await platform.stop();
    }
  });
});

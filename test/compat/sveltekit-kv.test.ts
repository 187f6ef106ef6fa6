// Compatibility suite: a SvelteKit 2 app built by @sveltejs/adapter-cloudflare 7 (test/compat/sveltekit-kv,
// wrangler.jsonc with main ".svelte-kit/cloudflare/_worker.js" and the assets beside it, committed build output that
// its rebuild.mjs writes): server-rendered pages reading KV through platform.env, a form action with SvelteKit's own
// origin check, fail(400) and redirect(303), a JSON API, a prerendered page served as a file, the adapter's _headers
// (immutable client files, applied in file order) and .assetsignore, and a hook's platform.ctx.waitUntil. Under
// ledge dev (both isolations) and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
interface Entry { id: string; name: string; message: string; at: string }

/** What a visitor's browser and the app's API clients do; `origin` is the site's own (SvelteKit checks it on form posts). */
async function exercise(get: Fetch, origin: string, dir: string): Promise<void> {
  const home = await get('/');
  assert.equal(home.status, 200, home.body);
  assert.match(String(home.headers['content-type']), /^text\/html/);
  assert.equal(home.headers['x-rendered-by'], 'sveltekit');
  assert.match(home.body, /<title>Sign the guestbook<\/title>/);
  assert.match(home.body, /<li class="empty">No entries yet\.<\/li>/);
  assert.match(home.body, /<p class="protocol">HTTP\/1\.1<\/p>/, 'platform.cf is the request\'s cf');

  // The prerendered page is a file: served without the worker (no hook header), with a validator.
  const about = await get('/about');
  assert.equal(about.status, 200);
  assert.match(about.body, /This page was prerendered\./);
  assert.equal(about.headers['x-rendered-by'], undefined);
  assert.ok(about.headers.etag);

  // The adapter's _headers: immutable files for a year, the rest of /_app not cached, none of it indexed.
  const entry = readdirSync(path.join(dir, '.svelte-kit/cloudflare/_app/immutable/entry')).find((f) => f.startsWith('start.')) ?? assert.fail('no start chunk');
  const chunk = await get(`/_app/immutable/entry/${entry}`);
  assert.equal(chunk.status, 200);
  assert.match(String(chunk.headers['content-type']), /javascript/);
  assert.equal(chunk.headers['cache-control'], 'public, immutable, max-age=31536000');
  assert.equal(chunk.headers['x-robots-tag'], 'noindex');
  const version = await get('/_app/version.json');
  assert.equal(version.headers['cache-control'], 'no-cache');
  assert.equal(version.headers['x-robots-tag'], 'noindex');
  // The worker and the adapter's configuration files beside the assets are never served.
  for (const hidden of ['/_worker.js', '/_headers', '/.assetsignore']) {
    const answer = await get(hidden);
    assert.equal(answer.status, 404, hidden);
    assert.doesNotMatch(answer.body, /cloudflare:workers|immutable, max-age/, hidden);
  }

  // The form action: SvelteKit refuses a cross-site post, answers 400 with the field errors, then redirects.
  // What a browser's own form submission sends (SvelteKit answers JSON to a script that asks for it).
  const form = (body: string, headers: Record<string, string> = { origin }) => get('/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml', ...headers }, body });
  assert.equal((await form('name=Ana&message=hi', {})).status, 403);
  assert.equal((await form('name=Ana&message=hi', { origin: 'https://elsewhere.example' })).status, 403);
  const invalid = await form('name=A&message=');
  assert.equal(invalid.status, 400, invalid.body);
  assert.match(invalid.body, /<p class="error" data-field="name">name must be 2-40 characters<\/p>/);
  assert.match(invalid.body, /<p class="error" data-field="message">message must be 1-280 characters<\/p>/);
  assert.match(invalid.body, /<input name="name" value="A"\/>/);
  const signed = await form('name=Ana&message=Hello+%3Cthere%3E');
  assert.equal(signed.status, 303, signed.body);
  assert.equal(signed.headers.location, '/');
  assert.match((await get('/')).body, /<li><strong>Ana<\/strong>: Hello &lt;there><\/li>/);
  // The enhanced form (use:enhance) posts the same and reads SvelteKit's JSON answer.
  const enhanced = json<{ type: string; status: number }>(await get('/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', origin, 'x-sveltekit-action': 'true' }, body: 'name=&message=x' }));
  assert.deepEqual({ type: enhanced.type, status: enhanced.status }, { type: 'failure', status: 400 });

  // The JSON API over the same KV; the hook's waitUntil counted the visits.
  const posted = await get('/api/entries', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ name: 'Bo', message: 'Second!' }) });
  assert.equal(posted.status, 201, posted.body);
  const bo = json<Entry>(posted);
  assert.deepEqual({ name: bo.name, message: bo.message }, { name: 'Bo', message: 'Second!' });
  assert.deepEqual(json(await get('/api/entries', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: '{"name":"x"}' })), { errors: { name: 'name must be 2-40 characters', message: 'message must be 1-280 characters' } });
  const listed = json<{ entries: Entry[]; visits: number }>(await get('/api/entries'));
  assert.deepEqual(listed.entries.map((e) => e.name), ['Bo', 'Ana'], 'newest first');
  assert.ok(listed.visits >= 3, `visits: ${listed.visits}`);
  assert.deepEqual(json(await get('/api/entries?limit=1')).entries, [bo]);
  const badLimit = await get('/api/entries?limit=0', { headers: { accept: 'application/json' } });
  assert.equal(badLimit.status, 400);
  assert.deepEqual(json(badLimit), { message: 'limit must be an integer from 1 to 100' });

  // The page's data as the client router fetches it, and a page that does not exist.
  const data = json<{ type: string; nodes: unknown[] }>(await get('/__data.json'));
  assert.equal(data.type, 'data');
  assert.match(JSON.stringify(data.nodes), /Hello <there>/);
  assert.equal((await get('/nowhere')).status, 404);
}

test('a SvelteKit app built by adapter-cloudflare runs unchanged under ledge dev and ledge serve', { timeout: 240_000 }, async (t) => {
  const dir = copyApp('sveltekit-kv', { builtOutput: true });

  for (const isolation of ['thread', 'process'] as const) {
    await t.test(`ledge dev (${isolation})`, async () => {
      await withDev(dir, (url) => exercise((p, init) => call(`${url}${p}`, init), url, dir), { args: ['--isolation', isolation, '--state', path.join(dir, `.ledge-${isolation}`)] });
    });
  }

  await t.test('ledge serve, after ledge deploy', async () => {
    const platform = await startPlatform();
    try {
      editConfig(dir, 'wrangler.jsonc', '6d5c4b3a29184f7e6d5c4b3a2918f7e6', await platform.create('kv', 'GUESTBOOK'));
      assert.match((await platform.ledge(['deploy'], { cwd: dir })).out, /deployed sveltekit-guestbook: version/);
      const host = hostOf('sveltekit-guestbook');
      await exercise((p, init) => platform.visit(host, p, init), `http://${host}`, dir);
    } finally {
      await platform.stop();
    }
  });
});

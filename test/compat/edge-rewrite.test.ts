// Compatibility suite: a site from static assets rewritten at the edge (test/compat/edge-rewrite, wrangler.jsonc),
// as the original's A/B-testing, localization and link-rewriting examples write it: env.ASSETS.fetch behind
// run_worker_first globs, HTMLRewriter (setInnerContent, setAttribute, removeAttribute, remove, append with html,
// an async element handler, a text handler gathering chunks, onDocument doctype/comments/end), a named cache from
// caches.open filled through ctx.waitUntil(cache.put(...)), caches.default match/put/delete for the API, and HTTP
// Basic authentication compared by crypto.subtle.timingSafeEqual (the original's example).
// Under ledge dev (both isolations) and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { call, copyApp, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;

const FRENCH_TEST_PAGE = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>Accueil</title>
<link rel="stylesheet" href="/style.css">
</head>
<body>

<h1>Livrez plus vite en périphérie</h1>

<p data-variant="test shown" class="offer">Try it free for 30 days</p>
<a href="https://new.example.com/pricing">Voir les tarifs</a>
<blockquote id="quote">Speed &amp; &lt;simplicity&gt; win.<cite>the team</cite></blockquote>
<footer>Version 2.4.1 &copy; Example Inc.</footer>
</body>
</html>
<!-- html page, fr, variant test -->
`;

/** What the catalogue of `count` items reads after the rewrite. */
function catalogPage(count: number): string {
  let rows = '';
  for (let i = 1; i <= count; i++) {
    rows += i % 10 === 0 ? `<li class="gone">sku-${i} is sold out</li>` : `<li class="item" data-sku="sku-${i}" data-attributes="class data-sku">Item ${i}: $${(i * 1.25).toFixed(2)}</li>`;
  }
  const inStock = count - Math.floor(count / 10);
  return `<!doctype html><html><body><h1>Catalogue</h1><ul id="items">${rows}<li class="total">${inStock} of ${count} in stock</li></ul></body></html>`;
}

async function until(read: () => Promise<Answer>, done: (a: Answer) => boolean, what: string): Promise<Answer> {
  let answer = await read();
  for (const end = Date.now() + 20_000; !done(answer) && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    answer = await read();
  }
  assert.ok(done(answer), `${what}: ${answer.status} ${JSON.stringify(answer.headers)}`);
  return answer;
}

async function exercise(get: Fetch, password: string): Promise<void> {
  // A returning French visitor in the test group: every handler's work, in one page.
  const french = { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5', cookie: 'theme=dark; ab-group=test' };
  const first = await get('/', { headers: french });
  assert.equal(first.status, 200, first.body);
  assert.equal(first.body, FRENCH_TEST_PAGE);
  assert.equal(first.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(first.headers['content-language'], 'fr');
  assert.equal(first.headers['x-cache'], 'MISS');
  assert.equal(first.headers['set-cookie'], undefined, 'a visitor with a group keeps it');
  // The cached copy, stored by ctx.waitUntil after the answer went out, is the same page.
  const again = await until(() => get('/', { headers: french }), (a) => a.headers['x-cache'] === 'HIT', 'the page comes from caches.open("pages")');
  assert.equal(again.body, FRENCH_TEST_PAGE);
  assert.equal(again.headers['cache-control'], 'public, max-age=300');
  // The file's own name is redirected to the page's (html_handling "auto-trailing-slash"); the worker passes it on.
  const byName = await get('/index.html', { headers: french });
  assert.equal(byName.status, 307);
  assert.equal(byName.headers.location, '/');

  // A new visitor is put in a group by a cookie, and sees that group's offer only; German beats an unknown language.
  const fresh = await get('/', { headers: { 'accept-language': 'ja, de;q=0.8' } });
  const group = /^ab-group=(control|test); Path=\/; SameSite=Lax$/.exec(String(fresh.headers['set-cookie']))?.[1];
  assert.ok(group, `set-cookie: ${String(fresh.headers['set-cookie'])}`);
  assert.match(fresh.body, /<html lang="de">/);
  assert.match(fresh.body, /<title>Startseite<\/title>/);
  assert.match(fresh.body, /<a href="https:\/\/new\.example\.com\/pricing">Preise ansehen<\/a>/);
  assert.equal((fresh.body.match(/class="offer"/g) ?? []).length, 1);
  assert.match(fresh.body, group === 'test' ? /Try it free for 30 days/ : /Buy now/);
  assert.match(fresh.body, new RegExp(`<!-- html page, de, variant ${group} -->\\n$`));

  // English needs no dictionary: the page's own words stay, the markers go.
  const english = await get('/', { headers: { cookie: 'ab-group=control' } });
  assert.match(english.body, /<html lang="en">/);
  assert.match(english.body, /<h1>Ship faster at the edge<\/h1>\n<p data-variant="control shown" class="offer">Buy now<\/p>\n\n<a href/);
  assert.doesNotMatch(english.body, /data-i18n-key|internal: the pricing|\{\{version\}\}|loading…/);

  // Files outside run_worker_first are served as they are; a missing page is the assets' 404.
  const css = await get('/style.css');
  assert.equal(css.status, 200);
  assert.match(String(css.headers['content-type']), /^text\/css/);
  assert.match(css.body, /\.offer \{ font-weight: bold; \}/);
  assert.deepEqual(json(await get('/i18n/fr.json')), { title: 'Accueil', headline: 'Livrez plus vite en périphérie', pricing: 'Voir les tarifs' });
  assert.equal((await get('/missing.html', { headers: french })).status, 404);

  // A page the worker streams in 7-byte chunks: every placeholder is whole again, every element seen once.
  for (const items of [1, 2000]) {
    const page = await get(`/catalog?items=${items}`);
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(page.body, catalogPage(items));
  }

  // HTTP Basic authentication, credentials compared by crypto.subtle.timingSafeEqual.
  const basic = (user: string, pass: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` });
  const anonymous = await get('/admin');
  assert.equal(anonymous.status, 401);
  assert.equal(anonymous.headers['www-authenticate'], 'Basic realm="admin", charset="UTF-8"');
  const wrong = `${password.slice(0, -1)}${password.endsWith('x') ? 'y' : 'x'}`;
  assert.equal((await get('/admin', { headers: basic('admin', wrong) })).status, 401, 'same length, one byte off');
  assert.equal((await get('/admin', { headers: basic('admin', `${password}!`) })).status, 401, 'longer');
  assert.equal((await get('/admin', { headers: basic('root', password) })).status, 401, 'another user');
  assert.equal((await get('/admin', { headers: { authorization: 'Basic' } })).status, 400);
  assert.equal((await get('/admin', { headers: { authorization: 'Basic %%%' } })).status, 400);
  const admitted = await get('/admin', { headers: basic('admin', password) });
  assert.equal(admitted.status, 200, admitted.body);
  assert.equal(admitted.body, '🎉 You have private access!');
  assert.equal(admitted.headers['cache-control'], 'no-store');

  // The API: caches.default keeps the answer until it is deleted.
  const quote = await get('/api/quote');
  assert.equal(quote.headers['x-cache'], 'MISS');
  const { id } = json<{ id: string; quote: string }>(quote);
  const hit = await until(() => get('/api/quote'), (a) => a.headers['x-cache'] === 'HIT', 'the quote comes from caches.default');
  assert.deepEqual(json(hit), { id, quote: 'Speed & <simplicity> win.' });
  assert.equal(hit.headers['cache-control'], 's-maxage=60');
  assert.deepEqual(json(await get('/api/quote', { method: 'DELETE' })), { deleted: true });
  assert.deepEqual(json(await get('/api/quote', { method: 'DELETE' })), { deleted: false });
  const renewed = await get('/api/quote');
  assert.equal(renewed.headers['x-cache'], 'MISS');
  assert.notEqual(json<{ id: string }>(renewed).id, id);
  assert.equal((await get('/api/other')).status, 404);
}

test('an HTMLRewriter site on static assets with the Cache API runs unchanged under ledge dev and ledge serve', { timeout: 180_000 }, async (t) => {
  const dir = copyApp('edge-rewrite');

  copyFileSync(path.join(dir, '.dev.vars.example'), path.join(dir, '.dev.vars'));

  for (const isolation of ['thread', 'process'] as const) {
    await t.test(`ledge dev (${isolation})`, async () => {
      const output = await withDev(dir, (url) => exercise((p, init) => call(`${url}${p}`, init), 'local-admin-password'), { args: ['--isolation', isolation, '--state', path.join(dir, `.ledge-${isolation}`)] });
      assert.match(output, /secrets from \.dev\.vars: ADMIN_PASSWORD \(values hidden\)/);
    });
  }

  await t.test('ledge serve, after ledge deploy', async () => {
    const platform = await startPlatform();
    try {
      const password = randomBytes(18).toString('base64url');
      await platform.ledge(['secret', 'put', 'ADMIN_PASSWORD'], { cwd: dir, stdin: `${password}\n` });
      assert.match((await platform.ledge(['deploy'], { cwd: dir })).out, /deployed edge-rewrite: version/);
      await exercise((p, init) => platform.visit(hostOf('edge-rewrite'), p, init), password);
      for (const out of platform.outputs()) assert.ok(!out.includes(password), 'the password was printed');
    } finally {
      await platform.stop();
    }
  });
});

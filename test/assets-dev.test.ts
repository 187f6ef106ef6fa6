import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { interrupt, runCli, startDev } from './cli.js';
import { makeProject } from './helpers.js';

/** A static site: pages, a directory index, a binary, the two rule files. */
const SITE: Record<string, string> = {
  'public/index.html': '<h1>home</h1>',
  'public/about.html': '<h1>about</h1>',
  'public/blog/index.html': '<h1>blog</h1>',
  'public/blog/404.html': '<h1>blog page not found</h1>',
  'public/404.html': '<h1>not found</h1>',
  'public/style.css': 'body { color: red }',
  'public/data.bin': 'x'.repeat(1000),
  'public/_headers': [
    '# comment',
    '/style.css',
    '  X-Frame-Options: DENY',
    '  ! Cache-Control',
    '/blog/*',
    '  X-Section: blog',
    '/users/:id',
    '  X-User: :id',
  ].join('\n'),
  'public/_redirects': [
    '/old-about /about 301',
    '/docs/* /blog/:splat',
    '/people/:name /users/:name 308',
    '/app/* /index.html 200',
  ].join('\n'),
};

/** A GET through node:http: fetch() may not set Sec-Fetch-* headers (forbidden request headers), a browser does. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; }).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject).end();
  });
}

const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => fetch(url, { headers, method, redirect: 'manual' });

test('an assets-only project (no main) serves its files over HTTP: types, html_handling, ETag/304, Range, HEAD, 405', async (t) => {
  const dir = makeProject(SITE, { main: undefined, assets: { directory: 'public' } });
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });

  const home = await get(`${dev.url}/`);
  assert.equal(home.status, 200);
  assert.equal(home.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(await home.text(), '<h1>home</h1>');
  assert.equal(home.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
  const etag = home.headers.get('etag') as string;
  assert.match(etag, /^"[0-9a-f]{64}"$/, 'a strong ETag from the content hash');

  assert.equal(await (await get(`${dev.url}/about`)).text(), '<h1>about</h1>');
  const dotHtml = await get(`${dev.url}/about.html?x=1`);
  assert.equal(dotHtml.status, 307);
  assert.equal(dotHtml.headers.get('location'), '/about?x=1');
  const dirNoSlash = await get(`${dev.url}/blog`);
  assert.equal(dirNoSlash.status, 307);
  assert.equal(dirNoSlash.headers.get('location'), '/blog/');
  assert.equal(await (await get(`${dev.url}/blog/`)).text(), '<h1>blog</h1>');
  assert.equal((await get(`${dev.url}/blog/index.html`)).headers.get('location'), '/blog/');
  assert.equal((await get(`${dev.url}/missing`)).status, 404, 'not_found_handling "none": a plain 404');
  assert.equal((await get(`${dev.url}/_headers`)).status, 404, 'the rule files are never served');
  assert.equal((await get(`${dev.url}/_redirects`)).status, 404);

  const css = await get(`${dev.url}/style.css`);
  assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8');
  const bin = await get(`${dev.url}/data.bin`);
  assert.equal(bin.headers.get('content-type'), 'application/octet-stream');

  const notModified = await get(`${dev.url}/`, { 'if-none-match': etag });
  assert.equal(notModified.status, 304);
  assert.equal(notModified.headers.get('etag'), etag);
  assert.equal(await notModified.text(), '');
  assert.equal((await get(`${dev.url}/`, { 'if-none-match': '"other"' })).status, 200);
  assert.equal((await get(`${dev.url}/`, { 'if-none-match': `"x", W/${etag}` })).status, 304, 'weak comparison over a list');

  const part = await get(`${dev.url}/data.bin`, { range: 'bytes=10-19' });
  assert.equal(part.status, 206);
  assert.equal(part.headers.get('content-range'), 'bytes 10-19/1000');
  assert.equal(part.headers.get('content-length'), '10');
  assert.equal(await part.text(), 'x'.repeat(10));
  assert.equal(part.headers.get('cache-control'), null, 'no default Cache-Control on a range response');
  const suffix = await get(`${dev.url}/data.bin`, { range: 'bytes=-5' });
  assert.equal(suffix.headers.get('content-range'), 'bytes 995-999/1000');
  const past = await get(`${dev.url}/data.bin`, { range: 'bytes=5000-' });
  assert.equal(past.status, 416);
  assert.equal(past.headers.get('content-range'), 'bytes */1000');
  const several = await get(`${dev.url}/data.bin`, { range: 'bytes=0-1,5-6' });
  assert.equal(several.status, 200, 'several ranges: the whole file');
  assert.equal((await several.arrayBuffer()).byteLength, 1000);
  const stale = await get(`${dev.url}/data.bin`, { range: 'bytes=0-1', 'if-range': '"old"' });
  assert.equal(stale.status, 200, 'If-Range naming another version: the whole file');

  const head = await get(`${dev.url}/about`, {}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-length'), String('<h1>about</h1>'.length));
  assert.equal(await head.text(), '');

  const post = await get(`${dev.url}/`, {}, 'POST');
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('allow'), 'GET, HEAD');
  assert.equal(await interrupt(dev), 0);
});

test('_headers and _redirects: splats, placeholders, removal, status codes, 200 rewrites', async (t) => {
  const dir = makeProject({ ...SITE, 'public/users/7': 'user seven' }, { main: undefined, assets: { directory: 'public' } });
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });

  const css = await get(`${dev.url}/style.css`);
  assert.equal(css.headers.get('x-frame-options'), 'DENY');
  assert.equal(css.headers.get('cache-control'), null, '"! Cache-Control" removes the default');
  assert.equal((await get(`${dev.url}/blog/`)).headers.get('x-section'), 'blog', 'a splat rule');
  assert.equal((await get(`${dev.url}/about`)).headers.get('x-section'), null);
  assert.equal((await get(`${dev.url}/users/7`)).headers.get('x-user'), '7', 'a placeholder filled into the value');

  const moved = await get(`${dev.url}/old-about`);
  assert.equal(moved.status, 301);
  assert.equal(moved.headers.get('location'), '/about');
  const splat = await get(`${dev.url}/docs/a/b?q=1`);
  assert.equal(splat.status, 302, 'the default status');
  assert.equal(splat.headers.get('location'), '/blog/a/b?q=1', 'the splat and the query carried over');
  const named = await get(`${dev.url}/people/ann`);
  assert.equal(named.status, 308);
  assert.equal(named.headers.get('location'), '/users/ann');
  const rewrite = await get(`${dev.url}/app/settings/profile`);
  assert.equal(rewrite.status, 200, 'a 200 rule serves the destination under the same URL');
  assert.equal(await rewrite.text(), '<h1>home</h1>');
  assert.equal(await interrupt(dev), 0);
});

test('every html_handling mode and the 404 page, each over real HTTP', async (t) => {
  // [path, status, location or body] per mode.
  const cases: Record<string, [string, number, string][]> = {
    'force-trailing-slash': [['/about', 307, '/about/'], ['/about/', 200, '<h1>about</h1>'], ['/about.html', 307, '/about/'], ['/blog', 307, '/blog/'], ['/blog/', 200, '<h1>blog</h1>']],
    'drop-trailing-slash': [['/about', 200, '<h1>about</h1>'], ['/about/', 307, '/about'], ['/blog/', 307, '/blog'], ['/blog', 200, '<h1>blog</h1>'], ['/blog/index.html', 307, '/blog'], ['/', 200, '<h1>home</h1>']],
    none: [['/about', 404, ''], ['/about.html', 200, '<h1>about</h1>'], ['/blog/', 404, ''], ['/blog/index.html', 200, '<h1>blog</h1>']],
    'auto-trailing-slash': [['/about', 200, '<h1>about</h1>'], ['/about/', 307, '/about'], ['/index.html', 307, '/'], ['/blog/index', 307, '/blog/']],
  };
  for (const [mode, expected] of Object.entries(cases)) {
    const dir = makeProject(SITE, { main: undefined, assets: { directory: 'public', html_handling: mode, not_found_handling: mode === 'none' ? 'none' : '404-page' } });
    const dev = await startDev(dir);
    t.after(() => { dev.child.kill('SIGKILL'); });
    for (const [p, status, what] of expected) {
      const response = await get(`${dev.url}${p}`);
      assert.equal(response.status, status, `${mode}: ${p}`);
      if (status === 307) assert.equal(response.headers.get('location'), what, `${mode}: ${p} location`);
      else if (status === 200) assert.equal(await response.text(), what, `${mode}: ${p} body`);
    }
    if (mode !== 'none') {
      const missing = await get(`${dev.url}/nothing/here`);
      assert.equal(missing.status, 404);
      assert.equal(await missing.text(), '<h1>not found</h1>', `${mode}: the root 404.html`);
      assert.equal(await (await get(`${dev.url}/blog/gone`)).text(), '<h1>blog page not found</h1>', `${mode}: the nearest 404.html`);
    }
    assert.equal(await interrupt(dev), 0);
  }
});

/** A worker that counts the events it sees, so a test can tell whether the isolate was woken. */
const WORKER = `let events = 0;
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/__count') return new Response(String(events));
    events++;
    if (url.pathname === '/via-binding') {
      const asset = await env.ASSETS.fetch(new Request(new URL('/about', request.url)));
      const missing = await env.ASSETS.fetch('http://any.host/nope');
      return new Response(JSON.stringify({ status: asset.status, body: await asset.text(), etag: asset.headers.get('etag'), type: asset.headers.get('content-type'), missing: missing.status, name: env.ASSETS.constructor.name }));
    }
    return new Response('worker ' + url.pathname);
  },
};`;

test('with an application: assets first without waking it, run_worker_first globs and negations, SPA navigations, the ASSETS binding', async (t) => {
  const dir = makeProject({
    'src/index.js': WORKER,
    'public/index.html': '<h1>spa</h1>',
    'public/about.html': '<h1>about</h1>',
    'public/api/data.json': '{"from":"asset"}',
    'public/api/public/info.json': '{"public":true}',
  }, { assets: { directory: 'public', binding: 'ASSETS', not_found_handling: 'single-page-application', run_worker_first: ['/api/*', '!/api/public/*'] } });
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const count = async () => Number(await (await get(`${dev.url}/__count`)).text());

  assert.equal(await (await get(`${dev.url}/`)).text(), '<h1>spa</h1>');
  assert.equal(await (await get(`${dev.url}/about`)).text(), '<h1>about</h1>');
  assert.equal(await (await get(`${dev.url}/api/public/info.json`)).text(), '{"public":true}', 'a negated glob serves the asset');
  assert.equal(await count(), 0, 'asset requests never woke the application');

  assert.equal(await (await get(`${dev.url}/api/data.json`)).text(), 'worker /api/data.json', 'run_worker_first wins over a matching asset');
  assert.deepEqual(await rawGet(`${dev.url}/dashboard/settings`, { 'sec-fetch-mode': 'navigate' }), { status: 200, body: '<h1>spa</h1>' }, 'a navigation gets the SPA index');
  assert.equal((await rawGet(`${dev.url}/dashboard/settings`, { 'sec-fetch-mode': 'cors' })).body, 'worker /dashboard/settings', 'other requests no asset matches go to the application');
  assert.equal(await (await get(`${dev.url}/about`, {}, 'POST')).text(), 'worker /about', 'methods other than GET and HEAD go to the application');
  assert.equal(await count(), 3);

  const viaBinding = await (await get(`${dev.url}/via-binding`)).json() as Record<string, unknown>;
  assert.equal(viaBinding.status, 200);
  assert.equal(viaBinding.body, '<h1>about</h1>');
  assert.match(String(viaBinding.etag), /^"[0-9a-f]{64}"$/);
  assert.equal(viaBinding.type, 'text/html; charset=utf-8');
  assert.equal(viaBinding.missing, 200, 'the binding applies not_found_handling: the SPA index');
  assert.equal(viaBinding.name, 'Fetcher');
  assert.equal(await interrupt(dev), 0);
});

test('ledge dev picks up added, changed and removed asset files without a restart', async (t) => {
  const dir = makeProject(SITE, { main: undefined, assets: { directory: 'public' } });
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const until = async (p: string, check: (r: Response, body: string) => boolean) => {
    const end = Date.now() + 10_000;
    for (;;) {
      const response = await get(`${dev.url}${p}`);
      if (check(response, await response.text())) return response;
      if (Date.now() > end) throw new Error(`${p} did not change in time`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const before = (await get(`${dev.url}/about`)).headers.get('etag');
  writeFileSync(path.join(dir, 'public/about.html'), '<h1>about, edited</h1>');
  const after = await until('/about', (_r, body) => body === '<h1>about, edited</h1>');
  assert.notEqual(after.headers.get('etag'), before, 'a new content hash, a new ETag');
  writeFileSync(path.join(dir, 'public/fresh.txt'), 'new file');
  await until('/fresh.txt', (r) => r.status === 200);
  rmSync(path.join(dir, 'public/style.css'));
  await until('/style.css', (r) => r.status === 404);
  writeFileSync(path.join(dir, 'public/_redirects'), '/go /about 302\n');
  await until('/go', (r) => r.status === 302);
  assert.doesNotMatch(dev.output(), /reloaded/, 'no restart, no reload of anything else');
  assert.equal(await interrupt(dev), 0);
});

test('a project without main and without assets is refused with a clear message', async () => {
  const dir = makeProject({}, { main: undefined });
  const proc = runCli(['dev', dir, '--port', '0']);
  assert.notEqual(await proc.exited, 0);
  assert.match(proc.output(), /main: missing; set "main" to the entry module, or "assets"/);
});

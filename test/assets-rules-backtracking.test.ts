// Attack (red team): an account deploys static assets whose `_redirects` (or `_headers`) pattern puts many
// placeholders in one path segment (`/:p0-:p1-...-:p11`). Compiled to a backtracking regex, one request with a
// path of 60 dashes took it minutes to refuse, on the platform's main thread: every account's requests waited.
// Such a pattern is skipped with a warning (one placeholder or `*` per segment or host label), so matching stays
// linear in the URL, and the other account keeps answering while the attacker's path is tried.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { request } from 'node:http';
import { compilePattern, matchPattern, parseHeaders, parseRedirects } from '../src/entry/assets/rules.js';
import { tempDir } from './helpers.js';
import { apiCall, startServe, visit } from './serve-process.js';

const CROWDED = `/${Array.from({ length: 12 }, (_, i) => `:p${i}`).join('-')}`;
const DASHES = `/${'-'.repeat(60)}/`;

test('a pattern with several placeholders (or a placeholder and *) in one segment or host label is skipped with a warning naming it', () => {
  const redirects = parseRedirects([`${CROWDED} /x 301`, '/a/*-:b /y', '/users/:id /people/:id 308', '/blog/* /posts/:splat'].join('\n'));
  assert.equal(redirects.rules.length, 2, 'the two ordinary rules stay');
  assert.match(redirects.warnings[0] as string, /^_redirects:1: .*":p0-:p1-.*holds more than one placeholder or "\*"/);
  assert.match(redirects.warnings[1] as string, /^_redirects:2: .*"\*-:b" holds more than one/);
  const headers = parseHeaders([CROWDED, '  X-A: 1', 'https://:a-:b.example.com/*', '  X-B: 2', 'https://:sub.example.com/:id', '  X-C: :sub :id'].join('\n'));
  assert.equal(headers.rules.length, 1);
  assert.equal(headers.warnings.length, 2);
  // What stays accepted still matches as documented: a placeholder is one path segment, or one host label.
  const host = compilePattern('https://:sub.example.com/:id');
  assert.ok(typeof host !== 'string');
  assert.deepEqual(matchPattern(host, 'shop.example.com', '/42'), { sub: 'shop', id: '42' });
  assert.equal(matchPattern(host, 'a.b.example.com', '/42'), null, 'a host placeholder is one label');
  const path = compilePattern('/files/:dir/*.html');
  assert.ok(typeof path !== 'string');
  assert.deepEqual(matchPattern(path, 'h', '/files/docs/a/b.html'), { dir: 'docs', splat: 'a/b' });
  assert.equal(matchPattern(path, 'h', `/files/${'x'.repeat(20000)}`), null);
});

/** A GET on the application listener that gives up after `ms` (then the platform is stuck: the test fails). */
function visitWithin(app: string, host: string, pathname: string, ms: number): Promise<{ status: number; body: string } | 'no answer'> {
  return new Promise((resolve, reject) => {
    const req = request(`${app}${pathname}`, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.setTimeout(ms, () => { req.destroy(); resolve('no answer'); });
    req.on('error', reject);
    req.end();
  });
}

test('under ledge serve, a hostile _redirects never stalls the platform: the attacker\'s path is answered and the other account keeps answering', { timeout: 120_000 }, async (t) => {
  const serve = await startServe(tempDir('ledge-assets-backtrack-'), ['--isolation', 'thread', '--trust-all-code']);
  t.after(() => { if (serve.child.exitCode === null) serve.child.kill('SIGKILL'); });
  const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
  const a = (await serve.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
  const b = await apiCall(serve.api, token, 'POST', '/accounts', { name: 'bee' });
  assert.equal(b.status, 201, b.text);
  const honest = await apiCall(serve.api, token, 'PUT', `/accounts/${b.result.id}/deployments/honest`, {
    main_module: 'index.js', modules: [{ name: 'index.js', content_base64: Buffer.from('export default { fetch() { return new Response("B ok"); } };').toString('base64') }],
    config: { compatibility_date: '2026-10-01', edge_dev: true },
  });
  assert.equal(honest.status, 200, honest.text);
  const evil = await apiCall(serve.api, token, 'PUT', `/accounts/${a}/deployments/evil`, {
    modules: [], assets: { files: {}, redirects: `${CROWDED} /x 301\n/fine /ok 302\n` },
    config: { compatibility_date: '2026-10-01', edge_dev: true },
  });
  assert.equal(evil.status, 200, evil.text);
  const answer = await visitWithin(serve.app, 'evil.admin.ledge.localhost', DASHES, 30_000);
  assert.notEqual(answer, 'no answer', 'the platform answered the attacker\'s path');
  assert.equal((answer as { status: number }).status, 404, 'the crowded rule was skipped, so nothing matched');
  assert.equal((await visitWithin(serve.app, 'evil.admin.ledge.localhost', '/fine', 30_000) as { status: number }).status, 302, 'the ordinary rule works');
  assert.deepEqual(await visit(serve.app, 'honest.bee.ledge.localhost'), { status: 200, body: 'B ok' });
});

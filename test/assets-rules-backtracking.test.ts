// Attack (red team): an account deploys static assets whose `_redirects` (or `_headers`) pattern puts many
// placeholders in one path segment (`/:p0-:p1-...-:p11`), or whose `run_worker_first` glob repeats `*`
// (`/*a*a*a*a*a*a*a*a*b`). Compiled to backtracking regexes, one request with a path of 60 dashes (or 100 a's) took
// minutes to refuse, on the platform's main thread: every account's requests waited. Such a rules pattern is
// skipped with a warning (one placeholder or `*` per segment or host label), globs are matched without a regex, so
// matching stays linear in the URL, and the other account keeps answering while the attacker's path is tried.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compilePattern, matchPattern, parseHeaders, parseRedirects } from '../src/entry/assets/rules.js';
import { compileWorkerFirst } from '../src/entry/assets/handler.js';
import { tempDir } from './helpers.js';
import { apiCall, startServe, visit, visitWithin } from './serve-process.js';

const CROWDED = `/${Array.from({ length: 12 }, (_, i) => `:p${i}`).join('-')}`;
const DASHES = `/${'-'.repeat(60)}/`;
const STARRY = `/${'*a'.repeat(10)}*b`;
const AAA = `/${'a'.repeat(100)}`;

test('run_worker_first globs: * matches anything (also "/"), ! excludes and wins, and a glob of many * answers at once', () => {
  const first = compileWorkerFirst(['/api/*', '/*.json', '!/api/public/*', '/exact', '/a*b*c', STARRY]);
  const expected: [string, boolean][] = [
    ['/api/x', true], ['/api/', true], ['/api', false], ['/x/y.json', true], ['/api/public/y', false], ['/exact', true], ['/exact2', false],
    ['/abc', true], ['/a-b/c', true], ['/acb', false], ['/ab', false], ['/abcabc', true], [AAA, false], [`${AAA}b`, true],
  ];
  for (const [path, wanted] of expected) assert.equal(first(path), wanted, path);
  assert.equal(compileWorkerFirst(['/a*a'])('/a'), false, 'prefix and suffix may not overlap');
});

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
  const globs = await apiCall(serve.api, token, 'PUT', `/accounts/${a}/deployments/globs`, {
    main_module: 'index.js', modules: [{ name: 'index.js', content_base64: Buffer.from('export default { fetch() { return new Response("worker first"); } };').toString('base64') }],
    assets: { files: {} }, config: { compatibility_date: '2026-10-01', edge_dev: true, assets: { directory: 'public', run_worker_first: [STARRY] } },
  });
  assert.equal(globs.status, 200, globs.text);
  const first = await visitWithin(serve.app, 'globs.admin.ledge.localhost', AAA, 30_000);
  assert.notEqual(first, 'no answer', 'the platform answered the path the glob backtracks on');
  assert.deepEqual(await visitWithin(serve.app, 'globs.admin.ledge.localhost', `${AAA}b`, 30_000), { status: 200, body: 'worker first' });
  const answer = await visitWithin(serve.app, 'evil.admin.ledge.localhost', DASHES, 30_000);
  assert.notEqual(answer, 'no answer', 'the platform answered the attacker\'s path');
  assert.equal((answer as { status: number }).status, 404, 'the crowded rule was skipped, so nothing matched');
  assert.equal((await visitWithin(serve.app, 'evil.admin.ledge.localhost', '/fine', 30_000) as { status: number }).status, 302, 'the ordinary rule works');
  assert.deepEqual(await visit(serve.app, 'honest.bee.ledge.localhost'), { status: 200, body: 'B ok' });
});

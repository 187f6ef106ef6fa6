// Attack (any visitor): `_redirects` and `_headers` splats given paths that decode to line breaks, header syntax
// or a second host. The splat's `.` did not match a decoded `%0A`, `%0D` or U+2028, so `/admin/*` skipped such a
// path: its redirect did not happen and its `_headers` (X-Frame-Options, Content-Security-Policy) were missing from
// the single-page application's fallback page. A splat filled in as `//host` or `/\host` made a `Location` a browser
// follows to another site. Now every splat matches any decoded path, values are percent-encoded where a header or
// a same-site path needs it, and `%0D%0A` never starts a second header line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { request } from 'node:http';
import { makeProject, startProject, tempDir } from './helpers.js';
import { compilePattern, matchPattern, toRedirectLocation } from '../src/entry/assets/rules.js';

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; raw: string[] }

function get(base: string, path: string): Promise<Answer | string> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, path, headers: { accept: 'text/html' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: res.rawHeaders }));
    });
    req.on('error', (err) => resolve(`no answer: ${err.message}`));
    req.end();
  });
}

test('a splat matches decoded line breaks, and its redirect and headers apply; no Location leaves the site or gains a line', { timeout: 60_000 }, async (t) => {
  const dir = makeProject({
    'public/index.html': '<h1>app</h1>',
    'public/_headers': '/admin/*\n  X-Frame-Options: DENY\n  X-Rest: :splat\n',
    'public/_redirects': '/go/* /to/:splat 302\n/blog/* /:splat 301\n/p/:name /people/:name 308\n',
  }, { main: undefined, assets: { directory: 'public', not_found_handling: 'single-page-application' } });
  const server = await startProject(dir, { stateDir: tempDir('ledge-assets-splat-breaks-') });
  t.after(() => server.close());
  const redirects: [string, number, string][] = [
    ['/go/a%0Ab', 302, '/to/a%0Ab'],
    ['/go/%0D%0ASet-Cookie:%20stolen=1', 302, '/to/%0D%0ASet-Cookie:%20stolen=1'],
    ['/go/x%E2%80%A8y%E2%80%A9z%0D', 302, '/to/x%E2%80%A8y%E2%80%A9z%0D'],
    ['/p/a%0D%0AX-Injected:%201', 308, '/people/a%0D%0AX-Injected:%201'],
    ['/blog/%2F%2Fevil.example/x', 301, '/%2F%2Fevil.example/x'],
    ['/blog//evil.example', 301, '/%2Fevil.example'],
    ['/blog/%5Cevil.example', 301, '/%5Cevil.example'],
    ['/blog/%2F%5Cevil.example', 301, '/%2F%5Cevil.example'],
    ['/blog/posts/1?q=%0A', 301, '/posts/1?q=%0A'],
  ];
  for (const [path, status, location] of redirects) {
    const answer = await get(server.url, path);
    assert.notEqual(typeof answer, 'string', `${path}: ${String(answer)}`);
    const { status: got, headers, raw } = answer as Answer;
    assert.equal(got, status, path);
    assert.equal(headers.location, location, path);
    assert.equal(headers['set-cookie'], undefined, path);
    assert.equal(headers['x-injected'], undefined, path);
    assert.ok(raw.every((v) => !/[\r\n]/.test(v)), path);
  }
  // The fallback page under /admin/ keeps the rule's headers whatever the path holds.
  for (const path of ['/admin/x', '/admin/%0A', '/admin/a%0D%0Ab', '/admin/%E2%80%A8']) {
    const answer = await get(server.url, path);
    assert.notEqual(typeof answer, 'string', `${path}: ${String(answer)}`);
    const { status, headers } = answer as Answer;
    assert.equal(status, 200, path);
    assert.equal(headers['x-frame-options'], 'DENY', path);
    assert.equal(headers['x-rest'], path.slice('/admin/'.length), path);
  }
  assert.doesNotMatch(server.logText(), /response failed/);
});

test('patterns: a splat matches every line terminator; a destination written as a path stays a path', () => {
  const splat = compilePattern('/a/*');
  assert.notEqual(typeof splat, 'string');
  for (const tail of ['\n', '\r\n', 'x\u2028y', '\u2029', 'line\nbreak/more']) {
    assert.deepEqual(matchPattern(splat as Exclude<typeof splat, string>, 'h', `/a/${tail}`), { splat: tail }, JSON.stringify(tail));
  }
  assert.equal(toRedirectLocation('/:splat', '///x'), '/%2F%2Fx');
  assert.equal(toRedirectLocation('/:splat', '/\\\\x'), '/%5C%5Cx');
  assert.equal(toRedirectLocation('/:splat', '/ok/path'), '/ok/path');
  // Written by the site's author as another host: left as written.
  assert.equal(toRedirectLocation('https://other.example/:splat', 'https://other.example/x'), 'https://other.example/x');
  assert.equal(toRedirectLocation('//cdn.example/:splat', '//cdn.example/x'), '//cdn.example/x');
});

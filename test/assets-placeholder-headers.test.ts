// Attack (red team, any visitor): a site whose `_headers` or `_redirects` fill a placeholder from the path
// (`X-Path: :splat`, `/go/* /to/:splat`) is asked for a path that decodes to what a header cannot carry: `€`, `é`,
// a NUL. The platform filled the decoded text into the head, Node refused to write it, and the client got no answer
// at all (the connection was dropped). Placeholders are now filled percent-encoded, a literal destination too, and a
// `_headers` value a header cannot carry is skipped with a warning.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { request } from 'node:http';
import { makeProject, startProject, tempDir } from './helpers.js';
import { parseHeaders } from '../src/entry/assets/rules.js';

function get(base: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> } | string> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, path, headers: { accept: 'text/html' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', (err) => resolve(`no answer: ${err.message}`));
    req.end();
  });
}

test('paths that decode to characters a header cannot carry are answered, with the placeholders percent-encoded', { timeout: 60_000 }, async (t) => {
  const dir = makeProject({
    'public/index.html': '<h1>hi</h1>',
    'public/_headers': '/*\n  X-Path: :splat\n',
    'public/_redirects': '/go/* /to/:splat 302\n/cafe /café 301\n',
  }, { main: undefined, assets: { directory: 'public', not_found_handling: 'single-page-application' } });
  const server = await startProject(dir, { stateDir: tempDir('ledge-assets-placeholders-') });
  t.after(() => server.close());
  const cases: [string, number, string, string][] = [
    ['/%E2%82%AC', 200, 'x-path', '%E2%82%AC'],
    ['/caf%C3%A9/x', 200, 'x-path', 'caf%C3%A9/x'],
    ['/a%00b', 200, 'x-path', 'a%00b'],
    ['/go/%E2%82%AC?q=1', 302, 'location', '/to/%E2%82%AC?q=1'],
    ['/go/a%7Fb', 302, 'location', '/to/a%7Fb'],
    ['/cafe', 301, 'location', '/caf%C3%A9'],
    ['/plain', 200, 'x-path', 'plain'],
  ];
  for (const [path, status, header, value] of cases) {
    const answer = await get(server.url, path);
    assert.notEqual(typeof answer, 'string', `${path}: ${String(answer)}`);
    const { status: got, headers } = answer as { status: number; headers: Record<string, string | string[] | undefined> };
    assert.equal(got, status, path);
    assert.equal(headers[header], value, path);
  }
  assert.doesNotMatch(server.logText(), /response failed/);
});

test('a _headers value a header cannot carry (a control character, or past latin-1) is skipped with a warning naming the line', () => {
  const { rules, warnings } = parseHeaders('/*\n  X-Ok: café\n  X-Euro: 5 €\n  X-Bell: a\u0007b\n');
  assert.deepEqual(rules[0]?.set, [['x-ok', 'café']]);
  assert.equal(warnings.length, 2);
  assert.match(warnings[0] as string, /^_headers:3: the value of X-Euro holds a control character or one past latin-1/);
  assert.match(warnings[1] as string, /^_headers:4: the value of X-Bell/);
});

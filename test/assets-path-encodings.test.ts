// Red team: static assets under a real `ledge serve`, deployed by a real `ledge deploy`, asked for by a hostile client
// in every spelling of a path that climbs out or slips past `run_worker_first`: `%2e%2e`, `%252e` (double-encoded),
// backslashes raw and encoded, NUL, overlong UTF-8 (`%c0%ae`), encoded and doubled slashes, dot segments, case. A file
// beside the assets directory (never uploaded) is never served, the protected `/admin/*` file is answered only by the
// application (run_worker_first), nothing answers 500, and the platform keeps serving. Assets are looked up by the
// decoded path in the version's manifest and served by content hash, so no spelling reaches a file by its name.
// Ledge holds; the test guards it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { runCli } from './cli.js';
import { makeProject, tempDir } from './helpers.js';
import { get, rawExchange } from './raw-http.js';

const HOST = 'site.example.com';
const OUTSIDE = 'OUTSIDE-THE-ASSETS-7f3a';
const ADMIN = 'ADMIN-ONLY-PAGE-91c2';

test('no spelling of a path reaches a file outside the assets or slips past run_worker_first (ledge serve)', { timeout: 180_000 }, async () => {
  const state = tempDir('ledge-assets-paths-');
  const serve = runCli(['serve', '--state', state, '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
  try {
    const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (\S+)/))[1] as string;
    const appUrl = (await serve.waitFor(/applications on (http:\/\/127\.0\.0\.1:\d+)/))[1] as string;
    const apiUrl = (await serve.waitFor(/API on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/))[1] as string;
    const dir = makeProject({
      'src/index.js': `export default { async fetch(request) {
        const url = new URL(request.url);
        if (url.pathname.toLowerCase().includes('admin')) return new Response('worker refused ' + url.pathname, { status: 403 });
        return new Response('worker ' + url.pathname, { status: 404 });
      } };`,
      'public/index.html': '<h1>home</h1>',
      'public/admin/secret.html': ADMIN,
      'public/a/b/c.txt': 'deep',
      'secret.txt': OUTSIDE,
      '.env': `KEY=${OUTSIDE}`,
    }, { name: 'site', routes: [HOST], assets: { directory: 'public', run_worker_first: ['/admin/*'] } });
    const home = tempDir('ledge-assets-paths-home-');
    const deploy = runCli(['deploy', dir], { env: { LEDGE_API_TOKEN: token, LEDGE_API_URL: apiUrl, LEDGE_ACCOUNT_ID: '', HOME: home, XDG_CONFIG_HOME: path.join(home, 'cfg') } });
    assert.equal(await deploy.exited, 0, deploy.output());

    const ask = async (target: string) => {
      const { text } = await rawExchange(appUrl, get(target, HOST, 'connection: close'), 300);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      return { status, text };
    };
    assert.equal((await ask('/a/b/c.txt')).status, 200);
    assert.match((await ask('/admin/secret.html')).text, /403[\s\S]*worker refused/, 'the protected file goes to the application');

    const climbs = [
      '/../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E/secret.txt', '/.%2e/secret.txt', '/..%2fsecret.txt', '/..%2Fsecret.txt',
      '/%252e%252e/secret.txt', '/%252e%252e%252fsecret.txt', '/..\\secret.txt', '/%5c..%5csecret.txt', '/..%5csecret.txt',
      '/a/b/../../../secret.txt', '/a/b/%2e%2e/%2e%2e/%2e%2e/secret.txt', '/a/b/..%2f..%2f..%2fsecret.txt',
      '/%c0%ae%c0%ae/secret.txt', '/%c0%ae%c0%ae%c0%afsecret.txt', '/%e0%80%ae%e0%80%ae/secret.txt', '/..%c0%afsecret.txt',
      '/%00', '/index.html%00', '/index.html%00.txt', '/secret.txt', '/.env', '/%2e%65nv', '/../.env', '/%2e%2e/.env',
      '/..%00/secret.txt', '/%ff%fe', '/%', '/%zz', '/a/b/c.txt%2f..%2f..%2f..%2fsecret.txt',
    ];
    const sneaks = [
      '/%61dmin/secret.html', '/admin%2fsecret.html', '/admin%2Fsecret.html', '//admin/secret.html', '/./admin/secret.html',
      '/a/../admin/secret.html', '/a/%2e%2e/admin/secret.html', '/admin/./secret.html', '/admin//secret.html', '/ADMIN/secret.html',
      '/admin/secret.html%00', '/admin%00/secret.html', '/%2561dmin/secret.html', '/admin\\secret.html', '/admin%5csecret.html',
      '/adm%69n/secret.html', '/admin/secret%2ehtml', '/admin/%73ecret.html',
    ];
    for (const target of [...climbs, ...sneaks]) {
      const { status, text } = await ask(target);
      assert.ok(status >= 200 && status < 500, `${target}: answered ${status}`);
      assert.ok(!text.includes(OUTSIDE), `${target}: a file outside the assets was served`);
      assert.ok(!text.includes(ADMIN), `${target}: the protected file was served past run_worker_first (${status})`);
    }
    assert.equal((await ask('/')).status, 200, 'the platform keeps serving');
  } finally {
    serve.child.kill('SIGKILL');
  }
});

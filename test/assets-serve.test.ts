// Static assets under a real `ledge serve`, deployed by real `ledge deploy` processes: content-addressed
// uploads (only what the platform lacks), rollback serving the old files, limits refused with the file named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { runCli, type CliProcess } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

interface Envelope<T> { success: boolean; errors: { code: number; message: string }[]; result: T }
interface Serve { proc: CliProcess; apiUrl: string; appUrl: string; bootstrap: string; accountId: string; state: string }

async function startServe(): Promise<Serve> {
  const state = tempDir('ledge-serve-');
  const proc = runCli(['serve', '--state', state, '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
  const bootstrap = (await proc.waitFor(/bootstrap token \(shown once, store it now\): (\S+)/))[1] as string;
  const appUrl = (await proc.waitFor(/applications on (http:\/\/127\.0\.0\.1:\d+)/))[1] as string;
  const apiUrl = (await proc.waitFor(/API on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/))[1] as string;
  const res = await fetch(`${apiUrl}/accounts`, { headers: { authorization: `Bearer ${bootstrap}` } });
  const accounts = (await res.json() as Envelope<{ id: string }[]>).result;
  return { proc, apiUrl, appUrl, bootstrap, accountId: (accounts[0] as { id: string }).id, state };
}

/** A request to the application listener for `host` (node:http: fetch does not let a caller set Host). */
function appGet(serve: Serve, host: string, pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${serve.appUrl}${pathname}`, { headers: { host, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('latin1').on('data', (c: string) => { text += c; }).on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface DeployJson { assets: { files: number; to_upload: number; bytes_to_upload: number } | null; version: { id: string; number: number } }

test('ledge serve: assets upload with the deploy, only what the platform lacks; a rollback serves the old files; limits name the file', { timeout: 120_000 }, async () => {
  const serve = await startServe();
  try {
    const home = tempDir('ledge-deploy-home-');
    const env = { LEDGE_API_TOKEN: serve.bootstrap, LEDGE_API_URL: serve.apiUrl, LEDGE_ACCOUNT_ID: '', HOME: home, XDG_CONFIG_HOME: path.join(home, 'cfg') };
    const deploy = async (dir: string, extra: string[] = []): Promise<{ code: number | null; out: string; json?: DeployJson }> => {
      const proc = runCli(['deploy', dir, '--json', ...extra], { env });
      let stdout = '';
      proc.child.stdout?.on('data', (c: Buffer) => { stdout += c.toString(); });
      const code = await proc.exited;
      return { code, out: proc.output(), json: code === 0 ? JSON.parse(stdout) as DeployJson : undefined };
    };
    const stored = () => readdirSync(path.join(serve.state, 'accounts', serve.accountId, 'assets'), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;

    const blob = randomBytes(300_000);
    const dir = makeProject({
      'src/index.js': `export default { async fetch(request, env) {
        const url = new URL(request.url);
        if (url.pathname === '/from-binding') return env.ASSETS.fetch(new Request(new URL('/', request.url)));
        return new Response('worker ' + url.pathname);
      } };`,
      'public/index.html': '<h1>v1</h1>',
      'public/copy.html': '<h1>v1</h1>',
      'public/blob.bin': blob.toString('latin1'),
      'public/_headers': '/*\n  X-Site: shop\n',
    }, { name: 'site', routes: ['site.example.com'], assets: { directory: 'public', binding: 'ASSETS' } });
    writeFileSync(path.join(dir, 'public/blob.bin'), blob);

    const first = await deploy(dir);
    assert.equal(first.code, 0, first.out);
    assert.deepEqual(first.json?.assets, { files: 3, to_upload: 2, bytes_to_upload: '<h1>v1</h1>'.length + blob.byteLength }, 'two pages with one content upload once');
    const v1 = first.json?.version.id as string;
    const home1 = await appGet(serve, 'site.example.com', '/');
    assert.equal(home1.status, 200);
    assert.equal(home1.text, '<h1>v1</h1>');
    assert.equal(home1.headers['x-site'], 'shop', '_headers travel with the version');
    assert.equal((await appGet(serve, 'site.example.com', '/', { 'if-none-match': home1.headers.etag as string })).status, 304);
    const part = await appGet(serve, 'site.example.com', '/blob.bin', { range: 'bytes=100-199' });
    assert.equal(part.status, 206);
    assert.equal(Buffer.from(part.text, 'latin1').equals(blob.subarray(100, 200)), true);
    assert.equal((await appGet(serve, 'site.example.com', '/from-binding')).text, '<h1>v1</h1>', 'env.ASSETS.fetch under ledge serve');
    assert.equal((await appGet(serve, 'site.example.com', '/api')).text, 'worker /api');
    const afterFirst = stored();
    assert.equal(afterFirst, 2);

    const again = await deploy(dir);
    assert.equal(again.code, 0, again.out);
    assert.deepEqual(again.json?.assets, { files: 3, to_upload: 0, bytes_to_upload: 0 }, 'the same files again: nothing is sent');
    assert.doesNotMatch(again.out, /uploading \d+ asset files/);
    assert.equal(stored(), afterFirst);

    writeFileSync(path.join(dir, 'public/index.html'), '<h1>v3</h1>');
    const third = await deploy(dir);
    assert.equal(third.code, 0, third.out);
    assert.deepEqual(third.json?.assets, { files: 3, to_upload: 1, bytes_to_upload: '<h1>v3</h1>'.length }, 'only the changed file');
    assert.equal((await appGet(serve, 'site.example.com', '/')).text, '<h1>v3</h1>');

    const back = runCli(['rollback', v1, '--dir', dir, '--yes'], { env });
    assert.equal(await back.exited, 0, back.output());
    assert.equal((await appGet(serve, 'site.example.com', '/')).text, '<h1>v1</h1>', 'the rollback serves the old files, which never left the store');
    assert.equal(stored(), afterFirst + 1, 'nothing uploaded by the rollback');

    // Past the per-file limit: refused before anything is uploaded, naming the file.
    writeFileSync(path.join(dir, 'public/huge.bin'), Buffer.alloc(25 * 1024 * 1024 + 1));
    const huge = await deploy(dir);
    assert.notEqual(huge.code, 0);
    assert.match(huge.out, /huge\.bin is 25\.0 MiB; one file may be at most 25 MiB/);
    assert.equal(stored(), afterFirst + 1);
  } finally {
    serve.proc.child.kill('SIGKILL');
  }
});

test('ledge serve: a project of static assets only (no main) deploys and is served without an isolate', { timeout: 60_000 }, async () => {
  const serve = await startServe();
  try {
    const home = tempDir('ledge-deploy-home-');
    const env = { LEDGE_API_TOKEN: serve.bootstrap, LEDGE_API_URL: serve.apiUrl, LEDGE_ACCOUNT_ID: '', HOME: home, XDG_CONFIG_HOME: path.join(home, 'cfg') };
    const dir = makeProject({
      'public/index.html': '<h1>static</h1>',
      'public/404.html': 'gone',
      'public/_redirects': '/old / 301\n',
    }, { name: 'docs', main: undefined, routes: ['docs.example.com'], assets: { directory: 'public', not_found_handling: '404-page' } });
    const proc = runCli(['deploy', dir], { env });
    assert.equal(await proc.exited, 0, proc.output());
    assert.match(proc.output(), /static assets only/);
    assert.equal((await appGet(serve, 'docs.example.com', '/')).text, '<h1>static</h1>');
    const missing = await appGet(serve, 'docs.example.com', '/nope');
    assert.deepEqual([missing.status, missing.text], [404, 'gone']);
    const moved = await appGet(serve, 'docs.example.com', '/old');
    assert.deepEqual([moved.status, moved.headers.location], [301, '/']);
    assert.doesNotMatch(serve.proc.output(), /version .* failed to start/);
  } finally {
    serve.proc.child.kill('SIGKILL');
  }
});

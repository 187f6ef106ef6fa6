// `ledge secret put | list | delete` as real processes against a real `ledge serve`, on a project that keeps
// the original platform's wrangler.jsonc: write-only, strings in env, sealed at rest, never in a log or a file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { CLI, interrupt, runCli, type CliProcess } from './cli.js';
import { tempDir } from './helpers.js';

interface Serve { proc: CliProcess; apiUrl: string; appUrl: string }

async function startServe(state: string): Promise<Serve & { bootstrap: string | undefined }> {
  const proc = runCli(['serve', '--state', state, '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
  const appUrl = (await proc.waitFor(/applications on (http:\/\/127\.0\.0\.1:\d+)/))[1] as string;
  const apiUrl = (await proc.waitFor(/API on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/))[1] as string;
  const bootstrap = /bootstrap token \(shown once, store it now\): (\S+)/.exec(proc.rawOutput())?.[1];
  return { proc, apiUrl, appUrl, bootstrap };
}

/** GET / on the application listener for `host`: the JSON the test app answers. */
function visit(serve: Serve, host: string, expect: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${serve.appUrl}/`, { headers: { host, 'x-expect': expect } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every file under `dir`, as bytes. */
function filesUnder(dir: string): { file: string; bytes: Buffer }[] {
  const out: { file: string; bytes: Buffer }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (entry.isFile()) out.push({ file: full, bytes: readFileSync(full) });
  }
  return out;
}

// The app reports what it sees without ever answering with the value.
const APP = `export default {
  fetch(request, env) {
    return Response.json({ type: typeof env.API_KEY, matches: env.API_KEY === request.headers.get('x-expect'), greeting: env.GREETING });
  },
};
`;

test('secrets under ledge serve: write-only, strings in env, sealed at rest, refused beside a var of the same name', { timeout: 120_000 }, async () => {
  const state = tempDir('ledge-serve-');
  let serve = await startServe(state);
  const token = serve.bootstrap ?? assert.fail('no bootstrap token');
  const outputs: string[] = [];
  const home = tempDir('ledge-secret-home-');
  const env = () => ({ ...process.env, LEDGE_API_TOKEN: token, LEDGE_API_URL: serve.apiUrl, LEDGE_ACCOUNT_ID: '', HOME: home, XDG_CONFIG_HOME: path.join(home, 'cfg') });
  /** `ledge <args>` with `stdin` piped in; the output is kept for the search at the end. */
  const ledge = (args: string[], stdin = ''): Promise<{ code: number | null; out: string; stdout: string }> => new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    child.once('exit', (code) => { outputs.push(out); resolve({ code, out, stdout }); });
    child.stdin.end(stdin);
  });

  const first = `first-${randomBytes(12).toString('hex')}`;
  const second = `second-${randomBytes(12).toString('hex')}`;
  const dir = tempDir('ledge-secret-app-');
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/index.js'), APP);
  const wrangler = (vars: Record<string, string>) => JSON.stringify({ name: 'vault-app', main: 'src/index.js', compatibility_date: '2025-01-01', vars });
  writeFileSync(path.join(dir, 'wrangler.jsonc'), wrangler({ GREETING: 'hi' }));
  const host = 'vault-app.admin.ledge.localhost';
  try {
    // A secret may be set before the first deploy (piped in with a trailing newline, which is trimmed).
    const put = await ledge(['secret', 'put', 'API_KEY', '--dir', dir], `${first}\n`);
    assert.equal(put.code, 0, put.out);
    assert.match(put.out, /^set secret API_KEY of vault-app; its next request sees it$/m);
    const deployed = await ledge(['deploy', dir]);
    assert.equal(deployed.code, 0, deployed.out);
    assert.deepEqual((await visit(serve, host, first)).body, { type: 'string', matches: true, greeting: 'hi' });

    // Replacing it reaches the running deployment on its next request.
    assert.equal((await ledge(['secret', 'put', 'API_KEY', '--dir', dir], second)).code, 0);
    assert.deepEqual((await visit(serve, host, second)).body, { type: 'string', matches: true, greeting: 'hi' });

    // Listing shows names and dates, never values: the CLI, its JSON, and the API itself.
    const listed = await ledge(['secret', 'list', '--dir', dir]);
    assert.equal(listed.code, 0, listed.out);
    assert.match(listed.out, /^NAME +TYPE +CREATED +MODIFIED$/m);
    assert.match(listed.out, /^API_KEY +secret_text +\S+ +\S+$/m);
    const json = JSON.parse((await ledge(['secret', 'list', '--dir', dir, '--json'])).stdout) as { deployment: string; secrets: Record<string, unknown>[] };
    assert.equal(json.deployment, 'vault-app');
    assert.deepEqual(json.secrets.map((s) => Object.keys(s).sort()), [['created_on', 'modified_on', 'name', 'type']]);
    const account = ((await (await fetch(`${serve.apiUrl}/accounts`, { headers: { authorization: `Bearer ${token}` } })).json()) as { result: { id: string }[] }).result[0]?.id as string;
    const api = await fetch(`${serve.apiUrl}/accounts/${account}/deployments/vault-app/secrets`, { headers: { authorization: `Bearer ${token}` } });
    const apiText = await api.text();
    assert.equal(api.status, 200);
    assert.ok(!apiText.includes(first) && !apiText.includes(second), 'the API never answers with a value');

    // A secret and a var never share a name, whichever comes first.
    const clash = await ledge(['secret', 'put', 'GREETING', '--dir', dir], 'x');
    assert.equal(clash.code, 1);
    assert.match(clash.out, /"GREETING" is already the name of a var of vault-app's current version; a secret needs its own name/);
    writeFileSync(path.join(dir, 'wrangler.jsonc'), wrangler({ GREETING: 'hi', API_KEY: 'plain' }));
    const shadow = await ledge(['deploy', dir]);
    assert.equal(shadow.code, 2, shadow.out);
    assert.match(shadow.out, /"API_KEY" is a secret of vault-app; a var or binding needs another name/);
    writeFileSync(path.join(dir, 'wrangler.jsonc'), wrangler({ GREETING: 'hi' }));

    // Refusals name sizes, never values.
    const empty = await ledge(['secret', 'put', 'EMPTY', '--dir', dir], '  \n');
    assert.equal(empty.code, 2);
    assert.match(empty.out, /no value on standard input/);
    const big = `${'b'.repeat(6000)}`;
    const tooBig = await ledge(['secret', 'put', 'BIG', '--dir', dir], big);
    assert.equal(tooBig.code, 2);
    assert.match(tooBig.out, /the secret is 6000 bytes; at most 5120 are accepted/);
    assert.ok(!tooBig.out.includes('bbbbbbbbbb'));

    // After a restart on the same state directory, the sealed secret opens again with the platform key.
    await interrupt(serve.proc);
    outputs.push(serve.proc.output());
    serve = await startServe(state);
    assert.deepEqual((await visit(serve, host, second)).body, { type: 'string', matches: true, greeting: 'hi' });

    const deleted = await ledge(['secret', 'delete', 'API_KEY', '--dir', dir]);
    assert.equal(deleted.code, 0, deleted.out);
    assert.match(deleted.out, /^deleted secret API_KEY of vault-app$/m);
    assert.deepEqual((await visit(serve, host, second)).body, { type: 'undefined', matches: false, greeting: 'hi' });
    const again = await ledge(['secret', 'delete', 'API_KEY', '--dir', dir]);
    assert.equal(again.code, 1);
    assert.match(again.out, /vault-app has no secret API_KEY/);
    // Put it back, so the state directory holds a sealed value to search.
    assert.equal((await ledge(['secret', 'put', 'API_KEY', '--dir', dir], second)).code, 0);
  } finally {
    await interrupt(serve.proc);
    outputs.push(serve.proc.output());
  }

  // The serve logs, every command's output and every file of the state directory: no value, in plain or in base64.
  const needles = [first, second].flatMap((v) => [v, Buffer.from(v).toString('base64')]);
  for (const out of outputs) for (const needle of needles) assert.ok(!out.includes(needle), `a secret value was printed:\n${out}`);
  const files = filesUnder(state);
  assert.ok(files.some((f) => f.file.endsWith('control.sqlite')), 'the control state was searched');
  for (const { file, bytes } of files) for (const needle of needles) assert.equal(bytes.indexOf(needle), -1, `${file} holds a secret value in plain text`);
  const key = statSync(path.join(state, 'secrets.key'));
  assert.equal(key.mode & 0o777, 0o600, 'the platform key is readable by its owner only');
  assert.equal(key.size, 32);
});

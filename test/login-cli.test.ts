// `ledge login | whoami | logout` run as real processes against a stand-in for the account API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CLI } from './cli.js';
import { tempDir } from './helpers.js';

const GOOD = `ledge_${'G'.repeat(43)}`;
const CI = `ledge_${'C'.repeat(43)}`;
const REVOKED = `ledge_${'R'.repeat(43)}`;
const SECRETS = [GOOD, CI, REVOKED];
const ACCOUNT = { id: 'a'.repeat(32), name: 'acme', subdomain: 'acme', created_on: '2026-11-01T00:00:00Z' };

/** A stand-in for `ledge serve`'s API: GOOD and CI are valid tokens, REVOKED is refused with 10002. */
async function fakeApi(): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const send = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (token === REVOKED) return send(401, { success: false, errors: [{ code: 10002, message: 'The API token was revoked' }], messages: [], result: null });
    if (token !== GOOD && token !== CI) return send(401, { success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null });
    const id = token === GOOD ? 'tok-good' : 'tok-ci';
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/v1/user/tokens/verify') {
      return send(200, { success: true, errors: [], messages: [{ code: 10000, message: 'This API Token is valid and active' }], result: { id, status: 'active', account_id: ACCOUNT.id, not_before: null, expires_on: token === CI ? '2027-01-01T00:00:00Z' : null } });
    }
    if (url.pathname === '/api/v1/accounts') return send(200, { success: true, errors: [], messages: [], result: [ACCOUNT], result_info: { page: 1, per_page: 100, count: 1, total_count: 1, total_pages: 1 } });
    return send(404, { success: false, errors: [{ code: 7000, message: 'No route for that URI' }], messages: [], result: null });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, close: () => server.close() };
}

/** Runs `ledge <args>` with `stdin` piped in; resolves with the exit code and all output. */
function ledge(args: string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<{ code: number | null; out: string; stdout: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, LEDGE_API_TOKEN: '', LEDGE_API_URL: '', LEDGE_ACCOUNT_ID: '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => { out += c.toString(); stdout += c.toString(); });
  child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, stdout })));
}

function assertNoSecret(out: string): void {
  for (const secret of SECRETS) assert.ok(!out.includes(secret), `output must not contain a token value:\n${out}`);
}

test('ledge login verifies a piped token and stores it 0600; whoami says where it came from; logout removes it', async () => {
  const api = await fakeApi();
  const home = tempDir('ledge-login-');
  const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, 'cfg') };
  const file = path.join(home, 'cfg', 'ledge', 'credentials.json');
  try {
    const login = await ledge(['login', '--api-url', api.url], env, `${GOOD}\n`);
    assertNoSecret(login.out);
    assert.equal(login.code, 0, login.out);
    assert.match(login.out, new RegExp(`logged in to ${api.url.replace(/\./g, '\\.')} with token tok-good \\(account a{32} "acme"\\)`));
    assert.match(login.out, /credentials saved to .*credentials\.json \(mode 0600\)/);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(path.dirname(file)).mode & 0o777, 0o700);
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { api_url: api.url, token: GOOD });

    const who = await ledge(['whoami'], env);
    assertNoSecret(who.out);
    assert.equal(who.code, 0, who.out);
    assert.match(who.out, /^token +tok-good \(active\)$/m);
    assert.match(who.out, new RegExp(`^from +${file.replace(/\./g, '\\.')}$`, 'm'));
    assert.match(who.out, /^expires +never$/m);
    assert.match(who.out, /^ {2}a{32} {2}acme {2}\(acme\)$/m);

    // The environment wins over the file (CI), and whoami says so.
    const ci = await ledge(['whoami', '--json'], { ...env, LEDGE_API_TOKEN: CI, LEDGE_API_URL: api.url });
    assertNoSecret(ci.out);
    const json = JSON.parse(ci.stdout) as { source: string; token: { id: string; expires_on: string }; accounts: unknown[]; credentials_file: string | null };
    assert.equal(json.source, 'env');
    assert.equal(json.token.id, 'tok-ci');
    assert.equal(json.token.expires_on, '2027-01-01T00:00:00Z');
    assert.equal(json.credentials_file, null);
    assert.equal(json.accounts.length, 1);

    const logout = await ledge(['logout'], env);
    assert.equal(logout.code, 0);
    assert.match(logout.out, /logged out: removed .*credentials\.json/);
    assert.ok(!existsSync(file));
    const again = await ledge(['logout'], env);
    assert.equal(again.code, 0, 'no file is not an error');
    assert.match(again.out, /not logged in: there is no .*credentials\.json/);

    const none = await ledge(['whoami'], env);
    assert.equal(none.code, 1);
    assert.match(none.out, /^ledge: not logged in: run "ledge login", or set LEDGE_API_TOKEN/m);
  } finally {
    api.close();
  }
});

test('a refused token is not stored, and neither it nor the stored one is printed', async () => {
  const api = await fakeApi();
  const home = tempDir('ledge-login-');
  const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, 'cfg') };
  const file = path.join(home, 'cfg', 'ledge', 'credentials.json');
  try {
    const refused = await ledge(['login', '--api-url', api.url], env, REVOKED);
    assertNoSecret(refused.out);
    assert.equal(refused.code, 1);
    assert.match(refused.out, /^ledge: GET \/user\/tokens\/verify: The API token was revoked \[10002\]$/m);
    assert.ok(!existsSync(file), 'nothing stored');

    const empty = await ledge(['login', '--api-url', api.url], env, '\n\n');
    assert.equal(empty.code, 2);
    assert.match(empty.out, /^ledge: no token on standard input/m);

    // A stale token in the environment: whoami names where the refused token came from.
    const stale = await ledge(['whoami'], { ...env, LEDGE_API_TOKEN: REVOKED, LEDGE_API_URL: api.url });
    assertNoSecret(stale.out);
    assert.equal(stale.code, 1);
    assert.match(stale.out, /The API token was revoked \[10002\] \(token from LEDGE_API_TOKEN\)/);

    const closed = await fakeApi();
    closed.close();
    const down = await ledge(['login', '--api-url', closed.url], env, GOOD);
    assertNoSecret(down.out);
    assert.equal(down.code, 1);
    assert.equal(down.out, `ledge: cannot reach the Ledge API at ${closed.url} (ECONNREFUSED); is "ledge serve" running there? (set the URL with "ledge login --api-url" or LEDGE_API_URL)\n`);
    assert.ok(!existsSync(file));
  } finally {
    api.close();
  }
});

test('a token with a line break or control character is refused without being quoted; a broken tunnel credentials file is not quoted either', async () => {
  const home = tempDir('ledge-badtoken-');
  const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, 'cfg') };
  const pasted = await ledge(['login', '--api-url', 'http://127.0.0.1:9/api/v1'], env, 'secret-token-123\rtail\n');
  assert.equal(pasted.code, 2, pasted.out);
  assert.doesNotMatch(pasted.out, /secret-token-123/);
  assert.match(pasted.out, /spaces or control characters/);
  const fromEnv = await ledge(['whoami'], { ...env, LEDGE_API_TOKEN: 'secret-token-456\nmore' });
  assert.equal(fromEnv.code, 2);
  assert.doesNotMatch(fromEnv.out, /secret-token-456/);
  const creds = path.join(home, 'creds.json');
  const config = path.join(home, 'ledge-tunnel.yaml');
  writeFileSync(creds, '{"AccountTag":"a","TunnelID":"t","TunnelSecret":SUPERSECRETVALUE123}');
  writeFileSync(config, `credentials-file: ${creds}\ningress:\n  - service: http_status:404\n`);
  const run = await ledge(['tunnel', '--config', config, 'run'], { ...env, LEDGE_TUNNEL_TOKEN: '' });
  assert.equal(run.code, 2, run.out);
  assert.doesNotMatch(run.out, /SUPERSECRE/);
  writeFileSync(creds, 'null');
  const nullCreds = await ledge(['tunnel', '--config', config, 'run'], { ...env, LEDGE_TUNNEL_TOKEN: '' });
  assert.equal(nullCreds.code, 2);
  assert.doesNotMatch(nullCreds.out, /internal error/);
});

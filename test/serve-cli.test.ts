// `ledge serve` as a real process: the bootstrap token printed once, the two listeners, and acknowledged
// control-plane writes (a deployment, a domain, a token) surviving kill -9.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { runCli, type CliProcess } from './cli.js';
import { tempDir } from './helpers.js';
import { deployBody, moduleBody } from './serve-helpers.js';

/** Starts `ledge serve` on free ports and waits for both URLs. */
async function serve(state: string): Promise<{ proc: CliProcess; app: string; api: string }> {
  const proc = runCli(['serve', '--state', state, '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
  const app = (await proc.waitFor(/applications on (http:\/\/\S+)/))[1] as string;
  const api = (await proc.waitFor(/API on (http:\/\/\S+)/))[1] as string;
  return { proc, app, api };
}

/** A GET to the application listener with a Host header. */
function visit(app: string, host: string): Promise<{ status: number; body: string; origin: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${app}/`, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, origin: res.headers['ledge-origin'] as string | undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function call(api: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: { success: boolean; result: Record<string, unknown> & { id?: string } } }> {
  const res = await fetch(`${api}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: await res.json() as { success: boolean; result: Record<string, unknown> } };
}

test('ledge serve prints the bootstrap token once; a deployment acknowledged before kill -9 serves after a restart', async () => {
  const state = tempDir('ledge-serve-cli-');
  const first = await serve(state);
  let second: Awaited<ReturnType<typeof serve>> | undefined;
  try {
    const token = (await first.proc.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
    const accountId = (await first.proc.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
    const kv = await call(first.api, token, 'POST', `/accounts/${accountId}/storage/kv/namespaces`, { title: 'cache' });
    assert.equal(kv.status, 201);
    const ci = await call(first.api, token, 'POST', `/accounts/${accountId}/tokens`, { name: 'ci', policies: [{ permission_groups: ['deployments:write', 'domains:write', 'kv:read'], resources: { [`com.ledge.api.account.${accountId}`]: '*' } }] });
    const ciToken = ci.json.result.value as string;
    const put = await call(first.api, ciToken, 'PUT', `/accounts/${accountId}/deployments/app`, deployBody(moduleBody('survivor'), { kv_namespaces: [{ binding: 'CACHE', id: kv.json.result.id }], routes: ['app.example.com'] }));
    assert.equal(put.status, 200);
    assert.deepEqual(await visit(first.app, 'app.example.com'), { status: 200, body: 'survivor', origin: undefined });
    const missing = await visit(first.app, 'app.admin.ledge.localhost');
    assert.deepEqual({ ...missing, body: JSON.parse(missing.body).message }, { status: 404, body: 'No deployment answers for this hostname.', origin: 'platform' });
    assert.match(JSON.parse(missing.body).request_id, /^[0-9a-f]{16}$/, 'the platform\'s 404 repeats its request id');
    first.proc.child.kill('SIGKILL');
    await first.proc.exited;

    second = await serve(state);
    assert.deepEqual(await visit(second.app, 'app.example.com'), { status: 200, body: 'survivor', origin: undefined }, 'the deployment and its domain survived kill -9');
    assert.equal((await call(second.api, ciToken, 'GET', '/user/tokens/verify')).status, 200, 'the token survived');
    assert.doesNotMatch(second.proc.rawOutput(), /bootstrap token/, 'no second bootstrap token');
    const output = first.proc.rawOutput() + second.proc.rawOutput();
    assert.equal(output.split(token).length - 1, 1, 'the bootstrap token is printed exactly once');
    assert.equal(output.includes(ciToken), false, 'other token values are never printed');
  } finally {
    for (const p of [first, second]) if (p && p.proc.child.exitCode === null) p.proc.child.kill('SIGKILL');
  }
});

test('ledge serve refuses a malformed --listen and a port in use, clearly, and a failed start does not use up the bootstrap token', async () => {
  const bad = runCli(['serve', '--state', tempDir(), '--listen', 'localhost']);
  assert.equal(await bad.exited, 2);
  assert.match(bad.output(), /--listen: expected ADDR:PORT/);
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const state = tempDir();
  try {
    const port = (blocker.address() as { port: number }).port;
    const taken = runCli(['serve', '--state', state, '--listen', '127.0.0.1:0', '--api-listen', `127.0.0.1:${port}`]);
    assert.equal(await taken.exited, 1);
    assert.match(taken.output(), new RegExp(`--api-listen: 127\\.0\\.0\\.1:${port} is already in use`));
  } finally {
    blocker.close();
  }
  const started = await serve(state);
  try {
    await started.proc.waitFor(/bootstrap token \(shown once, store it now\): ledge_/, 5000);
  } finally {
    started.proc.child.kill('SIGKILL');
  }
});

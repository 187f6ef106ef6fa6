import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { ApiResponseError, accountPath, createApiClient } from './api-client.js';

const TOKEN = `ledge_${'t'.repeat(43)}`;

/** A fake API on a free port; `handler` answers with a status and a JSON value (or raw text). */
async function fakeApi(handler: (req: IncomingMessage, body: string) => { status: number; json?: unknown; text?: string }): Promise<{ url: string; server: Server; seen: { method: string; url: string; auth: string | undefined; body: string }[] }> {
  const seen: { method: string; url: string; auth: string | undefined; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, body });
      const out = handler(req, body);
      res.writeHead(out.status, { 'content-type': out.text === undefined ? 'application/json' : 'text/html' });
      res.end(out.text ?? JSON.stringify(out.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, server, seen };
}

const ok = (result: unknown, extra: Record<string, unknown> = {}) => ({ success: true, errors: [], messages: [], result, ...extra });
const fail = (code: number, message: string, pointer?: string) => ({ success: false, errors: [{ code, message, ...(pointer ? { source: { pointer } } : {}) }], messages: [], result: null });

test('the client sends the bearer token and JSON, and returns result and messages', async () => {
  const api = await fakeApi((req) => (req.method === 'PUT' ? { status: 200, json: ok({ done: true }, { messages: [{ code: 10000, message: 'fine' }] }) } : { status: 200, json: ok({ id: 'x' }) }));
  try {
    const client = createApiClient({ apiUrl: `${api.url}/`, token: TOKEN });
    assert.equal(client.baseUrl, api.url);
    assert.deepEqual(await client.get('/user/tokens/verify'), { id: 'x' });
    const answer = await client.request('PUT', '/things/a', { n: 1 });
    assert.deepEqual(answer.result, { done: true });
    assert.deepEqual(answer.messages, [{ code: 10000, message: 'fine' }]);
    assert.equal(api.seen[0]?.auth, `Bearer ${TOKEN}`);
    assert.equal(api.seen[0]?.url, '/api/v1/user/tokens/verify');
    assert.equal(api.seen[1]?.body, '{"n":1}');
    assert.ok(!inspect(client, { depth: 5, showHidden: true }).includes(TOKEN), 'the token is not a visible property');
  } finally {
    api.server.close();
  }
});

test('listAll follows the pages', async () => {
  const api = await fakeApi((req) => {
    const page = Number(new URL(req.url ?? '', 'http://x').searchParams.get('page'));
    return { status: 200, json: ok(page === 1 ? [1, 2] : [3], { result_info: { page, per_page: 2, count: page === 1 ? 2 : 1, total_count: 3, total_pages: 2 } }) };
  });
  try {
    assert.deepEqual(await createApiClient({ apiUrl: api.url, token: TOKEN }).listAll('/accounts'), [1, 2, 3]);
    assert.deepEqual(api.seen.map((s) => s.url), ['/api/v1/accounts?page=1&per_page=100', '/api/v1/accounts?page=2&per_page=100']);
  } finally {
    api.server.close();
  }
});

test('success:false becomes a LedgeError with the API message and pointer, mapped by status, never carrying the token', async () => {
  const api = await fakeApi((req) => {
    switch (req.url) {
      case '/api/v1/bad': return { status: 400, json: fail(1001, `binding "CACHE" names no KV namespace (echo ${TOKEN})`, '/body/config/kv_namespaces/0/id') };
      case '/api/v1/auth': return { status: 401, json: fail(10001, 'The API token has expired') };
      case '/api/v1/perm': return { status: 403, json: fail(10004, 'deployments:write on com.ledge.api.account.x.deployment.shop') };
      case '/api/v1/missing': return { status: 404, json: fail(1005, 'not found') };
      case '/api/v1/taken': return { status: 409, json: fail(1004, 'hostname is taken') };
      case '/api/v1/boom': return { status: 500, json: fail(1500, 'Internal error (request id r1)') };
      default: return { status: 502, text: '<html>bad gateway</html>' };
    }
  });
  const client = createApiClient({ apiUrl: api.url, token: TOKEN });
  const expect = async (path: string, code: string, pattern: RegExp) => {
    const err = await client.get(path).then(() => undefined, (e: unknown) => e);
    assert.ok(err instanceof ApiResponseError, `${path} throws an ApiResponseError`);
    assert.equal(err.code, code, path);
    assert.match(err.message, pattern);
    assert.ok(!inspect(err).includes(TOKEN), `${path}: the token is not in the error`);
    return err;
  };
  try {
    const bad = await expect('/bad', 'bad_argument', /^GET \/bad: binding "CACHE" names no KV namespace \(echo \[token\]\) \[1001, at \/body\/config\/kv_namespaces\/0\/id\]$/);
    assert.equal(bad.apiCode, 1001);
    assert.equal(bad.httpStatus, 400);
    await expect('/auth', 'api_auth_failed', /The API token has expired \[10001\]/);
    await expect('/perm', 'api_auth_failed', /deployments:write/);
    await expect('/missing', 'not_found', /not found \[1005\]/);
    await expect('/taken', 'conflict', /hostname is taken \[1004\]/);
    await expect('/boom', 'api_request_failed', /request id r1/);
    await expect('/html', 'api_request_failed', /answered 502 without the API envelope/);
  } finally {
    api.server.close();
  }
});

test('connection refused is one line naming the URL', async () => {
  const api = await fakeApi(() => ({ status: 200, json: ok(null) }));
  const url = api.url;
  await new Promise((resolve) => api.server.close(resolve));
  const err = await createApiClient({ apiUrl: url, token: TOKEN }).get('/user/tokens/verify').then(() => undefined, (e: unknown) => e) as Error & { code?: string };
  assert.equal(err.code, 'api_unreachable');
  assert.match(err.message, new RegExp(`^cannot reach the Ledge API at ${url.replace(/[.]/g, '\\.')} \\(ECONNREFUSED\\); is "ledge serve" running there\\?`));
  assert.ok(!err.message.includes('\n'));
  assert.ok(!inspect(err).includes(TOKEN));
});

test('accountPath escapes each segment', () => {
  assert.equal(accountPath('abc', 'deployments', 'a/b'), '/accounts/abc/deployments/a%2Fb');
});

// Acceptance cases of the reference (SPEC: Endpoints, Health-check function), run with node's test
// runner against the module's fetch: only Fetch API objects, no network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import worker from '../src/index.js';

const BASE = 'http://health.test';
const REQUIRED_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

async function call(method, path, headers = {}) {
  const response = await worker.fetch(new Request(BASE + path, { method, headers }), {}, { waitUntil() {}, passThroughOnException() {} });
  return { response, text: await response.text() };
}

function assertRequiredHeaders(response) {
  for (const [name, value] of Object.entries(REQUIRED_HEADERS)) assert.equal(response.headers.get(name), value, name);
}

test('GET /health answers 200 with the fixed JSON body', async () => {
  const { response, text } = await call('GET', '/health');
  assert.equal(response.status, 200);
  assert.deepEqual(JSON.parse(text), { ok: true, schema: 'health/1' });
  assert.equal(text, '{"ok":true,"schema":"health/1"}');
  assertRequiredHeaders(response);
  assert.equal(response.headers.get('allow'), null);
});

test('HEAD /health answers 200 with an empty body and the same headers as GET', async () => {
  const get = await call('GET', '/health');
  const head = await call('HEAD', '/health');
  assert.equal(head.response.status, 200);
  assert.equal(head.text, '');
  assert.deepEqual([...head.response.headers], [...get.response.headers]);
});

for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
  test(`${method} /health answers 405 with allow: GET, HEAD`, async () => {
    const { response, text } = await call(method, '/health');
    assert.equal(response.status, 405);
    assert.deepEqual(JSON.parse(text), { error: 'method_not_allowed' });
    assert.equal(response.headers.get('allow'), 'GET, HEAD');
    assertRequiredHeaders(response);
  });
}

test('GET /missing answers 404 not_found', async () => {
  const { response, text } = await call('GET', '/missing');
  assert.equal(response.status, 404);
  assert.deepEqual(JSON.parse(text), { error: 'not_found' });
  assertRequiredHeaders(response);
  assert.equal(response.headers.get('allow'), null);
});

test('HEAD on a missing path answers 404 with an empty body', async () => {
  const { response, text } = await call('HEAD', '/missing');
  assert.equal(response.status, 404);
  assert.equal(text, '');
  assertRequiredHeaders(response);
});

test('the path is checked before the method: POST /missing is 404, not 405', async () => {
  const { response, text } = await call('POST', '/missing');
  assert.equal(response.status, 404);
  assert.deepEqual(JSON.parse(text), { error: 'not_found' });
  assert.equal(response.headers.get('allow'), null);
});

test('only the exact path is the health check', async () => {
  for (const path of ['/health/', '/Health', '/health/x', '/healthz', '/']) {
    const { response } = await call('GET', path);
    assert.equal(response.status, 404, path);
  }
  const { response } = await call('GET', '/health?probe=1');
  assert.equal(response.status, 200);
});

const FORGED = {
  'x-forwarded-for': '203.0.113.77',
  'x-real-ip': '198.51.100.23',
  'forwarded': 'for=192.0.2.60;proto=https;by=10.9.8.7',
  'true-client-ip': '192.0.2.99',
  'edge-connecting-ip': '192.0.2.101',
  'x-forwarded-host': 'internal-secret-host.corp',
  'x-internal-token': 'INTERNAL-9f8e7d6c',
  'x-upstream-addr': '10.20.30.40:8443',
  'x-version-id': 'build-7f3a9c1e-private',
  'x-deployment-version': 'v-secret-42',
  'edge-access-jwt-assertion': 'eyJhbGciOiJSUzI1NiJ9.forged.signature',
};

test('requests with forged private headers get responses that contain none of their content', async () => {
  for (const [method, path] of [['GET', '/health'], ['HEAD', '/health'], ['POST', '/health'], ['GET', '/missing'], ['DELETE', '/nope']]) {
    const { response, text } = await call(method, path, FORGED);
    const everything = [text, ...[...response.headers].flat()].join('\n').toLowerCase();
    for (const [name, value] of Object.entries(FORGED)) {
      assert.ok(!everything.includes(value.toLowerCase()), `${method} ${path} leaks ${name}`);
      assert.ok(!everything.includes(name), `${method} ${path} names ${name}`);
    }
    assert.ok(['200', '404', '405'].includes(String(response.status)));
  }
});

test('the body never depends on the request', async () => {
  const plain = await call('GET', '/health');
  const noisy = await call('GET', '/health', { ...FORGED, cookie: 'session=abc', authorization: 'Bearer xyz' });
  assert.equal(noisy.text, plain.text);
  assert.deepEqual([...noisy.response.headers], [...plain.response.headers]);
});

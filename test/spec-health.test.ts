// SPEC, Endpoints (Health-check function), Resources (Health response, Deployment configuration template) and
// Errors (Health function errors): the health example deployed with the template's configuration to a real
// `ledge serve` platform, under both isolations, and probed over HTTP on its custom domain. The template
// leaves the default entry and preview URLs off: they are unreachable, and that is no deployment failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { rawHttp, tempDir, type RawAnswer } from './helpers.js';

const EXAMPLE = path.resolve(import.meta.dirname, '..', 'examples', 'health-worker');
const SOURCE = readFileSync(path.join(EXAMPLE, 'src', 'index.js'), 'utf8');
const TEMPLATE = parse(readFileSync(path.join(EXAMPLE, 'ledge.jsonc'), 'utf8')) as Record<string, unknown>;
const HOST = 'health.example.com';
const REQUIRED = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** A request to the health deployment's host on `base`. */
function http(base: string, method: string, pathname: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawHttp(`${base}${pathname}`, method, { host: HOST, ...headers });
}

function assertRequired(answer: RawAnswer, what: string): void {
  for (const [name, value] of Object.entries(REQUIRED)) assert.equal(answer.headers[name], value, `${what}: ${name}`);
}

// Private values a proxy or an attacker might put in front of the function: none may come back.
const FORGED: Record<string, string> = {
  'x-forwarded-for': '203.0.113.77',
  'x-real-ip': '198.51.100.23',
  forwarded: 'for=192.0.2.60;by=10.9.8.7',
  'edge-connecting-ip': '192.0.2.101',
  'x-forwarded-host': 'internal-secret-host.corp',
  'x-upstream-addr': '10.20.30.40:8443',
  'x-version-id': 'build-7f3a9c1e-private',
  'ledge-request-id': 'forged-request-id-123',
  'ledge-origin': 'forged-origin-label',
  'edge-access-jwt-assertion': 'eyJhbGciOiJSUzI1NiJ9.forged.signature',
};

for (const isolation of ['thread', 'process'] as const) {
  test(`health check on ledge serve (${isolation} isolation): the acceptance cases of the reference`, { timeout: 120_000 }, async () => {
    const p = await startTestPlatform(tempDir('ledge-spec-health-'), undefined, { isolation });
    try {
      // The template: compatibility_date 2026-10-01, edge_dev and preview_urls false, no routes.
      assert.deepEqual([TEMPLATE.compatibility_date, TEMPLATE.edge_dev, TEMPLATE.preview_urls, 'routes' in TEMPLATE], ['2026-10-01', false, false, false]);
      const { compatibility_date, edge_dev, preview_urls } = TEMPLATE;
      const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/health-worker`, { body: deployBody(SOURCE, { compatibility_date, edge_dev, preview_urls }) });
      assert.equal(deployed.status, 200, deployed.text);
      assert.equal(deployed.body.success, true, 'an unreachable default entry is not a deployment failure');
      const versionId = deployed.body.result.version.id as string;

      // With both booleans false and no route, the platform's hostnames reach nothing.
      for (const host of ['health-worker.admin.ledge.localhost', `${versionId.slice(0, 8)}-health-worker.admin.ledge.localhost`]) {
        const closed = await http(p.appUrl, 'GET', '/health', { host });
        assert.equal(closed.status, 404, host);
        assert.equal(closed.headers['ledge-origin'], 'platform', `${host}: the platform answers, not the function`);
        assert.doesNotMatch(closed.body, /health\/1/);
      }
      // A custom domain bound for testing reaches it.
      const bound = await p.call('POST', `/accounts/${p.accountId}/domains`, { body: { hostname: HOST, deployment: 'health-worker' } });
      assert.equal(bound.status, 201, bound.text);

      const get = await http(p.appUrl, 'GET', '/health');
      assert.equal(get.status, 200);
      assert.equal(get.body, '{"ok":true,"schema":"health/1"}');
      assert.deepEqual(JSON.parse(get.body), { ok: true, schema: 'health/1' });
      assertRequired(get, 'GET /health');
      assert.equal(get.headers.allow, undefined, 'allow only on a 405');

      const head = await http(p.appUrl, 'HEAD', '/health');
      assert.equal(head.status, 200);
      assert.equal(head.body, '');
      assertRequired(head, 'HEAD /health');
      assert.equal(head.headers.allow, undefined);
      // The same headers as GET, the length of the body HEAD leaves out included.
      assert.equal(get.headers['content-length'], '31');
      assert.equal(head.headers['content-length'], '31');

      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND']) {
        const refused = await http(p.appUrl, method, '/health');
        assert.equal(refused.status, 405, method);
        assert.deepEqual(JSON.parse(refused.body), { error: 'method_not_allowed' }, method);
        assert.equal(refused.headers.allow, 'GET, HEAD', method);
        assertRequired(refused, `${method} /health`);
      }

      // Methods the Fetch API cannot carry never reach the function; the platform answers 405 and the
      // application records no exception for them.
      for (const method of ['TRACE']) {
        const refused = await http(p.appUrl, method, '/health');
        assert.equal(refused.status, 405, method);
        assert.equal(refused.headers['ledge-origin'], 'platform', method);
        assert.equal(JSON.parse(refused.body).error, 'method_not_supported', method);
      }
      assert.ok(!p.logs.some((r) => /Uncaught|is unsupported/.test(r.message)), 'no application exception was logged for TRACE');

      // The path is checked first, then the method.
      for (const [method, pathname] of [['GET', '/missing'], ['POST', '/missing'], ['DELETE', '/health/'], ['GET', '/Health'], ['GET', '/healthz']]) {
        const missing = await http(p.appUrl, method as string, pathname as string);
        assert.equal(missing.status, 404, `${method} ${pathname}`);
        assert.deepEqual(JSON.parse(missing.body), { error: 'not_found' });
        assert.equal(missing.headers.allow, undefined, `${method} ${pathname}: no allow on a 404`);
        assertRequired(missing, `${method} ${pathname}`);
      }
      const headMissing = await http(p.appUrl, 'HEAD', '/missing');
      assert.equal(headMissing.status, 404);
      assert.equal(headMissing.body, '', 'for HEAD the body is empty');
      assert.equal(headMissing.headers['content-length'], String('{"error":"not_found"}'.length));

      for (const [method, pathname] of [['GET', '/health'], ['HEAD', '/health'], ['POST', '/health'], ['GET', '/missing']]) {
        const answer = await http(p.appUrl, method as string, pathname as string, FORGED);
        const everything = [answer.body, ...Object.entries(answer.headers).flat()].join('\n').toLowerCase();
        for (const [name, value] of Object.entries(FORGED)) {
          assert.ok(!everything.includes(value.toLowerCase()), `${method} ${pathname} echoes ${name}`);
        }
        assert.ok(!everything.includes(versionId), `${method} ${pathname} names the private version id`);
      }
      assert.equal((await http(p.appUrl, 'GET', '/health', FORGED)).body, get.body, 'the body never depends on the request');
    } finally {
      await p.close();
    }
  });
}

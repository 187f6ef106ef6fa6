// The health example served by the real `ledge dev` on a free port, probed over HTTP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { interrupt, startDev } from './cli.js';
import { rawHttp as http } from './helpers.js';

const EXAMPLE = path.resolve(import.meta.dirname, '..', 'examples', 'health-worker');


test('ledge dev serves the health example over real HTTP', async (t) => {
  const dev = await startDev(EXAMPLE);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const get = await http(`${dev.url}/health`, 'GET');
  assert.equal(get.status, 200);
  assert.equal(get.body, '{"ok":true,"schema":"health/1"}');
  assert.equal(get.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(get.headers['cache-control'], 'no-store');
  assert.equal(get.headers['x-content-type-options'], 'nosniff');

  const head = await http(`${dev.url}/health`, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  for (const name of ['content-type', 'cache-control', 'x-content-type-options', 'content-length']) assert.equal(head.headers[name], get.headers[name], name);

  const post = await http(`${dev.url}/health`, 'POST');
  assert.equal(post.status, 405);
  assert.equal(post.headers.allow, 'GET, HEAD');
  assert.equal(post.body, '{"error":"method_not_allowed"}');

  const missing = await http(`${dev.url}/missing`, 'GET', { 'x-forwarded-for': '203.0.113.9', 'x-internal-version': 'secret-build-77' });
  assert.equal(missing.status, 404);
  assert.equal(missing.body, '{"error":"not_found"}');
  const all = JSON.stringify(missing.headers) + missing.body;
  assert.ok(!all.includes('203.0.113.9') && !all.includes('secret-build-77'));

  const missingHead = await http(`${dev.url}/missing`, 'HEAD');
  assert.equal(missingHead.status, 404);
  assert.equal(missingHead.body, '');
  assert.equal(await interrupt(dev), 0);
});

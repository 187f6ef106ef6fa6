// Attack (red team): account API bodies with the key `__proto__` (a var, a nested var value, an escaped spelling).
// The schemas copy objects key by key, where `__proto__` sets the copy's prototype instead of adding a key: the
// deploy answered 200 and the var was gone from the stored configuration and from `env`, silently. Such a body is
// refused with 400 naming the key; `constructor` and `prototype`, ordinary keys, are kept as sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startTestPlatform } from './serve-helpers.js';

const SOURCE = 'export default { fetch(request, env) { return Response.json({ keys: Object.keys(env).sort(), cfg: env.CFG, polluted: ({}).polluted ?? null }); } };';

function deployText(vars: string): string {
  return `{"main_module":"index.js","modules":[{"name":"index.js","content_base64":"${Buffer.from(SOURCE).toString('base64')}"}],"config":{"compatibility_date":"2026-10-01","edge_dev":true,"vars":${vars}}}`;
}

test('a body with a __proto__ key anywhere is refused naming it; constructor and prototype are kept as sent', { timeout: 60_000 }, async (t) => {
  const p = await startTestPlatform();
  t.after(() => p.close());
  const base = `/accounts/${p.accountId}/deployments`;
  for (const [vars, pointer] of [
    ['{"__proto__":{"polluted":"yes"},"A":"1"}', '/body/config/vars/__proto__'],
    ['{"CFG":{"x":1,"__proto__":{"admin":true}}}', '/body/config/vars/CFG/__proto__'],
    ['{"CFG":[{"\\u005f_proto__":1}]}', '/body/config/vars/CFG/0/__proto__'],
  ] as const) {
    const refused = await p.call('PUT', `${base}/app`, { body: deployText(vars) });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.errors[0]?.source?.pointer, pointer);
    assert.match(refused.body.errors[0]?.message ?? '', /the key "__proto__" is not accepted/);
  }
  assert.equal((await p.call('GET', `${base}/app`)).status, 404, 'nothing was deployed');
  const kept = await p.call('PUT', `${base}/app`, { body: deployText('{"constructor":"c","prototype":"p","CFG":{"constructor":{"a":1}}}') });
  assert.equal(kept.status, 200, kept.text);
  const versions = await p.call('GET', `${base}/app/versions`);
  assert.deepEqual(versions.body.result[0].config.vars, { constructor: 'c', prototype: 'p', CFG: { constructor: { a: 1 } } });
  const env = await (await p.visit('app.admin.ledge.localhost')).json() as Record<string, unknown>;
  assert.deepEqual(env, { keys: ['CFG', 'constructor', 'prototype'], cfg: { constructor: { a: 1 } }, polluted: null });
});

// SPEC, Errors and Endpoints (private route request): bad input to the account API gets a clear error naming
// what is wrong and where. A missing required field says it is required (not "received undefined"), and a
// time or bookmark a database refuses names the field it came from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestPlatform } from './serve-helpers.js';

test('a private route create without network or tunnel_id names the missing field as required', async () => {
  const p = await startTestPlatform();
  try {
    const tunnel = await p.call('POST', `/accounts/${p.accountId}/edge_tunnel`, { body: { name: 'office' } });
    assert.equal(tunnel.status, 201, tunnel.text);
    const base = `/accounts/${p.accountId}/teamnet/routes`;
    for (const [body, field] of [[{ tunnel_id: tunnel.body.result.id }, 'network'], [{ network: '10.0.0.0/8' }, 'tunnel_id']] as const) {
      const refused = await p.call('POST', base, { body });
      assert.equal(refused.status, 400, refused.text);
      assert.equal(refused.body.errors[0]?.code, 1001);
      assert.equal(refused.body.errors[0]?.source?.pointer, `/body/${field}`);
      assert.equal(refused.body.errors[0]?.message, `/body/${field}: required, but missing (expected string)`);
    }
    // Both missing: each is named, the first in errors[0] and the other after it.
    const neither = await p.call('POST', base, { body: {} });
    assert.deepEqual(neither.body.errors.map((e) => e.source?.pointer), ['/body/network', '/body/tunnel_id']);
    // A field that is present with the wrong type still says what it got.
    const wrongType = await p.call('POST', base, { body: { network: 10, tunnel_id: tunnel.body.result.id } });
    assert.equal(wrongType.body.errors[0]?.source?.pointer, '/body/network');
    assert.match(wrongType.body.errors[0]?.message ?? '', /expected string, received number/);
    assert.doesNotMatch(wrongType.body.errors[0]?.message ?? '', /required/);
    // Nothing was created by any refused call.
    const listed = await p.call('GET', base);
    assert.deepEqual(listed.body.result, []);
  } finally {
    await p.close();
  }
});

test('a required field missing in a nested object is named with its full pointer', async () => {
  const p = await startTestPlatform();
  try {
    const refused = await p.call('POST', `/accounts/${p.accountId}/access/apps`, { body: { name: 'notes', domain: 'notes.example.com', policies: [{ name: 'staff', include: [{ everyone: {} }] }] } });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.errors[0]?.source?.pointer, '/body/policies/0/decision');
    assert.match(refused.body.errors[0]?.message ?? '', /^\/body\/policies\/0\/decision: required, but missing/);
  } finally {
    await p.close();
  }
});

test('SQL time travel: a time past the 30-day retention, a future time and an unknown bookmark are 400 naming their field', async () => {
  const p = await startTestPlatform();
  try {
    const created = await p.call('POST', `/accounts/${p.accountId}/sql/databases`, { body: { name: 'orders' } });
    assert.equal(created.status, 201, created.text);
    const db = `/accounts/${p.accountId}/sql/databases/${created.body.result.uuid}/time_travel`;
    const day = 86_400_000;
    const old = new Date(p.clock.now() - 31 * day).toISOString();
    const future = new Date(p.clock.now() + day).toISOString();

    const tooOld = await p.call('GET', `${db}/bookmark?timestamp=${encodeURIComponent(old)}`);
    assert.equal(tooOld.status, 400, tooOld.text);
    assert.equal(tooOld.body.errors[0]?.source?.pointer, '/query/timestamp');
    assert.match(tooOld.body.errors[0]?.message ?? '', /older than the retention period of 30 days/);
    const ahead = await p.call('GET', `${db}/bookmark?timestamp=${encodeURIComponent(future)}`);
    assert.equal(ahead.body.errors[0]?.source?.pointer, '/query/timestamp');
    assert.match(ahead.body.errors[0]?.message ?? '', /in the future/);

    const restoreOld = await p.call('POST', `${db}/restore`, { body: { timestamp: old } });
    assert.equal(restoreOld.status, 400, restoreOld.text);
    assert.equal(restoreOld.body.errors[0]?.source?.pointer, '/body/timestamp');
    const unknown = await p.call('POST', `${db}/restore`, { body: { bookmark: 'not-a-bookmark' } });
    assert.equal(unknown.status, 400, unknown.text);
    assert.equal(unknown.body.errors[0]?.source?.pointer, '/body/bookmark');

    // The current bookmark is still given, and a restore to it works.
    const now = await p.call('GET', `${db}/bookmark`);
    assert.equal(now.status, 200, now.text);
    const restored = await p.call('POST', `${db}/restore`, { body: { bookmark: now.body.result.bookmark } });
    assert.equal(restored.status, 200, restored.text);
  } finally {
    await p.close();
  }
});

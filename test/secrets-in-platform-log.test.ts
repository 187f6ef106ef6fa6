// Red team: a deployment's secret in the platform's own log. Invocation records scrub every secret value
// (test/observability-logs.test.ts), but the same console lines, uncaught exceptions and their "answered 500: ..."
// line also go to the platform's log (ledge serve's stderr and stdout, which an operator ships elsewhere), and
// there the secret stood in clear: `using sk_live_...`, `{ key: 'sk_live_...' }`, `Uncaught exception in fetch:
// Error: failed with sk_live_...`, `GET /throw answered 500: failed with sk_live_...`; and a refused outbound fetch
// logged its URL's path, where a bot's or a webhook's token lives. Now what the platform logs of a deployment's code
// passes through the same redactor as its records, and a refused URL is logged by its origin. Both isolations; a
// coordination object's console line and a throwing RPC method too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

const SECRET = `sk_live_${'Q7x9'.repeat(6)}`;
const FORMS = [SECRET, encodeURIComponent(`${SECRET}/x y`).slice(0, 30), SECRET.slice(2, 22)];

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Vault extends DurableObject {
  reveal() { console.log('object sees ' + this.env.API_KEY); throw new Error('object failed with ' + this.env.API_KEY); }
}
export default { async fetch(request, env) {
  const path = new URL(request.url).pathname;
  console.log('using ' + env.API_KEY);
  console.error({ key: env.API_KEY, encoded: encodeURIComponent(env.API_KEY + '/x y') });
  console.warn(JSON.stringify({ key: env.API_KEY }));
  if (path === '/throw') throw new Error('failed with ' + env.API_KEY);
  if (path === '/reject') return Promise.reject(new TypeError(env.API_KEY + ' was refused'));
  if (path === '/egress') {
    try { await fetch('http://127.0.0.1:8080/bot' + env.API_KEY + '/sendMessage?token=' + env.API_KEY); } catch (e) { return new Response('refused ' + e.name + ' ' + e.message); }
    return new Response('fetched');
  }
  if (path === '/object') {
    try { await env.VAULT.get(env.VAULT.idFromName('v')).reveal(); } catch (e) { return new Response('object threw'); }
  }
  return new Response('ok');
} };`;

for (const isolation of ['process', 'thread'] as const) {
  test(`no form of a deployment's secret reaches the platform's log, while the lines themselves are kept (${isolation} isolation)`, { timeout: 120_000 }, async () => {
    const p = await startTestPlatform(tempDir('ledge-secret-log-'), undefined, { isolation });
    try {
      const put = await p.call('PUT', `/accounts/${p.accountId}/deployments/app/secrets`, { body: { name: 'API_KEY', text: SECRET } });
      assert.equal(put.status, 200, put.text);
      const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/app`, { body: deployBody(APP, { edge_dev: true, durable_objects: { bindings: [{ name: 'VAULT', class_name: 'Vault' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Vault'] }] }) });
      assert.equal(deployed.status, 200, deployed.text);
      const answers: string[] = [];
      for (const path of ['/', '/throw', '/reject', '/egress', '/object']) {
        const res = await p.visit('app.admin.ledge.localhost', path);
        answers.push(`${res.status} ${await res.text()}`.slice(0, 40));
      }
      assert.deepEqual(answers.map((a) => a.slice(0, 3)), ['200', '500', '500', '200', '200'], answers.join(' | '));
      assert.ok(!answers.some((a) => a.includes(SECRET.slice(2, 22))), 'no answer carries it');
      const lines = p.logs.map((r) => JSON.stringify(r));
      for (const form of FORMS) {
        const leaks = lines.filter((line) => line.includes(form)).length;
        assert.equal(leaks, 0, `${leaks} log records hold the secret (a form of ${form.length} characters)`);
      }
      // The lines are still there, with the secret replaced: the operator sees what happened.
      const messages = p.logs.map((r) => r.message);
      for (const expected of [/^using \[secret redacted\]$/, /^Uncaught exception in fetch: Error: failed with \[secret redacted\]/, /answered 500: failed with \[secret redacted\]$/, /^object sees \[secret redacted\]$/, /^outbound fetch to http:\/\/127\.0\.0\.1:8080 refused by the egress policy/]) {
        assert.ok(messages.some((m) => expected.test(m)), `a line matching ${expected} is logged`);
      }
    } finally {
      await p.close();
    }
  });
}

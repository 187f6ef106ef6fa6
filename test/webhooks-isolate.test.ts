// ledge/webhooks inside a real isolate: the application of docs/webhooks.md, bundled by Ledge and served by
// `ledge dev` over a socket, with its secrets from .dev.vars and its replay store in a real key-value namespace. Every
// negative case of SPEC Authentication 8 is sent the way an attacker would send it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signWebhook } from '../src/lib/webhooks/index.js';
import { makeProject, startProject } from './helpers.js';

/** The application docs/webhooks.md shows, word for word. */
const APP = `import { createWebhookVerifier, webhookRefused } from 'ledge/webhooks';

let verify;

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname !== '/hooks/payments') return new Response('not found', { status: 404 });
    if (request.method !== 'POST') return new Response('use POST', { status: 405, headers: { allow: 'POST' } });
    // Secrets, never vars (docs/configuration.md): the new one, and during a rotation the one it replaces.
    verify ??= createWebhookVerifier({
      secrets: [env.WEBHOOK_SECRET, env.WEBHOOK_SECRET_PREVIOUS].filter(Boolean),
      replay: env.WEBHOOK_SEEN,       // signatures already accepted, remembered for twice the window
      toleranceSeconds: 300,          // the signed time may be five minutes off, either way
    });
    let delivery;
    try {
      delivery = await verify(request); // signature, freshness and replay, before anything reads the body
    } catch (err) {
      console.log(\`webhook refused: \${err.code}: \${err.message}\`); // names the check, never a secret
      return webhookRefused(err);
    }
    const event = delivery.json();      // the body, parsed only now
    await env.EVENTS.put(event.id, JSON.stringify(event));
    console.log(\`webhook accepted: \${event.id} (secret #\${delivery.secretIndex})\`);
    return Response.json({ received: event.id });
  },
};
`;

const CURRENT = 'whsec_current-0123456789abcdef';
const PREVIOUS = 'whsec_previous-0123456789abcdef';

test('an entry verifies signature, freshness and replay inside an isolate, and refuses before its body is parsed', async (t) => {
  // As docs/webhooks.md says: ledge dev reads the secrets from .dev.vars (ledge serve from "ledge secret put").
  const dir = makeProject({ 'src/index.js': APP, '.dev.vars': `WEBHOOK_SECRET=${CURRENT}\nWEBHOOK_SECRET_PREVIOUS=${PREVIOUS}\n` }, {
    kv_namespaces: [{ binding: 'WEBHOOK_SEEN', id: 'webhook-seen' }, { binding: 'EVENTS', id: 'events' }],
  });
  const app = await startProject(dir);
  t.after(() => app.close());

  const entry = `${app.url}/hooks/payments`;
  const send = async (body: string, headers: Record<string, string>, url = entry) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    return { status: res.status, body: await res.text() };
  };
  const now = () => Math.floor(Date.now() / 1000);
  const event = (id: string) => JSON.stringify({ id, type: 'payment.succeeded', amount: 100 });
  const sign = (body: string, options: { secret?: string; path?: string; timestamp?: number } = {}) =>
    signWebhook({ secret: options.secret ?? CURRENT, body, path: options.path ?? '/hooks/payments', timestamp: options.timestamp ?? now() });

  const first = event('evt_1');
  const headers = await sign(first);
  assert.deepEqual(await send(first, headers), { status: 200, body: '{"received":"evt_1"}' });
  // Rotation: a delivery signed with the previous secret still passes while it is listed.
  assert.equal((await send(event('evt_2'), await sign(event('evt_2'), { secret: PREVIOUS }))).status, 200);

  const refusals: [string, Promise<{ status: number; body: string }>, number, string][] = [
    ['a replayed delivery', send(first, headers), 409, 'webhook_replayed'],
    ['a wrong secret', send(event('evt_3'), await sign(event('evt_3'), { secret: 'whsec_an-attackers-own-secret' })), 401, 'webhook_invalid'],
    ['an old timestamp', send(event('evt_4'), await sign(event('evt_4'), { timestamp: now() - 3600 })), 401, 'webhook_stale'],
    ['a body changed by one byte', send(event('evt_5').replace('100', '900'), await sign(event('evt_5'))), 401, 'webhook_invalid'],
    ['a missing header', send(event('evt_6'), {}), 401, 'webhook_missing'],
    ['a signature for another entry\'s path', send(event('evt_7'), await sign(event('evt_7'), { path: '/hooks/refunds' })), 401, 'webhook_invalid'],
    // Not JSON at all: refused on its signature, so the application never tries to parse it (no 500).
    ['an unparseable body with a forged signature', send('{"id": ', { 'webhook-signature': `t=${now()},v1=${'ab'.repeat(32)}` }), 401, 'webhook_invalid'],
  ];
  for (const [what, answer, status, code] of refusals) {
    const got = await answer;
    assert.equal(got.status, status, `${what}: ${got.body}`);
    assert.equal(got.body.includes(code), false, `${what}: the answer does not say which check failed`);
    assert.ok(app.logs.some((r) => r.message.startsWith(`webhook refused: ${code}:`)), `${what}: the log names ${code}`);
  }
  const accepted = app.logs.filter((r) => r.message.startsWith('webhook accepted')).map((r) => r.message);
  assert.deepEqual(accepted, ['webhook accepted: evt_1 (secret #0)', 'webhook accepted: evt_2 (secret #1)'], 'nothing refused reached the handler\'s parse or its store');
  assert.equal(app.logText().includes(CURRENT) || app.logText().includes(PREVIOUS), false, 'no secret in the log');
});

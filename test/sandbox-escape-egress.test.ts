// Escape suite, part 2: outbound fetch (issue 13, items 2 and 7). Application code's fetch is made by the host
// under the egress policy, checked on the address a connection would use. Every target here is on loopback
// and a witness server counts connections: a refusal must come before any connection is attempted.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startEscapeRig, startWitness, type EscapeRig } from './sandbox-helpers.js';

let rig: EscapeRig;
let witness: Awaited<ReturnType<typeof startWitness>>;
let redirector: Awaited<ReturnType<typeof startWitness>>;
before(async () => {
  witness = await startWitness('127.0.0.1');
  // An operator allows 127.0.0.2; the server there redirects to the witness on 127.0.0.1, which stays refused.
  redirector = await startWitness('127.0.0.2', (req, res) => {
    if (req.url === '/ok') res.end('allowed');
    else res.writeHead(302, { location: `http://127.0.0.1:${witness.port}/` }).end();
  });
  rig = await startEscapeRig({ egressAllow: ['127.0.0.2/32'] });
});
after(async () => {
  await rig?.close();
  await witness?.close();
  await redirector?.close();
});

async function refusedFetch(target: string): Promise<void> {
  const { status, result, text } = await rig.attack(`/fetch?url=${encodeURIComponent(target)}`);
  assert.equal(status, 200, text);
  assert.equal(result?.ok, false, `${target} was fetched: ${text}`);
  assert.match(result?.error ?? '', /TypeError: fetch to .* was refused by the platform's egress policy/, target);
}

test('the platform\'s own listeners are refused, whatever the spelling', async () => {
  for (const port of [new URL(rig.p.apiUrl).port, new URL(rig.p.appUrl).port]) {
    await refusedFetch(`http://127.0.0.1:${port}/api/v1/accounts`);
    await refusedFetch(`http://localhost:${port}/`);
  }
  await rig.bStillAnswers();
});

test('loopback in every spelling, a name that resolves to loopback, and one that resolves to both', async () => {
  const port = witness.port;
  for (const target of [
    `http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://[::1]:${port}/`, `http://0.0.0.0:${port}/`,
    `http://2130706433:${port}/`, `http://0x7f.1:${port}/`, `http://0177.0.0.1:${port}/`, `http://127.1:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`, `http://loopback.test:${port}/`, `http://mixed.test:${port}/`,
    `https://127.0.0.1:${port}/`, `http://169.254.169.254/latest/meta-data/`, `http://10.0.0.1/`, `http://100.64.0.1/`, `http://[fd00::1]/`, `http://[fe80::1]/`,
  ]) await refusedFetch(target);
  assert.equal(witness.connections(), 0, 'no connection reached the witness');
  await rig.bStillAnswers();
});

test('a redirect from an allowed address to a refused one is refused at the redirect', async () => {
  const before = redirector.connections();
  const ok = await rig.attack(`/fetch?url=${encodeURIComponent(`http://redirector.test:${redirector.port}/ok`)}`);
  assert.deepEqual(ok.result, { ok: true, value: '200 allowed' }, '--egress-allow opens what the operator chose; the host makes the request');
  await refusedFetch(`http://redirector.test:${redirector.port}/go`);
  assert.ok(redirector.connections() > before, 'the allowed address was reached');
  assert.equal(witness.connections(), 0, 'the redirect target was never connected to');
  await rig.bStillAnswers();
});

test('an outbound WebSocket (fetch with Upgrade: websocket) is checked by the same policy before any connection', async () => {
  const port = witness.port;
  for (const target of [`http://127.0.0.1:${port}/`, `ws://localhost:${port}/`, `wss://loopback.test:${port}/`, `ws://mixed.test:${port}/`, `ws://[::ffff:127.0.0.1]:${port}/`, `ws://2130706433:${port}/`, `ws://127.0.0.1:${new URL(rig.p.apiUrl).port}/`]) {
    const { status, result, text } = await rig.attack(`/ws?url=${encodeURIComponent(target)}`);
    assert.equal(status, 200, text);
    assert.equal(result?.ok, false, `${target} was connected to: ${text}`);
    assert.match(result?.error ?? '', /TypeError: .*refused by the platform's egress policy/, target);
  }
  assert.equal(witness.connections(), 0, 'no connection reached the witness');
  // An allowed name connects to the address the policy checked: redirector.test resolves only through the
  // platform's checked lookup, so reaching the server shows the socket used that address and no lookup of its own.
  const before = redirector.connections();
  const allowed = await rig.attack(`/ws?url=${encodeURIComponent(`ws://redirector.test:${redirector.port}/ok`)}`);
  assert.deepEqual(allowed.result, { ok: true, value: '200 allowed' }, allowed.text);
  assert.ok(redirector.connections() > before);
  assert.ok(rig.p.logs.some((r) => r.source === 'evil' && /outbound connection to loopback\.test:\d+ refused by the egress policy/.test(r.message)), 'the refusal is logged for the deployment');
  await rig.bStillAnswers();
});

test('each refusal is logged for the deployment, naming the policy', () => {
  const lines = rig.p.logs.filter((r) => r.source === 'evil' && /refused by the egress policy/.test(r.message));
  assert.ok(lines.length >= 10, `${lines.length} refusals logged`);
  assert.match(lines[0]?.message ?? '', /outbound fetch to http:\/\/\S+ refused by the egress policy: /);
});

test('thread isolation under ledge serve applies the same policy', async () => {
  const { startTestPlatform, deployBody } = await import('./serve-helpers.js');
  const { ATTACKER } = await import('./sandbox-helpers.js');
  const p = await startTestPlatform();
  try {
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/evil`, { body: deployBody(ATTACKER, { edge_dev: true }) });
    assert.equal(deployed.status, 200, deployed.text);
    const res = await p.visit('evil.admin.ledge.localhost', `/fetch?url=${encodeURIComponent(`http://127.0.0.1:${witness.port}/`)}`);
    const body = await res.json() as { ok: boolean; error: string };
    assert.equal(body.ok, false);
    assert.match(body.error, /egress policy/);
    assert.equal(witness.connections(), 0);
  } finally {
    await p.close();
  }
});

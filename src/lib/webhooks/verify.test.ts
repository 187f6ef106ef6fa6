import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createManualClock } from '../../platform/clock.js';
import { createWebhookVerifier, signWebhook, verifyWebhook, webhookRefused, type ReplayStore, type WebhookVerifyOptions } from './index.js';

const SECRET = 'whsec_0123456789abcdefghij';
const OLD_SECRET = 'whsec_previous-secret-value';
const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);
const BODY = '{"id":"evt_1","type":"payment.succeeded","amount":100}';
const ENTRY = 'https://hooks.example.com/hooks/payments';

/** A replay store kept in memory, with the key-value binding's get/put shape (the isolate test uses the real one). */
function memoryStore(): ReplayStore & { keys: Map<string, { value: string; ttl: number }> } {
  const keys = new Map<string, { value: string; ttl: number }>();
  return {
    keys,
    get: async (key) => keys.get(key)?.value ?? null,
    put: async (key, value, { expirationTtl }) => { keys.set(key, { value, ttl: expirationTtl }); },
  };
}

function delivery(headers: Record<string, string>, body: string | Uint8Array = BODY, url = ENTRY): Request {
  return new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: body as BodyInit });
}

const clock = createManualClock(NOW);
const signed = (overrides: Partial<Parameters<typeof signWebhook>[0]> = {}) => signWebhook({ secret: SECRET, body: BODY, path: '/hooks/payments', clock, ...overrides });

async function refusal(request: Request, options: Partial<WebhookVerifyOptions> = {}): Promise<{ code: string; message: string; status: number }> {
  try {
    await verifyWebhook(request, { secret: SECRET, replay: null, clock, ...options });
  } catch (err) {
    return err as { code: string; message: string; status: number };
  }
  throw new Error('expected the delivery to be refused');
}

test('a delivery signed with the entry\'s secret passes; the body comes back exactly as signed', async () => {
  const verified = await verifyWebhook(delivery(await signed()), { secret: SECRET, replay: null, clock });
  assert.equal(verified.text(), BODY);
  assert.deepEqual(verified.json(), { id: 'evt_1', type: 'payment.succeeded', amount: 100 });
  assert.equal(verified.timestamp, NOW / 1000);
  assert.equal(verified.secretIndex, 0);
});

test('the t=...,v1=... form is HMAC-SHA256 over "<t>.<path>.<body>", hex: the same as any HMAC library computes', async () => {
  const headers = await signed();
  const expected = createHmac('sha256', SECRET).update(`${NOW / 1000}./hooks/payments.${BODY}`).digest('hex');
  assert.equal(headers['webhook-signature'], `t=${NOW / 1000},v1=${expected}`);
  // A sender that signs only "<t>.<body>" (the widespread form) is verified by naming those parts.
  const compatible = { format: 'timestamped', header: 'x-signature', signed: ['timestamp', 'body'] } as const;
  const mac = createHmac('sha256', SECRET).update(`${NOW / 1000}.${BODY}`).digest('hex');
  const verified = await verifyWebhook(delivery({ 'x-signature': `t=${NOW / 1000},v0=ignored,v1=${mac}` }), { secret: SECRET, scheme: compatible, replay: null, clock });
  assert.equal(verified.text(), BODY);
});

test('negative: a wrong secret', async () => {
  const err = await refusal(delivery(await signed({ secret: 'whsec_someone-elses-secret' })));
  assert.deepEqual([err.code, err.status], ['webhook_invalid', 401]);
  assert.doesNotMatch(err.message, /whsec|[0-9a-f]{64}/, 'the message shows neither a secret nor a signature');
});

test('negative: an old timestamp, and one too far in the future', async () => {
  const old = await refusal(delivery(await signed({ timestamp: NOW / 1000 - 301 })));
  assert.deepEqual([old.code, old.status], ['webhook_stale', 401]);
  assert.match(old.message, /301 s old, outside the 300 s window/);
  assert.equal((await refusal(delivery(await signed({ timestamp: NOW / 1000 + 301 })))).code, 'webhook_stale');
  // Inside the window either way passes, and the window is configurable.
  await verifyWebhook(delivery(await signed({ timestamp: NOW / 1000 - 299 })), { secret: SECRET, replay: null, clock });
  assert.equal((await refusal(delivery(await signed({ timestamp: NOW / 1000 - 61 })), { toleranceSeconds: 60 })).code, 'webhook_stale');
  // The time is signed: moving it into the window breaks the signature.
  const stale = (await signed({ timestamp: NOW / 1000 - 3600 }))['webhook-signature'] as string;
  assert.equal((await refusal(delivery({ 'webhook-signature': stale.replace(/^t=\d+/, `t=${NOW / 1000}`) }))).code, 'webhook_invalid');
});

test('negative: a replayed delivery, however its signature is re-encoded', async () => {
  const replay = memoryStore();
  const verify = createWebhookVerifier({ secret: SECRET, replay, clock });
  const headers = await signed();
  await verify(delivery(headers));
  const again = await verify(delivery(headers)).catch((err: unknown) => err as { code: string; status: number });
  assert.deepEqual([(again as { code: string }).code, (again as { status: number }).status], ['webhook_replayed', 409]);
  const upper = headers['webhook-signature']?.replace(/v1=([0-9a-f]+)/, (_m, hex: string) => `v1=${hex.toUpperCase()}`) as string;
  const codeOf = (attempt: Promise<unknown>) => attempt.then(() => 'accepted', (err: unknown) => (err as { code: string }).code);
  assert.equal(await codeOf(verify(delivery({ 'webhook-signature': upper }))), 'webhook_replayed');
  assert.equal(await codeOf(verify(delivery({ 'webhook-signature': `${headers['webhook-signature']},v1=${'0'.repeat(64)}` }))), 'webhook_replayed', 'an extra bogus v1 does not make it new');
  assert.equal(replay.keys.size, 1);
  const [key, entry] = [...replay.keys][0] as [string, { ttl: number }];
  assert.match(key, /^webhook:[0-9a-f]{64}$/);
  assert.equal(entry?.ttl, 660, 'remembered for twice the window plus a minute');
  // A new delivery (a new time) is a new signature.
  clock.advance(1000);
  await verify(delivery(await signed()));
  clock.set(NOW);
});

test('negative: the body changed by one byte', async () => {
  const headers = await signed();
  const changed = BODY.replace('100', '900');
  assert.equal((await refusal(delivery(headers, changed))).code, 'webhook_invalid');
  const bytes = new TextEncoder().encode(BODY);
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
  assert.equal((await refusal(delivery(headers, bytes))).code, 'webhook_invalid');
  assert.equal((await refusal(delivery(headers, `${BODY} `))).code, 'webhook_invalid', 'one byte more');
});

test('negative: a missing header, an empty one, and malformed ones', async () => {
  const missing = await refusal(delivery({}));
  assert.deepEqual([missing.code, missing.status, missing.message], ['webhook_missing', 401, 'no webhook-signature header']);
  assert.equal((await refusal(delivery({ 'webhook-signature': '' }))).code, 'webhook_missing');
  const sig = (await signed())['webhook-signature'] as string;
  const v1 = sig.slice(sig.indexOf('v1='));
  for (const bad of [v1, `t=${NOW / 1000}`, `t=soon,${v1}`, `t=${NOW / 1000},t=${NOW / 1000},${v1}`, `t=${NOW / 1000},v1=abc`, 'garbage', `t=${NOW / 1000},${'v1=00,'.repeat(9)}`, 'x'.repeat(5000)]) {
    const err = await refusal(delivery({ 'webhook-signature': bad }));
    assert.equal(err.code, 'webhook_malformed', bad.slice(0, 60));
    assert.equal(err.status, 400);
  }
});

test('negative: a signature made for another entry\'s path, under the same secret', async () => {
  const forOther = await signed({ path: '/hooks/refunds' });
  const err = await refusal(delivery(forOther));
  assert.deepEqual([err.code, err.message], ['webhook_invalid', 'no signature in webhook-signature matches this body, this entry\'s path and its time under the configured secret']);
  // The same delivery at the entry it was made for passes.
  await verifyWebhook(delivery(forOther, BODY, 'https://hooks.example.com/hooks/refunds'), { secret: SECRET, replay: null, clock });
  // Another host with the same path is the same entry of the application; the query is not part of the path.
  await verifyWebhook(delivery(await signed(), BODY, 'https://other.example.com/hooks/payments?x=1'), { secret: SECRET, replay: null, clock });
});

test('rotation: two secrets at once, the new one first; a third is refused as configuration', async () => {
  const options = { secrets: ['whsec_the-new-secret-value', OLD_SECRET], replay: null, clock };
  assert.equal((await verifyWebhook(delivery(await signed({ secret: OLD_SECRET })), options)).secretIndex, 1);
  assert.equal((await verifyWebhook(delivery(await signed({ secret: 'whsec_the-new-secret-value' })), options)).secretIndex, 0);
  assert.equal((await refusal(delivery(await signed()), { ...options, secret: undefined })).code, 'webhook_invalid', 'a secret outside the two is refused');
  // A sender rolling its own secret may send a signature under each: either matching is enough.
  const a = (await signed({ secret: OLD_SECRET }))['webhook-signature'] as string;
  const b = (await signed({ secret: 'whsec_unknown-to-the-entry' }))['webhook-signature'] as string;
  await verifyWebhook(delivery({ 'webhook-signature': `${b},${a.slice(a.indexOf('v1='))}` }), { secret: OLD_SECRET, replay: null, clock });
  assert.throws(() => createWebhookVerifier({ secrets: [SECRET, OLD_SECRET, 'whsec_a-third-secret-value'], replay: null }), { code: 'webhook_config' });
});

test('the plain scheme: sha256=<hex> with the time in its own header, and a custom plain scheme without time', async () => {
  const headers = await signed({ scheme: 'plain' });
  assert.deepEqual(Object.keys(headers).sort(), ['webhook-signature', 'webhook-timestamp']);
  assert.match(headers['webhook-signature'] ?? '', /^sha256=[0-9a-f]{64}$/);
  await verifyWebhook(delivery(headers), { secret: SECRET, scheme: 'plain', replay: null, clock });
  const noTime = { 'webhook-signature': headers['webhook-signature'] as string };
  assert.equal((await refusal(delivery(noTime), { scheme: 'plain' })).code, 'webhook_missing');
  assert.equal((await refusal(delivery({ ...headers, 'webhook-timestamp': String(NOW / 1000 - 3600) }), { scheme: 'plain' })).code, 'webhook_stale');
  assert.equal((await refusal(delivery({ ...headers, 'webhook-signature': headers['webhook-signature']?.replace('sha256=', 'sha1=') as string }), { scheme: 'plain' })).code, 'webhook_malformed');
  // A sender that signs the body alone, in base64, with no time: freshness cannot be checked, which must be said.
  const bodyOnly = { format: 'plain', header: 'x-body-signature', encoding: 'base64', signed: ['body'] } as const;
  const mac = createHmac('sha256', SECRET).update(BODY).digest('base64');
  await verifyWebhook(delivery({ 'x-body-signature': mac }), { secret: SECRET, scheme: bodyOnly, toleranceSeconds: null, replay: null, clock });
  assert.throws(() => createWebhookVerifier({ secret: SECRET, scheme: bodyOnly, toleranceSeconds: 300, replay: null }), { code: 'webhook_config', message: /signs the time/ });
});

test('the body is refused past its limit, by its declared length or as it streams, before any of it is parsed', async () => {
  const big = 'x'.repeat(2048);
  const headers = await signed({ body: big });
  assert.equal((await refusal(delivery(headers, big), { maxBodyBytes: 1024 })).code, 'webhook_too_large');
  const stream = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode(big)); c.close(); } });
  const streamed = new Request(ENTRY, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
  assert.equal((await refusal(streamed, { maxBodyBytes: 1024 })).code, 'webhook_too_large');
  // Headers are checked before the body is read: a missing signature leaves the body unread.
  const untouched = delivery({}, big);
  await refusal(untouched);
  assert.equal(untouched.bodyUsed, false);
});

test('a replay store that fails refuses the delivery (fails closed); configuration mistakes are reported at creation', async () => {
  const broken: ReplayStore = { get: async () => { throw new Error('KV GET failed: 503'); }, put: async () => undefined };
  const err = await refusal(delivery(await signed()), { replay: broken });
  assert.deepEqual([err.code, err.status], ['webhook_store_unavailable', 503]);
  for (const [options, message] of [
    [{ secret: SECRET }, /replay is required/],
    [{ secret: 'short', replay: null }, /at least 16 bytes/],
    [{ replay: null }, /give one secret/],
    [{ secret: SECRET, secrets: [SECRET], replay: null }, /not both/],
    [{ secret: SECRET, replay: null, toleranceSeconds: 0 }, /toleranceSeconds/],
    [{ secret: SECRET, replay: null, toleranceSeconds: null }, /signs a time/],
    [{ secret: SECRET, replay: {} }, /get\(\) and put\(\)/],
    [{ secret: SECRET, replay: null, scheme: { format: 'plain', signed: ['path'] } }, /must include "body"/],
  ] as [WebhookVerifyOptions, RegExp][]) {
    assert.throws(() => createWebhookVerifier(options), (e: { code: string; message: string }) => e.code === 'webhook_config' && message.test(e.message), String(message));
  }
});

test('webhookRefused answers the status with a fixed body, never the reason', async () => {
  const err = await refusal(delivery(await signed({ secret: 'whsec_someone-elses-secret' })));
  const res = webhookRefused(err);
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), { error: 'unauthorized' });
  assert.equal(webhookRefused(new Error('boom')).status, 500);
});

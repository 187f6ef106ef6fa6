import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { signWebhook } from '../src/lib/webhooks/sign.js';
import { createManualClock } from '../src/platform/clock.js';
import { createLogger, createMemorySink } from '../src/platform/logger.js';
import { openAccountObservability } from '../src/observability/account.js';
import { makeProject, startProject, tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const EXAMPLE = path.resolve(import.meta.dirname, '..', 'examples', 'issues-webhook');
const THROWS = `function explode(n) { throw new Error('exploded ' + n); }
export default { fetch(request) { explode(new URL(request.url).pathname.length); } };`;

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('issue webhooks: new and threshold notifications, signed over time and body, verified by the example receiver', async (t) => {
  // The example receiver under ledge dev; its secret is written once the API has answered it.
  const dir = makeProject({ 'src/index.js': readFileSync(path.join(EXAMPLE, 'src/index.js'), 'utf8'), '.dev.vars': 'WEBHOOK_SECRET=placeholder-placeholder\n' },
    JSON.parse(readFileSync(path.join(EXAMPLE, 'ledge.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as Record<string, unknown>);
  const receiver = await startProject(dir);
  t.after(() => receiver.close());
  const p = await startTestPlatform(undefined, undefined, { webhooksToPrivateAddresses: true });
  t.after(() => p.close());
  const base = `/accounts/${p.accountId}`;

  const created = await p.call('POST', `${base}/observability/webhooks`, { body: { url: `${receiver.url}/hooks/issues`, threshold: 2 } });
  assert.equal(created.status, 201, created.text);
  const secret = created.body.result.secret as string;
  assert.match(secret, /^[0-9a-f]{64}$/);
  assert.ok(!(await p.call('GET', `${base}/observability/webhooks`)).text.includes(secret), 'the secret is shown once');
  writeFileSync(path.join(dir, '.dev.vars'), `WEBHOOK_SECRET=${secret}\n`);
  await receiver.reload();

  assert.equal((await p.call('PUT', `${base}/deployments/shop`, { body: deployBody(THROWS, { routes: [{ pattern: 'shop.example.com', custom_domain: true }], observability: { issues: { enabled: true } } }) })).status, 200);
  assert.equal((await p.visit('shop.example.com', '/a')).status, 500);
  assert.equal((await p.visit('shop.example.com', '/b')).status, 500);
  const deliveries = await until('two deliveries', async () => (await p.call('GET', `${base}/observability/webhooks/${created.body.result.id}/deliveries`)).body.result as { event: string; status: string; attempts: number; last_error: string | null }[],
    (list) => list.length === 2 && list.every((d) => d.status !== 'pending'));
  assert.deepEqual(deliveries.map((d) => [d.event, d.status, d.attempts]).sort(), [['issue.new', 'delivered', 1], ['issue.threshold', 'delivered', 1]]);

  const received = (await (await receiver.request(new Request('http://receiver.test/notifications'))).json()) as { type: string; deployment: string; issue: { type: string; count: number; culprit: string }; occurrence: { status: number; stack: string } }[];
  assert.deepEqual(received.map((n) => n.type).sort(), ['issue.new', 'issue.threshold']);
  const first = received.find((n) => n.type === 'issue.new');
  assert.equal(first?.deployment, 'shop');
  assert.equal(first?.issue.type, 'Error');
  assert.match(first?.issue.culprit ?? '', /^explode \(index\.js:1\)$/);
  assert.equal(first?.occurrence.status, 500);
  assert.match(receiver.logText(), /issue\.new: Error at explode/);
});

test('the example receiver refuses a forged signature, a stale time and a replayed delivery before reading the body', async (t) => {
  const secret = 'a'.repeat(64);
  const dir = makeProject({ 'src/index.js': readFileSync(path.join(EXAMPLE, 'src/index.js'), 'utf8'), '.dev.vars': `WEBHOOK_SECRET=${secret}\n` },
    JSON.parse(readFileSync(path.join(EXAMPLE, 'ledge.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as Record<string, unknown>);
  const receiver = await startProject(dir);
  t.after(() => receiver.close());
  const body = JSON.stringify({ type: 'issue.new', deployment: 'x', issue: { type: 'Error', culprit: 'f (a.js:1)', count: 1 }, occurrence: {} });
  const post = async (headers: Record<string, string>) => (await receiver.request(new Request('http://receiver.test/hooks/issues', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body }))).status;
  const good = await signWebhook({ secret, body, path: '/hooks/issues' });
  assert.equal(await post(good), 200);
  assert.notEqual(await post(good), 200, 'the same delivery again is a replay');
  assert.notEqual(await post(await signWebhook({ secret: 'b'.repeat(64), body, path: '/hooks/issues' })), 200, 'another secret');
  assert.notEqual(await post(await signWebhook({ secret, body, path: '/hooks/issues', timestamp: Math.floor(Date.now() / 1000) - 3600 })), 200, 'an hour old');
  assert.notEqual(await post(await signWebhook({ secret, body, path: '/hooks/other' })), 200, 'signed for another path');
  const stored = (await (await receiver.request(new Request('http://receiver.test/notifications'))).json()) as unknown[];
  assert.equal(stored.length, 1, 'only the genuine delivery was read');
});

test('failed deliveries are retried with back-off and recorded; private addresses are refused unless the operator allows them', async (t) => {
  let answers = [500, 200];
  const bodies: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c: Buffer) => { text += c.toString(); });
    req.on('end', () => { bodies.push(text); res.statusCode = answers.shift() ?? 200; res.end(); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const clock = createManualClock(Date.now());
  const open = (allowPrivate: boolean) => openAccountObservability({
    file: path.join(tempDir('ledge-obs-'), 'observability.sqlite'), clock, logger: createLogger(createMemorySink()), flushMs: 60_000,
    webhooks: { accountId: 'a'.repeat(32), allowPrivate, timers: false, openSecret: (sealed) => sealed },
  });
  const deliverOne = async (allowPrivate: boolean) => {
    const obs = open(allowPrivate);
    t.after(() => obs.close());
    obs.store().webhooks.addDestination({ id: 'd1', url, sealed_secret: 's'.repeat(32), on_new: true, threshold: null, quiet_period_seconds: null, created_at: clock.now() });
    obs.issues.setSwitch('app', true);
    obs.issues.offer({ id: 'r', time: clock.now(), deployment: 'app', version: '1', kind: 'fetch', method: 'GET', url: 'http://app.test/', status: 500, outcome: 'exception', cpu_ms: 1, wall_ms: 1, subrequests: 0, logs: [], error: { name: 'Error', message: 'boom' } }, () => ({ frames: [], text: 'Error: boom' }));
    obs.issues.flush();
    await obs.notifier?.tick();
    return obs;
  };

  const refused = await deliverOne(false);
  const [blocked] = refused.store().webhooks.deliveries('d1', 10);
  assert.equal(bodies.length, 0, 'nothing reached the loopback receiver');
  assert.equal(blocked?.status, 'pending');
  assert.match(blocked?.last_error ?? '', /127\.0\.0\.1 \(loopback\), which webhooks may not reach/);

  const obs = await deliverOne(true);
  let [delivery] = obs.store().webhooks.deliveries('d1', 10);
  assert.equal(bodies.length, 1);
  assert.deepEqual([delivery?.status, delivery?.attempts, delivery?.last_error], ['pending', 1, 'the receiver answered 500']);
  await obs.notifier?.tick();
  assert.equal(bodies.length, 1, 'no retry before its back-off');
  clock.advance(10_000);
  await obs.notifier?.tick();
  [delivery] = obs.store().webhooks.deliveries('d1', 10);
  assert.deepEqual([delivery?.status, delivery?.attempts], ['delivered', 2]);
  assert.equal(bodies[0], bodies[1], 'the retry sends the same body');

  answers = [503, 503, 503, 503, 503, 503];
  const failing = open(true);
  t.after(() => failing.close());
  failing.store().webhooks.enqueue({ id: 'x', destination_id: 'd2', issue_id: 'i', event: 'issue.new', body: '{}', status: 'pending', attempts: 0, next_at: clock.now(), last_error: null, created_at: clock.now(), delivered_at: null });
  failing.store().webhooks.addDestination({ id: 'd2', url, sealed_secret: 's'.repeat(32), on_new: true, threshold: null, quiet_period_seconds: null, created_at: clock.now() });
  for (let i = 0; i < 6; i++) {
    await failing.notifier?.tick();
    clock.advance(3 * 3600_000);
  }
  const [gaveUp] = failing.store().webhooks.deliveries('d2', 10);
  assert.deepEqual([gaveUp?.status, gaveUp?.attempts], ['failed', 6], 'given up after five retries, and recorded');
});

test('a webhook host name is resolved once, by the address check: a private answer is refused before any connection, and the delivery connects to the address checked', async (t) => {
  const requests: { host: string | undefined }[] = [];
  let connections = 0;
  const server = createServer((req, res) => { requests.push({ host: req.headers.host }); req.resume(); req.on('end', () => res.end()); });
  server.on('connection', () => { connections++; });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const port = (server.address() as AddressInfo).port;
  // The names' only resolver: none of them exists in the system's DNS, so a second lookup by fetch itself would fail.
  const answers: Record<string, string[]> = { 'evil.test': ['127.0.0.1'], 'mixed.test': ['93.184.216.34', '127.0.0.1'], 'receiver.test': ['127.0.0.1'] };
  const lookups: string[] = [];
  const lookup = async (hostname: string) => {
    lookups.push(hostname);
    return (answers[hostname] ?? []).map((address) => ({ address, family: 4 }));
  };
  const clock = createManualClock(Date.now());
  const deliver = async (host: string, allowPrivate: boolean) => {
    const obs = openAccountObservability({
      file: path.join(tempDir('ledge-obs-'), 'observability.sqlite'), clock, logger: createLogger(createMemorySink()), flushMs: 60_000,
      webhooks: { accountId: 'a'.repeat(32), allowPrivate, timers: false, openSecret: (sealed) => sealed, lookup },
    });
    t.after(() => obs.close());
    obs.store().webhooks.addDestination({ id: 'd', url: `http://${host}:${port}/hook`, sealed_secret: 's'.repeat(32), on_new: true, threshold: null, quiet_period_seconds: null, created_at: clock.now() });
    obs.store().webhooks.enqueue({ id: `x-${host}`, destination_id: 'd', issue_id: 'i', event: 'issue.new', body: '{}', status: 'pending', attempts: 0, next_at: clock.now(), last_error: null, created_at: clock.now(), delivered_at: null });
    await obs.notifier?.tick();
    return obs.store().webhooks.deliveries('d', 1)[0];
  };

  const evil = await deliver('evil.test', false);
  assert.equal(evil?.status, 'pending');
  assert.match(evil?.last_error ?? '', /evil\.test resolves to 127\.0\.0\.1 \(loopback\), which webhooks may not reach/);
  const mixed = await deliver('mixed.test', false);
  assert.match(mixed?.last_error ?? '', /mixed\.test resolves to 127\.0\.0\.1 \(loopback\)/, 'one private answer among public ones refuses the name');
  assert.equal(connections, 0, 'no connection was opened for a refused name');

  const good = await deliver('receiver.test', true);
  assert.deepEqual([good?.status, good?.last_error], ['delivered', null]);
  assert.deepEqual(requests, [{ host: `receiver.test:${port}` }], 'the request reached the checked address and still names its host');
  assert.deepEqual(lookups, ['evil.test', 'mixed.test', 'receiver.test'], 'each name was resolved once, by the check');
});

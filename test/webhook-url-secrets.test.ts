// Attack surface (secrets in logs): a webhook receiver's URL often carries its credential, in the path (chat hooks)
// or the query (`?token=`), or as user:password. When a delivery finally failed, the platform's log line showed the
// whole URL to whoever reads the operator's log. The line now names the destination and its origin only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createManualClock } from '../src/platform/clock.js';
import { createLogger, createMemorySink } from '../src/platform/logger.js';
import { openAccountObservability } from '../src/observability/account.js';
import { RETRY_DELAYS_MS } from '../src/observability/notify.js';
import { tempDir } from './helpers.js';

test('a webhook delivery that fails for good is logged by destination and origin, never with the URL\'s path, query or credentials', async (t) => {
  const server = createServer((req, res) => { req.resume(); res.statusCode = 500; res.end(); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const port = (server.address() as AddressInfo).port;
  const url = `http://hookuser:hookpassword123@127.0.0.1:${port}/services/T000/B000/pathsecret456?token=querysecret789`;
  const clock = createManualClock(Date.now());
  const sink = createMemorySink();
  const obs = openAccountObservability({
    file: path.join(tempDir('ledge-obs-'), 'observability.sqlite'), clock, logger: createLogger(sink), flushMs: 60_000,
    webhooks: { accountId: 'a'.repeat(32), allowPrivate: true, timers: false, openSecret: (sealed) => sealed },
  });
  t.after(() => obs.close());
  obs.store().webhooks.addDestination({ id: 'd1', url, sealed_secret: 's'.repeat(32), on_new: true, threshold: null, quiet_period_seconds: null, created_at: clock.now() });
  obs.issues.setSwitch('app', true);
  obs.issues.offer({ id: 'r', time: clock.now(), deployment: 'app', version: '1', kind: 'fetch', method: 'GET', url: 'http://app.test/', status: 500, outcome: 'exception', cpu_ms: 1, wall_ms: 1, subrequests: 0, logs: [], error: { name: 'Error', message: 'boom' } }, () => ({ frames: [], text: 'Error: boom' }));
  obs.issues.flush();
  await obs.notifier?.tick();
  for (const delay of RETRY_DELAYS_MS) {
    clock.advance(delay);
    await obs.notifier?.tick();
  }
  const [delivery] = obs.store().webhooks.deliveries('d1', 10);
  assert.equal(delivery?.status, 'failed');
  const failed = sink.records.find((r) => /webhook delivery .* failed after/.test(r.message));
  assert.ok(failed, sink.records.map((r) => r.message).join('\n'));
  assert.match(failed.message, new RegExp(`to destination d1 \\(http://127\\.0\\.0\\.1:${port}\\) failed after 6 attempts: `));
  const all = JSON.stringify(sink.records);
  for (const secret of ['hookpassword123', 'pathsecret456', 'querysecret789']) assert.equal(all.includes(secret), false, 'a credential of the URL reached the log');
});

// Durable queues through a real isolate: the producer API and its limits, push batches, ack and retry
// rules, back-off, dead-letter queues, the dead state, pull consumers and redelivery after a lease expires.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '../src/platform/clock.js';
import { backoffMs } from '../src/bindings/queues/consumer.js';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { makeProject, startProject, tempDir } from './helpers.js';

/**
 * A project with producer Q (queue "jobs") and the given consumers. Its queue() handler records each batch
 * and then acts on each message's body: `{do: "ack"}`, `{do: "retry", delay}`, `{do: "throw"}` (throws
 * after the loop), `{do: "retryAll"}`; anything else is left to the batch outcome.
 */
async function queueProject(consumers: Record<string, unknown>[], options: { clock?: ReturnType<typeof createManualClock>; stateDir?: string; extra?: Record<string, unknown> } = {}) {
  const dir = makeProject({
    'src/index.js': `
      const deliveries = [];
      export default {
        async fetch(request, env) {
          const url = new URL(request.url);
          if (url.pathname === '/deliveries') return Response.json(deliveries);
          const input = await request.json();
          try {
            const q = env[input.binding ?? 'Q'];
            const out = url.pathname === '/batch' ? await q.sendBatch(input.messages, input.options) : url.pathname === '/metrics' ? await q.metrics() : await q.send(input.body, input.options);
            return Response.json({ ok: out });
          } catch (e) { return Response.json({ error: e.constructor.name + ': ' + e.message }); }
        },
        async queue(batch, env) {
          deliveries.push({ queue: batch.queue, messages: batch.messages.map((m) => ({ id: m.id, body: describe(m.body), attempts: m.attempts, timestamp: m.timestamp instanceof Date ? m.timestamp.getTime() : null })) });
          let fail = false;
          for (const m of batch.messages) {
            const action = m.body && typeof m.body === 'object' ? m.body.do : undefined;
            if (action === 'ack') m.ack();
            if (action === 'retry') m.retry(m.body.delay === undefined ? undefined : { delaySeconds: m.body.delay });
            if (action === 'double') { m.ack(); m.retry(); }
            if (action === 'retryAll') batch.retryAll();
            if (action === 'throw') fail = true;
          }
          if (fail) throw new Error('consumer failed on purpose');
        },
      };
      function describe(body) {
        if (body instanceof ArrayBuffer) return { bytes: [...new Uint8Array(body)] };
        if (body instanceof Map) return { map: [...body] };
        if (body instanceof Date) return { date: body.toISOString() };
        return body;
      }`,
  }, { queues: { producers: [{ binding: 'Q', queue: 'jobs' }, { binding: 'DLQ', queue: 'jobs-dlq' }], consumers }, ...options.extra });
  const server = await startProject(dir, { clock: options.clock, stateDir: options.stateDir ?? tempDir('ledge-queues-'), runnerTimers: false });
  const post = async (path: string, body: unknown) => (await (await server.request(new Request(`http://app.test${path}`, { method: 'POST', body: JSON.stringify(body) }))).json()) as { ok?: unknown; error?: string };
  const deliveries = async () => (await (await server.request(new Request('http://app.test/deliveries'))).json()) as { queue: string; messages: { id: string; body: unknown; attempts: number; timestamp: number }[] }[];
  const api = async (queue: string, action: 'pull' | 'ack', body: unknown) => {
    const response = await server.request(new Request(`http://app.test/__ledge/queues/${queue}/messages/${action}`, { method: 'POST', body: JSON.stringify(body) }));
    return { status: response.status, body: (await response.json()) as { success: boolean; errors: { code: string; message: string }[]; result: Record<string, unknown> } };
  };
  return { dir, server, post, deliveries, api };
}

test('send and sendBatch check bodies, sizes and delays with the errors existing code expects', async (t) => {
  const { server, post } = await queueProject([]);
  t.after(() => server.close());
  const sent = (await post('/send', { body: { hello: 'world' } })).ok as { metadata: { metrics: { backlogCount: number; backlogBytes: number } } };
  assert.equal(sent.metadata.metrics.backlogCount, 1);
  assert.equal(sent.metadata.metrics.backlogBytes, JSON.stringify({ hello: 'world' }).length);
  assert.equal((await post('/send', {})).error, 'TypeError: Message body cannot be undefined');
  assert.equal((await post('/batch', { messages: [] })).error, 'TypeError: sendBatch() requires at least one message');
  assert.equal((await post('/batch', { messages: Array.from({ length: 101 }, (_, i) => ({ body: i })) })).error, 'Error: Queue sendBatch failed: batch of 101 messages exceeds limit of 100');
  assert.equal((await post('/send', { body: 'x'.repeat(128_000) })).error, 'Error: Queue send failed: message length of 128102 bytes exceeds limit of 128000');
  assert.equal((await post('/batch', { messages: Array.from({ length: 3 }, () => ({ body: 'y'.repeat(100_000) })) })).error, 'Error: Queue sendBatch failed: total size of 300306 bytes exceeds limit of 256000');
  assert.match((await post('/send', { body: 1, options: { delaySeconds: 43_201 } })).error ?? '', /^TypeError: send: delaySeconds must be an integer from 0 to 43200/);
  assert.match((await post('/send', { body: 1, options: { delaySeconds: 1.5 } })).error ?? '', /delaySeconds must be an integer/);
  assert.match((await post('/send', { body: 1, options: { contentType: 'xml' } })).error ?? '', /^TypeError: Unknown content type "xml"/);
  assert.match((await post('/send', { body: 5, options: { contentType: 'text' } })).error ?? '', /^TypeError: Content type "text" requires a string message body, got number/);
  assert.match((await post('/send', { body: 'abc', options: { contentType: 'bytes' } })).error ?? '', /^TypeError: Content type "bytes" requires an ArrayBuffer/);
  const metrics = (await post('/metrics', {})).ok as { backlogCount: number; oldestMessageTimestamp: string };
  assert.equal(metrics.backlogCount, 1, 'refused sends store nothing');
  assert.ok(Date.parse(metrics.oldestMessageTimestamp) > 0);
});

test('batches go out when full or when the oldest message has waited max_batch_timeout; bodies keep their type', async (t) => {
  const clock = createManualClock(Date.parse('2026-11-22T10:00:00Z'));
  const { server, post, deliveries } = await queueProject([{ queue: 'jobs', max_batch_size: 4, max_batch_timeout: 5, dead_letter_queue: 'jobs-dlq' }], { clock });
  t.after(() => server.close());
  await post('/send', { body: { n: 1 } });
  await post('/send', { body: 'plain', options: { contentType: 'text' } });
  await server.queues.tick();
  assert.deepEqual(await deliveries(), [], 'a partial batch waits');
  clock.advance(5_000);
  await server.queues.tick();
  const first = await deliveries();
  assert.equal(first.length, 1);
  assert.deepEqual(first[0]?.messages.map((m) => [m.body, m.attempts]), [[{ n: 1 }, 1], ['plain', 1]]);
  assert.equal(first[0]?.queue, 'jobs');
  assert.equal(first[0]?.messages[0]?.timestamp, Date.parse('2026-11-22T10:00:00Z'));
  assert.match(first[0]?.messages[0]?.id ?? '', /^[0-9a-f]{32}$/);

  await post('/batch', { messages: [1, 2, 3, 4, 5].map((n) => ({ body: n })) });
  await server.queues.tick();
  const second = await deliveries();
  assert.equal(second.length, 2, 'a full batch goes at once; the fifth message waits for its timeout');
  assert.deepEqual(second[1]?.messages.map((m) => m.body), [1, 2, 3, 4]);
  clock.advance(5_000);
  await server.queues.tick();
  assert.deepEqual((await deliveries())[2]?.messages.map((m) => m.body), [5]);
});

test('structured-clone and bytes bodies, and delays: per message, per batch, and the producer default', async (t) => {
  const clock = createManualClock(Date.parse('2026-11-22T10:00:00Z'));
  const dir = makeProject({
    'src/index.js': `
      const seen = [];
      export default {
        async fetch(request, env) {
          if (new URL(request.url).pathname === '/seen') return Response.json(seen);
          await env.Q.send(new Map([['a', 1]]), { contentType: 'v8', delaySeconds: 0 });
          await env.Q.send(new Uint8Array([7, 8, 9]), { contentType: 'bytes', delaySeconds: 0 });
          await env.Q.send('now', { delaySeconds: 0 });
          await env.Q.send('in 60', { delaySeconds: 60 });
          await env.Q.sendBatch([{ body: 'batch default' }, { body: 'own 10', delaySeconds: 10 }], { delaySeconds: 30 });
          await env.Q.send('producer default');
          return new Response('sent');
        },
        async queue(batch) {
          for (const m of batch.messages) seen.push(m.body instanceof Map ? [...m.body] : m.body instanceof ArrayBuffer ? [...new Uint8Array(m.body)] : m.body);
        },
      };`,
  }, { queues: { producers: [{ binding: 'Q', queue: 'q', delivery_delay: 20 }], consumers: [{ queue: 'q', max_batch_timeout: 0, dead_letter_queue: 'q-dlq' }] } });
  const server = await startProject(dir, { clock, stateDir: tempDir('ledge-queues-'), runnerTimers: false });
  t.after(() => server.close());
  await server.request(new Request('http://app.test/'));
  const seen = async () => (await (await server.request(new Request('http://app.test/seen'))).json()) as unknown[];
  await server.queues.tick();
  assert.deepEqual(await seen(), [[['a', 1]], [7, 8, 9], 'now']);
  clock.advance(10_000);
  await server.queues.tick();
  assert.deepEqual((await seen()).slice(3), ['own 10']);
  clock.advance(10_000);
  await server.queues.tick();
  assert.deepEqual((await seen()).slice(4), ['producer default']);
  clock.advance(10_000);
  await server.queues.tick();
  assert.deepEqual((await seen()).slice(5), ['batch default']);
  clock.advance(30_000);
  await server.queues.tick();
  assert.deepEqual((await seen()).slice(6), ['in 60']);
});

test('ack and retry: the first call wins, explicit acks survive a throw, retries honour their delay and back off otherwise', async (t) => {
  const clock = createManualClock(Date.parse('2026-11-22T10:00:00Z'));
  const { server, post, deliveries } = await queueProject([{ queue: 'jobs', max_batch_timeout: 0, retry_delay: 10, max_retries: 5, dead_letter_queue: 'jobs-dlq' }], { clock });
  t.after(() => server.close());
  await post('/batch', { messages: [{ body: { do: 'ack' } }, { body: { do: 'retry', delay: 100 } }, { body: { do: 'double' } }, { body: 'plain' }, { body: { do: 'throw' } }] });
  await server.queues.tick();
  assert.match(server.logText(), /Received a call to retry\(\) on message [0-9a-f]{32} after ack\(\) was already called/);
  assert.match(server.logText(), /Uncaught exception in queue: Error: consumer failed on purpose/);
  clock.advance(9_999);
  await server.queues.tick();
  assert.equal((await deliveries()).length, 1, 'nothing is back before retry_delay');
  clock.advance(3_000); // back-off of the first retry: 10 s plus at most a quarter of jitter
  await server.queues.tick();
  const second = await deliveries();
  assert.deepEqual(second[1]?.messages.map((m) => [m.body, m.attempts]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))), [['plain', 2], [{ do: 'throw' }, 2]], 'the explicit ack and the double (ack first) are gone; the unmarked message and the thrower retry');
  clock.advance(100_000);
  await server.queues.tick();
  const third = await deliveries();
  assert.ok(third.some((d) => d.messages.some((m) => (m.body as { do?: string }).do === 'retry' && m.attempts === 2)), 'the explicit retry came back after its own delay');
});

test('back-off doubles from retry_delay with bounded jitter', () => {
  assert.equal(backoffMs(1, 10, () => 0), 10_000);
  assert.equal(backoffMs(2, 10, () => 0), 20_000);
  assert.equal(backoffMs(4, 10, () => 0), 80_000);
  assert.equal(backoffMs(1, 10, () => 0.999), 12_498);
  assert.equal(backoffMs(30, 10, () => 0), 43_200_000, 'never past 12 hours');
  assert.equal(backoffMs(3, 0, () => 0.5), 0, 'retry_delay 0 retries at once');
});

test('after max_retries a message moves to the dead-letter queue, where its consumer receives it', async (t) => {
  const clock = createManualClock(Date.parse('2026-11-22T10:00:00Z'));
  const { server, post, deliveries } = await queueProject([
    { queue: 'jobs', max_batch_timeout: 0, max_retries: 2, retry_delay: 0, dead_letter_queue: 'jobs-dlq' },
    { queue: 'jobs-dlq', max_batch_timeout: 0, dead_letter_queue: 'jobs-dlq-2' },
  ], { clock });
  t.after(() => server.close());
  await post('/send', { body: { do: 'throw', id: 'x' } });
  await server.queues.tick();
  const all = await deliveries();
  const main = all.filter((d) => d.queue === 'jobs');
  assert.deepEqual(main.map((d) => d.messages[0]?.attempts), [1, 2, 3], 'max_retries 2 means three deliveries');
  const dlq = all.filter((d) => d.queue === 'jobs-dlq');
  assert.ok(dlq.length >= 1, 'the dead-letter queue consumer received it');
  assert.equal(dlq[0]?.messages[0]?.id, main[0]?.messages[0]?.id, 'the message keeps its id');
  assert.deepEqual(dlq[0]?.messages[0]?.body, { do: 'throw', id: 'x' });
  assert.match(server.logText(), /queue "jobs": 1 message\(s\) used up 2 retries and moved to the dead-letter queue "jobs-dlq"/);
});

test('without a dead-letter queue a message ends in the dead state: logged, listed, replayed or purged, never dropped', async (t) => {
  const clock = createManualClock(Date.parse('2026-11-22T10:00:00Z'));
  const state = tempDir('ledge-queues-');
  const { server, post, deliveries } = await queueProject([{ queue: 'jobs', max_batch_timeout: 0, max_retries: 1, retry_delay: 0 }], { clock, stateDir: state });
  t.after(() => server.close());
  assert.match(server.logText(), /queues\.consumers\[0\]: queue "jobs" has no dead_letter_queue/);
  await post('/send', { body: { do: 'throw' } });
  await server.queues.tick();
  assert.equal((await deliveries()).length, 2);
  assert.match(server.logText(), /queue "jobs": 1 message\(s\) used up 1 retries and are kept in the dead state \(no dead_letter_queue\); see them with "ledge queues dead list jobs"/);
  const metrics = (await post('/metrics', {})).ok as { backlogCount: number };
  assert.equal(metrics.backlogCount, 0, 'dead messages are not backlog');

  // What `ledge queues dead list|replay|purge` use, through a second connection to the same state.
  const other = openEmbeddedStorage(state, clock);
  t.after(() => other.close());
  const dead = await other.queues.listDead('jobs', 10);
  assert.equal(dead.length, 1);
  assert.equal(dead[0]?.attempts, 2);
  assert.deepEqual(JSON.parse(Buffer.from(dead[0]?.body ?? []).toString()), { do: 'throw' });
  assert.equal(await other.queues.replayDead('jobs', null, clock.now()), 1);
  await server.queues.tick();
  const replayed = (await deliveries()).slice(2);
  assert.deepEqual(replayed.map((d) => d.messages[0]?.attempts), [1, 2], 'a replayed message starts its deliveries afresh');
  assert.equal(replayed[0]?.messages[0]?.id, dead[0]?.id);
  assert.equal(await other.queues.purgeDead('jobs', ['no-such-id']), 0);
  assert.equal(await other.queues.purgeDead('jobs', [dead[0]?.id ?? '']), 1);
  assert.deepEqual(await other.queues.listDead('jobs', 10), []);
  assert.equal((await other.queues.stats('jobs', clock.now())).dead, 0);
});

test('pull consumers lease batches over HTTP; unacked messages come back after the visibility timeout, late acks are accepted', async (t) => {
  const clock = createManualClock(Date.parse('2026-11-22T10:00:00Z'));
  const { server, post, api } = await queueProject([{ queue: 'jobs', type: 'http_pull', max_retries: 3, retry_delay: 0, dead_letter_queue: 'jobs-dlq' }], { clock });
  t.after(() => server.close());
  await post('/batch', { messages: [{ body: { a: 1 } }, { body: 'text body', contentType: 'text' }, { body: 'third' }] });
  const pulled = await api('jobs', 'pull', { batch_size: 2, visibility_timeout_ms: 10_000 });
  assert.equal(pulled.status, 200);
  assert.equal(pulled.body.success, true);
  const messages = pulled.body.result.messages as { id: string; lease_id: string; body: string; attempts: number; timestamp_ms: number; metadata: Record<string, string> }[];
  assert.equal(messages.length, 2);
  assert.equal(Buffer.from(messages[0]?.body ?? '', 'base64').toString(), '{"a":1}');
  assert.equal(messages[0]?.metadata['Edge-Content-Type'], 'json');
  assert.equal(messages[1]?.body, 'text body');
  assert.equal(messages[0]?.attempts, 1);
  assert.equal(((await api('jobs', 'pull', {})).body.result.messages as unknown[]).length, 1, 'leased messages are not pulled twice');
  assert.equal(((await api('jobs', 'pull', {})).body.result.messages as unknown[]).length, 0, 'short polling: empty at once');

  clock.advance(10_001);
  const again = (await api('jobs', 'pull', { batch_size: 10 })).body.result.messages as { id: string; lease_id: string; attempts: number }[];
  assert.deepEqual(again.map((m) => m.id).sort(), [messages[0]?.id, messages[1]?.id].sort(), 'the first lease expired (the third is still leased by the default 30 s)');
  assert.ok(again.every((m) => m.attempts === 2));
  const acked = await api('jobs', 'ack', { acks: [{ lease_id: messages[0]?.lease_id }], retries: [{ lease_id: messages[1]?.lease_id, delay_seconds: 5 }] });
  assert.equal(acked.body.result.ackCount, 1, 'an ack of the expired lease is still accepted');
  assert.equal(acked.body.result.retryCount, 0, 'a retry of a superseded lease is ignored');
  assert.match(String((acked.body.result.warnings as string[])[0]), /names no message of queue "jobs" that is still leased/);
  const retry = await api('jobs', 'ack', { retries: [{ lease_id: again.find((m) => m.id === messages[1]?.id)?.lease_id, delay_seconds: 5 }] });
  assert.equal(retry.body.result.retryCount, 1);
  assert.equal(((await api('jobs', 'pull', {})).body.result.messages as unknown[]).length, 0, 'the retry waits its delay');
  clock.advance(5_000);
  assert.equal(((await api('jobs', 'pull', {})).body.result.messages as unknown[]).length, 1);

  const bad = await api('jobs', 'pull', { batch_size: 500 });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.errors[0]?.code, 'invalid_body');
  assert.match(bad.body.errors[0]?.message ?? '', /^\/batch_size: /);
  const unknown = await api('other', 'pull', {});
  assert.equal(unknown.status, 404);
  assert.match(unknown.body.errors[0]?.message ?? '', /queue "other" has no consumer of type "http_pull"/);
  const notJson = await server.request(new Request('http://app.test/__ledge/queues/jobs/messages/ack', { method: 'POST', body: '{' }));
  assert.equal(notJson.status, 400);
  assert.equal(((await notJson.json()) as { errors: { code: string }[] }).errors[0]?.code, 'invalid_json');
  assert.equal((await server.request(new Request('http://app.test/__ledge/queues/jobs/messages/pull'))).status, 405);
});

test('a consumer without a dead-letter queue is warned about; a dead-letter queue naming its own queue is refused', async () => {
  await assert.rejects(queueProject([{ queue: 'jobs', dead_letter_queue: 'jobs' }]), /queues\.consumers\[0\]\.dead_letter_queue: "jobs" is the queue itself/);
  await assert.rejects(queueProject([{ queue: 'jobs', dead_letter_queue: 'a' }, { queue: 'jobs', dead_letter_queue: 'b' }]), /queues\.consumers\[1\]: queue "jobs" already has a consumer/);
  await assert.rejects(queueProject([{ queue: 'jobs', max_batch_size: 101 }]), /queues\.consumers\[0\]\.max_batch_size/);
  await assert.rejects(queueProject([{ queue: 'Bad Name' }]), /queues\.consumers\[0\]\.queue: expected a queue name/);
});

test('in ledge dev batches go out by themselves, at most max_concurrency at a time; a batch whose isolate dies is retried, then dead-lettered', async (t) => {
  const dir = makeProject({
    'src/index.js': `
      let running = 0, peak = 0;
      const done = [];
      export default {
        async fetch(request, env) {
          const url = new URL(request.url);
          if (url.pathname === '/state') return Response.json({ peak, done });
          if (url.pathname === '/backlogs') return Response.json([(await env.Q.metrics()).backlogCount, (await env.DLQ.metrics()).backlogCount]);
          await env.Q.sendBatch(['a', 'b', 'c', 'd', 'e', 'spin'].map((body) => ({ body })));
          return new Response('sent');
        },
        async queue(batch) {
          running++;
          peak = Math.max(peak, running);
          try {
            for (const m of batch.messages) {
              if (m.body === 'spin') for (;;) {}
              await new Promise((r) => setTimeout(r, 50));
              done.push(m.body);
            }
          } finally { running--; }
        },
      };`,
  }, {
    limits: { cpu_ms: 200 },
    queues: { producers: [{ binding: 'Q', queue: 'live' }, { binding: 'DLQ', queue: 'live-dlq' }], consumers: [{ queue: 'live', max_batch_size: 1, max_batch_timeout: 0, max_concurrency: 2, max_retries: 1, retry_delay: 0, dead_letter_queue: 'live-dlq' }] },
  });
  const server = await startProject(dir, { stateDir: tempDir('ledge-queues-') });
  t.after(() => server.close());
  assert.equal(await (await server.request(new Request('http://app.test/'))).text(), 'sent');
  const state = async () => (await (await server.request(new Request('http://app.test/state'))).json()) as { peak: number; done: string[] };
  const deadline = Date.now() + 20_000;
  while (!/moved to the dead-letter queue "live-dlq"/.test(server.logText())) {
    if (Date.now() > deadline) throw new Error(`the spinning message never reached the dead-letter queue:\n${server.logText()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.match(server.logText(), /exceeded its CPU time limit/);
  assert.match(server.logText(), /queue "live": a batch of 1 was cut off/);
  const { peak } = await state();
  assert.ok(peak <= 2, `at most max_concurrency batches at once (saw ${peak})`);
  // A batch that shared the stopped isolate was cut off too and comes back: wait for it to be acked.
  let backlogs: number[] = [];
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    backlogs = (await (await server.request(new Request('http://app.test/backlogs'))).json()) as number[];
    if (backlogs[0] === 0) break;
  }
  assert.equal(backlogs[0], 0, 'nothing is left in the queue');
  // The spinner waits in the dead-letter queue; a message that ran beside it on the same isolate each time
  // it was stopped used up its deliveries too (a stopped isolate ends every event on it).
  assert.ok((backlogs[1] ?? 0) >= 1 && (backlogs[1] ?? 0) <= 2, `dead-letter backlog ${backlogs[1]}`);
});

// `ledge queues` run as a real process against a project's local state: list, send, inspect, and the dead state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { runCli } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

async function queues(args: string[]): Promise<{ code: number | null; out: string }> {
  const proc = runCli(['queues', ...args]);
  const code = await proc.exited;
  return { code, out: proc.output() };
}

/** A project with producer Q (queue "jobs", delivery_delay 30) and a consumer of "jobs" that dead-letters to "jobs-dlq". */
function project(): { common: string[]; state: string } {
  const dir = makeProject({ 'src/index.js': 'export default {}' }, {
    queues: {
      producers: [{ binding: 'Q', queue: 'jobs', delivery_delay: 30 }],
      consumers: [{ queue: 'jobs', max_retries: 2, dead_letter_queue: 'jobs-dlq' }, { queue: 'pulled', type: 'http_pull', dead_letter_queue: 'pulled-dlq' }],
    },
  });
  const state = tempDir('ledge-queuescli-');
  return { common: ['--dir', dir, '--state', state], state };
}

/** Sends the bodies to `queue` and lets each use up its only delivery, so they end in the dead state; returns their ids. */
async function makeDead(state: string, queue: string, bodies: { body: string | Uint8Array; contentType: string }[]): Promise<string[]> {
  const storage = openEmbeddedStorage(state);
  try {
    const now = Date.now();
    const policy = { maxAttempts: 1, deadLetterQueue: null };
    const ids = bodies.map((_, i) => `dead${i}`);
    await storage.queues.send(queue, bodies.map((b, i) => ({ id: ids[i] as string, body: typeof b.body === 'string' ? new TextEncoder().encode(b.body) : b.body, contentType: b.contentType, visibleAt: now })), now);
    const { messages } = await storage.queues.lease(queue, { limit: 100, leaseMs: 60_000, now, policy });
    const settled = await storage.queues.settle(queue, { acks: [], retries: messages.map((m) => ({ leaseId: m.leaseId, visibleAt: now })) }, now, policy);
    assert.equal(settled.dead, bodies.length);
    return ids;
  } finally {
    storage.close();
  }
}

test('ledge queues send stores through the producer checks; list and inspect show it', async () => {
  const { common } = project();
  const empty = await queues(['list', ...common]);
  assert.equal(empty.code, 0);
  assert.match(empty.out, /^QUEUE +BACKLOG +READY +IN FLIGHT +DELAYED +DEAD +OLDEST +CONSUMER$/m);
  assert.match(empty.out, /^jobs-dlq +0 +0 +0 +0 +0 +- +-$/m, 'a dead-letter queue named only in the config is listed');
  assert.match(empty.out, /^pulled +0 +0 +0 +0 +0 +- +http_pull$/m);

  assert.match((await queues(['send', 'jobs', 'hello', ...common])).out, /sent 1 message to jobs \(backlog: 1 message\(s\), 5 bytes\)/);
  const sent = await queues(['send', 'jobs', '{"n": 1}', '--content-type', 'json', '--delay', '0', '--json', ...common]);
  assert.equal(sent.code, 0);
  assert.deepEqual(JSON.parse(sent.out), { queue: 'jobs', sent: 1, contentType: 'json', backlog: 2, backlogBytes: 5 + '{"n":1}'.length });
  const file = path.join(tempDir(), 'body.bin');
  writeFileSync(file, new Uint8Array([1, 2, 3]));
  assert.equal((await queues(['send', 'unconfigured', '--path', file, ...common])).code, 0, 'any valid queue name takes messages');

  const list = await queues(['list', '--json', ...common]);
  const rows = JSON.parse(list.out) as ({ queue: string; oldestTimestamp: number | null; oldestAgeMs: number | null } & Record<string, unknown>)[];
  assert.deepEqual(rows.map((r) => r.queue), ['jobs', 'jobs-dlq', 'pulled', 'pulled-dlq', 'unconfigured']);
  const jobs = rows.find((r) => r.queue === 'jobs');
  assert.deepEqual({ ...jobs, oldestAgeMs: typeof jobs?.oldestAgeMs }, { queue: 'jobs', backlog: 2, backlogBytes: 12, ready: 1, inFlight: 0, delayed: 1, dead: 0, oldestTimestamp: jobs?.oldestTimestamp ?? null, oldestAgeMs: 'number', consumer: 'worker' },
    'the first send waits for the producer delivery_delay, the second gave --delay 0');
  assert.deepEqual(rows.find((r) => r.queue === 'unconfigured'), { ...rows.find((r) => r.queue === 'unconfigured'), backlog: 1, backlogBytes: 3, consumer: null });

  const inspect = await queues(['inspect', 'jobs', ...common]);
  assert.equal(inspect.code, 0);
  assert.match(inspect.out, /^ {2}backlog +2 message\(s\), 12 bytes$/m);
  assert.match(inspect.out, /^ {2}delayed +1$/m);
  assert.match(inspect.out, /^ {2}producers +Q \(delivery_delay 30s\)$/m);
  assert.match(inspect.out, /^ {2}consumer max_retries +2$/m);
  assert.match(inspect.out, /^ {2}consumer retry_delay +1s$/m);
  const json = JSON.parse((await queues(['inspect', 'jobs-dlq', '--json', ...common])).out) as Record<string, unknown>;
  assert.deepEqual({ backlog: json.backlog, consumer: json.consumer, producers: json.producers, deadLetterFor: json.deadLetterFor }, { backlog: 0, consumer: null, producers: [], deadLetterFor: ['jobs'] });
  const settings = (JSON.parse((await queues(['inspect', 'pulled', '--json', ...common])).out) as { consumer: Record<string, unknown> }).consumer;
  assert.deepEqual(settings, { type: 'http_pull', max_batch_size: 10, max_batch_timeout: 5, max_retries: 3, retry_delay: 1, dead_letter_queue: 'pulled-dlq', max_concurrency: 10, visibility_timeout_ms: 30_000 });
});

test('ledge queues send explains bad input and refused sends', async () => {
  const { common } = project();
  const cases: [string[], number, RegExp][] = [
    [['send', 'jobs', 'x', '--content-type', 'xml'], 2, /ledge: --content-type: expected text, json or bytes, got "xml"/],
    [['send', 'jobs', '{nope', '--content-type', 'json'], 2, /ledge: --content-type json: the body is not valid JSON/],
    [['send', 'jobs', 'x', '--delay', 'soon'], 2, /ledge: --delay: expected an integer, got "soon"/],
    [['send', 'jobs', 'x', '--delay', '43201'], 2, /ledge: --delay: must be an integer from 0 to 43200 \(12 hours\), got 43201/],
    [['send', 'Jobs!', 'x'], 2, /ledge: queue name "Jobs!": expected a queue name of lowercase letters, digits, - and _/],
    [['send', 'jobs'], 2, /ledge: missing the message body: give it as an argument or with --path FILE/],
    [['send', 'jobs', 'x', '--path', 'also'], 2, /give the message body as an argument or with --path, not both/],
    [['send', 'jobs', '--path', path.join(tempDir(), 'missing')], 2, /ledge: --path: cannot read ".*missing" \(ENOENT\)/],
    [['inspect', 'bad-'], 2, /ledge: queue name "bad-": expected a queue name/],
  ];
  for (const [args, code, message] of cases) {
    const result = await queues([...args, ...common]);
    assert.match(result.out, message, args.join(' '));
    assert.equal(result.code, code, args.join(' '));
  }
  const big = path.join(tempDir(), 'big.bin');
  writeFileSync(big, new Uint8Array(128_000));
  const tooLarge = await queues(['send', 'jobs', '--path', big, ...common]);
  assert.equal(tooLarge.code, 1, 'a limit refused by the producer exits 1');
  assert.match(tooLarge.out, /ledge: Queue send failed: message length of 128100 bytes exceeds limit of 128000/);
  assert.doesNotMatch(tooLarge.out, /internal error|\n {4}at /, 'one clean line, no stack');
  const after = JSON.parse((await queues(['inspect', 'jobs', '--json', ...common])).out) as { backlog: number };
  assert.equal(after.backlog, 0, 'refused sends store nothing');
});

test('ledge queues dead list, replay and purge the dead state', async () => {
  const { common, state } = project();
  const long = `${'x'.repeat(100)}\nend`;
  const ids = await makeDead(state, 'jobs', [
    { body: 'short text', contentType: 'text' },
    { body: '{"a":1}', contentType: 'json' },
    { body: new Uint8Array(7), contentType: 'bytes' },
    { body: long, contentType: 'text' },
  ]);

  const list = await queues(['dead', 'list', 'jobs', ...common]);
  assert.equal(list.code, 0);
  assert.match(list.out, /^ID +SENT +ATTEMPTS +DIED +TYPE +BODY$/m);
  assert.match(list.out, /^dead0 +\d{4}-\d\d-\d\dT\S+Z +1 +\d{4}-\d\d-\d\dT\S+Z +text +short text$/m);
  assert.match(list.out, /^dead1 .* json +\{"a":1\}$/m);
  assert.match(list.out, /^dead2 .* bytes +<7 bytes>$/m);
  assert.match(list.out, new RegExp(`^dead3 .* text +${'x'.repeat(79)}…$`, 'm'), 'long bodies are cut to 80 characters');
  const limited = await queues(['dead', 'list', 'jobs', '--limit', '2', ...common]);
  assert.match(limited.out, /\(2 of 4 dead messages shown; see more with --limit\)/);
  const json = JSON.parse((await queues(['dead', 'list', 'jobs', '--json', ...common])).out) as Record<string, unknown>[];
  assert.deepEqual(json.map((m) => [m.id, m.contentType, m.attempts, m.body ?? m.bodyBase64]), [['dead0', 'text', 1, 'short text'], ['dead1', 'json', 1, '{"a":1}'], ['dead2', 'bytes', 1, 'AAAAAAAAAA=='], ['dead3', 'text', 1, long]]);
  assert.equal((await queues(['dead', 'list', 'jobs', '--limit', '0', ...common])).code, 2);
  assert.match((await queues(['dead', 'list', 'nothing-here', ...common])).out, /no dead messages in nothing-here/);

  const refused = await queues(['dead', 'purge', 'jobs', ...common]);
  assert.equal(refused.code, 2);
  assert.match(refused.out, /ledge: refusing to purge every dead message of jobs without --yes \(or name the messages with --id\)/);

  assert.match((await queues(['dead', 'replay', 'jobs', '--id', ids[0] as string, ...common])).out, /replayed 1 dead message\(s\) of jobs \(1 id\(s\) given\)/);
  let stats = JSON.parse((await queues(['inspect', 'jobs', '--json', ...common])).out) as { ready: number; dead: number };
  assert.deepEqual([stats.ready, stats.dead], [1, 3]);
  assert.deepEqual(JSON.parse((await queues(['dead', 'purge', 'jobs', '--id', ids[1] as string, 'no-such-id', '--json', ...common])).out), { queue: 'jobs', purged: 1 });
  assert.deepEqual(JSON.parse((await queues(['dead', 'replay', 'jobs', '--json', ...common])).out), { queue: 'jobs', replayed: 2 });
  stats = JSON.parse((await queues(['inspect', 'jobs', '--json', ...common])).out) as { ready: number; dead: number };
  assert.deepEqual([stats.ready, stats.dead], [3, 0]);

  await makeDead(state, 'other', [{ body: 'a', contentType: 'text' }, { body: 'b', contentType: 'text' }]);
  assert.match((await queues(['dead', 'purge', 'other', '--yes', ...common])).out, /purged 2 dead message\(s\) of other/);
  const row = (JSON.parse((await queues(['list', '--json', ...common])).out) as { queue: string; dead: number; backlog: number }[]).find((r) => r.queue === 'other');
  assert.deepEqual([row?.dead, row?.backlog], [0, 0]);
  assert.equal((await queues(['dead', 'replay', 'Bad', ...common])).code, 2);
});

// The task store over a real SQL database binding: claims, generations, outbox, windows, and a property
// test with competing claimers, stalled executors and late commits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '../src/platform/clock.js';
import { createTaskStore, TaskTransitionError, type SqlLike } from '../src/lib/tasks/index.js';
import { SqlDatabaseBinding } from '../src/bindings/sql/binding.js';
import { createSqlHandlers } from '../src/bindings/sql/service.js';
import { SQL_CALLS, type SqlProtocol } from '../src/bindings/sql/protocol.js';
import { serveProtocol } from '../src/bindings/host-protocol.js';
import { typedCall } from '../src/bindings/protocol.js';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { makeProject, startProject, tempDir } from './helpers.js';

function openTasks(seed = 0, maxAttempts = 100) {
  const clock = createManualClock(Date.UTC(2026, 10, 1) + seed);
  const storage = openEmbeddedStorage(tempDir('ledge-tasks-'), clock);
  const service = serveProtocol('sql', SQL_CALLS, createSqlHandlers(storage.sql.database('tasks-db', { retentionDays: 30 })));
  const db = new SqlDatabaseBinding(typedCall<SqlProtocol>((method, args) => service.call(method, args))) as unknown as SqlLike;
  return { clock, storage, db, store: createTaskStore(db, { now: () => clock.now(), budget: { maxAttempts, baseMs: 1, maxDelayMs: 20 } }) };
}

test('claim, commit with outbox in one transaction, and refusals for stale generations and ended tasks', async (t) => {
  const { store, storage, clock } = openTasks();
  t.after(() => storage.close());
  const task = await store.create({ id: 'send-invoice-1', kind: 'invoice', payload: { invoice: 1 } });
  assert.equal(task.state, 'pending');
  const claim = await store.claim(task.id, 30_000);
  assert.equal(claim.generation, clock.now(), 'a new generation, at least the claim time in ms');
  await assert.rejects(store.claim(task.id, 30_000), /claim refused in state running/);
  await assert.rejects(store.complete(task.id, 0, { outbox: [{ topic: 'invoice.sent', payload: { id: 1 } }] }), (err: TaskTransitionError) => err.code === 'stale_generation');
  assert.deepEqual(await store.unsentOutbox(), [], 'a refused commit writes no outbox record');
  const done = await store.complete(task.id, claim.generation, { result: { ok: true }, outbox: [{ topic: 'invoice.sent', payload: { id: 1 } }] });
  assert.equal(done.state, 'done');
  assert.deepEqual((await store.get(task.id)).result, { ok: true });
  const outbox = await store.unsentOutbox();
  assert.deepEqual(outbox.map((o) => [o.taskId, o.generation, o.topic, o.payload]), [['send-invoice-1', claim.generation, 'invoice.sent', { id: 1 }]]);
  await store.markSent(outbox[0]?.seq as number);
  assert.deepEqual(await store.unsentOutbox(), []);
  await assert.rejects(store.cancel(task.id), /the task has already ended/);
});

test('a scheduled window yields one task, however often it fires', async (t) => {
  const { store, storage } = openTasks();
  t.after(() => storage.close());
  const a = await store.create({ kind: 'report', windowKey: 'report:2026-11-23', payload: { n: 1 } });
  const b = await store.create({ kind: 'report', windowKey: 'report:2026-11-23', payload: { n: 2 } });
  assert.equal(a.id, b.id);
  assert.deepEqual(b.payload, { n: 1 });
});

test('an effect whose outcome is unknown stops blind retries until reconciled; a cancelled task never completes', async (t) => {
  const { store, storage, clock } = openTasks();
  t.after(() => storage.close());
  await store.create({ id: 'pay', kind: 'payment' });
  const claim = await store.claim('pay', 1000);
  await store.outcomeUnknown('pay', claim.generation);
  assert.equal(await store.claimNext('payment', 1000), null, 'no blind retry');
  await store.reconcile('pay', 'retryable');
  const again = await store.claimNext('payment', 1000);
  assert.equal(again?.id, 'pay');
  await store.create({ id: 'c', kind: 'mail' });
  const mail = await store.claim('c', 1000);
  await store.cancel('c');
  await assert.rejects(store.complete('c', mail.generation), TaskTransitionError);
  assert.equal((await store.get('c')).state, 'cancelled');
  clock.advance(5000);
  await store.create({ id: 'r', kind: 'effect' });
  const stuck = await store.claim('r', 1000);
  clock.advance(2000);
  assert.equal((await store.recover('r', false)).state, 'uncertain', 'an expired lease on a non-idempotent effect becomes uncertain');
  await assert.rejects(store.complete('r', stuck.generation), (err: TaskTransitionError) => err.code === 'wrong_state');
});

for (const seed of [1, 2, 3]) {
  test(`competing claimers, stalled executors and late commits lose no work and commit nothing twice (seed ${seed})`, async (t) => {
    // A budget this large never runs out here: the property is that no work is lost or committed twice.
    const { store, storage, clock, db } = openTasks(seed, 1_000_000);
    t.after(() => storage.close());
    let state = seed;
    const random = () => { state = (state * 1103515245 + 12345) % 2147483648; return state / 2147483648; };
    const TASKS = 40;
    for (let i = 0; i < TASKS; i++) await store.create({ id: `job-${i}`, kind: 'job' });
    let refusedLate = 0;
    const claims = new Set<string>();
    const stalled: { id: string; generation: number; wakeAt: number }[] = [];
    const allDone = async () => ((await db.prepare("SELECT count(*) AS n FROM tasks WHERE state <> 'done'").first()) as { n: number }).n === 0;
    const worker = async () => {
      for (let round = 0; round < 5000 && !(await allDone()); round++) {
        // Every round yields to the event loop, so the workers interleave as concurrent executors do
        // (the in-process store answers in microtasks, which would let one worker run far ahead of the clock).
        await new Promise((r) => setImmediate(r));
        clock.advance(Math.floor(random() * 50));
        // A late executor wakes up and tries to commit with the generation it was given long ago.
        if (stalled.length && (stalled[0] as { wakeAt: number }).wakeAt <= clock.now()) {
          const late = stalled.shift() as { id: string; generation: number; wakeAt: number };
          try {
            await store.complete(late.id, late.generation, { outbox: [{ topic: 'effect', payload: { id: late.id, generation: late.generation } }] });
          } catch (err) {
            assert.ok(err instanceof TaskTransitionError);
            refusedLate++;
          }
        }
        const expired = (await db.prepare("SELECT id FROM tasks WHERE state = 'running' AND lease_until < ?").bind(clock.now()).all()).results as { id: string }[];
        for (const { id } of expired) await store.recover(id, true).catch((err: unknown) => { if (!(err instanceof TaskTransitionError)) throw err; });
        const claim = await store.claimNext('job', 1000);
        if (!claim) continue;
        const owner = `${claim.id}#${claim.generation}`;
        assert.ok(!claims.has(owner), `two claims got ${owner}`);
        claims.add(owner);
        await new Promise((r) => setImmediate(r));
        const roll = random();
        if (roll < 0.55) await store.complete(claim.id, claim.generation, { outbox: [{ topic: 'effect', payload: { id: claim.id, generation: claim.generation } }] }).catch((err: unknown) => { if (!(err instanceof TaskTransitionError)) throw err; refusedLate++; });
        else if (roll < 0.7) await store.fail(claim.id, claim.generation).catch((err: unknown) => { if (!(err instanceof TaskTransitionError)) throw err; });
        else if (roll < 0.9) stalled.push({ id: claim.id, generation: claim.generation, wakeAt: clock.now() + 1500 }); // wakes after its lease ran out
        // else: the executor crashed and never says anything again
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const states = (await db.prepare("SELECT state, count(*) AS n, max(attempts) AS a FROM tasks GROUP BY state").all()).results;
    assert.ok(await allDone(), `no work was lost: every task ended done (${JSON.stringify(states)})`);
    const effects = (await db.prepare("SELECT task_id, count(*) AS n FROM task_outbox WHERE topic = 'effect' GROUP BY task_id").all()).results as { task_id: string; n: number }[];
    assert.equal(effects.length, TASKS);
    assert.ok(effects.every((e) => e.n === 1), 'each task committed exactly once');
    const owners = (await db.prepare("SELECT generation, payload FROM task_outbox WHERE topic = 'effect'").all()).results as { generation: number; payload: string }[];
    assert.ok(owners.every((o) => (JSON.parse(o.payload) as { generation: number }).generation === o.generation), 'every commit came from the executor that owned the current generation (rule 1)');
    assert.ok(refusedLate > 0, 'late executors were exercised and refused');
  });
}

test('application code imports ledge/tasks and runs the model over its SQL binding', async (t) => {
  const dir = makeProject({
    'src/index.js': `import { createTaskStore } from 'ledge/tasks';
export default {
  async fetch(request, env) {
    const store = createTaskStore(env.DB);
    const task = await store.create({ kind: 'hello', windowKey: 'w1' });
    const claim = await store.claim(task.id, 1000);
    const done = await store.complete(task.id, claim.generation, { outbox: [{ topic: 't', payload: 1 }] });
    return Response.json({ state: done.state, outbox: (await store.unsentOutbox()).length });
  },
};`,
  }, { sql_databases: [{ binding: 'DB', database_name: 'tasks', database_id: 'tasks-app' }] });
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.deepEqual(await (await server.request(new Request('http://app.test/'))).json(), { state: 'done', outbox: 1 });
});

test('the outbox relay publishes in order; a crash between publishing and marking duplicates, and runOnce absorbs it', async (t) => {
  const { relayOutbox, runOnce } = await import('../src/lib/tasks/index.js');
  const { store, storage } = openTasks();
  t.after(() => storage.close());
  for (const n of [1, 2, 3]) {
    await store.create({ id: `order-${n}`, kind: 'order' });
    const claim = await store.claim(`order-${n}`, 1000);
    await store.complete(`order-${n}`, claim.generation, { outbox: [{ topic: 'order.paid', payload: { order: n } }] });
  }
  const delivered: number[] = [];
  let crashOnce = true;
  const publish = async (record: { seq: number; payload: unknown }) => {
    delivered.push((record.payload as { order: number }).order);
    // The process dies after the queue accepted message 2 and before the outbox marked it sent.
    if ((record.payload as { order: number }).order === 2 && crashOnce) { crashOnce = false; throw new Error('process died'); }
  };
  await assert.rejects(relayOutbox(store, publish), /process died/);
  assert.deepEqual((await store.unsentOutbox()).map((r) => (r.payload as { order: number }).order), [2, 3], 'the unconfirmed record and those after it stay unsent, in order');
  assert.deepEqual(await relayOutbox(store, publish), { published: 2 });
  assert.deepEqual(delivered, [1, 2, 2, 3], 'message 2 was delivered twice: at least once, not exactly once');

  // The consumer keys its effect on the message: the duplicate does nothing.
  const effects: number[] = [];
  const outcomes = [];
  for (const order of delivered) outcomes.push(await runOnce(store, { kind: 'ship', key: `ship:order-${order}` }, async () => { effects.push(order); return order; }));
  assert.deepEqual(effects, [1, 2, 3], 'the effect happened once per order');
  assert.deepEqual(outcomes.map((o) => o.ran), [true, true, false, true]);
});

test('window keys are unique per kind; an id already used is a clear error', async (t) => {
  const { store, storage } = openTasks();
  t.after(() => storage.close());
  const ship = await store.create({ kind: 'ship', windowKey: 'order-1' });
  const bill = await store.create({ kind: 'bill', windowKey: 'order-1' });
  assert.notEqual(ship.id, bill.id);
  await store.create({ id: 'fixed', kind: 'a' });
  await assert.rejects(store.create({ id: 'fixed', kind: 'b' }), /task id fixed is already used by a a task/);
});

test('two commits racing with the same generation: one wins, one outbox record', async (t) => {
  const { store, storage } = openTasks();
  t.after(() => storage.close());
  await store.create({ id: 'race', kind: 'r' });
  const claim = await store.claim('race', 1000);
  const results = await Promise.allSettled([1, 2].map((n) => store.complete('race', claim.generation, { outbox: [{ topic: 'won', payload: n }] })));
  assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
  assert.equal((await store.unsentOutbox()).length, 1);
  const created = await Promise.all([1, 2].map((n) => store.create({ kind: 'w', windowKey: 'same', outbox: [{ topic: 'created', payload: n }] })));
  assert.equal(created[0]?.id, created[1]?.id);
  assert.equal((await store.unsentOutbox()).filter((o) => o.topic === 'created').length, 1, 'a repeated window writes no second outbox record');
});

test('runOnce never acknowledges work it could not do: busy throws, a crashed executor becomes uncertain', async (t) => {
  const { runOnce } = await import('../src/lib/tasks/index.js');
  const { store, storage, clock } = openTasks();
  t.after(() => storage.close());
  let release: () => void = () => undefined;
  const first = runOnce(store, { kind: 'mail', key: 'm1', leaseMs: 10_000 }, () => new Promise<void>((resolve) => { release = resolve; }));
  await new Promise((r) => setTimeout(r, 50));
  await assert.rejects(runOnce(store, { kind: 'mail', key: 'm1' }, async () => 'second'), /claim refused in state running/);
  release();
  assert.deepEqual(await first, { ran: true, result: undefined });
  // An executor that died holding the lease: after expiry, non-idempotent work is not run blindly again.
  await store.create({ kind: 'mail', windowKey: 'm2' });
  const task = await store.create({ kind: 'mail', windowKey: 'm2' });
  await store.claim(task.id, 1000);
  clock.advance(5000);
  assert.deepEqual(await runOnce(store, { kind: 'mail', key: 'm2' }, async () => 'again'), { ran: false, reason: 'uncertain' });
});

test('outbox to a real queue binding: a relay crash after sending duplicates the message, and the consumer applies the effect once', async (t) => {
  const dir = makeProject({
    'src/index.js': `import { createTaskStore, relayOutbox, runOnce } from 'ledge/tasks';
let crashAfterSending = 2;
export default {
  async fetch(request, env) {
    const store = createTaskStore(env.DB);
    const url = new URL(request.url);
    if (url.pathname === '/setup') {
      await env.DB.exec('CREATE TABLE shipments (order_id INTEGER NOT NULL)');
      for (const n of [1, 2, 3]) {
        await store.create({ id: 'order-' + n, kind: 'order' });
        const claim = await store.claim('order-' + n, 1000);
        await store.complete('order-' + n, claim.generation, { outbox: [{ topic: 'order.paid', payload: { order: n } }] });
      }
      return new Response('ok');
    }
    if (url.pathname === '/relay') {
      try {
        return Response.json(await relayOutbox(store, async (record) => {
          await env.ORDERS.send(record.payload);
          // The relay dies after the queue accepted this message and before the outbox marked it sent.
          if (record.payload.order === crashAfterSending) { crashAfterSending = 0; throw new Error('relay died'); }
        }));
      } catch (e) { return Response.json({ error: e.message }); }
    }
    if (url.pathname === '/backlog') return Response.json((await env.ORDERS.metrics()).backlogCount);
    return Response.json((await env.DB.prepare('SELECT order_id FROM shipments ORDER BY order_id').all()).results.map((r) => r.order_id));
  },
  async queue(batch, env) {
    const store = createTaskStore(env.DB);
    for (const m of batch.messages) {
      await runOnce(store, { kind: 'ship', key: 'ship:order-' + m.body.order }, () => env.DB.prepare('INSERT INTO shipments (order_id) VALUES (?)').bind(m.body.order).run());
    }
  },
};`,
  }, {
    sql_databases: [{ binding: 'DB', database_name: 'shop', database_id: 'shop-db' }],
    queues: { producers: [{ binding: 'ORDERS', queue: 'orders' }], consumers: [{ queue: 'orders', max_batch_timeout: 0, dead_letter_queue: 'orders-dlq' }] },
  });
  const server = await startProject(dir, { stateDir: tempDir('ledge-outbox-'), runnerTimers: false });
  t.after(() => server.close());
  const get = async (path: string) => (await server.request(new Request(`http://app.test${path}`))).json();
  assert.equal(await (await server.request(new Request('http://app.test/setup'))).text(), 'ok');
  assert.deepEqual(await get('/relay'), { error: 'relay died' });
  assert.deepEqual(await get('/relay'), { published: 2 }, 'the unconfirmed record is published again, then the rest');
  assert.equal(await get('/backlog'), 4, 'four messages for three orders: order 2 went out twice');
  await server.queues.tick();
  assert.deepEqual(await get('/shipments'), [1, 2, 3], 'each order shipped once');
});

test('a point-in-time restore never makes a generation be issued twice: the late executor from before it cannot commit', async (t) => {
  const { store, storage, clock } = openTasks();
  t.after(() => storage.close());
  const database = storage.sql.database('tasks-db', { retentionDays: 30 });
  await store.create({ id: 'ship', kind: 'effect' });
  clock.advance(1000);
  const beforeClaim = await database.bookmark();
  clock.advance(1000);
  const early = await store.claim('ship', 60_000); // this executor stalls
  clock.advance(1000);
  await database.restore(beforeClaim); // the task is pending again, as it was
  clock.advance(1000);
  const fresh = await store.claim('ship', 60_000);
  assert.notEqual(fresh.generation, early.generation, 'the claim after the restore gets a token never issued before');
  await assert.rejects(store.complete('ship', early.generation), (err: TaskTransitionError) => err.code === 'stale_generation');
  assert.equal((await store.complete('ship', fresh.generation)).state, 'done');
});

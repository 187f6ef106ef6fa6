// Compatibility suite, application 7 (test/compat/agents-board): a task board on Cloudflare's Agents SDK (npm
// `agents`, an `Agent` subclass on coordination objects) with its wrangler.jsonc (durable_objects, migrations with
// new_sqlite_classes, nodejs_compat), unchanged, driven by the SDK's own client (`AgentClient` from agents/client,
// on ws) over loopback: state one client sets reaches the other, @callable methods answer and their errors reach
// the caller, `this.sql` rows outlive the agent's eviction and a restart (and a kill -9) of ledge dev, `this.schedule`
// and `scheduleEvery` fire, `this.queue` runs, a streaming callable streams, an AgentWorkflow runs. Under
// `ledge dev` (thread isolation, then process isolation, the agent evicted between calls) and `ledge serve`
// (process isolation, the default).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AgentClient } from 'agents/client';
import WS from 'ws';
import { runCli } from '../cli.js';
import { call, copyApp, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
interface BoardState { title: string; tasks: number; lastReminder: string | null; editedBy: string; ticks?: number }
interface Summary { name: string; startedAt: number; state: BoardState; tasks: number; reminders: string[]; renames: string[]; processed: string[]; connections: number }

/** An AgentClient that records every state it is told of and every refusal of its own state. */
class Client {
  readonly agent: AgentClient;
  readonly states: BoardState[] = [];
  readonly refusals: string[] = [];

  constructor(origin: string, name: string, host?: string) {
    this.agent = new AgentClient({
      agent: 'Board',
      name,
      host: origin.replace(/^http:\/\//, ''),
      // `ledge serve` routes by Host: the client sends the deployment's hostname, as a browser would.
      WebSocket: host ? hostWebSocket(host) : WS,
      connectionTimeout: 60_000,
      maxRetries: 0,
      onStateUpdate: (state: BoardState, source: 'server' | 'client') => { if (source === 'server') this.states.push(state); },
      onStateUpdateError: (error: string) => { this.refusals.push(error); },
    });
  }

  /** Resolves once the client has been told a state that `accept`s (fails after 30 s, naming what came). */
  async stateWhere(accept: (state: BoardState) => boolean, what: string): Promise<BoardState> {
    const end = Date.now() + 30_000;
    for (;;) {
      const found = this.states.find(accept);
      if (found) return found;
      assert.ok(Date.now() < end, `no state where ${what}; received ${JSON.stringify(this.states)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  close(): void { this.agent.close(); }
}

function hostWebSocket(host: string): typeof WS {
  return class extends WS {
    constructor(url: string, protocols?: string | string[]) { super(url, protocols ?? [], { headers: { host } }); }
  } as unknown as typeof WS;
}

async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    assert.ok(Date.now() < end, `${what}: last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function board(origin: string, get: Fetch, host: string | undefined, name: string, evict?: () => Promise<void>): Promise<void> {
  const summary = async () => json<Summary>(await get(`/api/boards/${name}`));
  const ann = new Client(origin, name, host);
  const bo = new Client(origin, name, host);
  try {
    await ann.agent.ready;
    await bo.agent.ready;
    const initial = { title: 'untitled', tasks: 0, lastReminder: null, editedBy: 'nobody' };
    assert.deepEqual(ann.agent.state, initial, 'a new agent sends its initialState on connect');
    assert.deepEqual(bo.agent.state, initial);

    // State one client sets reaches the other (and the agent's onStateChanged sees it, with the client as source).
    ann.agent.setState({ ...initial, title: 'Groceries', editedBy: 'ann' });
    await bo.stateWhere((s) => s.title === 'Groceries' && s.editedBy === 'ann', 'ann\'s title reached bo');
    // validateStateChange refuses an empty title: the sender hears it, nobody else does, the state is unchanged.
    ann.agent.setState({ ...initial, title: '  ', editedBy: 'ann' });
    await until(async () => ann.refusals.length, (n) => n === 1, 'the refusal reached ann');
    assert.deepEqual(ann.refusals, ['State update rejected']);

    // @callable methods: a value back, and an error thrown there reaches the caller with its message.
    assert.deepEqual(await ann.agent.stub.addTask('milk'), { id: 1, text: 'milk', done: 0 });
    assert.deepEqual(await bo.agent.call('addTask', ['bread']), { id: 2, text: 'bread', done: 0 });
    await bo.stateWhere((s) => s.tasks === 2 && s.editedBy === 'server', 'setState in a callable reached bo');
    await assert.rejects(ann.agent.stub.addTask(''), { message: 'a task needs some text' });
    await assert.rejects(ann.agent.stub.complete(99), { message: 'no task 99' });
    await assert.rejects(ann.agent.call('summary'), /summary/, 'a method without @callable is not callable by clients');
    assert.deepEqual(await bo.agent.stub.complete(1), { id: 1, text: 'milk', done: 1 });

    const before = await summary();
    assert.deepEqual({ ...before, startedAt: 0 }, {
      name, startedAt: 0, state: { title: 'Groceries', tasks: 2, lastReminder: null, editedBy: 'server' }, tasks: 2, reminders: [], renames: ['Groceries'], processed: [], connections: 2,
    });

    if (evict) {
      // The agent hibernates: its instance is dropped while both clients stay connected; the next call builds it
      // again from its SQLite (state, tasks), and the hibernated sockets are the new instance's.
      await evict();
      assert.deepEqual(await bo.agent.stub.listTasks(), [{ id: 1, text: 'milk', done: 1 }, { id: 2, text: 'bread', done: 0 }]);
      const after = await summary();
      assert.ok(after.startedAt > before.startedAt, 'a new instance serves the agent');
      assert.deepEqual(after.state, before.state, 'the state came back from storage');
      assert.equal(after.connections, 2);
    }

    // this.schedule: a row in the SDK's schedule table and an alarm; the callback's setState reaches both clients.
    const id = await ann.agent.stub.remindIn(0.2, 'buy it all');
    assert.equal(typeof id, 'string');
    await ann.stateWhere((s) => s.lastReminder === 'buy it all', 'the reminder fired (ann)');
    await bo.stateWhere((s) => s.lastReminder === 'buy it all' && s.editedBy === 'schedule', 'the reminder fired (bo)');
    assert.deepEqual((await summary()).reminders, ['buy it all'], 'the callback ran once');
    assert.equal(await bo.agent.stub.pending(), 0, 'a one-off schedule is gone once it ran');

    // scheduleEvery: an interval ticks until it is cancelled (each tick an alarm, then the next one set).
    const ticking = await ann.agent.stub.startTicking(0.3);
    await bo.stateWhere((s) => (s.ticks ?? 0) >= 2, 'the interval ticked twice');
    assert.equal(await ann.agent.stub.stopTicking(ticking), true);
    assert.equal(await ann.agent.stub.pending(), 0, 'the cancelled interval is gone');
    const ticks = (await summary()).state.ticks ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    assert.ok(((await summary()).state.ticks ?? 0) <= ticks + 1, 'no tick after the cancel (one may have been on its way)');

    // this.queue: background work runs after the call answered.
    assert.equal(typeof await ann.agent.stub.archiveLater('milk'), 'string');
    await until(summary, (s) => s.reminders.includes('archived milk'), 'the queued task ran');

    // A streaming callable: every chunk, then the final value.
    const chunks: unknown[] = [];
    const done = await new Promise((resolve, reject) => {
      ann.agent.call('countdown', [3], { stream: { onChunk: (chunk: unknown) => chunks.push(chunk), onDone: resolve, onError: reject } }).catch(reject);
    });
    assert.deepEqual({ chunks, done }, { chunks: [3, 2, 1], done: 'liftoff' });

    // runWorkflow: an AgentWorkflow runs its steps, calls the agent back over RPC, and reports completion to it.
    const instance = await ann.agent.stub.process('eggs');
    assert.match(String(instance), /\S/);
    assert.deepEqual((await until(summary, (s) => s.processed.length >= 2, 'the workflow finished')).processed, ['saved:EGGS', 'complete:EGGS']);

    // Plain HTTP to the agent (onRequest), as agentFetch sends it.
    assert.deepEqual(json(await get(`/agents/board/${name}`)), { name, tasks: [{ id: 1, text: 'milk', done: 1 }, { id: 2, text: 'bread', done: 0 }] });
    assert.equal((await get(`/agents/board/${name}`, { method: 'POST', body: 'x' })).status, 405);
  } finally {
    ann.close();
    bo.close();
  }
  assert.equal((await until(summary, (s) => s.connections === 0, 'closed clients left the agent')).connections, 0);
  // A latecomer gets the state as it is.
  const carol = new Client(origin, name, host);
  try {
    await carol.agent.ready;
    assertFinal(carol.agent.state as BoardState);
  } finally {
    carol.close();
  }
}

/** The state a board ends with: what the clients, the schedule and the interval (ticks vary) did. */
function assertFinal(state: BoardState): void {
  assert.ok((state.ticks ?? 0) >= 2, `ticks in ${JSON.stringify(state)}`);
  assert.deepEqual({ ...state, ticks: 0 }, { title: 'Groceries', tasks: 2, lastReminder: 'buy it all', editedBy: 'interval', ticks: 0 });
}

async function routing(get: Fetch): Promise<void> {
  const unknown = await get('/agents/nobody/x');
  assert.equal(unknown.status, 400, 'routeAgentRequest refuses an agent the env does not bind');
  assert.equal(unknown.body, 'Invalid request');
  assert.equal((await get('/elsewhere')).status, 404);
}

const IDLE_MS = 400;

test('an Agents SDK app runs unchanged under ledge dev (both isolations) and ledge serve', { timeout: 300_000, concurrency: true }, async (t) => {
  // ledge serve and the process isolation run, each on its own copy of the app, run while the thread isolation run
  // and the ledge dev runs after it (which read its state back) go one after another: their waits (schedules,
  // intervals, eviction) overlap.
  const served = t.test('ledge serve (process isolation): deployed with ledge deploy', async () => {
    const dir = copyApp('agents-board');
    const platform = await startPlatform();
    try {
      const deployed = await platform.ledge(['deploy'], { cwd: dir });
      assert.match(deployed.out, /deployed agents-board: version/);
      const host = hostOf('agents-board');
      const get: Fetch = (p, init) => platform.visit(host, p, init);
      await board(platform.serve.app, get, host, 'groceries');
      await routing(get);
    } finally {
      await platform.stop();
    }
  });
  const dir = copyApp('agents-board');

  /** A ledge dev run of the board in `appDir`, as the developer's first session there. */
  const devRun = (appDir: string, isolation: 'thread' | 'process') =>
    t.test(`ledge dev, ${isolation} isolation: synced state, callables, SQL through eviction, a schedule`, async () => {
      const output = await withDev(appDir, async (url) => {
        const get: Fetch = (p, init) => call(`${url}${p}`, init);
        await board(url, get, undefined, `groceries-${isolation}`, () => new Promise((resolve) => setTimeout(resolve, IDLE_MS * 4)));
        await routing(get);
      }, { args: isolation === 'process' ? ['--isolation', 'process'] : [], env: { LEDGE_OBJECT_IDLE_MS: String(IDLE_MS) } });
      assert.match(output, /read wrangler\.jsonc/);
      assert.match(output, /alarm of Board [0-9a-f]+\.\.\. fired/);
    });
  // The process isolation run needs nothing of the others: its own copy, at once with them.
  const processRun = devRun(copyApp('agents-board'), 'process');
  await devRun(dir, 'thread');

  await t.test('ledge dev again: the agent kept its state and its rows', async () => {
    await withDev(dir, async (url) => {
      const carol = new Client(url, 'groceries-thread');
      try {
        await carol.agent.ready;
        assertFinal(carol.agent.state as BoardState);
        assert.deepEqual(await carol.agent.stub.listTasks(), [{ id: 1, text: 'milk', done: 1 }, { id: 2, text: 'bread', done: 0 }]);
      } finally {
        carol.close();
      }
    });
  });

  await t.test('kill -9 of ledge dev: every task a callable acknowledged is there after, with the state it set', async () => {
    const dev = runCli(['dev', '--port', '0'], { cwd: dir });
    const acknowledged: number[] = [];
    try {
      const url = (await dev.waitFor(/ready on (http:\/\/\S+)/, 90_000))[1] as string;
      const writer = new Client(url, 'crash');
      await writer.agent.ready;
      // Calls one after another, each acknowledged by its answer; the process dies right after the last answer.
      for (let n = 1; n <= 20; n++) acknowledged.push(((await writer.agent.stub.addTask(`task ${n}`)) as { id: number }).id);
      dev.child.kill('SIGKILL');
      await dev.exited;
      writer.close();
    } catch (err) {
      dev.child.kill('SIGKILL');
      throw new Error(`${(err as Error).message}\n--- ledge dev output ---\n${dev.output()}`, { cause: err });
    }
    await withDev(dir, async (url) => {
      const reader = new Client(url, 'crash');
      try {
        await reader.agent.ready;
        assert.deepEqual(((await reader.agent.stub.listTasks()) as { id: number }[]).map((task) => task.id), acknowledged);
        assert.equal((reader.agent.state as BoardState).tasks, acknowledged.length, 'the state each call set survived with its row');
      } finally {
        reader.close();
      }
    });
  });
  await Promise.all([processRun, served]);
});

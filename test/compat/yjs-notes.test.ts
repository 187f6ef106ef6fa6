// Compatibility suite, application 5 (test/compat/yjs-notes): a collaborative document on y-partyserver (Yjs over
// PartyServer), unchanged, with its wrangler.toml (durable_objects + migrations), edited by the library's own
// YProvider clients: edits and awareness reach the other client, a custom message is answered, the document is
// saved in the room's SQLite by the library's debounced onSave and loaded again by a new instance (after eviction,
// after a restart). Under `ledge dev` in both isolations and under `ledge serve`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import WS from 'ws';
import * as Y from 'yjs';
import YProvider from 'y-partyserver/provider';
import { call, copyApp, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;

/** Polls `check` until it holds (fails after 30 s with `what`). */
async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (!check()) {
    assert.ok(Date.now() < end, `timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function hostWebSocket(host: string | undefined): typeof WS {
  if (!host) return WS;
  return class extends WS {
    constructor(url: string, protocols?: string | string[]) { super(url, protocols ?? [], { headers: { host } }); }
  } as unknown as typeof WS;
}

/** A Yjs client of one room. */
function client(origin: string, room: string, host: string | undefined): { doc: Y.Doc; provider: YProvider; text: Y.Text } {
  const doc = new Y.Doc();
  const provider = new YProvider(origin.replace(/^http:\/\//, ''), room, doc, { party: 'notes', WebSocketPolyfill: hostWebSocket(host) as unknown as typeof WebSocket, disableBc: true });
  return { doc, provider, text: doc.getText('body') };
}

async function edit(origin: string, get: Fetch, host: string | undefined, room: string, evict?: () => Promise<void>): Promise<void> {
  const ann = client(origin, room, host);
  const bo = client(origin, room, host);
  try {
    await until(() => ann.provider.synced && bo.provider.synced, 'both clients to sync');
    ann.text.insert(0, 'hello');
    await until(() => bo.text.toString() === 'hello', 'bo to see ann\'s edit');
    bo.text.insert(5, ' world');
    await until(() => ann.text.toString() === 'hello world', 'ann to see bo\'s edit');

    ann.provider.awareness.setLocalStateField('user', { name: 'ann' });
    await until(() => [...bo.provider.awareness.getStates().values()].some((s) => (s as { user?: { name: string } }).user?.name === 'ann'), 'ann\'s awareness at bo');

    const answers: string[] = [];
    ann.provider.on('custom-message', (message: string) => answers.push(message));
    ann.provider.sendMessage('length');
    await until(() => answers.length === 1, 'the answer to a custom message');
    assert.deepEqual(answers, ['11']);

    if (evict) {
      // Saved by the library's debounced onSave, then the instance is evicted while both stay connected: the next
      // edit constructs it again, onLoad reads the state back, and the edit still reaches the other client.
      await evict();
      bo.text.insert(0, '> ');
      await until(() => ann.text.toString() === '> hello world', 'an edit after eviction');
    } else {
      bo.text.insert(0, '> ');
      await until(() => ann.text.toString() === '> hello world', 'a third edit');
    }
    assert.deepEqual(json(await get(`/parties/notes/${room}`)), { room, body: '> hello world' });
  } finally {
    ann.provider.destroy();
    bo.provider.destroy();
  }
}

/** A new client of a room, after everyone left: it gets the saved document. */
async function reread(origin: string, host: string | undefined, room: string): Promise<void> {
  const carol = client(origin, room, host);
  try {
    await until(() => carol.provider.synced && carol.text.toString() === '> hello world', `the saved document of ${room}`);
  } finally {
    carol.provider.destroy();
  }
}

const IDLE_MS = 400;
const pause = (ms: number) => () => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ledge serve and the process isolation run, each on its own copy of the app, run while the thread isolation run
// and the ledge dev run after it (which reads its state back) go one after another: their eviction waits overlap.
test('a y-partyserver document runs unchanged under ledge dev (both isolations) and ledge serve', { timeout: 300_000, concurrency: true }, async (t) => {
  const served = t.test('ledge serve (process isolation): deployed with ledge deploy', async () => {
    const dir = copyApp('yjs-notes');
    const platform = await startPlatform();
    try {
      const deployed = await platform.ledge(['deploy'], { cwd: dir });
      assert.match(deployed.out, /deployed yjs-notes: version/);
      const host = hostOf('yjs-notes');
      await edit(platform.serve.app, (p, init) => platform.visit(host, p, init), host, 'doc');
      await reread(platform.serve.app, host, 'doc');
    } finally {
      await platform.stop();
    }
  });
  const dir = copyApp('yjs-notes');

  /** A ledge dev run of the document in `appDir`, as the developer's first session there. */
  const devRun = (appDir: string, isolation: 'thread' | 'process') =>
    t.test(`ledge dev, ${isolation} isolation: two editors, idle past the eviction time`, async () => {
      const output = await withDev(appDir, async (url) => {
        await edit(url, (p, init) => call(`${url}${p}`, init), undefined, `doc-${isolation}`, pause(IDLE_MS * 4));
        // Once both left, the document was saved (the library's onSave after 100 ms) and the room evicted.
        await pause(IDLE_MS * 4)();
        await reread(url, undefined, `doc-${isolation}`);
      }, { args: isolation === 'process' ? ['--isolation', 'process'] : [], env: { LEDGE_OBJECT_IDLE_MS: String(IDLE_MS) } });
      assert.match(output, /read wrangler\.toml/);
      assert.doesNotMatch(output, /failed to persist|Error in Notes/);
    });
  // The process isolation run needs nothing of the others: its own copy, at once with them.
  const processRun = devRun(copyApp('yjs-notes'), 'process');
  await devRun(dir, 'thread');

  await t.test('ledge dev again: the document was kept in the room\'s SQLite', async () => {
    await withDev(dir, (url) => reread(url, undefined, 'doc-thread'));
  });
  await Promise.all([processRun, served]);
});

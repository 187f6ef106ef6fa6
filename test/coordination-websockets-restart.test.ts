// A coordination object's WebSockets across a restart of the platform (docs/bindings/coordination.md, WebSockets:
// "When the platform stops"): a client's connection belongs to the platform's process, so stopping `ledge dev`
// closes every socket, hibernatable or plain, with 1001 (going away); the object's storage is kept, and after the
// start the object holds none of the old sockets (getWebSockets() is empty until clients connect again), which they do.
// Both isolations, and `ledge serve`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interrupt, startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { GATE_APP, GATE_CONFIG, connect, type Client } from './coordination-websockets-gate-app.js';

/** What a client of the stopping platform sees: going away, with the platform's reason. */
const GOING_AWAY: [number, string] = [1001, 'the server is shutting down'];

/** Asks a room how many hibernatable and plain sockets its object holds. */
async function counts(client: Client): Promise<string> {
  const before = client.received.length;
  client.ws.send('count');
  await client.until(() => client.received.slice(before).some((m) => m.startsWith('count ')));
  return client.received.slice(before).find((m) => m.startsWith('count ')) ?? '';
}

for (const isolation of ['thread', 'process'] as const) {
  test(`stopping ledge dev closes an object's hibernatable and plain WebSockets with 1001; after the start it holds none of them and its storage is there (${isolation} isolation)`, { timeout: 180_000 }, async (t) => {
    const dir = makeProject({ 'src/index.js': GATE_APP }, GATE_CONFIG);
    const state = tempDir('ledge-ws-restart-');
    const first = await startDev(dir, ['--state', state, '--isolation', isolation]);
    t.after(() => { first.child.kill('SIGKILL'); });
    let ws = first.url.replace(/^http/, 'ws');
    const held = await Promise.all(['a', 'b', 'c'].map((name) => connect(ws, '/hib', 'room', name, true)));
    const plain = await connect(ws, '/plain', 'plainroom', 'p', true);
    assert.equal(await counts(at(held, 0)), 'count 3 0');
    assert.equal(await interrupt(first), 0);
    for (const client of [...held, plain]) assert.deepEqual(await client.closed, GOING_AWAY, 'each client is told the platform is going away');

    const second = await startDev(dir, ['--state', state, '--isolation', isolation]);
    t.after(() => { second.child.kill('SIGKILL'); });
    ws = second.url.replace(/^http/, 'ws');
    const again = await connect(ws, '/hib', 'room', 'a2');
    assert.equal(await counts(again), 'count 1 0', 'the old sockets are not held any more: only the one that connected again');
    for (const name of ['a', 'b', 'c']) assert.equal(await (await fetch(`${second.url}/value?room=room&key=joined%20${name}`)).json(), name, 'what the object stored is there');
    assert.equal(await (await fetch(`${second.url}/value?room=plainroom&key=joined%20p`)).json(), 'p');
    again.ws.send('say hello');
    await again.until(() => again.received.includes('1 hello'));
    assert.ok(again.received.includes('1 hello'), 'the object serves the new connection');
    assert.equal(await interrupt(second), 0);
  });
}

test('stopping ledge serve closes the objects\' hibernatable WebSockets with 1001 too', { timeout: 180_000 }, async () => {
  const p = await startTestPlatform(tempDir('ledge-ws-restart-serve-'));
  let closed = false;
  try {
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/chat`, { body: deployBody(GATE_APP, { edge_dev: true, ...GATE_CONFIG }) });
    assert.equal(deployed.status, 200, deployed.text);
    const host = (deployed.body.result.deployment.hostnames as { default: string }).default;
    const client = await connect(p.appUrl.replace(/^http/, 'ws'), '/hib', 'room', 'a', true, { host });
    closed = true;
    await p.close();
    assert.deepEqual(await client.closed, GOING_AWAY);
  } finally {
    if (!closed) await p.close();
  }
});

function at<T>(items: T[], i: number): T {
  const item = items[i];
  assert.ok(item !== undefined, `no item ${i}`);
  return item;
}

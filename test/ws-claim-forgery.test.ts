// Red team: claiming WebSockets that are not yours. When a worker returns the WebSocket a coordination object
// answered with, its isolate sends `ws-claim` with the one-time token the host gave that response; the host joins
// the client there. Hostile code in account A's isolate forges claims the way it can forge any message (it
// replaces the realm's Array.prototype.push, which fills the batch the message joins): random and empty tokens,
// a megabyte token, ten thousand claims in one turn, sids of its own live sockets, and the replay of a token it was
// really given (after its own claim used it). Ledge holds: each forged claim is answered with a close of the
// forged sid and nothing else, A's real socket keeps working, and account B, whose object holds a socket the whole
// time, is never touched. Under process isolation, where every message crosses the sandbox channel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Room extends DurableObject {
  fetch(request) {
    const pair = new WebSocketPair();
    pair[1].accept();
    pair[1].addEventListener('message', (event) => pair[1].send('echo ' + event.data));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }
}
const push = Array.prototype.push;
const claims = [];
let extra = null;
Array.prototype.push = function (...items) {
  for (const m of items) if (m && typeof m === 'object' && m.t === 'ws-claim' && typeof m.token === 'string') claims[claims.length] = m;
  const forged = extra;
  extra = null;
  const result = push.apply(this, items);
  if (forged) push.apply(this, forged);
  return result;
};
export default { async fetch(request, env) {
  const url = new URL(request.url);
  const room = env.ROOM.get(env.ROOM.idFromName('lobby'));
  if (url.pathname === '/socket') return room.fetch(request);
  if (url.pathname === '/relay') {
    // The worker takes the object's socket itself: its isolate claims it with the token the host gave.
    const answer = await room.fetch(new Request('https://room/', { headers: { upgrade: 'websocket' } }));
    const ws = answer.webSocket;
    ws.accept();
    const echoed = new Promise((resolve) => ws.addEventListener('message', (event) => resolve(event.data)));
    ws.send('via worker');
    return new Response(await echoed);
  }
  if (url.pathname === '/forge') {
    const real = claims[claims.length - 1];
    const forged = [];
    for (let i = 0; i < 10000; i++) forged[i] = { t: 'ws-claim', sid: 1_000_000 + i, token: Math.random().toString(36).slice(2) + i };
    push.call(forged, { t: 'ws-claim', sid: 2_000_000, token: '' }, { t: 'ws-claim', sid: 2_000_001, token: 'x'.repeat(1 << 20) });
    if (real) push.call(forged, { t: 'ws-claim', sid: real.sid, token: real.token }, { t: 'ws-claim', sid: 2_000_002, token: real.token });
    extra = forged;
    console.log('forging ' + forged.length + ' claims');
    return Response.json({ forged: forged.length, replayed: Boolean(real) });
  }
  return new Response('plain ok');
} };`;

function connect(url: string, host: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { host } });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function echo(ws: WebSocket, text: string): Promise<string> {
  return new Promise((resolve) => {
    ws.once('message', (data) => resolve(String(data)));
    ws.send(text);
  });
}

test('forged, flooded and replayed ws-claim messages reach no socket: A\'s own socket and B\'s keep working', { timeout: 180_000 }, async () => {
  const p = await startTestPlatform(tempDir('ledge-ws-claim-'), undefined, { isolation: 'process' });
  const sockets: WebSocket[] = [];
  try {
    const created = await p.call('POST', '/accounts', { body: { name: 'bee' } });
    assert.equal(created.status, 201, created.text);
    const config = { edge_dev: true, durable_objects: { bindings: [{ name: 'ROOM', class_name: 'Room' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Room'] }] };
    for (const account of [p.accountId, created.body.result.id as string]) {
      const deployed = await p.call('PUT', `/accounts/${account}/deployments/chat`, { body: deployBody(APP, config) });
      assert.equal(deployed.status, 200, deployed.text);
    }
    const origin = p.appUrl.replace(/^http/, 'ws');
    const [mine, theirs] = await Promise.all([connect(`${origin}/socket`, 'chat.admin.ledge.localhost'), connect(`${origin}/socket`, 'chat.bee.ledge.localhost')]);
    sockets.push(mine, theirs);
    assert.equal(await echo(mine, 'a1'), 'echo a1');
    assert.equal(await echo(theirs, 'b1'), 'echo b1');

    assert.equal(await (await p.visit('chat.admin.ledge.localhost', '/relay')).text(), 'echo via worker');
    const forged = await p.visit('chat.admin.ledge.localhost', '/forge');
    assert.equal(forged.status, 200, await forged.clone().text() + JSON.stringify(p.logs.slice(-6).map((r) => r.message)));
    assert.deepEqual(await forged.json(), { forged: 10_004, replayed: true });
    // The batch carrying the forged claims leaves with the next message: this request's log line or the next one.
    assert.equal(await (await p.visit('chat.admin.ledge.localhost', '/')).text(), 'plain ok');

    assert.equal(await echo(mine, 'a2'), 'echo a2', 'A\'s real socket still reaches its object');
    assert.equal(await echo(theirs, 'b2'), 'echo b2', 'B\'s socket is untouched');
    assert.equal(await (await p.visit('chat.bee.ledge.localhost', '/')).text(), 'plain ok');
    assert.equal(await (await p.visit('chat.admin.ledge.localhost', '/relay')).text(), 'echo via worker', 'A\'s worker still takes its object\'s sockets');
    assert.ok(!p.logs.some((r) => /broke the channel protocol|failed inside the platform|crashed/.test(r.message)), 'nothing was refused as a protocol break and nothing failed inside');
  } finally {
    for (const ws of sockets) ws.terminate();
    await p.close();
  }
});

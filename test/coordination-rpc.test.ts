// Coordination-object stubs speak the RPC codec of service bindings, under a real `ledge dev` in both isolations:
// functions and RpcTargets as stubs, streams both ways, a stub's fetch streaming 64 MiB each way through an isolate
// held to 48 MiB, the object's gates on calls into what it exported, and the error paths (docs/bindings/coordination.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { objectFile } from '../src/storage/sqlite/coordination/paths.js';
import { idFromName, namespaceKey } from '../src/bindings/coordination/ids.js';
import { interrupt, runCli } from './cli.js';
import { makeProject, startProject, tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { ROOM_APP, roomConfig } from './coordination-rpc-app.js';

/**
 * The isolate's memory limit, below the 64 MiB body so that reading it whole stops the isolate. Not 32: the limit
 * counts ArrayBuffers V8 has not collected yet, and a plain fetch handler echoing a 64 MiB request body already
 * goes past 32 MiB that way (in both isolations, with no object involved); 48 leaves it room.
 */
const MEMORY_MB = 48;

const BODY_BYTES = 64 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;

/**
 * POSTs `BODY_BYTES` of random bytes to `url` chunk by chunk (waiting on back-pressure) while reading the
 * response as it comes: neither side ever holds the body. Resolves with the response's status, a header, and
 * the digests and lengths of what was sent and what came back.
 */
function streamThrough(url: string): Promise<{ status: number; method: string | undefined; sent: string; received: string; receivedBytes: number }> {
  return new Promise((resolve, reject) => {
    const sentHash = createHash('sha256');
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream' } }, (response) => {
      const receivedHash = createHash('sha256');
      let receivedBytes = 0;
      response.on('data', (chunk: Buffer) => { receivedBytes += chunk.byteLength; receivedHash.update(chunk); });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, method: response.headers['x-method'] as string | undefined, sent: sentHash.digest('hex'), received: receivedHash.digest('hex'), receivedBytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
    const chunk = randomBytes(CHUNK_BYTES);
    let sent = 0;
    const pump = (): void => {
      while (sent < BODY_BYTES) {
        // Each chunk differs (its first bytes carry its number), so a lost, repeated or reordered chunk changes the digest.
        const piece = Buffer.from(chunk);
        piece.writeUInt32BE(sent / CHUNK_BYTES, 0);
        sentHash.update(piece);
        sent += piece.byteLength;
        if (!request.write(piece)) { request.once('drain', pump); return; }
      }
      request.end();
    };
    pump();
  });
}

for (const isolation of ['thread', 'process'] as const) {
  test(`object stubs carry RPC values and stream fetch bodies (ledge dev, ${isolation} isolation)`, { timeout: 600_000 }, async (t) => {
    const dir = makeProject({ 'src/index.js': ROOM_APP }, roomConfig(MEMORY_MB));
    const stateDir = tempDir();
    const dev = runCli(['dev', dir, '--port', '0', '--state', stateDir, ...(isolation === 'process' ? ['--isolation', 'process'] : [])]);
    t.after(() => { dev.child.kill('SIGKILL'); });
    const url = (await dev.waitFor(/ready on (http:\/\/\S+)/, 60_000))[1] as string;
    const json = async (path: string, init?: RequestInit) => (await fetch(`${url}${path}`, init)).json() as Promise<unknown>;

    // A function argument is called back in the caller, once per item, while the object's method runs.
    assert.deepEqual(await json('/callback'), [10, 20, 30]);

    // A callback that calls the same object again is a new event, delivered while the first awaits the callback.
    assert.deepEqual(await json('/reentrant?room=again'), { relayed: 0 });

    // An RpcTarget result: its methods run in the object later, with its storage; once disposed, it refuses calls.
    const target = await json('/target') as { a: number; b: number; total: number; released: string };
    assert.deepEqual([target.a, target.b, target.total], [2, 5, 5]);
    assert.match(target.released, /released/);

    // A `using` declaration releases it at the end of its block.
    const using = await json('/using?room=using') as { inside: number; after: string };
    assert.equal(using.inside, 1);
    assert.match(using.after, /released/);

    // Calls on the RpcTarget are events of the object: 50 concurrent read-then-write increments lose none.
    const concurrent = await json('/concurrent?room=c') as { values: number[]; total: number };
    assert.deepEqual([...concurrent.values].sort((x, y) => x - y), Array.from({ length: 50 }, (_, i) => i + 1), 'each value handed out once');
    assert.equal(concurrent.total, 50);

    // A stream argument and a stream result.
    assert.equal(await (await fetch(`${url}/stream`)).text(), 'HELLO WORLD');
    assert.equal(await json('/count', { method: 'POST', body: 'x'.repeat(300_000) }), 300_000);
    // A Response as a method's result arrives with its status, headers and streamed body.
    assert.deepEqual(await json('/response'), { status: 201, from: 'room', body: 'made by the object' });
    // A Request as an argument arrives with its method, URL, headers and body.
    assert.deepEqual(await json('/request'), { method: 'PUT', url: 'http://room/x', header: '1', body: 'payload' });

    // Once the object is reset, what it handed out refuses calls, with the reason.
    assert.deepEqual(await json('/after-reset?room=reset'), { message: 'reset by the test', remote: true });

    // The output gate on a callback: while the object's write cannot commit, its call back into the caller never leaves.
    assert.deepEqual(await json('/put-then-call?room=gate'), { called: true });
    const locker = new Database(objectFile(path.join(stateDir, 'coordination'), 'local/test-app/Room', idFromName(namespaceKey('local/test-app/Room'), 'gate')));
    let gated: { called: boolean; error?: string };
    try {
      locker.exec('BEGIN IMMEDIATE');
      gated = await json('/put-then-call?room=gate') as typeof gated;
    } finally {
      if (locker.inTransaction) locker.exec('ROLLBACK');
      locker.close();
    }
    assert.equal(gated.called, false, 'the callback did not run');
    assert.ok(gated.error, 'the caller got the failed write as an error');

    // A function passed as an argument lives for its call only.
    assert.match((await json('/kept') as { message: string }).message, /released/);

    // What structured clone refuses is refused with the original's text: in a result (remote), in an argument (here).
    assert.deepEqual(await json('/plain-result'), { name: 'DataCloneError', message: 'Could not serialize object of type "Plain". This type does not support serialization.', remote: true });
    assert.deepEqual(await json('/plain-argument'), { name: 'DataCloneError', message: 'Could not serialize object of type "Mine". This type does not support serialization.', remote: false });

    // Handlers and the names every object has are not RPC methods on a stub (fetch is the stub's own); a name
    // starting with _ is one, as on the original, and reaches the object's method.
    assert.deepEqual(await json('/refused'), [['fetch', 'function'], ['alarm', 'undefined'], ['webSocketMessage', 'undefined'], ['constructor', 'undefined'], ['_secret', 'function'], ['then', 'undefined'], ['hasOwnProperty', 'undefined'], ['__defineGetter__', 'undefined'], ['__proto__', 'undefined']]);
    assert.deepEqual(await json('/underscore'), { ready: 2 });

    // A stub's fetch streams both bodies: 64 MiB in and the same 64 MiB back through an isolate held below 64 MiB.
    const echoed = await streamThrough(`${url}/echo`);
    assert.equal(echoed.status, 202);
    assert.equal(echoed.method, 'POST');
    assert.equal(echoed.receivedBytes, BODY_BYTES);
    assert.equal(echoed.received, echoed.sent, 'the body came back whole and in order');
    assert.doesNotMatch(dev.output(), /exceeded its memory limit|exceeded_memory|broke the channel protocol/);
    // The isolate is still the same one and still answers.
    assert.deepEqual(await json('/callback'), [10, 20, 30]);
    assert.equal(await interrupt(dev), 0);
  });
}

for (const isolation of ['thread', 'process'] as const) {
  test(`object stubs carry RPC values under ledge serve (${isolation} isolation), from another deployment too (script_name)`, { timeout: 300_000 }, async () => {
    const p = await startTestPlatform(tempDir('ledge-coordination-rpc-serve-'), undefined, { isolation });
    try {
      const base = `/accounts/${p.accountId}/deployments`;
      const rooms = await p.call('PUT', `${base}/rooms`, { body: deployBody(ROOM_APP, { edge_dev: true, ...roomConfig(MEMORY_MB) }) });
      assert.equal(rooms.status, 200, rooms.text);
      // The caller is another deployment: its isolate and the object's are two, joined by the host for each call.
      const front = await p.call('PUT', `${base}/front`, { body: deployBody(ROOM_APP, { edge_dev: true, durable_objects: { bindings: [{ name: 'ROOM', class_name: 'Room', script_name: 'rooms' }] } }) });
      assert.equal(front.status, 200, front.text);
      for (const host of ['rooms.admin.ledge.localhost', 'front.admin.ledge.localhost']) {
        const text = async (path: string, init?: RequestInit) => (await p.visit(host, path, init)).text();
        assert.equal(await text('/callback'), '[10,20,30]', host);
        assert.match(await text('/target?room=' + host), /^\{"a":2,"b":5,"total":5,"released":"this RPC stub was released/, host);
        assert.equal(await text('/stream'), 'HELLO WORLD', host);
        const body = randomBytes(4 * 1024 * 1024);
        const echoed = await p.visit(host, '/echo', { method: 'POST', body });
        assert.equal(echoed.status, 202, host);
        assert.ok(Buffer.from(await echoed.arrayBuffer()).equals(body), `${host}: the body came back whole`);
        assert.deepEqual(JSON.parse(await text('/plain-result')), { name: 'DataCloneError', message: 'Could not serialize object of type "Plain". This type does not support serialization.', remote: true });
      }
      assert.ok(!p.logs.some((r) => /broke the channel protocol/.test(r.message)), 'no message was refused');
    } finally {
      await p.close();
    }
  });
}

// A call message the caller's code forges (as test/binding-protocol.test.ts does: the batch a call joins is filled
// with the realm's Array.prototype.push) is checked on the host and again by the object: handler names and the names every object has
// stay out of reach, a link number must be one of the caller's own, the values of the old plain path are refused.
const FORGING_APP = ROOM_APP.replace('export default {', `
const push = Array.prototype.push;
let forge = null;
Array.prototype.push = function (...items) {
  if (forge) for (const m of items) if (m && typeof m === 'object' && m.t === 'call' && m.method === 'event') forge(m);
  return push.apply(this, items);
};
async function forged(rewrite, call) {
  forge = rewrite;
  try { await call(); return 'accepted'; } catch (e) { return e.constructor.name + ': ' + e.message; } finally { forge = null; }
}
const FORGERIES = {
  handler: (m) => { m.args[2].method = 'alarm'; },
  fetchAsMethod: (m) => { m.args[2].method = 'fetch'; },
  constructorMethod: (m) => { m.args[2].method = 'constructor'; },
  missingMethod: (m) => { m.args[2].method = '_secret'; },
  objectMethod: (m) => { m.args[2].method = '__defineGetter__'; },
  prototypeName: (m) => { m.args[2].method = 'hasOwnProperty'; },
  linkZero: (m) => { m.args[2].link = 0; },
  linkNegative: (m) => { m.args[2].link = -3; },
  oldPayload: (m) => { m.args[2] = { kind: 'rpc', method: 'total', payload: new Uint8Array([255, 15]) }; },
  fetchWithoutRequest: (m) => { m.args[2] = { kind: 'fetch', link: m.args[2].link, args: ['not a request'] }; },
};
export default {
  async forge(env) {
    const stub = env.ROOM.getByName('forged');
    const out = {};
    // Each forgery on an object of its own: its first call goes through the host (later ones may run in this
    // isolate under the lease the host grants it, and send no call message to forge: docs/bindings/coordination.md).
    for (const [name, rewrite] of Object.entries(FORGERIES)) out[name] = await forged(rewrite, () => env.ROOM.getByName('forged-' + name).total());
    out.stillServes = await stub.total();
    return out;
  },`).replace("switch (url.pathname) {", "switch (url.pathname) {\n      case '/forge': return Response.json(await this.forge(env));");

test('forged object calls are refused: handler names, names every object has, a method it lacks, link numbers, the old plain payload', { timeout: 120_000 }, async (t) => {
  const server = await startProject(makeProject({ 'src/index.js': FORGING_APP }, roomConfig(128)), { stateDir: tempDir() });
  t.after(() => server.close());
  const out = await (await server.request(new Request('http://app.test/forge'))).json() as Record<string, string | number>;
  for (const name of ['handler', 'fetchAsMethod', 'constructorMethod', 'missingMethod', 'objectMethod', 'prototypeName']) {
    assert.match(String(out[name]), /^TypeError: The RPC receiver does not implement the method "/, name);
  }
  for (const name of ['linkZero', 'linkNegative', 'oldPayload']) assert.match(String(out[name]), /^TypeError: the coordination binding refused event\(\)/, name);
  assert.equal(out.fetchWithoutRequest, 'TypeError: fetch() of an object takes one Request');
  assert.equal(out.stillServes, 0, 'the object still serves');
  assert.doesNotMatch(server.logText(), /failed inside the platform/);
});

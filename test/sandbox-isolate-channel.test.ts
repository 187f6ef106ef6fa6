// Each isolate in a sandbox talks to the host over its own connection (src/runtime/sandbox/isolate-channel.ts),
// bound to it by a token the host handed out for it alone. Seen from the host, whatever arrives on those
// connections is untrusted: a sandbox main that is not Ledge's (as a sandbox whose code got hold of the socket
// would be) tries wrong, reused and stolen tokens, malformed frames and messages, and an exit record sent ahead
// of the isolate's last messages. A violation stops only that sandbox; another account's keeps answering.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createLogger, type LogRecord } from '../src/platform/logger.js';
import { DEFAULT_LIMITS } from '../src/runtime/limits.js';
import { DeploymentRuntime } from '../src/runtime/deployment.js';
import { createEgressSessions } from '../src/runtime/egress/gateway.js';
import { createEgressPolicy } from '../src/runtime/egress/policy.js';
import type { IsolateMessage } from '../src/runtime/protocol.js';
import { findBubblewrap } from '../src/runtime/sandbox/launcher.js';
import { SandboxPool } from '../src/runtime/sandbox/pool.js';
import { Sandbox, type StopReason } from '../src/runtime/sandbox/sandbox.js';
import { tempDir } from './helpers.js';

/**
 * A sandbox main that says it is ready, and on the host's first `spawn` record runs `attack` with the isolate's
 * id, its grant (socket path and token) and helpers: `frame(value)` (a V8 frame), `send(records)` on the
 * sandbox's channel, `open()` a connection to the isolates' socket, and `records` (every host record seen).
 */
function hostileMain(attack: string): string {
  return `import { Socket, connect } from 'node:net';
import { serialize, deserialize } from 'node:v8';
const channel = new Socket({ fd: 3, readable: true, writable: true });
const frame = (value) => { const payload = serialize(value); const head = Buffer.alloc(4); head.writeUInt32BE(payload.length); return Buffer.concat([head, payload]); };
const send = (records) => channel.write(frame(records));
const records = [];
const waiters = [];
const open = (path) => new Promise((resolve) => { const s = connect(path, () => resolve(s)); s.on('error', () => undefined); });
const wait = (tag) => new Promise((resolve) => waiters.push([tag, resolve]));
send([['ready']]);
let buffered = Buffer.alloc(0);
let spawned = false;
channel.on('data', (chunk) => {
  buffered = Buffer.concat([buffered, chunk]);
  while (buffered.length >= 4 && buffered.length >= 4 + buffered.readUInt32BE(0)) {
    const size = buffered.readUInt32BE(0);
    const list = deserialize(buffered.subarray(4, 4 + size));
    buffered = buffered.subarray(4 + size);
    for (const record of list) {
      records.push(record);
      for (const [i, [tag, resolve]] of waiters.entries()) if (tag === record[0]) { waiters.splice(i, 1); resolve(record); break; }
      if (record[0] === 'spawn' && !spawned) { spawned = true; void run(record[1], record[2].channel); }
    }
  }
});
channel.on('close', () => process.exit(0));
setInterval(() => undefined, 1000);
async function run(id, grant) {
  const token = Buffer.from(grant.token, 'hex');
  const socketPath = grant.path;
  ${attack}
}
`;
}

interface Rig {
  logs: LogRecord[];
  /** Starts a hostile sandbox for account A and one isolate in it; resolves with how each ended. */
  hostile(attack: string, slot: string): Promise<{ sandbox: Sandbox; messages: IsolateMessage[][]; failure: Promise<unknown>; stopped: () => StopReason | undefined; worker: ReturnType<Sandbox['spawnWorker']> }>;
  bAnswers(pathname: string): Promise<void>;
}

async function startRig(t: { after(fn: () => Promise<void>): void }): Promise<Rig> {
  const dir = tempDir('ledge-isolate-channel-');
  const logs: LogRecord[] = [];
  const logger = createLogger((record) => void logs.push(record));
  const egress = createEgressSessions({ policy: createEgressPolicy(), logger });
  const pool = new SandboxPool({ dir: path.join(dir, 'pool'), logger, egress, spare: false });
  const bundleDir = path.join(dir, 'b');
  mkdirSync(bundleDir, { recursive: true });
  writeFileSync(path.join(bundleDir, 'index.js'), "export default { fetch: (request) => new Response('b answers ' + new URL(request.url).pathname) };");
  const b = new DeploymentRuntime({ logger, spawn: pool.spawnerFor('account-b') });
  const hostiles: Sandbox[] = [];
  t.after(async () => {
    await b.close();
    await pool.close();
    await Promise.all(hostiles.map((s) => s.stop('closed')));
    await egress.close();
  });
  await b.load({ id: '1', name: 'b', compatibilityDate: '2026-10-01', bundleFile: path.join(bundleDir, 'index.js'), vars: {}, limits: DEFAULT_LIMITS, compatibilityFlags: [], bindings: [] });
  return {
    logs,
    async bAnswers(pathname) {
      const res = await b.dispatch({ method: 'GET', url: `http://b.example${pathname}`, headers: [], body: null });
      assert.equal(res.status, 200);
      assert.equal(String(res.body), `b answers ${pathname}`);
    },
    async hostile(attack, slot) {
      const runtimeDir = tempDir('ledge-hostile-runtime-');
      writeFileSync(path.join(runtimeDir, 'main.mjs'), hostileMain(attack));
      let stopped: StopReason | undefined;
      const sandbox = new Sandbox({
        id: 'hostile',
        launch: { bwrap: findBubblewrap(), runtime: { binds: [{ from: runtimeDir, to: '/ledge' }], main: '/ledge/main.mjs', workerEntry: '/ledge/none.mjs' } },
        slotDir: path.join(dir, slot),
        logger,
        egress,
        onStop: (_sandbox, reason) => { stopped = reason; },
      });
      hostiles.push(sandbox);
      sandbox.assign('account-a', 256);
      await sandbox.started;
      const worker = sandbox.spawnWorker({ init: { name: 'a', bundlePath: path.join(bundleDir, 'index.js'), bindings: [] } as never, memoryMb: 128 });
      const messages: IsolateMessage[][] = [];
      worker.onMessage((batch) => void messages.push(batch));
      const failure = new Promise((resolve) => worker.onExit((code) => resolve(code)));
      return { sandbox, messages, failure, stopped: () => stopped, worker };
    },
  };
}

const VIOLATIONS: [string, string, RegExp][] = [
  ['a token no isolate of this sandbox was given', `const s = await open(socketPath); s.write(Buffer.alloc(32, 7));`, /named no isolate of this sandbox/],
  ['the token of an isolate already connected, again', `const s = await open(socketPath); s.write(token); const again = await open(socketPath); again.write(token);`, /named no isolate of this sandbox/],
  ['a frame that is not a list of messages', `const s = await open(socketPath); s.write(Buffer.concat([token, frame('hello')]));`, /not a list of messages/],
  ['a malformed message', `const s = await open(socketPath); s.write(Buffer.concat([token, frame([{ t: 'head', id: 'one' }])]));`, /malformed message/],
  ['a message of the host\'s protocol', `const s = await open(socketPath); s.write(Buffer.concat([token, frame([{ t: 'call-result', id: 1, value: 1 }])]));`, /malformed message/],
  ['a sync mark other than true', `const s = await open(socketPath); s.write(Buffer.concat([token, frame([{ t: 'call', id: 1, binding: 'KV', method: 'get', args: [], sync: 'yes' }])]));`, /malformed message/],
  ['a frame over the limit', `const s = await open(socketPath); s.write(Buffer.concat([token, Buffer.from([0xff, 0xff, 0xff, 0xff])]));`, /over the limit/],
  ['bytes that are not a V8 value', `const s = await open(socketPath); s.write(Buffer.concat([token, Buffer.from([0, 0, 0, 3, 1, 2, 3])]));`, /could not be decoded/],
  ['too many connections that name no isolate', `for (let i = 0; i < 20; i++) await open(socketPath);`, /did not name their isolate/],
];

test('an isolate connection that breaks the protocol stops its sandbox only; another account\'s sandbox keeps answering', async (t) => {
  const rig = await startRig(t);
  await rig.bAnswers('/before');
  for (const [index, [why, attack, logged]] of VIOLATIONS.entries()) {
    const a = await rig.hostile(attack, `slot-${index}`);
    assert.equal(await a.failure, 'isolate_failed', `${why}: the isolate's events fail`);
    assert.equal(a.stopped(), 'protocol', `${why}: stopped as a protocol violation`);
    assert.ok(rig.logs.some((r) => r.level === 'error' && /sandbox hostile of account account-a broke the channel protocol/.test(r.message) && logged.test(r.message)), `${why}: logged (${rig.logs.map((r) => r.message).join(' | ')})`);
    assert.equal(a.messages.length, 0, `${why}: nothing reached the isolate's listeners`);
    rig.logs.length = 0;
    await rig.bAnswers(`/after-${index}`);
  }
});

test('a token works only on its own sandbox\'s socket', async (t) => {
  const rig = await startRig(t);
  // The first sandbox hands its token over its channel (as an error record's message); the second presents it.
  const first = await rig.hostile(`send([['error', id, { message: grant.token }]]); await new Promise(() => undefined);`, 'slot-first');
  const stolen = new Promise<string>((resolve) => first.worker.onError((err) => resolve(err.message)));
  const token = await stolen;
  const second = await rig.hostile(`const s = await open(socketPath); s.write(Buffer.from(${JSON.stringify(token)}, 'hex'));`, 'slot-second');
  assert.equal(await second.failure, 'isolate_failed');
  assert.equal(second.stopped(), 'protocol');
  assert.equal(first.stopped(), undefined, 'the sandbox whose token it was is untouched');
  await rig.bAnswers('/after');
});

test('messages travel on the isolate\'s connection; a synchronous call\'s answer comes back through the sandbox; the exit waits for the last messages', async (t) => {
  const rig = await startRig(t);
  const a = await rig.hostile(`
    const s = await open(socketPath);
    s.write(Buffer.concat([token, frame([{ t: 'ready', hasFetch: true }, { t: 'call', id: 9, binding: 'KV', method: 'get', args: ['k'], sync: true }])]));
    // The answer to the marked call arrives on the sandbox's channel, not on the connection.
    const answer = await wait('sync');
    s.write(frame([{ t: 'log', level: 'info', message: 'answered ' + JSON.stringify(answer[2]) + ' for this isolate: ' + (answer[1] === id) }]));
    // The exit record goes first; the last message after it, then the connection closes.
    send([['exit', id, 0]]);
    setTimeout(() => { s.end(frame([{ t: 'log', level: 'info', message: 'last words' }])); }, 300);
  `, 'slot-ok');
  while (a.messages.length === 0) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(a.messages[0], [{ t: 'ready', hasFetch: true }, { t: 'call', id: 9, binding: 'KV', method: 'get', args: ['k'] }], 'the sync mark is the host\'s to read, not the isolate code\'s');
  a.worker.postMessage([{ t: 'call-result', id: 9, value: 'v' }]);
  let exitedAfter = -1;
  a.worker.onExit(() => { exitedAfter = a.messages.length; });
  await a.failure;
  const logs = a.messages.flat().filter((m) => m.t === 'log').map((m) => (m as { message: string }).message);
  assert.deepEqual(logs, ['answered {"t":"call-result","id":9,"value":"v"} for this isolate: true', 'last words']);
  assert.equal(exitedAfter, 3, 'the exit came after every message the isolate sent');
  assert.equal(a.stopped(), undefined, 'a well-behaved sandbox is not stopped');
});

// Big bodies are split into chunks by the isolate's worker, so no frame nears the host's limit; the worker's
// writes wait for the host to read when the socket's buffer is full.
test('bodies of every size cross the isolate\'s connection intact, both ways', async (t) => {
  const dir = tempDir('ledge-sandbox-bodies-');
  const logger = createLogger(() => undefined);
  const egress = createEgressSessions({ policy: createEgressPolicy(), logger });
  const pool = new SandboxPool({ dir: path.join(dir, 'pool'), logger, egress, spare: false });
  writeFileSync(path.join(dir, 'index.js'), `export default { async fetch(request) {
    const size = Number(new URL(request.url).searchParams.get('size'));
    switch (new URL(request.url).pathname) {
      case '/bytes': return new Response(new Uint8Array(size).map((_, i) => i * 7));
      case '/text': return new Response('é'.repeat(size));
      case '/stream': return new Response(new ReadableStream({ start(c) { for (let i = 0; i < 3; i++) c.enqueue(new Uint8Array(size).fill(i + 1)); c.close(); } }));
      case '/echo': return new Response(await request.arrayBuffer());
    }
  } };`);
  const runtime = new DeploymentRuntime({ logger, spawn: pool.spawnerFor('account-bodies') });
  t.after(async () => {
    await runtime.close();
    await pool.close();
    await egress.close();
  });
  await runtime.load({ id: '1', name: 'bodies', compatibilityDate: '2026-10-01', bundleFile: path.join(dir, 'index.js'), vars: {}, limits: DEFAULT_LIMITS, compatibilityFlags: [], bindings: [] });
  const read = async (pathname: string, body: Uint8Array | null = null): Promise<Buffer> => {
    const res = await runtime.dispatch({ method: body ? 'POST' : 'GET', url: `http://x${pathname}`, headers: [], body: body ? (async function* () { for (let at = 0; at < body.byteLength; at += 65536) yield body.subarray(at, at + 65536); })() : null });
    assert.equal(res.status, 200, pathname);
    const { body: out } = res;
    if (out === null) return Buffer.alloc(0);
    if (typeof out === 'string' || out instanceof Uint8Array) return Buffer.from(out);
    const parts: Uint8Array[] = [];
    for await (const chunk of out) parts.push(chunk);
    return Buffer.concat(parts);
  };
  for (const size of [10, 100_000, 9 * 1024 * 1024]) {
    assert.deepEqual(await read(`/bytes?size=${size}`), Buffer.from(new Uint8Array(size).map((_, i) => i * 7)), `${size} bytes`);
    assert.equal((await read(`/text?size=${size}`)).toString(), 'é'.repeat(size), `${size} characters`);
    const streamed = await read(`/stream?size=${size}`);
    assert.equal(streamed.byteLength, 3 * size);
    assert.ok(streamed.subarray(0, size).every((b) => b === 1) && streamed.subarray(2 * size).every((b) => b === 3), `${size}: a stream's chunks in order`);
    const sent = new Uint8Array(size).map((_, i) => (i * 13) & 255);
    assert.deepEqual(await read('/echo', sent), Buffer.from(sent), `${size} bytes echoed`);
  }
});

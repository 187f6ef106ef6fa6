// The channel's compact encoding seen from the host (src/runtime/sandbox/codec.ts): a sandbox process that
// writes bytes which are not a frame of it (here a process that is not Ledge's sandbox main at all, as a
// sandbox whose code got hold of fd 3 would be) is stopped as a protocol violation; its isolate's events fail,
// and another account's sandbox goes on answering.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createLogger, type LogRecord } from '../src/platform/logger.js';
import { DEFAULT_LIMITS } from '../src/runtime/limits.js';
import { DeploymentRuntime } from '../src/runtime/deployment.js';
import { createEgressSessions } from '../src/runtime/egress/gateway.js';
import { createEgressPolicy } from '../src/runtime/egress/policy.js';
import { findBubblewrap } from '../src/runtime/sandbox/launcher.js';
import { SandboxPool } from '../src/runtime/sandbox/pool.js';
import { Sandbox, type StopReason } from '../src/runtime/sandbox/sandbox.js';
import { tempDir } from './helpers.js';
import { startEscapeRig } from './sandbox-helpers.js';

/** A sandbox main that says it is ready in the channel's encoding, then answers the first record with `bytes`. */
function hostileMain(bytes: number[]): string {
  return `import { Socket } from 'node:net';
const channel = new Socket({ fd: 3, readable: true, writable: true });
const frame = (payload) => { const head = Buffer.alloc(4); head.writeUInt32BE(payload.length); return Buffer.concat([head, payload]); };
// One record: a list holding the string "ready" (magic, count, array of 1, string of 5 bytes).
channel.write(frame(Buffer.from([0xc5, 1, 0, 0, 0, 10, 1, 0, 0, 0, 6, 5, 0, 0, 0, ...Buffer.from('ready')])));
channel.once('data', () => channel.write(Buffer.from(${JSON.stringify(bytes)})));
channel.on('close', () => process.exit(0));
setInterval(() => undefined, 1000);
`;
}

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const frameOf = (payload: number[]) => [...u32be(payload.length), ...payload];

const MALFORMED: [string, number[]][] = [
  ['an unknown value tag', frameOf([0xc5, 1, 0, 0, 0, 200])],
  ['a string longer than its frame', frameOf([0xc5, 1, 0, 0, 0, 6, 255, 255, 255, 255, 97])],
  ['nesting past the bound', frameOf([0xc5, 1, 0, 0, 0, ...Array.from({ length: 200 }, () => [10, 1, 0, 0, 0]).flat(), 1])],
  ['a frame in V8\'s format', frameOf([0xff, 0x0f, 0x41, 0x01, 0x22, 0x05, ...Buffer.from('ready'), 0x24, 0x00, 0x01])],
];

test('a sandbox writing a malformed frame is stopped as a protocol violation; another account\'s sandbox keeps answering', async (t) => {
  const dir = tempDir('ledge-sandbox-channel-');
  const logs: LogRecord[] = [];
  const logger = createLogger((record) => void logs.push(record));
  const egress = createEgressSessions({ policy: createEgressPolicy(), logger });
  const pool = new SandboxPool({ dir: path.join(dir, 'pool'), logger, egress, spare: false });
  const bundleDir = path.join(dir, 'b');
  mkdirSync(bundleDir, { recursive: true });
  writeFileSync(path.join(bundleDir, 'index.js'), "export default { fetch: (request) => new Response('b answers ' + new URL(request.url).pathname) };");
  const b = new DeploymentRuntime({ logger, spawn: pool.spawnerFor('account-b') });
  t.after(async () => {
    await b.close();
    await pool.close();
    await egress.close();
  });
  await b.load({ id: '1', name: 'b', compatibilityDate: '2026-10-01', bundleFile: path.join(bundleDir, 'index.js'), vars: {}, limits: DEFAULT_LIMITS, compatibilityFlags: [], bindings: [] });
  const bAnswers = async (pathname: string) => {
    const res = await b.dispatch({ method: 'GET', url: `http://b.example${pathname}`, headers: [], body: null });
    assert.equal(res.status, 200);
    assert.equal(String(res.body), `b answers ${pathname}`);
  };
  await bAnswers('/before');

  for (const [why, bytes] of MALFORMED) {
    const runtimeDir = tempDir('ledge-hostile-runtime-');
    writeFileSync(path.join(runtimeDir, 'main.mjs'), hostileMain(bytes));
    let stopped: StopReason | undefined;
    const sandbox = new Sandbox({
      id: 'hostile',
      launch: { bwrap: findBubblewrap(), runtime: { binds: [{ from: runtimeDir, to: '/ledge' }], main: '/ledge/main.mjs', workerEntry: '/ledge/none.mjs' } },
      slotDir: path.join(dir, `slot-${MALFORMED.findIndex(([w]) => w === why)}`),
      logger,
      egress,
      onStop: (_sandbox, reason) => { stopped = reason; },
    });
    sandbox.assign('account-a', 256);
    await sandbox.started;
    const worker = sandbox.spawnWorker({ init: { name: 'a', bundlePath: path.join(bundleDir, 'index.js'), bindings: [] } as never, memoryMb: 128 });
    const failure = await new Promise((resolve) => worker.onExit((code) => resolve(code)));
    assert.equal(failure, 'isolate_failed', `${why}: the isolate's events fail`);
    assert.equal(stopped, 'protocol', `${why}: stopped as a protocol violation`);
    assert.ok(logs.some((r) => r.level === 'error' && /sandbox hostile of account account-a broke the channel protocol/.test(r.message)), `${why}: logged`);
    logs.length = 0;
    await bAnswers(`/after-${MALFORMED.findIndex(([w]) => w === why)}`);
  }
});

// The isolate's own batches are encoded in its realm, where application code can change what the encoder
// calls: bytes it garbles that way are refused by the host like any other malformed frame.
test('an isolate that garbles its encoded batch gets its sandbox stopped; B keeps answering and A starts afresh', async (t) => {
  const rig = await startEscapeRig();
  t.after(() => rig.close());
  const { status } = await rig.attack('/garble-channel');
  assert.equal(status, 503, 'the event fails with its sandbox');
  assert.ok(rig.p.logs.some((r) => r.level === 'error' && /broke the channel protocol \(a frame names an unknown common string/.test(r.message)), 'the host refused the bytes');
  await rig.bStillAnswers();
  const again = await rig.attack('/ping');
  assert.equal(`${again.status} ${again.text}`, '200 A ok', 'A\'s next request runs in a fresh sandbox');
});

// Big bodies are not encoded by the isolate (over SPLIT_BYTES): they go as the list, and the sandbox's main
// thread splits them into chunks, so no frame nears the host's limit. Small ones and streams are encoded.
test('bodies of every size cross the channel intact, both ways', async (t) => {
  const dir = tempDir('ledge-sandbox-bodies-');
  const logs: LogRecord[] = [];
  const logger = createLogger((record) => void logs.push(record));
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
    const bytes = await read(`/bytes?size=${size}`);
    assert.deepEqual(bytes, Buffer.from(new Uint8Array(size).map((_, i) => i * 7)), `${size} bytes`);
    assert.equal((await read(`/text?size=${size}`)).toString(), 'é'.repeat(size), `${size} characters`);
  }
  const streamed = await read(`/stream?size=${5 * 1024 * 1024}`);
  assert.equal(streamed.byteLength, 15 * 1024 * 1024);
  assert.deepEqual([streamed[0], streamed[5 * 1024 * 1024], streamed[streamed.byteLength - 1]], [1, 2, 3]);
  const upload = new Uint8Array(6 * 1024 * 1024).map((_, i) => i % 251);
  assert.deepEqual(await read('/echo', upload), Buffer.from(upload));
  assert.ok(!logs.some((r) => /broke the channel protocol/.test(r.message)), 'no frame was refused');
});

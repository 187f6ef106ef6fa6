// Attack (issue 13, "channel buffers are bounded"): what the host holds for one account's sandbox, in both
// directions, on a real `ledge serve` under process isolation with two accounts.
// - A response the client never reads: a streamed body of endless megabytes to clients that read nothing. The
//   sandbox's stream waits for credit, so the host's memory stays where it was, and B keeps answering.
// - A sandbox that stops reading its channel (its processes stopped with SIGSTOP, as a stuck or subverted main
//   thread would be) while clients keep sending it requests and uploads: the host queues at most each stream's
//   window, and once the sandbox took nothing for 10 s it is stopped with a line for the operator; its requests get
//   503, B keeps answering throughout, and A's next request starts a fresh sandbox.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { tempDir } from './helpers.js';
import { A_HOST, B_HOST, neverRead, startTwoAccounts, visit, type TwoAccounts } from './serve-process.js';

const A_APP = `
export default { async fetch(request) {
  const url = new URL(request.url);
  if (url.pathname === '/stream') {
    const size = Number(url.searchParams.get('chunk'));
    return new Response(new ReadableStream({ pull(c) { c.enqueue(new Uint8Array(size)); } }));
  }
  if (url.pathname === '/account-a-marker') return new Response('marker');
  if (url.pathname === '/upload') {
    let n = 0;
    for await (const part of request.body) n += part.byteLength;
    return new Response(String(n));
  }
  return new Response('A ok');
} };`;
const B_APP = 'export default { fetch() { return new Response("B ok"); } };';
/** A's and B's sandboxes and the platform: the rig of every test here. */
function startRig(): Promise<TwoAccounts> {
  return startTwoAccounts(tempDir('ledge-channel-bounds-'), [], { a: A_APP, b: B_APP });
}

/** Every process (pid, parent pid, command line) on the machine, read from /proc. */
function processes(): { pid: number; ppid: number; cmdline: string[] }[] {
  const out: { pid: number; ppid: number; cmdline: string[] }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      out.push({ pid: Number(entry), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]), cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0') });
    } catch { /* ended meanwhile */ }
  }
  return out;
}

/** The sandbox processes of the account whose bundles hold `marker`: its bubblewrap process and all below it. */
function sandboxOf(serverPid: number, marker: string): number[] {
  const all = processes();
  const sandbox = all.find((p) => {
    if (p.ppid !== serverPid || !p.cmdline[0]?.endsWith('bwrap')) return false;
    const bundles = p.cmdline[p.cmdline.indexOf('/bundles') - 1];
    if (!bundles) return false;
    try {
      return readdirSync(bundles, { recursive: true, withFileTypes: true }).some((f) => f.isFile() && readFileSync(path.join(f.parentPath, f.name), 'utf8').includes(marker));
    } catch { return false; }
  });
  assert.ok(sandbox, 'account A has a sandbox process');
  const tree = [sandbox.pid];
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) if (tree.includes(p.ppid) && !tree.includes(p.pid)) { tree.push(p.pid); grew = true; }
  }
  return tree;
}

/** A POST of `bytes` bytes to `host`; resolves with the status (0 when the connection failed). */
function upload(appUrl: string, host: string, bytes: number): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(`${appUrl}/upload`, { method: 'POST', headers: { host, 'content-length': String(bytes) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    const chunk = Buffer.alloc(256 * 1024);
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('clients that never read an endless streamed response pause the sandbox: the host\'s memory stays put and B answers', { timeout: 120_000 }, async (t) => {
  const rig = await startRig();
  t.after(() => { rig.serve.child.kill('SIGKILL'); });
  const before = rig.rssMb();
  // 16 clients, each asking for endless 1 MiB chunks (as fast as the application can make them) and reading none.
  const sockets = await Promise.all(Array.from({ length: 16 }, () => neverRead(rig.serve.app, A_HOST, '/stream?chunk=1048576')));
  let peak = before;
  for (let i = 0; i < 20; i++) {
    await sleep(250);
    peak = Math.max(peak, rig.rssMb());
    if (i % 5 === 0) assert.deepEqual(await visit(rig.serve.app, B_HOST), { status: 200, body: 'B ok' });
  }
  t.diagnostic(`RSS of ledge serve: ${before.toFixed(1)} MB before, at most ${peak.toFixed(1)} MB while 16 clients read none of their endless responses`);
  // Unbounded, 16 endless streams would have pushed gigabytes through the host in these 5 s.
  assert.ok(peak - before < 150, `the host's RSS grew from ${before.toFixed(1)} MB to ${peak.toFixed(1)} MB`);
  assert.deepEqual(await visit(rig.serve.app, A_HOST), { status: 200, body: 'A ok' }, 'A\'s other requests are answered meanwhile');
  for (const socket of sockets) socket.destroy();
});

test('a sandbox that stops reading its channel is stopped after 10 s with a line for the operator; its requests 503, B never waits', { timeout: 120_000 }, async (t) => {
  const rig = await startRig();
  const stopped: number[] = [];
  t.after(() => {
    rig.serve.child.kill('SIGKILL');
    for (const pid of stopped) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  });
  stopped.push(...sandboxOf(rig.pid, '/account-a-marker'));
  for (const pid of stopped) process.kill(pid, 'SIGSTOP');
  const before = rig.rssMb();
  // Requests and uploads keep arriving for A: each upload's body crosses only its window toward the stuck sandbox.
  const answers = [
    ...Array.from({ length: 12 }, () => upload(rig.serve.app, A_HOST, 8 * 1024 * 1024)),
    ...Array.from({ length: 8 }, () => visit(rig.serve.app, A_HOST).then((r) => r.status)),
  ];
  let peak = before;
  let settled = false;
  const all = Promise.all(answers).finally(() => { settled = true; });
  while (!settled) {
    await sleep(500);
    peak = Math.max(peak, rig.rssMb());
    assert.deepEqual(await visit(rig.serve.app, B_HOST), { status: 200, body: 'B ok' }, 'B answers while A\'s sandbox is stuck');
  }
  const statuses = await all;
  assert.deepEqual(statuses, statuses.map(() => 503), 'every request of the stuck sandbox is answered 503');
  assert.match(rig.serve.output(), /sandbox \w+ of account [0-9a-f]{32} does not read its channel \(it took none of the [\d.]+ MB waiting for it in 1\d s\); it is stopped and its events answered 503/);
  t.diagnostic(`RSS of ledge serve: ${before.toFixed(1)} MB before, at most ${peak.toFixed(1)} MB while A's sandbox was stuck`);
  assert.ok(peak - before < 150, `the host's RSS grew from ${before.toFixed(1)} MB to ${peak.toFixed(1)} MB`);
  // A fresh sandbox for A's next request.
  assert.deepEqual(await visit(rig.serve.app, A_HOST), { status: 200, body: 'A ok' });
  assert.deepEqual(await visit(rig.serve.app, B_HOST), { status: 200, body: 'B ok' });
});

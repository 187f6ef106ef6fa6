// Each isolate in a sandbox reaches the host over its own connection to a socket bound into that sandbox alone
// (src/runtime/sandbox/isolate-channel.ts). Tried as code that took over A's sandbox would (the socket is in
// its view): a forged token, other first bytes, a part of a token, and a second connection on a bound
// isolate's behalf. Each stops A's sandbox only; B keeps answering, its sandbox untouched; A's next request
// starts a fresh sandbox. A real `ledge serve` with process isolation.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, test } from 'node:test';
import { startEscapeRig, type EscapeRig } from './sandbox-helpers.js';

let rig: EscapeRig;
before(async () => { rig = await startEscapeRig(); });
after(async () => { await rig?.close(); });

const sandboxOf = (account: string) => rig.p.isolation.sandboxes().find((s) => s.accountId === account);
const protocolStops = () => rig.p.logs.filter((r) => /broke the channel protocol/.test(r.message)).map((r) => r.message);

async function waitFor(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Connects to the socket of A's isolates as the host sees it, sends `bytes` (nothing when null), and waits for the host to hang up. */
async function dialA(bytes: Buffer | null): Promise<void> {
  const sandbox = sandboxOf(rig.a);
  assert.ok(sandbox, 'A has a sandbox');
  const socket: Socket = connect(sandbox.channelPath);
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  if (bytes) socket.write(bytes);
  await new Promise((resolve) => socket.once('close', resolve));
}

/** Runs one refused connection: only A's sandbox stops, with the reason in the operator's log; B is untouched; A answers again. */
async function refused(bytes: Buffer, reason: RegExp): Promise<void> {
  assert.equal((await rig.attack('/ping')).text, 'A ok');
  const aBefore = sandboxOf(rig.a)?.pid;
  const bBefore = sandboxOf(rig.b)?.pid;
  assert.ok(aBefore && bBefore);
  const stops = protocolStops().length;
  await dialA(bytes);
  await waitFor('A\'s sandbox to stop', () => sandboxOf(rig.a)?.pid !== aBefore);
  const line = protocolStops().slice(stops);
  assert.equal(line.length, 1, line.join('\n'));
  assert.match(line[0] as string, new RegExp(`sandbox \\S+ of account ${rig.a} broke the channel protocol \\(${reason.source}`));
  assert.equal(sandboxOf(rig.b)?.pid, bBefore, 'B\'s sandbox was not touched');
  await rig.bStillAnswers();
  assert.equal((await rig.attack('/ping')).text, 'A ok', 'A\'s next request starts a fresh sandbox');
  assert.notEqual(sandboxOf(rig.a)?.pid, aBefore);
}

test('a forged token on A\'s isolates\' socket stops A\'s sandbox only', async () => {
  await refused(Buffer.alloc(32, 0xab), /a connection named no isolate of this sandbox/);
});

test('other first bytes (an HTTP request) stop A\'s sandbox only', async () => {
  await refused(Buffer.from('GET / HTTP/1.1\r\nHost: evil.example\r\nAccept: */*\r\n\r\n'), /a connection named no isolate of this sandbox/);
});

test('a part of a token, then a close, stops A\'s sandbox only', async () => {
  const sandbox = sandboxOf(rig.a) ?? (await rig.attack('/ping'), sandboxOf(rig.a));
  assert.ok(sandbox);
  const aBefore = sandbox.pid;
  const socket = connect(sandbox.channelPath);
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.end(Buffer.alloc(7, 1));
  await waitFor('A\'s sandbox to stop', () => sandboxOf(rig.a)?.pid !== aBefore);
  assert.match(protocolStops().at(-1) ?? '', /a connection closed before it named its isolate/);
  await rig.bStillAnswers();
  assert.equal((await rig.attack('/ping')).text, 'A ok');
});

test('a connection to B\'s socket cannot name A\'s isolate, and B\'s sandbox stops, not A\'s', async () => {
  assert.equal((await rig.attack('/ping')).text, 'A ok');
  const a = sandboxOf(rig.a);
  const b = sandboxOf(rig.b);
  assert.ok(a && b);
  assert.notEqual(a.channelPath, b.channelPath, 'each sandbox has its own socket');
  const socket = connect(b.channelPath);
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(Buffer.alloc(32, 0x11));
  await waitFor('B\'s sandbox to stop', () => sandboxOf(rig.b)?.pid !== b.pid);
  assert.equal(sandboxOf(rig.a)?.pid, a.pid, 'A\'s sandbox was not touched');
  assert.equal((await rig.attack('/ping')).text, 'A ok');
  await rig.bStillAnswers();
});

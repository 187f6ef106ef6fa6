// Who may connect to a sandbox's isolates' socket, tried as an attacker holding the sandbox would: a forged
// token, a token used twice, another sandbox's token, a revoked one, other first bytes, silence, part of a token,
// and a flood of connections naming nothing. Real Unix sockets; each refusal destroys the connection and
// reports a violation (the sandbox then stops, test/sandbox-isolate-channel.test.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { IsolateGate, TOKEN_BYTES } from './isolate-gate.js';

interface GateRig {
  gate: IsolateGate<string>;
  bound: { isolate: string; rest: string }[];
  violations: string[];
  /** Opens a connection to the gate's socket. */
  dial(): Promise<Socket>;
}

async function gateRig(t: { after(fn: () => void): void }, helloMs = 10_000): Promise<GateRig> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-gate-'));
  const bound: GateRig['bound'] = [];
  const violations: string[] = [];
  const gate = new IsolateGate<string>({
    bind: (isolate, _socket, rest) => void bound.push({ isolate, rest: rest.toString() }),
    violation: (why) => void violations.push(why),
    helloMs,
  });
  const server: Server = createServer((socket) => gate.accept(socket));
  const file = path.join(dir, 's');
  await new Promise<void>((resolve) => server.listen(file, resolve));
  const sockets: Socket[] = [];
  t.after(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    gate, bound, violations,
    async dial() {
      const socket = connect(file);
      sockets.push(socket);
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      return socket;
    },
  };
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

test('the right token binds the connection to its isolate, with the bytes that followed it', async (t) => {
  const r = await gateRig(t);
  const token = r.gate.issue('isolate-1');
  assert.equal(token.length, TOKEN_BYTES * 2);
  const socket = await r.dial();
  socket.write(Buffer.concat([Buffer.from(token, 'hex'), Buffer.from('first frame')]));
  await settle();
  assert.deepEqual(r.bound, [{ isolate: 'isolate-1', rest: 'first frame' }]);
  assert.deepEqual(r.violations, []);
});

test('a token split over several writes binds once it is whole', async (t) => {
  const r = await gateRig(t);
  const token = Buffer.from(r.gate.issue('isolate-1'), 'hex');
  const socket = await r.dial();
  socket.write(token.subarray(0, 5));
  await settle();
  socket.write(token.subarray(5));
  await settle();
  assert.deepEqual(r.bound, [{ isolate: 'isolate-1', rest: '' }]);
  assert.deepEqual(r.violations, []);
});

test('a forged token, garbage first bytes, a revoked token and another sandbox\'s token are refused', async (t) => {
  const r = await gateRig(t);
  const other = await gateRig(t);
  r.gate.issue('isolate-1');
  const revoked = r.gate.issue('isolate-2');
  r.gate.revoke(revoked);
  const foreign = other.gate.issue('isolate-of-another-sandbox');
  for (const first of [Buffer.alloc(TOKEN_BYTES, 7), Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n' + 'x'.repeat(TOKEN_BYTES)), Buffer.from(revoked, 'hex'), Buffer.from(foreign, 'hex')]) {
    const socket = await r.dial();
    socket.write(first);
    await closed(socket);
  }
  assert.deepEqual(r.bound, [], 'nothing was bound');
  assert.equal(r.violations.length, 4);
  for (const why of r.violations) assert.match(why, /a connection named no isolate of this sandbox, or one already connected/);
  assert.deepEqual(other.violations, [], 'the other sandbox saw nothing');
});

test('a token works once: a second connection with it is refused, the first stays bound', async (t) => {
  const r = await gateRig(t);
  const token = Buffer.from(r.gate.issue('isolate-1'), 'hex');
  const first = await r.dial();
  first.write(token);
  await settle();
  const second = await r.dial();
  second.write(token);
  await closed(second);
  assert.deepEqual(r.bound, [{ isolate: 'isolate-1', rest: '' }]);
  assert.equal(r.violations.length, 1);
  assert.equal(first.destroyed, false, 'the bound connection is not touched by the refusal');
});

test('silence, a part of a token, and more than 16 connections naming nothing are violations; an empty close is not', async (t) => {
  const r = await gateRig(t, 100);
  const silent = await r.dial();
  await closed(silent);
  assert.match(r.violations.shift() ?? '', /did not name its isolate within 0.1 s/);

  const partial = await r.dial();
  partial.end(Buffer.alloc(5, 1));
  await settle();
  assert.match(r.violations.shift() ?? '', /closed before it named its isolate/);

  // A worker stopped while it connected closes without a byte: no violation.
  const empty = await r.dial();
  empty.end();
  await settle();
  assert.deepEqual(r.violations, []);

  const flood = await gateRig(t);
  const sockets: Socket[] = [];
  for (let i = 0; i < 17; i++) sockets.push(await flood.dial());
  await settle();
  assert.deepEqual(flood.violations, ['more than 16 connections at once did not name their isolate']);
});

test('after close, nothing binds any more', async (t) => {
  const r = await gateRig(t);
  const token = Buffer.from(r.gate.issue('isolate-1'), 'hex');
  r.gate.close();
  const socket = await r.dial();
  socket.write(token);
  await closed(socket);
  assert.deepEqual(r.bound, []);
});

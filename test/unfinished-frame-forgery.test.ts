// Red team: a frame whose length says more than the isolate sends. Under process isolation each isolate writes its
// messages to its own connection as frames, a length then the value, and the length is the frame's byteLength as
// read through %TypedArray%.prototype, which application code shares with the code that writes it. Code that
// redefines that getter makes one frame's length 64 MiB more than its bytes: the host waited for the rest for as
// long as the isolate lived, holding what came, and read every later message of the isolate into that frame, so
// the isolate was deaf and mute while its sandbox ran on (every request to it hung until its wall-time limit, which
// a deployment may set to an hour). Now a frame left unfinished for 10 s while the isolate's event loop runs stops
// the sandbox as a protocol violation; its next request starts a fresh one. A real ledge serve, B answering
// throughout. (Thread isolation has no frames: messages cross a MessagePort.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tempDir } from './helpers.js';
import { A_HOST, B_HOST, startTwoAccounts, visit } from './serve-process.js';

const A_APP = `
const TA = Object.getPrototypeOf(Uint8Array.prototype);
const byteLength = Object.getOwnPropertyDescriptor(TA, 'byteLength').get;
let lie = 0;
// A frame before its length is written: four zero bytes, then V8's serialization header (0xff).
Object.defineProperty(TA, 'byteLength', { configurable: true, get() {
  const n = byteLength.call(this);
  if (lie > 0 && n > 8 && this[0] === 0 && this[1] === 0 && this[2] === 0 && this[3] === 0 && this[4] === 0xff) {
    const extra = lie;
    lie = 0;
    return n + extra;
  }
  return n;
} });
export default { fetch(request) {
  // Bytes in a response travel in V8's serialization (plain strings may cross as JSON text, whose length the
  // writer does not read through byteLength): the frame of this answer says 64 MiB more than it is.
  if (new URL(request.url).pathname === '/lie') {
    lie = 64 << 20;
    return new Response(new TextEncoder().encode('never arrives'));
  }
  return new Response('A ok');
} };`;

const B_APP = 'export default { fetch() { return new Response(\'B ok\'); } };';

test('a frame left unfinished by an isolate stops its sandbox only; A starts again, B answers throughout', { timeout: 120_000 }, async (t) => {
  const { serve } = await startTwoAccounts(tempDir('ledge-unfinished-frame-'), [], { a: A_APP, b: B_APP });
  t.after(() => { serve.child.kill('SIGKILL'); });
  assert.deepEqual(await visit(serve.app, A_HOST), { status: 200, body: 'A ok' });
  // Its answer is the unfinished frame: it never comes (the request ends when the sandbox is stopped).
  const lied = visit(serve.app, A_HOST, '/lie').catch((err: unknown) => err);
  assert.deepEqual(await visit(serve.app, B_HOST), { status: 200, body: 'B ok' });
  // Polled rather than waitFor, whose timeout message prints the output (the bootstrap token among it).
  const stop = /sandbox \S+ of account [0-9a-f]{32} broke the channel protocol \(isolate \d+ left a frame unfinished for \d+ s while its event loop ran\); it is stopped/;
  for (const end = Date.now() + 40_000; !stop.test(serve.output());) {
    assert.ok(Date.now() < end, 'A\'s sandbox was never stopped: the host still waits for the rest of the frame');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.deepEqual(await visit(serve.app, B_HOST), { status: 200, body: 'B ok' });
  assert.deepEqual(await visit(serve.app, A_HOST), { status: 200, body: 'A ok' }, 'A\'s next request starts a fresh sandbox');
  assert.notDeepEqual(await lied, { status: 200, body: 'never arrives' }, 'the lying answer never arrived whole');
});

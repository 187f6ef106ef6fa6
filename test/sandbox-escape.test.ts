// Escape suite, part 1: the filesystem, processes and Node modules, as account A, while account B keeps
// answering (issue 13, item 7). Attempts that item 4 (no host objects in the global scope) stops earlier are in
// sandbox-escape-globals.test.ts; here A is assumed to hold whatever it can reach, and what it reaches must
// still be contained by the sandbox process.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startEscapeRig, type EscapeRig } from './sandbox-helpers.js';

let rig: EscapeRig;
before(async () => { rig = await startEscapeRig(); });
after(async () => { await rig?.close(); });

/** The attempt was refused (it failed, or answered without its result) and B still answers. */
async function refused(attempt: string, why = ''): Promise<string> {
  const { status, result, text } = await rig.attack(attempt);
  assert.ok(status !== 200 || result?.ok === false, `${attempt} should be refused ${why}; got ${status} ${text}`);
  if (process.env.ESCAPE_DEBUG) console.error(attempt, status, text.slice(0, 160));
  await rig.bStillAnswers();
  return result?.error ?? text;
}

test('A reads nothing of the state directory: not B\'s key-value files, not control.sqlite', async () => {
  const state = rig.p.stateDir;
  for (const file of ['control.sqlite', 'control.sqlite-wal', path.join('accounts', rig.b, 'kv.sqlite'), path.join('accounts', rig.b, 'kv.sqlite-wal'), path.join('accounts', rig.a, 'kv.sqlite')]) {
    await refused(`/read?path=${encodeURIComponent(path.join(state, file))}`, file);
  }
  await refused(`/readdir?path=${encodeURIComponent(state)}`);
});

test('relative paths, /proc/self/environ and /proc/1/root lead nowhere', async () => {
  for (const target of ['../../etc/passwd', '../../../../../../etc/shadow', '/proc/self/environ', '/proc/1/root/etc/passwd', '/proc/1/environ', '/etc/hostname']) {
    await refused(`/read?path=${encodeURIComponent(target)}`, target);
  }
});

test('no child process: exec and a fork bomb are refused', async () => {
  assert.match(await refused('/exec'), /ERR_ACCESS_DENIED|not|refused|undefined/i);
  await refused('/fork-bomb');
});

test('the private /tmp cannot be filled (no writes at all)', async () => {
  await refused('/write');
});

test('the host environment is not there: the sandbox starts with an empty one', async () => {
  const { result } = await rig.attack('/env');
  if (result?.ok) assert.equal(result.value, '{}', 'an environment reached the sandbox');
  await rig.bStillAnswers();
});

test('a raw socket to the platform\'s API listener finds nothing: the sandbox has no network but its own loopback', async () => {
  const port = Number(new URL(rig.p.apiUrl).port);
  assert.match(await refused(`/net?host=127.0.0.1&port=${port}`), /ECONNREFUSED|ENETUNREACH|ERR_ACCESS_DENIED|not/i);
  assert.match(await refused(`/net?host=127.0.0.1&port=${Number(new URL(rig.p.appUrl).port)}`), /ECONNREFUSED|ENETUNREACH|ERR_ACCESS_DENIED|not/i);
});

test('the inspector, if it opens at all, listens only inside the sandbox', async () => {
  const port = 40000 + Math.floor(Math.random() * 20000);
  const { result } = await rig.attack(`/inspector?port=${port}`);
  if (result?.ok) {
    const reached = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    assert.equal(reached, false, 'the host reached an inspector opened by application code');
  }
  await rig.bStillAnswers();
});

test('signals: pid 1, the parent and the platform\'s pid are out of reach; a sandbox that kills itself takes only A down', async () => {
  const pids = await rig.attack('/pids');
  if (pids.result?.ok) {
    const { pid, ppid } = pids.result.value as { pid: number; ppid: number };
    assert.ok(pid < 10, `the sandbox sees its own pid namespace (pid ${pid})`);
    await rig.attack('/kill?pid=1');
    await rig.attack(`/kill?pid=${ppid}`);
    await rig.attack(`/kill?pid=${process.pid}`);
    await rig.bStillAnswers();
    const self = await rig.attack(`/kill?pid=${pid}`);
    assert.notEqual(self.status, 200, 'a sandbox that killed itself does not answer that request');
  } else {
    await refused(`/kill?pid=${process.pid}`);
  }
  await rig.bStillAnswers();
  // A's next request starts a fresh sandbox.
  assert.equal(await (await rig.p.visit('evil.admin.ledge.localhost', '/ping')).text(), 'A ok');
  assert.equal(process.kill(process.pid, 0), true, 'the platform is alive');
});

test('each module A can import by a computed name gives it nothing outside its sandbox', async () => {
  for (const name of ['fs', 'child_process', 'worker_threads', 'net', 'vm', 'inspector']) {
    await rig.attack(`/import?name=${name}`);
    await rig.bStillAnswers();
  }
  await refused(`/read?path=${encodeURIComponent(path.join(rig.p.stateDir, 'control.sqlite'))}`);
});

test('A and B run in different sandbox processes, measured by the host from the kernel', async () => {
  await rig.attack('/ping');
  await rig.bStillAnswers();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const boxes = rig.p.isolation.sandboxes();
  const a = boxes.find((s) => s.accountId === rig.a);
  const b = boxes.find((s) => s.accountId === rig.b);
  assert.ok(a && b && a.pid !== b.pid, JSON.stringify(boxes));
  assert.ok(a.rssBytes > 10e6 && a.cpuMs > 0, `A's sandbox is measured: ${JSON.stringify(a)}`);
});

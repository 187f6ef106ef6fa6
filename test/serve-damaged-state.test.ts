// Damaged state files under a real `ledge serve` with two accounts: one account's damaged key-value, queue
// or object metadata file fails only that account (503, a log line naming the file), never the start; a
// damaged control.sqlite stops the start cleanly; an empty or missing one beside accounts' data is refused
// unless --reset-control; a cached module that differs from control.sqlite is rebuilt, never run.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, openSync, readdirSync, renameSync, rmSync, statSync, truncateSync, writeFileSync, closeSync, writeSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runCli, type CliProcess } from './cli.js';
import { tempDir } from './helpers.js';
import { deployBody } from './serve-helpers.js';
import { apiCall, exitWithin, startServe, visit, type ServeProcess } from './serve-process.js';

/** Counts visits in KV, sends each to a queue (consumed by the same deployment) and writes it to a bucket. */
const APP = (label: string) => `export default {
  async fetch(request, env) {
    const n = Number(await env.CACHE.get('visits') ?? 0) + 1;
    await env.CACHE.put('visits', String(n));
    await env.JOBS.send({ n });
    await env.FILES.put('last', String(n));
    return new Response(${JSON.stringify(label)} + ' ' + n);
  },
  async queue(batch) { batch.ackAll(); },
  async scheduled() {},
};`;

/** A stack trace line: the platform must never print one for a damaged file. */
const STACK = /^\s+at /m;

interface Fixture { state: string; a: string; b: string; token: string }
let pristine: Fixture;

/** A stopped platform with two accounts, each with a deployment binding KV, a queue (producer and consumer), a bucket and a cron; each visited twice. */
async function twoAccounts(): Promise<Fixture> {
  const state = tempDir('ledge-damage-');
  const serve = await startServe(state);
  try {
    const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
    const a = (await serve.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
    const created = await apiCall(serve.api, token, 'POST', '/accounts', { name: 'Team B' });
    assert.equal(created.status, 201, created.text);
    const b = created.result.id as string;
    for (const [account, label, host] of [[a, 'a', 'a.example.com'], [b, 'b', 'b.example.com']] as const) {
      const kv = await apiCall(serve.api, token, 'POST', `/accounts/${account}/storage/kv/namespaces`, { title: `cache-${label}` });
      assert.equal(kv.status, 201, kv.text);
      assert.equal((await apiCall(serve.api, token, 'POST', `/accounts/${account}/queues`, { queue_name: `jobs-${label}` })).status, 201);
      assert.equal((await apiCall(serve.api, token, 'POST', `/accounts/${account}/buckets`, { name: `files-${label}` })).status, 201);
      const put = await apiCall(serve.api, token, 'PUT', `/accounts/${account}/deployments/app-${label}`, deployBody(APP(label), {
        kv_namespaces: [{ binding: 'CACHE', id: kv.result.id }],
        queues: { producers: [{ binding: 'JOBS', queue: `jobs-${label}` }], consumers: [{ queue: `jobs-${label}` }] },
        buckets: [{ binding: 'FILES', bucket_name: `files-${label}` }],
        triggers: { crons: ['0 0 1 1 *'] },
        routes: [host],
      }));
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(await visit(serve.app, host), { status: 200, body: `${label} 1` });
      assert.deepEqual(await visit(serve.app, host), { status: 200, body: `${label} 2` });
    }
    serve.child.kill('SIGTERM');
    assert.equal(await serve.exited, 0, serve.output());
    return { state, a, b, token };
  } finally {
    if (serve.child.exitCode === null) serve.child.kill('SIGKILL');
  }
}

/** A copy of the pristine stopped platform to damage. */
function copyOf(fixture: Fixture): Fixture {
  const state = tempDir('ledge-damage-copy-');
  cpSync(fixture.state, state, { recursive: true });
  return { ...fixture, state };
}

function truncateToHalf(file: string): void {
  const size = statSync(file).size;
  assert.ok(size > 4096, `${file} has more than one page (${size} bytes)`);
  truncateSync(file, Math.floor(size / 2));
}

function garbleHeader(file: string): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.from('not a database!!'), 0, 16, 0);
  closeSync(fd);
}

/** The exit code of a start that must stop by itself; a platform still running after 30 s is killed and fails the test. */
async function stoppedOnItsOwn(proc: CliProcess): Promise<number | null | 'running'> {
  const code = await exitWithin(proc, 30_000);
  if (code === 'running') proc.child.kill('SIGKILL');
  return code;
}

before(async () => {
  pristine = await twoAccounts();
});

const ACCOUNT_FILES = [
  ['key-value', 'kv.sqlite', 'the key-value store'],
  ['queue', 'queues.sqlite', 'the queue store'],
  ['object metadata', path.join('objects', 'objects.sqlite'), 'the object store metadata'],
] as const;

for (const [kind, name, what] of ACCOUNT_FILES) {
  for (const [how, damage] of [['truncated', truncateToHalf], ['with a garbled header', garbleHeader]] as const) {
    test(`a ${kind} file of one account ${how}: the platform starts, that account answers 503, the other 200, and the log names the file`, async () => {
      const { state, a } = copyOf(pristine);
      const file = path.join(state, 'accounts', a, name);
      damage(file);
      const serve = await startServe(state);
      try {
        assert.deepEqual(await visit(serve.app, 'b.example.com'), { status: 200, body: 'b 3' }, 'the other account is untouched');
        assert.equal((await visit(serve.app, 'a.example.com')).status, 503);
        assert.deepEqual(await visit(serve.app, 'b.example.com'), { status: 200, body: 'b 4' });
        await serve.waitFor(new RegExp(`account ${a}: ${what} ${file.replace(/[.\\]/g, '\\$&')} is damaged \\(.+\\); restore it from a backup`));
        assert.doesNotMatch(serve.output(), STACK);
        serve.child.kill('SIGTERM');
        assert.equal(await serve.exited, 0);
      } finally {
        if (serve.child.exitCode === null) serve.child.kill('SIGKILL');
      }
    });
  }
}

test('the documented restore: stop, set the damaged file (and its -wal, -shm) aside, put the backup in place, start', async () => {
  const { state, a } = copyOf(pristine);
  const file = path.join(state, 'accounts', a, 'kv.sqlite');
  const backup = path.join(tempDir(), 'kv.sqlite');
  cpSync(file, backup);
  garbleHeader(file);
  const damaged = await startServe(state);
  assert.equal((await visit(damaged.app, 'a.example.com')).status, 503);
  damaged.child.kill('SIGTERM');
  assert.equal(await damaged.exited, 0);
  const aside = path.join(tempDir(), 'damaged');
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, `${aside}${suffix}`);
  cpSync(backup, file);
  const restored = await startServe(state);
  try {
    assert.deepEqual(await visit(restored.app, 'a.example.com'), { status: 200, body: 'a 3' }, 'the visits counted before the damage are back');
  } finally {
    restored.child.kill('SIGKILL');
  }
});

test('a damaged control.sqlite stops the start with one clear line and exit 1, never a stack trace', async () => {
  for (const damage of [garbleHeader, truncateToHalf]) {
    const { state } = copyOf(pristine);
    const file = path.join(state, 'control.sqlite');
    damage(file);
    const serve = runCli(['serve', '--state', state, '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
    assert.equal(await stoppedOnItsOwn(serve), 1, serve.output());
    assert.match(serve.output(), new RegExp(`^ledge: the control state ${file.replace(/[.\\]/g, '\\$&')} is damaged \\(.+\\); ledge serve cannot start without it: restore it from a backup`, 'm'));
    assert.doesNotMatch(serve.output(), STACK);
    assert.doesNotMatch(serve.output(), /internal error|bootstrap token/);
  }
});

test('a missing or empty control.sqlite beside accounts\' data is refused; --reset-control starts afresh, and only then', async () => {
  const variants: [string, (file: string) => void][] = [
    ['empty', (file) => writeFileSync(file, '')],
    ['empty', (file) => { rmSync(file); const db = new Database(file); db.pragma('user_version = 7'); db.close(); }],
    ['missing', (file) => rmSync(file)],
  ];
  for (const [state_, damage] of variants) {
    const { state } = copyOf(pristine);
    const file = path.join(state, 'control.sqlite');
    damage(file);
    const refused = runCli(['serve', '--state', state, '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
    assert.equal(await stoppedOnItsOwn(refused), 1, refused.output());
    assert.match(refused.output(), new RegExp(`^ledge: ${file.replace(/[.\\]/g, '\\$&')} is ${state_}, but accounts and cache/versions hold data of an earlier start: .* or pass --reset-control`, 'm'));
    assert.doesNotMatch(refused.output(), /bootstrap token/);
    assert.equal(existsSync(file), state_ !== 'missing', 'a refused start creates nothing');
  }

  const { state, b } = copyOf(pristine);
  writeFileSync(path.join(state, 'control.sqlite'), '');
  const reset = await startServe(state, ['--reset-control']);
  try {
    await reset.waitFor(/bootstrap token \(shown once, store it now\): ledge_/);
    assert.match(reset.output(), /--reset-control: starting with a new control state/);
    assert.equal((await visit(reset.app, 'b.example.com')).status, 404, 'the old accounts are not served by the new control state');
    assert.ok(readdirSync(path.join(state, 'accounts')).includes(b), 'their data stays where it was');
  } finally {
    reset.child.kill('SIGTERM');
    await reset.exited;
  }
  const again = runCli(['serve', '--state', state, '--reset-control', '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
  assert.equal(await stoppedOnItsOwn(again), 2, again.output());
  assert.match(again.output(), /--reset-control: .*control\.sqlite holds the platform's accounts/);
});

test('a cached module that no longer matches control.sqlite is rebuilt from it, never run', async () => {
  const { state } = copyOf(pristine);
  const versions = path.join(state, 'cache', 'versions');
  let tampered = 0;
  for (const id of readdirSync(versions)) {
    writeFileSync(path.join(versions, id, 'index.js'), 'export default { fetch() { return new Response("tampered"); } };');
    tampered++;
  }
  assert.equal(tampered, 2);
  const serve: ServeProcess = await startServe(state);
  try {
    assert.deepEqual(await visit(serve.app, 'b.example.com'), { status: 200, body: 'b 3' });
    assert.deepEqual(await visit(serve.app, 'a.example.com'), { status: 200, body: 'a 3' });
    assert.match(serve.output(), /the cached module .*index\.js does not match the copy in control\.sqlite; rebuilt the cache from control\.sqlite/);
  } finally {
    serve.child.kill('SIGKILL');
  }
});

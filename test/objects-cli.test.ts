import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli, startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

async function ledge(args: string[]): Promise<{ code: number | null; out: string }> {
  const proc = runCli(args);
  const code = await proc.exited;
  return { code, out: proc.output() };
}

test('ledge objects reads and writes the state ledge dev serves; lifecycle get, set and run', async (t) => {
  const dir = makeProject({ 'src/index.js': 'export default { async fetch(r, env) { const o = await env.FILES.get("hello.txt"); return new Response(o ? o.body : "none", { headers: o ? { "content-type": o.httpMetadata.contentType } : {} }); } };' },
    { buckets: [{ binding: 'FILES', bucket_name: 'assets' }] });
  const state = tempDir('ledge-objcli-');
  const common = ['--dir', dir, '--state', state];
  const file = path.join(tempDir(), 'hello.txt');
  writeFileSync(file, 'hello from a file');
  assert.match((await ledge(['objects', 'put', 'assets', 'hello.txt', '--file', file, '--content-type', 'text/plain', ...common])).out, /stored hello\.txt in assets \(17 bytes, etag [0-9a-f]{32}\)/);
  assert.equal((await ledge(['objects', 'put', 'FILES', 'logs/old.log', 'old', ...common])).code, 0);
  const dev = await startDev(dir, ['--state', state]);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const res = await fetch(dev.url);
  assert.equal(await res.text(), 'hello from a file');
  assert.equal(res.headers.get('content-type'), 'text/plain');

  assert.deepEqual((await ledge(['objects', 'get', 'assets', 'hello.txt', ...common])), { code: 0, out: 'hello from a file' });
  const out = path.join(tempDir(), 'copy.txt');
  assert.equal((await ledge(['objects', 'get', 'assets', 'hello.txt', '--file', out, ...common])).code, 0);
  assert.equal(readFileSync(out, 'utf8'), 'hello from a file');
  const listed = JSON.parse((await ledge(['objects', 'list', 'assets', '--json', ...common])).out) as { key: string; size: number }[];
  assert.deepEqual(listed.map((o) => [o.key, o.size]), [['hello.txt', 17], ['logs/old.log', 3]]);

  const rules = path.join(tempDir(), 'rules.json');
  writeFileSync(rules, JSON.stringify([{ id: 'logs', prefix: 'logs/', expire: { date: '2020-01-01' } }]));
  assert.equal((await ledge(['objects', 'lifecycle', 'set', 'assets', '--file', rules, ...common])).out, 'set 1 rule(s) on assets\n');
  const got = JSON.parse((await ledge(['objects', 'lifecycle', 'get', 'assets', ...common])).out) as { id: string }[];
  // Rules written in ledge.jsonc apply to the CLI as well, before any ledge dev start.
  assert.deepEqual(got.map((r) => r.id), ['logs', 'default-multipart-abort']);
  const dry = await ledge(['objects', 'lifecycle', 'run', 'assets', '--dry-run', ...common]);
  assert.match(dry.out, /would delete logs\/old\.log\nassets: dry run, nothing changed; 1 object\(s\) would delete/);
  assert.equal((await ledge(['objects', 'list', 'assets', ...common])).out.split('\n').filter(Boolean).length, 2, 'a dry run deletes nothing');
  const real = await ledge(['objects', 'lifecycle', 'run', 'assets', '--json', ...common]);
  assert.deepEqual(JSON.parse(real.out), { bucket: 'assets', deleted: ['logs/old.log'], aborted: [], dry_run: false });
  assert.deepEqual((await ledge(['objects', 'list', 'assets', '--json', ...common])).out.includes('logs/old.log'), false);

  assert.equal((await ledge(['objects', 'delete', 'assets', 'hello.txt', ...common])).out, 'deleted hello.txt from assets\n');
  const missing = await ledge(['objects', 'get', 'assets', 'hello.txt', ...common]);
  assert.equal(missing.code, 1);
  assert.match(missing.out, /object "hello\.txt" not found in assets/);
});

test('ledge objects explains bad input', async () => {
  const dir = makeProject({ 'src/index.js': 'export default {}' }, { buckets: [{ binding: 'FILES', bucket_name: 'assets' }] });
  const common = ['--dir', dir, '--state', tempDir('ledge-objcli-')];
  assert.match((await ledge(['objects', 'list', 'nope', ...common])).out, /has no bucket named "nope" \(it has: assets \(binding FILES\)\)/);
  const bad = path.join(tempDir(), 'bad.json');
  writeFileSync(bad, JSON.stringify([{ id: 'x', prefix: 'a/' }]));
  const refused = await ledge(['objects', 'lifecycle', 'set', 'assets', '--file', bad, ...common]);
  assert.equal(refused.code, 2);
  assert.match(refused.out, /a rule needs "expire" or "abortMultipartAfterDays"/);
  writeFileSync(bad, '{ not json');
  assert.match((await ledge(['objects', 'lifecycle', 'set', 'assets', '--file', bad, ...common])).out, /not valid JSON/);
  assert.match((await ledge(['objects', 'put', 'assets', 'k'.repeat(1100), 'x', ...common])).out, /put: The specified object name is not valid\. \(10020\)/);
  assert.match((await ledge(['objects', 'put', 'assets', '', 'x', ...common])).out, /put: The specified object name is not valid\. \(10020\)/);
  assert.match((await ledge(['objects', 'put', 'assets', 'k', ...common])).out, /missing the value: give it as an argument or with --file FILE/);
});

test('lifecycle rules written in ledge.jsonc apply to the CLI before any ledge dev start', async () => {
  const dir = makeProject({ 'src/index.js': 'export default {}' }, { buckets: [{ binding: 'FILES', bucket_name: 'assets', lifecycle: [{ id: 'tmp', prefix: 'tmp/', expire: { date: '2020-01-01' } }, { id: 'off', enabled: false, expire: { days: 1 } }] }] });
  const common = ['--dir', dir, '--state', tempDir('ledge-objcli-')];
  assert.equal((await ledge(['objects', 'put', 'assets', 'tmp/x', 'x', ...common])).code, 0);
  const rules = JSON.parse((await ledge(['objects', 'lifecycle', 'get', 'assets', ...common])).out) as { id: string }[];
  assert.deepEqual(rules.map((r) => r.id), ['tmp', 'off', 'default-multipart-abort'], 'disabled rules are shown too');
  assert.match((await ledge(['objects', 'lifecycle', 'run', 'assets', ...common])).out, /deleted tmp\/x/);
});

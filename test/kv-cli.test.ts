import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli, startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

async function kv(args: string[]): Promise<{ code: number | null; out: string }> {
  const proc = runCli(['kv', ...args]);
  const code = await proc.exited;
  return { code, out: proc.output() };
}

test('ledge kv reads and writes the same local state ledge dev serves', async (t) => {
  const dir = makeProject({ 'src/index.js': 'export default { async fetch(r, env) { if (r.method === "POST") { await env.CACHE.put("from-app", "app value"); return new Response("ok"); } return new Response(await env.CACHE.get("from-cli")); } };' },
    { kv_namespaces: [{ binding: 'CACHE', id: 'cache-ns' }] });
  const state = tempDir('ledge-kvcli-');
  const common = ['--dir', dir, '--state', state];
  assert.equal((await kv(['put', 'from-cli', 'cli value', ...common])).out, 'stored from-cli in CACHE\n');
  const file = path.join(tempDir(), 'value.bin');
  writeFileSync(file, 'file value');
  assert.equal((await kv(['put', 'from-file', '--path', file, '--metadata', '{"source":"file"}', ...common])).code, 0);

  const dev = await startDev(dir, ['--state', state]);
  t.after(() => { dev.child.kill('SIGKILL'); });
  assert.equal(await (await fetch(dev.url)).text(), 'cli value');
  assert.equal(await (await fetch(dev.url, { method: 'POST' })).text(), 'ok');

  const got = await kv(['get', 'from-app', ...common]);
  assert.deepEqual(got, { code: 0, out: 'app value' });
  const json = await kv(['get', 'from-file', '--json', ...common]);
  assert.deepEqual(JSON.parse(json.out), { key: 'from-file', value: 'file value', metadata: { source: 'file' } });
  assert.equal((await kv(['list', ...common])).out, 'from-app\nfrom-cli\nfrom-file\n');
  assert.deepEqual(JSON.parse((await kv(['list', '--prefix', 'from-f', '--json', ...common])).out), [{ name: 'from-file', metadata: { source: 'file' } }]);
  assert.equal((await kv(['delete', 'from-cli', ...common])).out, 'deleted from-cli from CACHE\n');
  const missing = await kv(['get', 'from-cli', ...common]);
  assert.equal(missing.code, 1);
  assert.match(missing.out, /ledge: key "from-cli" not found in CACHE/);
});

test('ledge kv explains bad input', async () => {
  const dir = makeProject({ 'src/index.js': 'export default {}' }, { kv_namespaces: [{ binding: 'A', id: 'a' }, { binding: 'B', id: 'b' }] });
  const state = tempDir('ledge-kvcli-');
  const several = await kv(['get', 'k', '--dir', dir, '--state', state]);
  assert.equal(several.code, 2);
  assert.match(several.out, /has several kv bindings \(A, B\); choose one with --binding/);
  const unknown = await kv(['get', 'k', '--dir', dir, '--state', state, '--binding', 'C']);
  assert.match(unknown.out, /has no kv binding "C" \(it has: A, B\)/);
  const ttl = await kv(['put', 'k', 'v', '--ttl', '30', '--dir', dir, '--state', state, '--binding', 'A']);
  assert.equal(ttl.code, 1, 'a limit refused by the store exits 1');
  assert.match(ttl.out, /KV PUT failed: 400 Invalid expiration_ttl of 30\. Expiration TTL must be at least 60\./);
  const empty = await kv(['put', '', 'v', '--dir', dir, '--state', state, '--binding', 'A']);
  assert.match(empty.out, /Key name cannot be empty\./);
  assert.equal(empty.code, 2, 'an argument mistake exits 2');
  const notNumber = await kv(['put', 'k', 'v', '--ttl', 'abc', '--dir', dir, '--state', state, '--binding', 'A']);
  assert.match(notNumber.out, /--ttl: expected an integer, got "abc"/);
  const noValue = await kv(['put', 'k', '--dir', dir, '--state', state, '--binding', 'A']);
  assert.match(noValue.out, /missing the value: give it as an argument or with --path FILE/);
  const none = makeProject({ 'src/index.js': 'export default {}' });
  assert.match((await kv(['list', '--dir', none, '--state', state])).out, /declares no kv binding/);
});

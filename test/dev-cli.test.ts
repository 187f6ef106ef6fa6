import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { CLI, interrupt, runCli, startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

test('a source change reloads the code without dropping requests in flight', async (t) => {
  const source = (v: string) => `export default { async fetch(request) {
    if (new URL(request.url).pathname === '/slow') await new Promise((r) => setTimeout(r, 1500));
    return new Response('${v}');
  } };`;
  const dir = makeProject({ 'src/index.js': source('v1') });
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  assert.equal(await (await fetch(dev.url)).text(), 'v1');
  const inFlight = fetch(`${dev.url}/slow`).then(async (r) => ({ status: r.status, text: await r.text() }));
  await new Promise((r) => setTimeout(r, 200));
  writeFileSync(path.join(dir, 'src/index.js'), source('v2'));
  await dev.waitFor(/reloaded test-app \(version 2\)/);
  assert.equal(await (await fetch(dev.url)).text(), 'v2');
  assert.deepEqual(await inFlight, { status: 200, text: 'v1' }, 'the request in flight finished on the old version');

  writeFileSync(path.join(dir, 'src/index.js'), 'export default { fetch( { broken');
  await dev.waitFor(/reload failed; still serving the previous version/);
  assert.equal(await (await fetch(dev.url)).text(), 'v2');
  assert.equal(await interrupt(dev), 0);
});

test('a change to an imported module and to ledge.jsonc both reload', async (t) => {
  const dir = makeProject({
    'src/index.js': 'import { word } from "./word.js"; export default { fetch(r, env) { return new Response(word + "/" + env.MODE); } };',
    'src/word.js': 'export const word = "first";',
  }, { vars: { MODE: 'a' } });
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  assert.equal(await (await fetch(dev.url)).text(), 'first/a');
  writeFileSync(path.join(dir, 'src/word.js'), 'export const word = "second";');
  await dev.waitFor(/version 2/);
  assert.equal(await (await fetch(dev.url)).text(), 'second/a');
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({ name: 'test-app', main: 'src/index.js', compatibility_date: '2026-10-01', vars: { MODE: 'b' } }));
  await dev.waitFor(/version 3/);
  assert.equal(await (await fetch(dev.url)).text(), 'second/b');
  dev.child.kill('SIGINT');
  assert.equal(await dev.exited, 0);
});

test('invalid configuration exits 2 with the file, path and rule, before listening', async () => {
  const dir = makeProject({ 'src/index.js': 'export default {}' }, { compatibility_date: '2026-13-01' });
  const proc = runCli(['dev', dir, '--port', '0']);
  assert.equal(await proc.exited, 2);
  assert.match(proc.output(), /ledge: .*ledge\.jsonc: compatibility_date: expected YYYY-MM-DD, got "2026-13-01"/);
  assert.doesNotMatch(proc.output(), /ready on/);
  assert.doesNotMatch(proc.output(), / {4}at /, 'a user error prints no stack');
});

test('configuration nested thousands deep (vars, arrays in arrays) exits 2 with the place named, never a stack overflow', async () => {
  const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
  const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  for (const vars of [`{"X":${objects(3000)}}`, `{"X":${arrays(3000)}}`, `{"X":[${arrays(200_000)}]}`]) {
    const dir = makeProject({ 'src/index.js': 'export default {}' });
    // A comment and a string full of brackets come first: they are not nesting.
    writeFileSync(path.join(dir, 'ledge.jsonc'), `// deep\n{ /* [[[[ {{{{ */ "name": "deep", "main": "src/index.js", "compatibility_date": "2026-10-01",\n  "x_note": "${'['.repeat(100)}",\n  "vars": ${vars} }\n`);
    for (const args of [['dev', dir, '--port', '0'], ['deploy', dir, '--dry-run']]) {
      const proc = runCli(args, { env: { LEDGE_API_TOKEN: 'ledge_unused', LEDGE_API_URL: 'http://127.0.0.1:9' } });
      assert.equal(await proc.exited, 2, `${args[0]}: ${proc.output().slice(0, 300)}`);
      assert.match(proc.output(), /ledge: .*ledge\.jsonc:4:\d+: objects and arrays nest more than 64 levels deep/);
      assert.doesNotMatch(proc.output(), /RangeError|Maximum call stack|internal error| {4}at /);
    }
  }
  const within = makeProject({ 'src/index.js': 'export default { fetch() { return new Response("ok"); } }' }, { vars: { X: JSON.parse(objects(40)) } });
  const dev = runCli(['dev', within, '--port', '0']);
  await dev.waitFor(/ready on/);
  // Reaching "ready on" is the claim here; a clean stop on SIGINT is tested on its own below.
  dev.child.kill('SIGKILL');
  await dev.exited;
});

test('an unknown field is an error naming it, before listening', async () => {
  const dir = makeProject({ 'src/index.js': 'export default { fetch() { return new Response("up"); } };' }, { colour: 'blue' });
  const proc = runCli(['dev', dir, '--port', '0']);
  assert.equal(await proc.exited, 2);
  assert.match(proc.output(), /ledge: .*ledge\.jsonc: colour: Ledge has no such setting; remove it or check its spelling/);
  assert.doesNotMatch(proc.output(), /ready on/);
});

test('a port in use is a clear error', async (t) => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  t.after(() => blocker.close());
  const port = (blocker.address() as { port: number }).port;
  const dir = makeProject({ 'src/index.js': 'export default { fetch() { return new Response("x"); } };' });
  const proc = runCli(['dev', dir, '--port', String(port)]);
  assert.equal(await proc.exited, 1);
  assert.match(proc.output(), new RegExp(`ledge: --port: 127\\.0\\.0\\.1:${port} is already in use; choose another port \\(0 picks a free one\\)`));
});

test('bad arguments are usage errors', async () => {
  const proc = runCli(['dev', '.', '--port', 'eighty']);
  assert.equal(await proc.exited, 2);
  assert.match(proc.output(), /--port: expected an integer from 0 to 65535, got "eighty"/);
  const missing = runCli(['dev', tempDir()]);
  assert.equal(await missing.exited, 2);
  assert.match(missing.output(), /no ledge\.jsonc \(nor wrangler\.json, wrangler\.jsonc, wrangler\.toml\) in .*; run "ledge init" to create one/);
});

test('--env selects an environment and --state places local state', async (t) => {
  const dir = makeProject({ 'src/index.js': 'export default { fetch(r, env) { console.log("serving", env.MODE); return new Response(String(env.MODE)); } };' },
    { vars: { MODE: 'top' }, env: { production: { vars: { MODE: 'prod' } } } });
  const state = tempDir('ledge-state-');
  const dev = await startDev(dir, ['--env', 'production', '--state', state]);
  t.after(() => { dev.child.kill('SIGKILL'); });
  assert.match(dev.output(), /test-app-production ready on/);
  assert.equal(await (await fetch(dev.url)).text(), 'prod');
  await dev.waitFor(/\[test-app-production\] serving prod/);
  assert.ok(readdirSync(path.join(state, 'build')).some((f) => f.endsWith('.js')));
  assert.ok(!existsSync(path.join(dir, '.ledge')), 'nothing written to the project when --state is given');
  const unknown = runCli(['dev', dir, '--port', '0', '--env', 'staging']);
  assert.equal(await unknown.exited, 2);
  assert.match(unknown.output(), /no environment "staging"/);
});

test('over HTTP, a declared body over the limit gets 413 before the application runs', async (t) => {
  const dir = makeProject({ 'src/index.js': 'export default { async fetch(r) { console.log("handler ran"); return new Response(String((await r.arrayBuffer()).byteLength)); } };' });
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const { request } = await import('node:http');
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(`${dev.url}/upload`, { method: 'POST', headers: { 'content-length': String(101 * 1024 * 1024) } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); });
    req.on('error', reject);
    req.write('x');
  });
  assert.equal(status, 413);
  assert.equal(await (await fetch(`${dev.url}/`, { method: 'POST', body: 'small' })).text(), '5');
  assert.doesNotMatch(dev.output(), /handler ran[\s\S]*handler ran/, 'only the small request reached the handler');
});

test('SIGINT sent the moment ledge dev or ledge serve says it is ready stops it cleanly, every time', async () => {
  const dir = makeProject({ 'src/index.js': 'export default { fetch() { return new Response("ok"); } };' });
  // Reacting in the same data event as the line, as a supervisor would: the signal can arrive before the
  // command's next statement runs, so its listeners must already be there (a race that ended 3 of 8 runs by the signal).
  const stopAtReady = (args: string[], ready: RegExp) => new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    let sent = false;
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (!sent && ready.test(text)) { sent = true; child.kill('SIGINT'); }
    });
    child.stderr.resume();
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  for (let i = 0; i < 6; i++) {
    assert.deepEqual(await stopAtReady(['dev', dir, '--port', '0'], /ready on/), { code: 0, signal: null }, `ledge dev, round ${i + 1}`);
  }
  for (let i = 0; i < 3; i++) {
    const state = tempDir();
    assert.deepEqual(await stopAtReady(['serve', '--state', state, '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0'], /API on/), { code: 0, signal: null }, `ledge serve, round ${i + 1}`);
  }
});

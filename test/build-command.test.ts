// The project's own build (`build` in ledge.jsonc) before bundling, in ledge dev and ledge deploy; and Ledge's
// build output leaving the user's package.json alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { interrupt, runCli, startDev } from './cli.js';
import { makeProject, startProject, tempDir } from './helpers.js';
import { createLogger, createMemorySink } from '../src/platform/logger.js';

/** A build script as a framework's build would be: reads the sources, writes the server entry into dist/. */
const BUILD_SCRIPT = `import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
const message = readFileSync('src/message.txt', 'utf8').trim();
mkdirSync('dist', { recursive: true });
writeFileSync('dist/server.js', 'export default { fetch() { return new Response(' + JSON.stringify(message) + '); } };');
console.log('compiled src/message.txt');
console.error('a note on stderr');
`;

test('ledge dev runs the build before bundling, logs its output under "build", and runs it again when watch_dir changes', async (t) => {
  const dir = makeProject({ 'build.mjs': BUILD_SCRIPT, 'src/message.txt': 'first build' }, {
    main: 'dist/server.js',
    build: { command: 'node build.mjs', watch_dir: 'src' },
  });
  const server = await startProject(dir, { watch: true });
  t.after(() => server.close());
  assert.equal(await (await server.request(new Request('http://app.test/'))).text(), 'first build');
  const log = server.logText();
  assert.match(log, /info \[build\] running the build: node build\.mjs \(in \.\)/);
  assert.match(log, /info \[build\] compiled src\/message\.txt/);
  assert.match(log, /info \[build\] a note on stderr/);
  assert.match(log, /info \[build\] build finished in \d+\.\d s/);

  writeFileSync(path.join(dir, 'src/message.txt'), 'second build');
  const end = Date.now() + 15_000;
  let text = '';
  while ((text = await (await server.request(new Request('http://app.test/'))).text()) !== 'second build' && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  assert.equal(text, 'second build');
  assert.ok((server.logText().match(/running the build/g)?.length ?? 0) >= 2, 'the change ran the build again');
});

test('a failing build is a clear error naming the command and its exit code, and nothing is bundled', async () => {
  const dir = makeProject({ 'src/index.js': 'export default { fetch() { return new Response("stale"); } };' }, {
    build: { command: 'node -e "console.log(\'compiling...\'); process.exit(3)"' },
  });
  const sink = createMemorySink();
  await assert.rejects(startProject(dir, { logger: createLogger(sink) }), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'build_command_failed');
    assert.equal(err.message, 'the build command "node -e "console.log(\'compiling...\'); process.exit(3)"" failed with exit code 3 (in .); its output is above');
    return true;
  });
  assert.ok(sink.records.some((r) => r.source === 'build' && r.message === 'compiling...'), 'the output was streamed before the error');
  assert.equal(existsSync(path.join(dir, '.ledge', 'build', 'worker-1.js')), false, 'nothing was bundled');
});

test('a build that does not produce main says so', async () => {
  const dir = makeProject({}, { main: 'dist/never.js', build: { command: 'node -e "0"' } });
  await assert.rejects(startProject(dir), /the build command "node -e "0"" succeeded but main \(dist\/never\.js\) does not exist/);
});

test('ledge deploy runs the build first and streams its output under the step', async () => {
  const dir = makeProject({ 'build.mjs': BUILD_SCRIPT, 'src/message.txt': 'deployed' }, {
    main: 'dist/server.js',
    build: { command: 'node build.mjs' },
  });
  // No platform to deploy to: the build still runs first, then the token step fails.
  const home = tempDir();
  const run = runCli(['deploy', dir, '--dry-run'], { env: { HOME: home, XDG_CONFIG_HOME: home, LEDGE_API_TOKEN: '', LEDGE_API_URL: 'http://127.0.0.1:9' } });
  await run.exited;
  const out = run.output();
  assert.match(out, /… running the build: node build\.mjs \(in \.\)\n {2}build │ compiled src\/message\.txt\n/);
  assert.match(out, / {2}build │ a note on stderr\n/);
  assert.match(out, /✓ build finished: node build\.mjs \(\d+\.\d s\)/);

  const failing = makeProject({ 'src/index.js': 'export default {};' }, { build: { command: 'exit 7' } });
  const failed = runCli(['deploy', failing, '--dry-run'], { env: { HOME: home, XDG_CONFIG_HOME: home, LEDGE_API_TOKEN: '' } });
  assert.equal(await failed.exited, 1);
  assert.match(failed.output(), /✗ running the build: exit 7\n/);
  assert.match(failed.output(), /the build command "exit 7" failed with exit code 7 \(in \.\)/);
});

test("Node prints no advice about the user's package.json, whatever type it declares", async (t) => {
  for (const type of [undefined, 'commonjs']) {
    const dir = makeProject({
      'package.json': JSON.stringify({ name: 'user-app', version: '1.0.0', ...(type ? { type } : {}) }),
      'src/index.js': 'export default { fetch() { return new Response("served"); } };',
    });
    const dev = await startDev(dir);
    t.after(() => { dev.child.kill('SIGKILL'); });
    assert.equal(await (await fetch(dev.url)).text(), 'served');
    assert.equal(await interrupt(dev), 0);
    assert.doesNotMatch(dev.output(), /MODULE_TYPELESS_PACKAGE_JSON|"type": "module"|Warning/, `no Node warning with package.json type ${type ?? '(none)'}`);
  }
});

// `define` and `alias` from the original's configuration file (reference control-plane.md 5.3/5.4): names the bundler
// replaces with code, and module aliases, applied by ledge dev and ledge deploy's bundle. `define` is not inherited by
// environments (each repeats it, or is warned); `alias` is. A value the bundler cannot take is refused when the file is
// read, naming its key. Before, both keys were refused as missing features, so an application using them did not start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { interrupt, runCli, startDev } from './cli.js';
import { tempDir } from './helpers.js';

function project(config: Record<string, unknown>): string {
  const dir = tempDir('ledge-define-');
  mkdirSync(path.join(dir, 'src', 'shims'), { recursive: true });
  writeFileSync(path.join(dir, 'wrangler.jsonc'), JSON.stringify({ name: 'defined', main: 'src/index.js', compatibility_date: '2025-06-01', ...config }));
  writeFileSync(path.join(dir, 'src', 'shims', 'greeting.js'), "export const greet = (who) => 'hello from the alias, ' + who;");
  writeFileSync(path.join(dir, 'src', 'index.js'), `import { greet } from 'greeting-lib';
    export default {
      fetch() {
        return Response.json({ version: __VERSION__, build: BUILD_INFO, flag: globalThis.FEATURE_FLAG, url: process.env.API_URL, greeting: greet('you') });
      },
    };`);
  return dir;
}

const CONFIG = {
  define: { __VERSION__: '"1.2.3"', BUILD_INFO: '{"number":7}', 'globalThis.FEATURE_FLAG': 'true', 'process.env.API_URL': '"https://api.example.test"' },
  alias: { 'greeting-lib': './src/shims/greeting.js' },
  env: { staging: { define: { __VERSION__: '"1.2.3-staging"', BUILD_INFO: 'null', 'globalThis.FEATURE_FLAG': 'false', 'process.env.API_URL': '"https://staging.example.test"' } } },
};

test('define and alias of a wrangler file apply to ledge dev\'s bundle, define per environment', { timeout: 60_000 }, async (t) => {
  const dir = project(CONFIG);
  const dev = await startDev(dir);
  t.after(() => interrupt(dev));
  assert.deepEqual(await (await fetch(dev.url)).json(), { version: '1.2.3', build: { number: 7 }, flag: true, url: 'https://api.example.test', greeting: 'hello from the alias, you' });
  const staging = await startDev(dir, ['--env', 'staging']);
  t.after(() => interrupt(staging));
  // The alias is inherited by the environment; define is the environment's own.
  assert.deepEqual(await (await fetch(staging.url)).json(), { version: '1.2.3-staging', build: null, flag: false, url: 'https://staging.example.test', greeting: 'hello from the alias, you' });
});

test('an environment without define is warned; a value or a name the bundler cannot take is refused, naming its key', { timeout: 60_000 }, async () => {
  const unset = runCli(['deploy', '--dry-run', '--env', 'bare'], { cwd: project({ ...CONFIG, env: { bare: {} } }) });
  await unset.exited;
  assert.match(unset.output(), /"define" exists at the top level, but not on "env\.bare"/);
  const expression = runCli(['deploy', '--dry-run'], { cwd: project({ ...CONFIG, define: { __VERSION__: 'new Date().toISOString()' } }) });
  assert.equal(await expression.exited, 2, expression.output());
  assert.match(expression.output(), /define\.__VERSION__: expected a JSON literal .*; got "new Date\(\)\.toISOString\(\)"/);
  const name = runCli(['deploy', '--dry-run'], { cwd: project({ ...CONFIG, define: { 'not-a-name': '1' } }) });
  assert.equal(await name.exited, 2, name.output());
  assert.match(name.output(), /define\["not-a-name"\]: invalid key: expected an identifier or a dotted path of identifiers/);
});

// A configuration a build generated into its output, which `.wrangler/deploy/config.json` points to (what the
// original's Vite plugin writes for React Router, Astro and others): found, read with the generating tool's
// bookkeeping left out, its state kept in the project folder; broken pointers are errors naming the pointer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createManualClock } from '../../platform/clock.js';
import { findConfigFile, loadConfig } from '../load.js';

const clock = createManualClock(Date.UTC(2026, 10, 22, 12));

/** What the original's Vite plugin writes into build/server/wrangler.json (its normalised configuration). */
const GENERATED = {
  configPath: '/elsewhere/wrangler.jsonc', userConfigPath: '/elsewhere/wrangler.jsonc', topLevelName: 'notes', definedEnvironments: [],
  legacy_env: true, compatibility_date: '2025-04-04', compatibility_flags: [], jsx_factory: 'React.createElement', jsx_fragment: 'React.Fragment',
  rules: [{ type: 'ESModule', globs: ['**/*.js', '**/*.mjs'] }], name: 'notes', main: 'index.js', triggers: {}, assets: { directory: '../client' },
  vars: { GREETING: 'hi' }, durable_objects: { bindings: [] }, workflows: [], migrations: [], kv_namespaces: [{ binding: 'NOTES', id: 'abc' }],
  cloudchamber: {}, send_email: [], queues: { producers: [], consumers: [] }, r2_buckets: [], d1_databases: [], vectorize: [], hyperdrive: [],
  services: [], unsafe_hello_world: [], vpc_services: [], some_future_section: [], logfwdr: { bindings: [] }, upload_source_maps: true,
  observability: { enabled: true }, python_modules: { exclude: ['**/*.pyc'] }, dev: { ip: 'localhost' }, no_bundle: true,
};

function app(pointer: unknown = { configPath: '../../build/server/wrangler.json' }, generated: unknown = GENERATED): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-redirect-'));
  writeFileSync(path.join(dir, 'wrangler.jsonc'), '{ "name": "notes", "main": "./workers/app.ts", "compatibility_date": "2025-04-04" }');
  mkdirSync(path.join(dir, 'build', 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'build', 'client'), { recursive: true });
  writeFileSync(path.join(dir, 'build', 'server', 'index.js'), 'export default { fetch() { return new Response("ok") } }');
  writeFileSync(path.join(dir, 'build', 'server', 'wrangler.json'), JSON.stringify(generated));
  mkdirSync(path.join(dir, '.wrangler', 'deploy'), { recursive: true });
  writeFileSync(path.join(dir, '.wrangler', 'deploy', 'config.json'), typeof pointer === 'string' ? pointer : JSON.stringify(pointer));
  return dir;
}

test('the configuration a build generated is read instead of the project\'s own, with its paths and the project\'s state folder', () => {
  const dir = app();
  const file = findConfigFile(dir);
  assert.equal(file, path.join(dir, 'build', 'server', 'wrangler.json'));
  const { config, notice, warnings } = loadConfig(file, { clock, cwd: dir });
  assert.deepEqual(warnings, []);
  assert.equal(config.main, path.join(dir, 'build', 'server', 'index.js'));
  assert.equal(config.assets?.directory, path.join(dir, 'build', 'client'));
  assert.equal(config.dir, path.join(dir, 'build', 'server'));
  assert.equal(config.projectDir, dir, 'state stays out of the build output, which the next build empties');
  assert.deepEqual(config.vars, { GREETING: 'hi' });
  assert.deepEqual(config.bindings.kv_namespaces, [{ binding: 'NOTES', id: 'abc' }]);
  // One line says which file and why; the tool's bookkeeping and the empty sections it writes are not listed.
  assert.match(notice ?? '', /^read build\/server\/wrangler\.json, the original platform's configuration that the build generated \(\.wrangler\/deploy\/config\.json points to it\), as there is no ledge\.jsonc;/);
  assert.doesNotMatch(notice ?? '', /configPath|topLevelName|vpc_services|some_future_section|d1_databases → /);
  assert.match(notice ?? '', /left out upload_source_maps/);
});

test('a project without the pointer reads its own file; ledge.jsonc wins over the pointer', () => {
  const dir = app();
  writeFileSync(path.join(dir, 'ledge.jsonc'), '{}');
  assert.equal(findConfigFile(dir), path.join(dir, 'ledge.jsonc'));
  const plain = mkdtempSync(path.join(tmpdir(), 'ledge-redirect-'));
  writeFileSync(path.join(plain, 'wrangler.json'), '{}');
  assert.equal(findConfigFile(plain), path.join(plain, 'wrangler.json'));
});

test('the generating tool\'s keys are left out only of a generated file: in a file a person wrote they are refused as before', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-redirect-'));
  writeFileSync(path.join(dir, 'index.js'), 'export default {}');
  writeFileSync(path.join(dir, 'wrangler.json'), JSON.stringify({ name: 'x', main: 'index.js', compatibility_date: '2025-04-04', topLevelName: 'x', python_modules: { exclude: ['**/*.pyc'] }, no_bundle: true, vpc_services: [] }));
  assert.throws(() => loadConfig(path.join(dir, 'wrangler.json'), { clock, cwd: dir }), (err: Error & { code: string }) => {
    assert.match(err.message, /wrangler\.json: topLevelName: Ledge has no such setting/);
    assert.match(err.message, /wrangler\.json: python_modules: not supported/);
    assert.doesNotMatch(err.message, /no_bundle/, 'no_bundle has its behaviour now (docs/configuration.md, Bundling settings)');
    assert.doesNotMatch(err.message, /vpc_services/, 'an empty declaration of a missing feature is left out, as for the others');
    return true;
  });
  // A generated file still may not declare what Ledge lacks.
  const generated = app(undefined, { ...GENERATED, hyperdrive: [{ binding: 'H', id: 'i' }] });
  assert.throws(() => loadConfig(findConfigFile(generated), { clock, cwd: generated }), /hyperdrive: not supported: Ledge has no database connection pool binding/);
});

test('a broken pointer is an error naming the pointer and what to do', () => {
  const cases: [unknown, string, RegExp][] = [
    ['{ not json', 'config_parse', /^\.wrangler\/deploy\/config\.json: not valid JSON .*build the project again or delete the file/],
    [{}, 'config_invalid', /^\.wrangler\/deploy\/config\.json: "configPath" is missing/],
    [{ configPath: 42 }, 'config_invalid', /"configPath" is missing/],
    [{ configPath: '../../build/server/index.js' }, 'config_invalid', /configPath "\.\.\/\.\.\/build\/server\/index\.js" is not a wrangler\.json, wrangler\.jsonc or wrangler\.toml file/],
    [{ configPath: '../../dist/wrangler.json' }, 'config_not_found', /points to dist\/wrangler\.json, which does not exist; run the project's build again/],
  ];
  for (const [pointer, code, message] of cases) {
    assert.throws(() => findConfigFile(app(pointer)), (err: Error & { code: string }) => {
      assert.equal(err.code, code, JSON.stringify(pointer));
      assert.match(err.message, message);
      return true;
    });
  }
});

test('--env cannot pick an environment of a generated file: the build chose it', () => {
  const dir = app();
  assert.throws(() => loadConfig(findConfigFile(dir), { clock, cwd: dir, env: 'staging' }), (err: Error & { code: string }) => {
    assert.equal(err.code, 'config_invalid');
    assert.match(err.message, /^build\/server\/wrangler\.json: --env staging cannot choose an environment of a configuration the build generated .*CLOUDFLARE_ENV=staging/);
    return true;
  });
});

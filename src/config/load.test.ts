import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createManualClock } from '../platform/clock.js';
import { loadConfig, findConfigFile, DEFAULT_LIMITS } from './load.js';
import { toConfigJsonSchema } from './schema.js';
import { parseOriginalToml } from './original/read.js';

const clock = createManualClock(Date.UTC(2026, 10, 22, 12));

function project(text: string, files: string[] = ['src/index.js']): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-config-'));
  writeFileSync(path.join(dir, 'ledge.jsonc'), text);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), 'export default {}');
  }
  return path.join(dir, 'ledge.jsonc');
}

const load = (text: string, env?: string) => loadConfig(project(text), { env, clock, cwd: '/' });
const base = (extra = '') => `{ "name": "app", "main": "src/index.js", "compatibility_date": "2026-10-01"${extra} }`;

function rejects(text: string, pattern: RegExp, env?: string): void {
  assert.throws(() => load(text, env), (err: Error & { code?: string }) => {
    assert.match(err.message, pattern);
    return true;
  });
}

test('a minimal file gets the defaults of the reference', () => {
  const { config, warnings } = load(`// comments are allowed\n{ "name": "app", "main": "src/index.js", "compatibility_date": "2026-10-01", /* here too */ }`);
  assert.deepEqual(warnings, []);
  assert.equal(config.edge_dev, false);
  assert.equal(config.preview_urls, false);
  assert.deepEqual(config.routes, []);
  assert.deepEqual(config.limits, DEFAULT_LIMITS);
  assert.equal(config.limits.memory_mb, 128);
  assert.ok(path.isAbsolute(config.main ?? ""));
  assert.ok(Object.isFrozen(config) && Object.isFrozen(config.limits), 'configuration is frozen once validated');
});

test('an invalid compatibility date names the file, the path and the rule', () => {
  const file = project(base().replace('2026-10-01', '2026-13-01'));
  assert.throws(() => loadConfig(file, { clock, cwd: path.dirname(file) }), (err: Error & { code: string }) => {
    assert.equal(err.code, 'config_invalid');
    assert.equal(err.message, 'ledge.jsonc: compatibility_date: expected YYYY-MM-DD, got "2026-13-01"');
    return true;
  });
  rejects(base().replace('2026-10-01', '2026-02-30'), /compatibility_date: expected YYYY-MM-DD, got "2026-02-30"/);
  rejects(base().replace('"2026-10-01"', '20261001'), /compatibility_date: expected string, got 20261001/);
});

test('a compatibility date in the future is an error, today is accepted', () => {
  rejects(base().replace('2026-10-01', '2026-11-23'), /compatibility_date: "2026-11-23" is in the future \(today is 2026-11-22 UTC\)/);
  assert.equal(load(base().replace('2026-10-01', '2026-11-22')).config.compatibility_date, '2026-11-22');
  rejects(base(', "env": { "production": { "compatibility_date": "2030-01-01" } }'), /env\.production\.compatibility_date: "2030-01-01" is in the future/);
});

test('missing and mistyped fields are errors naming each path', () => {
  rejects('{ "main": "src/index.js", "compatibility_date": "2026-10-01" }', /ledge\.jsonc: name: is required/);
  rejects(base(', "edge_dev": "yes"'), /edge_dev: expected boolean, got "yes"/);
  rejects(base(', "limits": { "cpu_ms": 0 }'), /limits\.cpu_ms: expected at least 1, got 0/);
  rejects(base(', "limits": { "memory_mb": 1.5 }'), /limits\.memory_mb: expected an integer, got 1\.5/);
  rejects(base().replace('"app"', '"My App"'), /name: expected lowercase letters, digits and dashes/);
  rejects(base(', "vars": { "bad name": "x" }'), /vars/);
  rejects(base(', "routes": [42]'), /routes\[0\]: expected one of the accepted shapes/);
});

test('several problems are all reported at once', () => {
  rejects(base(', "edge_dev": 1, "preview_urls": "no"'), /edge_dev: expected boolean, got 1\n.*ledge\.jsonc: preview_urls: expected boolean, got "no"/);
});

test('unknown fields are errors naming each one and what is missing, with the other problems', () => {
  const file = project(base(', "colour": "blue", "limits": { "cpu_ms": 50, "gpu": 1 }, "env": { "staging": { "extra": true } }, "edge_dev": "yes"'));
  assert.throws(() => loadConfig(file, { clock, cwd: path.dirname(file) }), (err: Error & { code: string }) => {
    assert.equal(err.code, 'config_unsupported');
    assert.deepEqual(err.message.split('\n').sort(), [
      'ledge.jsonc: colour: Ledge has no such setting; remove it or check its spelling',
      'ledge.jsonc: edge_dev: expected boolean, got "yes"',
      'ledge.jsonc: env.staging.extra: Ledge has no such setting; remove it or check its spelling',
      'ledge.jsonc: limits.gpu: Ledge has no such setting; remove it or check its spelling',
    ]);
    return true;
  });
});

test("the original platform's keys in ledge.jsonc are errors saying Ledge's name or what is missing", () => {
  rejects(base(', "d1_databases": [{ "binding": "DB", "database_id": "x" }]'), /d1_databases: this is the original platform's name; Ledge calls it "sql_databases" \("ledge config import" translates/);
  rejects(base(', "env": { "prod": { "workers_dev": true } }'), /env\.prod\.workers_dev: this is the original platform's name; Ledge calls it "edge_dev"/);
  rejects(base(', "vectorize": [{ "binding": "V", "index_name": "docs" }]'), /vectorize: this is the original platform's name; Ledge calls it "vector_indexes"/);
});

test('vector_indexes name an index by index_name, checked as ledge vectors create checks names', () => {
  rejects(base(', "vector_indexes": [{ "binding": "V", "index_name": "Docs Index" }]'), /vector_indexes\[0\]\.index_name: expected an index name: lowercase letters, digits, - and _/);
  rejects(base(', "vector_indexes": [{ "binding": "V", "index_name": "docs", "dimensions": 3 }]'), /vector_indexes\[0\]/);
});

test('service bindings name a deployment, an optional entrypoint and props', () => {
  const { config } = load(base(', "services": [{ "binding": "AUTH", "service": "auth", "entrypoint": "Verifier", "props": { "tenant": "a", "n": 1 } }]'));
  assert.deepEqual(config.bindings.services, [{ binding: 'AUTH', service: 'auth', entrypoint: 'Verifier', props: { tenant: 'a', n: 1 } }]);
  rejects(base(', "services": [{ "binding": "AUTH", "service": "other/auth" }]'), /services\[0\]\.service: expected the name of a deployment of this account/);
  rejects(base(', "services": [{ "binding": "AUTH", "service": "auth", "account": "x" }]'), /services\[0\]/);
});

test('assets are checked strictly and resolved with the original platform\'s defaults; main may then be left out', () => {
  const { config } = load(base(', "assets": { "directory": "./public", "binding": "ASSETS" }'));
  assert.deepEqual({ ...config.assets }, { directory: path.join(path.dirname(config.file), 'public'), binding: 'ASSETS', not_found_handling: 'none', html_handling: 'auto-trailing-slash', run_worker_first: false });
  rejects(base(', "assets": { "directory": "./public", "not_found_handling": "spa" }'), /assets\.not_found_handling: /);
  rejects(base(', "assets": { "directory": "./public", "serve_directly": true }'), /assets\.serve_directly: Ledge has no such setting/);
  rejects(base(', "assets": { "directory": "./public", "run_worker_first": ["api/*"] }'), /assets\.run_worker_first\[0\]: expected a path pattern starting with "\/"/);
  rejects(base(', "assets": { "directory": "./public", "binding": "GREETING" }, "vars": { "GREETING": "hi" }'), /the name "GREETING" is already used/);
  assert.equal(load(base(', "env": { "staging": { "assets": { "directory": "dist" } } }'), 'staging').config.assets?.directory.endsWith('dist'), true);
});

test('unknown compatibility flags are accepted with a warning', () => {
  const { config, warnings } = load(base(', "compatibility_flags": ["nodejs_compat", "made_up"]'));
  assert.deepEqual(config.compatibility_flags, ['nodejs_compat', 'made_up']);
  assert.match(warnings.join('\n'), /compatibility_flags\[1\]: flag "made_up" is not supported by Ledge/);
});

test('environments inherit top-level settings but never vars', () => {
  const text = base(`, "vars": { "MODE": "dev" }, "limits": { "cpu_ms": 100 }, "edge_dev": true,
    "env": { "production": { "vars": { "MODE": "prod" }, "edge_dev": false }, "preview": { "preview_urls": true } }`);
  const top = load(text).config;
  assert.equal(top.name, 'app');
  assert.deepEqual(top.vars, { MODE: 'dev' });
  const production = load(text, 'production');
  assert.equal(production.config.name, 'app-production');
  assert.equal(production.config.environment, 'production');
  assert.deepEqual(production.config.vars, { MODE: 'prod' });
  assert.equal(production.config.edge_dev, false);
  assert.equal(production.config.limits.cpu_ms, 100, 'limits are inherited');
  const preview = load(text, 'preview');
  assert.deepEqual(preview.config.vars, {}, 'vars are not inherited');
  assert.equal(preview.config.edge_dev, true);
  assert.equal(preview.config.preview_urls, true);
  assert.ok(preview.warnings.some((w) => w.includes('"vars" exists at the top level, but not on "env.preview"')));
});

test('an unknown --env is an error listing the environments', () => {
  rejects(base(', "env": { "production": {} }'), /no environment "staging" \(env\.staging\); configured environments: production/, 'staging');
  rejects(base(), /the file defines no environments/, 'staging');
});

test('a missing entry module is a configuration error', () => {
  rejects(base().replace('src/index.js', 'src/missing.ts'), /main: file "src\/missing\.ts" not found/);
});

test('a JSONC syntax error names the line and column', () => {
  rejects('{\n  "name": "app",\n  "main" "src/index.js"\n}', /ledge\.jsonc:3:10: ColonExpected/);
  rejects('[1, 2]', /expected an object at the top level/);
});

test('findConfigFile explains how to create a missing configuration', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-empty-'));
  assert.throws(() => findConfigFile(dir), /no ledge\.jsonc \(nor wrangler\.json, wrangler\.jsonc, wrangler\.toml\) in .*; run "ledge init" to create one/);
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/index.ts'), 'export default {}');
  assert.throws(() => findConfigFile(dir), /; it holds an application \(src\/index\.ts\): write its ledge\.jsonc/);
});

test('ledge.schema.json is generated from the configuration schema and up to date', () => {
  const file = new URL('../../ledge.schema.json', import.meta.url);
  const onDisk = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  assert.deepEqual(onDisk, toConfigJsonSchema(), 'run `npm run schema` to regenerate ledge.schema.json');
  const schema = toConfigJsonSchema() as { properties: Record<string, unknown>; required: string[] };
  for (const key of ['name', 'main', 'compatibility_date', 'edge_dev', 'preview_urls', 'routes', 'vars', 'limits', 'observability', 'env', 'compatibility_flags']) {
    assert.ok(key in schema.properties, key);
  }
  assert.deepEqual([...schema.required].sort(), ['compatibility_date', 'name'], 'main is optional: a project of static assets has none');
});

test('two environments that bind the same resource under one binding name are refused, naming both', () => {
  rejects(base(`, "env": {
    "preview": { "kv_namespaces": [{ "binding": "DB", "id": "shared-kv" }] },
    "production": { "kv_namespaces": [{ "binding": "DB", "id": "shared-kv" }] } }`),
  /env\.production\.kv_namespaces\[0\]: binding "DB" points at the same kv resource "shared-kv" as env\.preview\.kv_namespaces\[0\]/);
  rejects(base(`, "kv_namespaces": [{ "binding": "DB", "id": "dev-kv" }], "env": { "production": { "kv_namespaces": [{ "binding": "DB", "id": "dev-kv" }] } }`),
    /env\.production\.kv_namespaces\[0\]: binding "DB" points at the same kv resource "dev-kv" as kv_namespaces\[0\]/);
  const ok = load(base(`, "kv_namespaces": [{ "binding": "DB", "id": "dev-kv" }], "env": { "production": { "kv_namespaces": [{ "binding": "DB", "id": "prod-kv" }] } }`), 'production');
  assert.deepEqual(ok.config.bindings.kv_namespaces, [{ binding: 'DB', id: 'prod-kv' }]);
});

test('bindings are not inherited by environments, and a warning says so', () => {
  const text = base(`, "kv_namespaces": [{ "binding": "CACHE", "id": "dev-cache" }], "env": { "staging": {} }`);
  const staging = load(text, 'staging');
  assert.deepEqual(staging.config.bindings.kv_namespaces, []);
  assert.ok(staging.warnings.some((w) => w.includes('"kv_namespaces" exists at the top level, but not on "env.staging"')));
  assert.deepEqual(load(text).config.bindings.kv_namespaces, [{ binding: 'CACHE', id: 'dev-cache' }]);
});

test('binding entries are validated and names must be unique across vars and bindings', () => {
  rejects(base(', "kv_namespaces": [{ "binding": "KV" }]'), /kv_namespaces\[0\]\.id: is required/);
  rejects(base(', "kv_namespaces": [{ "binding": "2bad", "id": "x" }]'), /kv_namespaces\[0\]\.binding: expected a JavaScript identifier/);
  rejects(base(', "vars": { "KV": "x" }, "kv_namespaces": [{ "binding": "KV", "id": "x" }]'), /kv_namespaces\[0\]: the name "KV" is already used by vars\.KV/);
  rejects(base(', "kv_namespaces": [{ "binding": "A", "id": "x" }, { "binding": "A", "id": "y" }]'), /kv_namespaces\[1\]: the name "A" is already used by kv_namespaces\[0\]/);
  rejects(base(', "kv_namespaces": [{ "binding": "A", "id": "x", "remote": true }]'), /kv_namespaces\[0\]\.remote: Ledge has no such setting/);
});

test('buckets and SQL databases are validated, with their lifecycle rules and resource rule', () => {
  const ok = load(base(`, "buckets": [{ "binding": "FILES", "bucket_name": "assets-dev", "lifecycle": [{ "id": "tmp", "prefix": "tmp/", "expire": { "days": 7 } }] }],
    "sql_databases": [{ "binding": "DB", "database_name": "app", "database_id": "app-dev" }]`));
  assert.equal(ok.config.bindings.buckets?.length, 1);
  assert.equal(ok.config.bindings.sql_databases?.length, 1);
  rejects(base(', "buckets": [{ "binding": "F", "bucket_name": "Bad_Name" }]'), /buckets\[0\]\.bucket_name: expected 3-63 lowercase letters, digits and dashes/);
  rejects(base(', "buckets": [{ "binding": "F", "bucket_name": "assets", "lifecycle": [{ "id": "x" }] }]'), /buckets\[0\]\.lifecycle\[0\]: a rule needs "expire" or "abortMultipartAfterDays"/);
  rejects(base(', "buckets": [{ "binding": "F", "bucket_name": "assets", "lifecycle": [{ "id": "x", "expire": { "days": 0 } }] }]'), /buckets\[0\]\.lifecycle\[0\]\.expire/);
  rejects(base(', "sql_databases": [{ "binding": "DB", "database_name": "app" }]'), /sql_databases\[0\]\.database_id: is required/);
  rejects(base(`, "env": { "a": { "sql_databases": [{ "binding": "DB", "database_name": "x", "database_id": "same" }] },
    "b": { "sql_databases": [{ "binding": "DB", "database_name": "y", "database_id": "same" }] } }`), /env\.b\.sql_databases\[0\]: binding "DB" points at the same sql resource "same" as env\.a\.sql_databases\[0\]/);
  rejects(base(', "kv_namespaces": [{ "binding": "X", "id": "k" }], "buckets": [{ "binding": "X", "bucket_name": "assets" }]'), /buckets\[0\]: the name "X" is already used by kv_namespaces\[0\]/);
});

test('a "__proto__" key is refused with its line and column, never dropped silently (JSON with comments and TOML)', () => {
  // The JSON parser assigns such a key as the object's prototype: the var would vanish and the deploy go on without it.
  rejects(base(', "vars": {\n  "__proto__": { "SECRET_MODE": "off" }, "A": "1" }'), /ledge\.jsonc:2:3: the key "__proto__" is not accepted/);
  rejects(base(', "vars": { "A": "1" }, /* "__proto__" in a comment is fine */ "env": { "x": { "vars": { "\\u005f_proto__": "y" } } }'), /the key "__proto__" is not accepted/);
  assert.equal(load(base(', "vars": { "A": "__proto__" } /* __proto__ */')).config.vars.A, '__proto__', 'the word as a value or in a comment is accepted');
  assert.throws(() => parseOriginalToml('name = "a"\n[vars]\n__proto__ = "x"\nA = "1"\n', 'wrangler.toml'), /wrangler\.toml: vars\.__proto__: the key "__proto__" is not accepted/);
});

test('version_metadata names a value in env: not inherited by environments, its name unique among vars and bindings', () => {
  const text = base(', "version_metadata": { "binding": "CF_VERSION_METADATA" }, "env": { "staging": { "vars": { "A": "1" } } }');
  assert.deepEqual(load(text).config.version_metadata, { binding: 'CF_VERSION_METADATA' });
  assert.equal(load(text, 'staging').config.version_metadata, undefined, 'bindings are not inherited');
  assert.equal(load(base()).config.version_metadata, undefined);
  rejects(base(', "vars": { "META": "x" }, "version_metadata": { "binding": "META" }'), /version_metadata\.binding: the name "META" is already used by vars\.META/);
  rejects(base(', "version_metadata": { "binding": "bad name" }'), /version_metadata/);
  rejects(base(', "version_metadata": { "binding": "M", "id": "x" }'), /version_metadata/);
  rejects(base(', "version_metadata": "M"'), /version_metadata/);
});

test('build settings: defaults, paths resolved from the file, inheritance, and secrets.required not inherited', () => {
  const plain = load(base()).config;
  assert.equal(plain.no_bundle, false);
  assert.equal(plain.find_additional_modules, false, 'find_additional_modules follows no_bundle');
  assert.equal(plain.base_dir, path.dirname(plain.main as string), 'base_dir defaults to the folder of main');
  assert.equal(plain.tsconfig, undefined);
  assert.equal(plain.secrets, undefined, 'no secrets section: ledge dev loads every name');
  const file = project(base(', "no_bundle": true, "base_dir": "src", "tsconfig": "tsconfig.worker.json", "jsx_factory": "h", "secrets": { "required": ["API_KEY"] }, "env": { "staging": { "jsx_fragment": "F" } }'), ['src/index.js', 'tsconfig.worker.json']);
  const top = loadConfig(file, { clock, cwd: '/' }).config;
  assert.equal(top.find_additional_modules, true);
  assert.equal(top.base_dir, path.join(path.dirname(file), 'src'));
  assert.equal(top.tsconfig, path.join(path.dirname(file), 'tsconfig.worker.json'));
  assert.deepEqual(top.secrets, { required: ['API_KEY'] });
  const staging = loadConfig(file, { clock, cwd: '/', env: 'staging' });
  assert.equal(staging.config.jsx_factory, 'h', 'inherited');
  assert.equal(staging.config.jsx_fragment, 'F');
  assert.equal(staging.config.no_bundle, true, 'inherited');
  assert.equal(staging.config.secrets, undefined, 'not inherited, as every non-inheritable key');
  assert.ok(staging.warnings.some((w) => /"secrets" exists at the top level, but not on "env\.staging"/.test(w)), staging.warnings.join('\n'));
  const explicit = loadConfig(project(base(', "no_bundle": true, "find_additional_modules": false')), { clock, cwd: '/' }).config;
  assert.equal(explicit.find_additional_modules, false);
});

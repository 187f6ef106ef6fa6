import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { createManualClock } from '../../platform/clock.js';
import { findConfigFile, loadConfig } from '../load.js';
import { parseOriginalToml } from './read.js';
import { translateOriginal } from './translate.js';
import { renderLedgeConfig } from './render.js';

const clock = createManualClock(Date.UTC(2026, 10, 22, 12));

/** A queue consumer app's wrangler.toml, written the way the original's starter templates write it. */
const QUEUE_TOML = `
name = "queue-consumer"
main = "src/index.ts"
compatibility_date = 2025-03-07
account_id = "0123456789abcdef0123456789abcdef"
workers_dev = false

[observability]
enabled = true
[observability.logs]
invocation_logs = true
persist = true

[[queues.producers]]
binding = "JOBS"
queue = "jobs"

[[queues.consumers]]
queue = "jobs"
max_batch_size = 10
max_retries = 3
dead_letter_queue = "jobs-dlq"

[[r2_buckets]]
binding = "UPLOADS"
preview_bucket_name = "uploads-preview"

[triggers]
crons = ["*/5 * * * *"]

[env.production]
routes = [{ pattern = "jobs.example.com", custom_domain = true }]
[[env.production.r2_buckets]]
binding = "UPLOADS"
bucket_name = "uploads-prod"
`;

function projectWith(name: string, text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-original-'));
  writeFileSync(path.join(dir, name), text);
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/index.ts'), 'export default {}');
  return dir;
}

test('a wrangler.toml maps key by key, with the original defaults and fill-ins made explicit', () => {
  const t = translateOriginal(parseOriginalToml(QUEUE_TOML, 'wrangler.toml'), { label: 'wrangler.toml', dirName: 'x' });
  assert.deepEqual(t.problems, []);
  assert.deepEqual(t.doc, {
    name: 'queue-consumer',
    main: 'src/index.ts',
    compatibility_date: '2025-03-07',
    edge_dev: false,
    observability: { enabled: true, logs: { invocation_logs: true } },
    queues: { producers: [{ binding: 'JOBS', queue: 'jobs' }], consumers: [{ queue: 'jobs', max_batch_size: 10, max_retries: 3, dead_letter_queue: 'jobs-dlq' }] },
    buckets: [{ binding: 'UPLOADS', bucket_name: 'uploads' }],
    triggers: { crons: ['*/5 * * * *'] },
    preview_urls: false,
    env: { production: { routes: [{ pattern: 'jobs.example.com', custom_domain: true }], buckets: [{ binding: 'UPLOADS', bucket_name: 'uploads-prod' }] } },
  });
  assert.deepEqual(t.renamed, ['workers_dev → edge_dev', 'r2_buckets → buckets']);
  assert.deepEqual(t.dropped.map((d) => d.split(':')[0]), ['account_id', 'observability.logs.persist', 'r2_buckets[0].preview_bucket_name']);
  assert.ok(t.comments.get('buckets')?.some((c) => c.includes('r2_buckets[0].bucket_name: none given, so made from the binding name')) === false, 'comments use the names of the written file');
  assert.ok(t.comments.get('buckets')?.some((c) => c.includes('buckets[0].bucket_name: none given, so made from the binding name')));
});

test('without workers_dev, the default hostname follows the routes, per environment, and preview_urls follows it', () => {
  const t = translateOriginal({ name: 'a', main: 'src/index.ts', compatibility_date: '2025-01-01', env: { staging: {}, production: { route: 'shop.example.com' } } }, { label: 'wrangler.json', dirName: 'a' });
  assert.equal(t.doc.edge_dev, true);
  assert.equal(t.doc.preview_urls, true);
  assert.deepEqual(t.doc.env, { staging: {}, production: { routes: ['shop.example.com'], edge_dev: false, preview_urls: false } });
  const routed = translateOriginal({ name: 'a', main: 'm', compatibility_date: '2025-01-01', routes: ['a.example.com/*'] }, { label: 'wrangler.json', dirName: 'a' });
  assert.equal(routed.doc.edge_dev, false);
});

test('missing ids are filled the way the original local development fills them; the name comes from the folder', () => {
  const t = translateOriginal({
    main: 'src/index.ts', compatibility_date: '2025-01-01',
    kv_namespaces: [{ binding: 'SESSIONS' }],
    d1_databases: [{ binding: 'DB', database_name: 'app-db', preview_database_id: 'p', remote: false }],
  }, { label: 'wrangler.jsonc', dirName: 'My App' });
  assert.equal(t.doc.name, 'my-app');
  assert.deepEqual(t.doc.kv_namespaces, [{ binding: 'SESSIONS', id: 'SESSIONS' }]);
  assert.deepEqual(t.doc.sql_databases, [{ binding: 'DB', database_name: 'app-db', database_id: 'app-db', migrations_table: 'd1_migrations', error_prefix: 'D1' }]);
  assert.deepEqual(t.dropped.map((d) => d.split(':')[0]), ['d1_databases[0].remote', 'd1_databases[0].preview_database_id']);
});

test('service bindings map as they are, with the entrypoint and props, and remote: false left out', () => {
  const t = translateOriginal({
    name: 'a', main: 'src/index.ts', compatibility_date: '2025-01-01',
    services: [{ binding: 'AUTH', service: 'auth-worker', entrypoint: 'Verifier', props: { tenant: 't' }, remote: false }],
  }, { label: 'wrangler.jsonc', dirName: 'a' });
  assert.deepEqual(t.problems, []);
  assert.deepEqual(t.doc.services, [{ binding: 'AUTH', service: 'auth-worker', entrypoint: 'Verifier', props: { tenant: 't' } }]);
  assert.deepEqual(t.dropped.map((d) => d.split(':')[0]), ['services[0].remote']);
});

test('keys Ledge lacks are problems naming the key in the file and what is missing; empty declarations are left out', () => {
  const t = translateOriginal({
    name: 'a', main: 'src/index.ts', compatibility_date: '2025-01-01',
    hyperdrive: [{ binding: 'H', id: 'h' }],
    r2_buckets: [{ binding: 'B', bucket_name: 'bucket', jurisdiction: 'eu' }],
    kv_namespaces: [{ binding: 'K', id: 'k', remote: true }],
    made_up: 1,
    env: { staging: { services: [{ binding: 'S', service: 's', environment: 'production' }] } },
  }, { label: 'wrangler.jsonc', dirName: 'a' });
  assert.deepEqual(t.problems.map((p) => p.split(': ')[0]), ['hyperdrive', 'r2_buckets[0].jurisdiction', 'kv_namespaces[0].remote', 'made_up', 'env.staging.services[0].environment']);
  assert.match(t.problems[0] as string, /not supported: Ledge has no database connection pool binding/);
  assert.match(t.problems[1] as string, /cannot promise the jurisdiction "eu"/);
});

test('the declarative exports key is refused with the way Ledge declares the same classes (migrations)', () => {
  const t = translateOriginal({ name: 'a', main: 'src/index.ts', compatibility_date: '2025-01-01', exports: { Room: { type: 'durable_object' } } }, { label: 'wrangler.jsonc', dirName: 'a' });
  assert.deepEqual(t.problems.map((p) => p.split(': ')[0]), ['exports']);
  assert.match(t.problems[0] as string, /declare the classes with migrations \(new_sqlite_classes or new_classes\)/);
  assert.doesNotMatch(t.problems[0] as string, /no coordination objects/);
});

test('coordination objects keep the original names: durable_objects.bindings and migrations pass through unchanged', () => {
  const durable = { bindings: [{ name: 'ROOM', class_name: 'Room' }, { name: 'OTHER', class_name: 'Other', script_name: 'chat' }] };
  const migrations = [{ tag: 'v1', new_sqlite_classes: ['Room'] }, { tag: 'v2', renamed_classes: [{ from: 'Room', to: 'Hall' }] }];
  const t = translateOriginal({ name: 'a', main: 'src/index.ts', compatibility_date: '2025-01-01', durable_objects: durable, migrations }, { label: 'wrangler.jsonc', dirName: 'a' });
  assert.deepEqual(t.problems, []);
  assert.deepEqual(t.doc.durable_objects, durable);
  assert.deepEqual(t.doc.migrations, migrations);
});

test('loading a wrangler file reports problems in its own names, and the notice says what was read', () => {
  const dir = projectWith('wrangler.toml', `name = "a"\nmain = "src/index.ts"\ncompatibility_date = "2025-01-01"\nworkers_dev = "yes"\n[[d1_databases]]\nbinding = "2DB"\ndatabase_name = "d"\n`);
  const file = findConfigFile(dir);
  assert.equal(path.basename(file), 'wrangler.toml');
  assert.throws(() => loadConfig(file, { clock, cwd: dir }), (err: Error & { code: string }) => {
    assert.equal(err.code, 'config_invalid');
    assert.match(err.message, /^wrangler\.toml: workers_dev: expected boolean, got "yes"$/m);
    assert.match(err.message, /^wrangler\.toml: d1_databases\[0\]\.binding: expected a JavaScript identifier/m);
    return true;
  });
  const ok = projectWith('wrangler.jsonc', '// comments\n{ "name": "a", "main": "src/index.ts", "compatibility_date": "2025-01-01", "account_id": "0123456789abcdef0123456789abcdef", "d1_databases": [{ "binding": "DB", "database_name": "d", "database_id": "id-1" }] }');
  const loaded = loadConfig(findConfigFile(ok), { clock, cwd: ok });
  assert.equal(loaded.config.account_id, undefined, 'the original account is not a Ledge account');
  assert.deepEqual(loaded.config.bindings.sql_databases, [{ binding: 'DB', database_name: 'd', database_id: 'id-1', migrations_table: 'd1_migrations', error_prefix: 'D1' }]);
  assert.match(loaded.notice ?? '', /^read wrangler\.jsonc, the original platform's configuration, as there is no ledge\.jsonc \(d1_databases → sql_databases\)/);
  assert.match(loaded.notice ?? '', /left out account_id: it names an account of the original platform/);
  writeFileSync(path.join(ok, 'ledge.jsonc'), '{ "name": "b", "main": "src/index.ts", "compatibility_date": "2025-01-01" }');
  assert.equal(path.basename(findConfigFile(ok)), 'ledge.jsonc', 'ledge.jsonc wins over the original file');
});

test('a TOML syntax error names the line and column', () => {
  assert.throws(() => parseOriginalToml('name = "a"\nmain = \n', 'wrangler.toml'), /wrangler\.toml is not valid TOML:\n {2}wrangler\.toml:2:8: /);
});

test('the rendered ledge.jsonc parses back to the translation, with a comment on each key', () => {
  const t = translateOriginal(parseOriginalToml(QUEUE_TOML, 'wrangler.toml'), { label: 'wrangler.toml', dirName: 'x' });
  const text = renderLedgeConfig(t, 'wrangler.toml');
  const parsed = parseJsonc(text) as Record<string, unknown>;
  assert.deepEqual(parsed, { $schema: './node_modules/ledge/ledge.schema.json', ...t.doc });
  assert.match(text, /^\/\/ Left out of wrangler\.toml/m);
  assert.match(text, /^\/\/ {3}account_id: it names an account of the original platform/m);
  assert.match(text, /^ {2}\/\/ from "workers_dev": answer on the platform's default hostname\n {2}"edge_dev": false,$/m);
  assert.match(text, /^ {2}\/\/ from "r2_buckets": object store buckets\n/m);
  assert.match(text, /^ {6}\/\/ "routes" as in wrangler\.toml\n {6}"routes": \[/m);
});

test('vectorize becomes vector_indexes, and names the original key in problems', () => {
  const t = translateOriginal({
    name: 'a', main: 'src/index.ts', compatibility_date: '2025-01-01',
    vectorize: [{ binding: 'V', index_name: 'docs', remote: true }, { binding: 'W', index_name: 'other' }],
  }, { label: 'wrangler.jsonc', dirName: 'a' });
  assert.deepEqual(t.doc.vector_indexes, [{ binding: 'V', index_name: 'docs' }, { binding: 'W', index_name: 'other' }]);
  assert.deepEqual(t.renamed, ['vectorize → vector_indexes']);
  assert.deepEqual(t.problems.map((p) => p.split(': ')[0]), ['vectorize[0].remote']);
});

test('version_metadata maps as it is (no longer a missing feature)', () => {
  const t = translateOriginal({ name: 'a', main: 'src/index.ts', compatibility_date: '2025-01-01', version_metadata: { binding: 'CF_VERSION_METADATA' } }, { label: 'wrangler.jsonc', dirName: 'a' });
  assert.deepEqual(t.problems, []);
  assert.deepEqual(t.doc.version_metadata, { binding: 'CF_VERSION_METADATA' });
});

test('the build settings of a wrangler.toml are carried into ledge.jsonc as they are; preserve_file_names is left out with its reason', () => {
  const source = parseOriginalToml(`
name = "locales"
main = "src/index.js"
compatibility_date = "2025-06-01"
no_bundle = true
find_additional_modules = true
base_dir = "src"
preserve_file_names = true
tsconfig = "tsconfig.worker.json"
jsx_factory = "h"
jsx_fragment = "Fragment"
rules = [{ type = "ESModule", globs = ["**/*.js"] }]

[secrets]
required = ["API_KEY"]
`, 'wrangler.toml');
  const t = translateOriginal(source, { label: 'wrangler.toml', dirName: 'locales' });
  assert.deepEqual(t.problems, []);
  for (const key of ['no_bundle', 'find_additional_modules', 'base_dir', 'tsconfig', 'jsx_factory', 'jsx_fragment', 'rules', 'secrets']) assert.deepEqual(t.doc[key], source[key], key);
  assert.equal(t.doc.preserve_file_names, undefined);
  assert.ok(t.dropped.some((d) => /^preserve_file_names: it names the separate module files the original uploads/.test(d)), t.dropped.join('\n'));
  assert.match(renderLedgeConfig(t, 'wrangler.toml'), /"secrets": \{/);
});

// Projects written for the original platform, run as real CLI processes from their own folders: the
// wrangler file read as it is, keys Ledge lacks refused by name, `ledge config import`, `ledge init`'s
// refusal, and the local secrets files of `ledge dev`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { interrupt, runCli, startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

/** Writes a project folder; no ledge.jsonc unless a test writes one. */
function project(files: Record<string, string>): string {
  const dir = tempDir('ledge-original-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** A D1 + KV app's configuration, as the original's starter templates write it. */
const D1_KV_JSONC = `/**
 * For more details on how to configure Wrangler, refer to:
 * https://developers.cloudflare.com/workers/wrangler/configuration/
 */
{
\t"$schema": "node_modules/wrangler/config-schema.json",
\t"name": "d1-kv-template",
\t"main": "src/index.ts",
\t"compatibility_date": "2025-04-01",
\t"compatibility_flags": ["nodejs_compat"],
\t"observability": {
\t\t"enabled": true
\t},
\t"upload_source_maps": true,
\t"d1_databases": [
\t\t{
\t\t\t"binding": "DB",
\t\t\t"database_name": "d1-template-database",
\t\t\t"database_id": "4b8e6e02-57c3-4a3a-8c1b-7c1ad6f3b0e5",
\t\t\t"migrations_dir": "migrations"
\t\t}
\t],
\t"kv_namespaces": [
\t\t{
\t\t\t"binding": "SESSIONS",
\t\t\t"id": "0f2ac74b498b48028cb68387c421e279"
\t\t}
\t],
\t"vars": { "GREETING": "hello" },
\t/**
\t * Smart Placement
\t * Docs: https://developers.cloudflare.com/workers/configuration/smart-placement/#smart-placement
\t */
\t// "placement": { "mode": "smart" },
}
`;

const D1_KV_SOURCE = `interface Env { DB: D1Database; SESSIONS: KVNamespace; GREETING: string; API_KEY?: string }

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/secret') return Response.json({ type: typeof env.API_KEY, matches: env.API_KEY === url.searchParams.get('expect'), greeting: env.GREETING });
    const { results } = await env.DB.prepare('SELECT author, body FROM comments ORDER BY id').all();
    const visits = Number((await env.SESSIONS.get('visits')) ?? 0) + 1;
    await env.SESSIONS.put('visits', String(visits));
    return Response.json({ greeting: env.GREETING, comments: results, visits });
  },
} satisfies ExportedHandler<Env>;
`;

const MIGRATION = `-- Migration number: 0001
CREATE TABLE IF NOT EXISTS comments (id INTEGER PRIMARY KEY AUTOINCREMENT, author TEXT NOT NULL, body TEXT NOT NULL);
INSERT INTO comments (author, body) VALUES ('Kristian', 'Congrats!'), ('Serena', 'Great job!');
`;

const d1KvApp = (extra: Record<string, string> = {}) => project({ 'wrangler.jsonc': D1_KV_JSONC, 'src/index.ts': D1_KV_SOURCE, 'migrations/0001_create_comments_table.sql': MIGRATION, ...extra });

test('a D1 + KV app runs unchanged from its wrangler.jsonc: migrations with ledge db, then ledge dev over HTTP', async (t) => {
  const dir = d1KvApp();
  const applied = runCli(['db', 'migrations', 'apply', 'DB', '--dir', dir]);
  assert.equal(await applied.exited, 0, applied.output());
  assert.match(applied.output(), /read \S*wrangler\.jsonc, the original platform's configuration, as there is no ledge\.jsonc \(d1_databases → sql_databases\)/);
  assert.match(applied.output(), /applied 0001_create_comments_table\.sql/);

  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const first = await (await fetch(dev.url)).json() as Record<string, unknown>;
  assert.deepEqual(first, { greeting: 'hello', comments: [{ author: 'Kristian', body: 'Congrats!' }, { author: 'Serena', body: 'Great job!' }], visits: 1 });
  assert.equal(((await (await fetch(dev.url)).json()) as { visits: number }).visits, 2);
  assert.equal(dev.output().match(/read \S*wrangler\.jsonc/g)?.length, 1, 'said once');
  assert.match(dev.output(), /left out upload_source_maps: Ledge always keeps the source map with a version/);

  // A change to the wrangler file reloads, and the notice is not repeated.
  writeFileSync(path.join(dir, 'wrangler.jsonc'), D1_KV_JSONC.replace('"GREETING": "hello"', '"GREETING": "hi"'));
  await dev.waitFor(/reloaded d1-kv-template \(version 2\)/);
  assert.equal(((await (await fetch(dev.url)).json()) as { greeting: string }).greeting, 'hi');
  assert.equal(dev.output().match(/read \S*wrangler\.jsonc/g)?.length, 1, 'not repeated on reload');
  assert.equal(await interrupt(dev), 0);
});

test('a wrangler.toml with environments runs under ledge dev --env, with its D1 migrations_dir', async (t) => {
  const dir = project({
    'wrangler.toml': `name = "notes"
main = "src/index.js"
compatibility_date = "2025-02-11"
account_id = "0123456789abcdef0123456789abcdef"

[vars]
STAGE = "local"

[[d1_databases]]
binding = "DB"
database_name = "notes-dev"
database_id = "notes-dev-id"
migrations_dir = "db/migrations"

[env.staging]
workers_dev = true

[env.staging.vars]
STAGE = "staging"

[[env.staging.d1_databases]]
binding = "DB"
database_name = "notes-staging"
database_id = "notes-staging-id"
migrations_dir = "db/migrations"
`,
    'src/index.js': 'export default { async fetch(request, env) { const row = await env.DB.prepare("SELECT count(*) AS n FROM notes").first(); return Response.json({ stage: env.STAGE, notes: row.n }); } };',
    'db/migrations/0001_notes.sql': 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);\nINSERT INTO notes (body) VALUES (\'a\'), (\'b\'), (\'c\');\n',
  });
  const applied = runCli(['db', 'migrations', 'apply', 'notes-staging', '--dir', dir, '--env', 'staging']);
  assert.equal(await applied.exited, 0, applied.output());
  assert.match(applied.output(), /left out account_id: it names an account of the original platform/);
  const dev = await startDev(dir, ['--env', 'staging']);
  t.after(() => { dev.child.kill('SIGKILL'); });
  assert.match(dev.output(), /notes-staging ready on/);
  assert.deepEqual(await (await fetch(dev.url)).json(), { stage: 'staging', notes: 3 });
});

test('a key Ledge does not support stops ledge dev with exit 2, naming the key and what is missing', async () => {
  const dir = d1KvApp();
  writeFileSync(path.join(dir, 'wrangler.jsonc'), D1_KV_JSONC.replace('"vars":', `"hyperdrive": [{ "binding": "H", "id": "h" }],
  "vars":`));
  const proc = runCli(['dev', dir, '--port', '0']);
  assert.equal(await proc.exited, 2);
  const out = proc.output();
  assert.match(out, /^ledge: \S*wrangler\.jsonc: hyperdrive: not supported: Ledge has no database connection pool binding/m);
  assert.doesNotMatch(out, /ready on/);

  // The same keys written into a ledge.jsonc by hand are refused too, with Ledge's name for the renamed one.
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({ name: 'app', main: 'src/index.ts', compatibility_date: '2025-04-01', d1_databases: [{ binding: 'DB', database_name: 'x', database_id: 'y' }], r2_buckets: [] }));
  const hand = runCli(['dev', dir, '--port', '0']);
  assert.equal(await hand.exited, 2);
  assert.match(hand.output(), /ledge\.jsonc: d1_databases: this is the original platform's name; Ledge calls it "sql_databases"/);
  assert.match(hand.output(), /ledge\.jsonc: r2_buckets: this is the original platform's name; Ledge calls it "buckets"/);
  assert.doesNotMatch(hand.output(), /ready on/);
});

test('ledge config import writes the equivalent ledge.jsonc with a comment on each key, and the app runs from it', async (t) => {
  const dir = d1KvApp();
  const imported = runCli(['config', 'import', dir]);
  assert.equal(await imported.exited, 0, imported.output());
  assert.match(imported.output(), /^wrote .*ledge\.jsonc from .*wrangler\.jsonc \(d1_databases → sql_databases\)$/m);
  assert.match(imported.output(), /^ {2}left out upload_source_maps: Ledge always keeps the source map with a version$/m);
  const text = readFileSync(path.join(dir, 'ledge.jsonc'), 'utf8');
  assert.deepEqual(parseJsonc(text), {
    $schema: './node_modules/ledge/ledge.schema.json',
    name: 'd1-kv-template',
    main: 'src/index.ts',
    compatibility_date: '2025-04-01',
    compatibility_flags: ['nodejs_compat'],
    observability: { enabled: true },
    sql_databases: [{ binding: 'DB', database_name: 'd1-template-database', database_id: '4b8e6e02-57c3-4a3a-8c1b-7c1ad6f3b0e5', migrations_dir: 'migrations', migrations_table: 'd1_migrations', error_prefix: 'D1' }],
    kv_namespaces: [{ binding: 'SESSIONS', id: '0f2ac74b498b48028cb68387c421e279' }],
    vars: { GREETING: 'hello' },
    edge_dev: true,
    preview_urls: true,
  });
  // Every key of the written object has a comment right above it.
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (/^ {2}"(?!\$schema)[a-z_]+":/.test(line)) assert.match(lines[i - 1] ?? '', /^ {2}\/\/ /, `no comment above ${line}`);
  }
  assert.match(text, /\/\/ from "d1_databases": SQL databases/);
  assert.match(text, /\/\/ wrangler\.jsonc does not set workers_dev: the original answers on its default hostname when no routes are set\n {2}"edge_dev": true/);

  const again = runCli(['config', 'import', dir]);
  assert.equal(await again.exited, 2);
  assert.match(again.output(), /ledge\.jsonc already exists; nothing was written \(use --force to overwrite\)/);

  assert.equal(await runCli(['db', 'migrations', 'apply', 'DB', '--dir', dir]).exited, 0);
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  assert.doesNotMatch(dev.output(), /read \S*wrangler\.jsonc/, 'ledge.jsonc is read from now on');
  assert.equal(((await (await fetch(dev.url)).json()) as { comments: unknown[] }).comments.length, 2);

  const unsupported = project({ 'wrangler.toml': 'name = "a"\nmain = "src/index.js"\ncompatibility_date = "2025-01-01"\n[[hyperdrive]]\nbinding = "H"\nid = "h"\n', 'src/index.js': 'export default {}' });
  const refused = runCli(['config', 'import', unsupported]);
  assert.equal(await refused.exited, 2);
  assert.match(refused.output(), /wrangler\.toml: hyperdrive: not supported: Ledge has no database connection pool binding/);
  assert.ok(!existsSync(path.join(unsupported, 'ledge.jsonc')), 'nothing is written when a key cannot be honoured');
});

test('ledge init refuses a folder that already holds an application and points at ledge config import', async () => {
  const dir = d1KvApp();
  const proc = runCli(['init', dir]);
  assert.equal(await proc.exited, 2);
  assert.match(proc.output(), /already holds an application \(wrangler\.jsonc, src\/index\.ts\); nothing was written: "ledge dev" runs it as it is \(reading wrangler\.jsonc\), and "ledge config import" writes the equivalent ledge\.jsonc/);
  assert.ok(!existsSync(path.join(dir, 'ledge.jsonc')));
  assert.ok(!existsSync(path.join(dir, 'src/index.js')), 'no entry module beside the application\'s own');

  const node = project({ 'package.json': '{ "name": "api", "scripts": { "dev": "wrangler dev" } }', 'src/routes/users.ts': 'export const users = [];' });
  const refused = runCli(['init', node]);
  assert.equal(await refused.exited, 2);
  assert.match(refused.output(), /already holds an application \(package\.json\).*ledge config import/);
});

test('.dev.vars gives ledge dev its secrets as strings in env, per environment, reloading on change, never printing a value', async (t) => {
  const value = "dev-secret 'quoted' # not a comment";
  const dir = d1KvApp({
    '.dev.vars': `# local secrets\nAPI_KEY="${value}"\nGREETING=overridden\n`,
    '.dev.vars.staging': 'API_KEY=staging-key\n',
    '.env': 'API_KEY=from-dotenv\n',
  });
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const ask = async (url: string, expect: string) => (await fetch(`${url}/secret?expect=${encodeURIComponent(expect)}`)).json();
  assert.deepEqual(await ask(dev.url, value), { type: 'string', matches: true, greeting: 'overridden' });
  assert.match(dev.output(), /secrets from \.dev\.vars: API_KEY, GREETING \(values hidden\)/);

  writeFileSync(path.join(dir, '.dev.vars'), 'API_KEY=rotated\n');
  await dev.waitFor(/reloaded d1-kv-template \(version 2\)/);
  assert.deepEqual(await ask(dev.url, 'rotated'), { type: 'string', matches: true, greeting: 'hello' });
  assert.ok(!dev.output().includes('rotated') && !dev.output().includes('not a comment'), 'no value is printed');
  assert.equal(await interrupt(dev), 0);

  // --env staging: .dev.vars.staging alone (the top-level name has no staging section, so a fresh project).
  const staged = project({
    'wrangler.jsonc': '{ "name": "s", "main": "src/index.js", "compatibility_date": "2025-01-01", "env": { "staging": { "vars": { "GREETING": "s" } } } }',
    'src/index.js': 'export default { fetch(r, env) { return Response.json({ key: env.API_KEY ?? null }); } };',
    '.dev.vars': 'API_KEY=top\n',
    '.dev.vars.staging': 'API_KEY=staging-key\n',
  });
  const stagingDev = await startDev(staged, ['--env', 'staging']);
  t.after(() => { stagingDev.child.kill('SIGKILL'); });
  assert.deepEqual(await (await fetch(stagingDev.url)).json(), { key: 'staging-key' });

  // Without .dev.vars, the .env files: .env.local wins over .env.
  const dotenv = project({
    'wrangler.jsonc': '{ "name": "d", "main": "src/index.js", "compatibility_date": "2025-01-01" }',
    'src/index.js': 'export default { fetch(r, env) { return Response.json({ key: env.API_KEY, other: env.OTHER }); } };',
    '.env': 'API_KEY=from-env\nOTHER=kept\n',
    '.env.local': 'API_KEY=from-env-local\n',
  });
  const dotenvDev = await startDev(dotenv);
  t.after(() => { dotenvDev.child.kill('SIGKILL'); });
  assert.deepEqual(await (await fetch(dotenvDev.url)).json(), { key: 'from-env-local', other: 'kept' });
});

test('a secret named like a binding is refused before listening, without its value', async () => {
  const dir = d1KvApp({ '.dev.vars': 'SESSIONS=do-not-print-me\n' });
  const proc = runCli(['dev', dir, '--port', '0']);
  assert.equal(await proc.exited, 2);
  assert.match(proc.output(), /\.dev\.vars: "SESSIONS" is already the name of a binding \(kv_namespaces\[0\]\); a secret needs its own name/);
  assert.doesNotMatch(proc.output(), /do-not-print-me/);
});

test('a project of the original platform with static assets only (wrangler.jsonc, no main) runs unchanged', async (t) => {
  const dir = makeProject({
    'dist/index.html': '<h1>spa</h1>',
    'dist/assets/app.js': 'console.log(1)',
  }, { main: undefined });
  rmSync(path.join(dir, 'ledge.jsonc'));
  writeFileSync(path.join(dir, 'wrangler.jsonc'), JSON.stringify({ name: 'spa', compatibility_date: '2025-04-01', assets: { directory: './dist', not_found_handling: 'single-page-application' } }));
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  assert.equal(await (await fetch(`${dev.url}/some/client/route`)).text(), '<h1>spa</h1>');
  const script = await fetch(`${dev.url}/assets/app.js`);
  assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
});

// Uploaded modules are built by the platform, inside a build sandbox under process isolation (issue 13, item 3).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { startTestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

const put = (name: string, modules: Record<string, string>, main = 'index.js') => ({
  main_module: main,
  modules: Object.entries(modules).map(([n, c]) => ({ name: n, content_base64: Buffer.from(c).toString('base64') })),
  config: { compatibility_date: '2026-10-01', edge_dev: true },
});

test('what runs is the bundle the platform built, its digest on the version; imports the bundler refuses and host files are refused', async () => {
  const p = await startTestPlatform(tempDir('ledge-build-'), undefined, { isolation: 'process', spareSandbox: false });
  try {
    const ok = await p.call('PUT', `/accounts/${p.accountId}/deployments/two`, { body: put('two', {
      'index.js': "import { greet } from './helper.js'; export default { fetch: () => new Response(greet()) };",
      'helper.js': "export const greet = () => 'built ' + typeof require;",
    }) });
    assert.equal(ok.status, 200, ok.text);
    const version = ok.body.result.version;
    assert.match(version.bundle_sha256, /^[0-9a-f]{64}$/);
    const db = new Database(path.join(p.stateDir, 'control.sqlite'), { readonly: true });
    const stored = db.prepare('SELECT name, content FROM modules WHERE version_id = ?').all(version.id) as { name: string; content: Buffer }[];
    db.close();
    assert.deepEqual(stored.map((m) => m.name).sort(), ['index.js', 'index.js.map'], 'one built module is stored, with the source map of its build');
    const map = JSON.parse(String(stored.find((m) => m.name === 'index.js.map')?.content)) as { sources: string[] };
    assert.deepEqual(map.sources.sort(), ['helper.js', 'index.js'], 'the map names the upload\'s files, relative to it');
    assert.equal(createHash('sha256').update(stored.find((m) => m.name === 'index.js')?.content ?? '').digest('hex'), version.bundle_sha256);
    assert.equal(await (await p.visit('two.admin.ledge.localhost')).text(), 'built undefined');

    const forbidden = await p.call('PUT', `/accounts/${p.accountId}/deployments/cp`, { body: put('cp', { 'index.js': "import cp from 'node:child_process'; export default { fetch: () => new Response(String(cp)) };" }) });
    assert.equal(forbidden.status, 400, forbidden.text);
    assert.match(forbidden.text, /nodejs_compat|cannot be imported/);

    const secret = path.join(p.stateDir, 'secret.json');
    writeFileSync(secret, '{"password":"hunter2"}');
    const stolen = await p.call('PUT', `/accounts/${p.accountId}/deployments/steal`, { body: put('steal', { 'index.js': `import s from ${JSON.stringify(secret)}; export default { fetch: () => Response.json(s) };` }) });
    assert.equal(stolen.status, 400, 'the build sandbox sees only the upload');
    assert.doesNotMatch(stolen.text, /hunter2/);
  } finally {
    await p.close();
  }
});

test('define and alias of an uploaded configuration apply to the platform\'s build; an alias cannot reach outside the build sandbox', async () => {
  const p = await startTestPlatform(tempDir('ledge-build-define-'), undefined, { isolation: 'process', spareSandbox: false });
  try {
    const body = put('defined', {
      'index.js': "import { who } from 'people'; export default { fetch: () => Response.json({ version: __VERSION__, who: who() }) };",
      'shim.js': "export const who = () => 'the alias';",
    });
    const ok = await p.call('PUT', `/accounts/${p.accountId}/deployments/defined`, { body: { ...body, config: { ...body.config, define: { __VERSION__: '"9.9.9"' }, alias: { people: './shim.js' } } } });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(await (await p.visit('defined.admin.ledge.localhost')).json(), { version: '9.9.9', who: 'the alias' });

    const secret = path.join(p.stateDir, 'secret.json');
    writeFileSync(secret, '{"password":"hunter2"}');
    const steal = put('aliased', { 'index.js': "import s from 'creds'; export default { fetch: () => Response.json(s) };" });
    const stolen = await p.call('PUT', `/accounts/${p.accountId}/deployments/aliased`, { body: { ...steal, config: { ...steal.config, alias: { creds: secret } } } });
    assert.equal(stolen.status, 400, 'the build sandbox sees only the upload, aliases included');
    assert.doesNotMatch(stolen.text, /hunter2/);
  } finally {
    await p.close();
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ASSET_RULE_LIMITS, parseHeaders, parseRedirects } from './rules.js';
import { ASSET_LIMITS, scanAssetDirectory } from './scan.js';
import { isLedgeError } from '../../platform/errors.js';
import { tempDir } from '../../../test/helpers.js';

test('_redirects: past 100 dynamic or 2,000 static rules is refused naming the file and line; bad lines are skipped with a warning', () => {
  const dynamic = Array.from({ length: ASSET_RULE_LIMITS.dynamicRedirects + 1 }, (_, i) => `/d${i}/* /x/:splat`).join('\n');
  assert.throws(() => parseRedirects(dynamic), (err) => isLedgeError(err) && err.code === 'assets_invalid' && /_redirects:101: more than 100 dynamic/.test(err.message));
  const staticRules = Array.from({ length: ASSET_RULE_LIMITS.staticRedirects + 1 }, (_, i) => `/s${i} /x`).join('\n');
  assert.throws(() => parseRedirects(staticRules), /_redirects:2001: more than 2000 static/);
  assert.equal(parseRedirects(Array.from({ length: 2000 }, (_, i) => `/s${i} /x`).join('\n')).rules.length, 2000, 'exactly at the limit is fine');

  const { rules, warnings } = parseRedirects(['/a /b 404', '/a/*/b/* /c', 'only-one', '/ok /fine 307', 'relative /x', '/r https://example.com 200'].join('\n'));
  assert.equal(rules.length, 1);
  assert.equal(warnings.length, 5);
  assert.match(warnings[0] as string, /_redirects:1: status 404 is not one of/);
  assert.match(warnings[1] as string, /more than one "\*"/);
});

test('_headers: past 100 rules is refused; header lines before a path and bad names are skipped', () => {
  const many = Array.from({ length: ASSET_RULE_LIMITS.headerRules + 1 }, (_, i) => `/p${i}\n  X-N: ${i}`).join('\n');
  assert.throws(() => parseHeaders(many), /_headers:201: more than 100 rules/);
  const { rules, warnings } = parseHeaders('  X-Early: 1\n/a\n  Bad Name: x\n  X-Good: y\n  ! X-Gone\n');
  assert.equal(rules.length, 1);
  assert.deepEqual(rules[0]?.set, [['x-good', 'y']]);
  assert.deepEqual(rules[0]?.unset, ['x-gone']);
  assert.equal(warnings.length, 2);
});

test('a directory with more files than a version may hold is refused naming the first file past the limit', async () => {
  const dir = tempDir('ledge-assets-');
  mkdirSync(path.join(dir, 'many'));
  for (let i = 0; i <= ASSET_LIMITS.files; i++) writeFileSync(path.join(dir, 'many', `f${String(i).padStart(5, '0')}.txt`), '');
  await assert.rejects(scanAssetDirectory(dir), (err) => isLedgeError(err) && /assets: many\/f\d{5}\.txt would be file number 20001; a version may hold at most 20000 files/.test(err.message));
});

test('.assetsignore leaves files out, and the rule files are never served', async () => {
  const dir = tempDir('ledge-assets-');
  mkdirSync(path.join(dir, 'drafts'));
  for (const f of ['index.html', 'drafts/a.html', 'notes.md', 'sub.md', '_headers', '_redirects']) writeFileSync(path.join(dir, f), 'x');
  writeFileSync(path.join(dir, '.assetsignore'), 'drafts/\n*.md\n');
  const scanned = await scanAssetDirectory(dir);
  assert.deepEqual([...scanned.files.keys()], ['/index.html']);
  assert.equal(scanned.headersText, 'x');
});

test('a link back up the tree is read once instead of looping forever', async () => {
  const dir = tempDir('ledge-assets-');
  mkdirSync(path.join(dir, 'sub'));
  writeFileSync(path.join(dir, 'sub', 'a.txt'), 'a');
  symlinkSync(dir, path.join(dir, 'sub', 'loop'));
  const scanned = await scanAssetDirectory(dir);
  assert.deepEqual([...scanned.files.keys()], ['/sub/a.txt']);
});

test('server code a framework left as _worker.js among the assets is refused unless .assetsignore says what to do', async () => {
  const folder = tempDir('ledge-assets-');
  mkdirSync(path.join(folder, '_worker.js', 'chunks'), { recursive: true });
  for (const f of ['index.html', '_worker.js/index.js', '_worker.js/chunks/a.mjs', '_routes.json']) writeFileSync(path.join(folder, f), 'x');
  await assert.rejects(scanAssetDirectory(folder), (err) => isLedgeError(err) && err.code === 'assets_invalid'
    && /^assets: _worker\.js\/(index\.js|chunks\/a\.mjs): the assets directory holds a _worker\.js folder, server code a framework built, which would be served to anyone\. Add an "\.assetsignore" file .* containing the line "_worker\.js"/.test(err.message));
  const file = tempDir('ledge-assets-');
  writeFileSync(path.join(file, '_worker.js'), 'export default {}');
  await assert.rejects(scanAssetDirectory(file), /assets: _worker\.js: the assets directory holds a _worker\.js file/);
  // What Astro's documentation has its users write to public/.assetsignore: neither is served.
  writeFileSync(path.join(folder, '.assetsignore'), '_worker.js\n_routes.json\n');
  assert.deepEqual([...(await scanAssetDirectory(folder)).files.keys()], ['/index.html']);
  // An empty .assetsignore publishes it on purpose, as with the original's tool; a file merely named like it elsewhere is fine.
  writeFileSync(path.join(file, '.assetsignore'), '');
  assert.deepEqual([...(await scanAssetDirectory(file)).files.keys()], ['/_worker.js']);
  const nested = tempDir('ledge-assets-');
  mkdirSync(path.join(nested, 'docs'));
  writeFileSync(path.join(nested, 'docs', '_worker.js'), 'x');
  assert.deepEqual([...(await scanAssetDirectory(nested)).files.keys()], ['/docs/_worker.js']);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import { runCli, startDev } from './cli.js';
import { tempDir } from './helpers.js';

test('ledge init writes the deployment configuration template of the reference', async () => {
  const dir = path.join(tempDir(), 'My Shop_2');
  const proc = runCli(['init', dir]);
  assert.equal(await proc.exited, 0);
  const config = parse(readFileSync(path.join(dir, 'ledge.jsonc'), 'utf8')) as Record<string, unknown>;
  assert.deepEqual(
    Object.fromEntries(Object.entries(config).filter(([k]) => k !== '$schema')),
    { name: 'my-shop-2', main: 'src/index.js', compatibility_date: '2026-10-01', edge_dev: false, preview_urls: false },
  );
  assert.ok(!('routes' in config), 'the template has no production routes');
  assert.match(String(config.$schema), /ledge\.schema\.json$/);
  assert.ok(existsSync(path.join(dir, 'src/index.js')));
});

test('the project ledge init writes runs under ledge dev', async (t) => {
  const dir = tempDir();
  assert.equal(await runCli(['init', dir, '--name', 'hello-app']).exited, 0);
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  assert.match(dev.output(), /hello-app ready on/);
  assert.equal(await (await fetch(dev.url)).text(), 'Hello from Ledge\n');
});

test('ledge init never overwrites a file unless --force is given', async () => {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'ledge.jsonc'), '{"mine": true}');
  const refused = runCli(['init', dir]);
  assert.equal(await refused.exited, 2);
  assert.match(refused.output(), /ledge\.jsonc already exists; nothing was written \(use --force to overwrite\)/);
  assert.equal(readFileSync(path.join(dir, 'ledge.jsonc'), 'utf8'), '{"mine": true}');
  assert.ok(!existsSync(path.join(dir, 'src/index.js')), 'no file is written when one would be overwritten');

  const other = tempDir();
  mkdirSync(path.join(other, 'src'));
  writeFileSync(path.join(other, 'src/index.js'), 'keep me');
  assert.equal(await runCli(['init', other]).exited, 2);
  assert.equal(readFileSync(path.join(other, 'src/index.js'), 'utf8'), 'keep me');

  assert.equal(await runCli(['init', dir, '--force']).exited, 0);
  assert.match(readFileSync(path.join(dir, 'ledge.jsonc'), 'utf8'), /"compatibility_date": "2026-10-01"/);
});

test('ledge init refuses an invalid name', async () => {
  const proc = runCli(['init', tempDir(), '--name', 'Bad Name']);
  assert.equal(await proc.exited, 2);
  assert.match(proc.output(), /--name: expected lowercase letters, digits and dashes, got "Bad Name"/);
});

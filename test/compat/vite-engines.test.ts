// The compatibility suite's vite applications skip on a Node vite cannot run on, saying why; this keeps the
// versions the skip encodes in step with vite's own `engines` (a vite upgrade that changes them fails here).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { VITE_NODE_ENGINES, viteSkip } from './harness.js';

test('the skip of the vite applications follows vite\'s engines', () => {
  const manifest = createRequire(import.meta.url).resolve('vite/package.json');
  const engines = (JSON.parse(readFileSync(manifest, 'utf8')) as { engines?: { node?: string } }).engines?.node;
  assert.equal(engines, VITE_NODE_ENGINES, 'vite\'s engines changed: update VITE_NODE_ENGINES and viteSkip() in test/compat/harness.ts');
  for (const version of ['20.19.0', '20.20.2', '22.12.0', '23.1.0', '24.0.0']) assert.equal(viteSkip(version), false, version);
  for (const version of ['20.11.0', '20.18.3', '21.7.0', '22.11.0']) {
    assert.match(String(viteSkip(version)), new RegExp(`needs Node \\^20\\.19\\.0 \\|\\| >=22\\.12\\.0; this is Node ${version.replace(/\./g, '\\.')}`), version);
  }
});

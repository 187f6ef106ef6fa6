import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createManualClock } from '../../platform/clock.js';
import { loadConfig } from '../../config/load.js';
import { DEPLOY_CONFIG_SCHEMA, toVersionConfig } from '../../config/deploy.js';
import { deploymentConfig } from './deploy.js';

function configOf(extra: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-deploy-config-'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/index.js'), 'export default {}');
  writeFileSync(path.join(dir, 'ledge.jsonc'), `{ "name": "app", "main": "src/index.js", "compatibility_date": "2026-10-01"${extra} }`);
  return loadConfig(path.join(dir, 'ledge.jsonc'), { clock: createManualClock(Date.UTC(2026, 10, 22, 12)), cwd: '/' }).config;
}

test('a deploy sends version_metadata, and the platform keeps it with the version', () => {
  const sent = deploymentConfig(configOf(', "version_metadata": { "binding": "CF_VERSION_METADATA" }'));
  assert.deepEqual(sent.version_metadata, { binding: 'CF_VERSION_METADATA' });
  assert.deepEqual(toVersionConfig(DEPLOY_CONFIG_SCHEMA.parse(sent)).version_metadata, { binding: 'CF_VERSION_METADATA' });
  const without = deploymentConfig(configOf(''));
  assert.equal('version_metadata' in without, false);
  assert.equal(toVersionConfig(DEPLOY_CONFIG_SCHEMA.parse(without)).version_metadata, undefined);
});

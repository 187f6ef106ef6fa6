import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ERROR_CODES, LedgeError, isLedgeError, isUserError } from './errors.js';

test('docs/errors.md lists every error code with its status and audience', () => {
  const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  const rows = new Map([...doc.matchAll(/^\| `([a-z_]+)` \| (\d+) \| (user|system) \|/gm)].map((m) => [m[1], { status: Number(m[2]), audience: m[3] }]));
  for (const [code, info] of Object.entries(ERROR_CODES)) {
    assert.deepEqual(rows.get(code), { status: info.status, audience: info.audience }, `docs/errors.md row for ${code}`);
  }
  assert.equal(rows.size, Object.keys(ERROR_CODES).length, 'no documented code is missing from the source');
});

test('errors are recognised by code, also after crossing a thread as plain objects', () => {
  const err = new LedgeError('config_invalid', 'x');
  assert.equal(err.status, 400);
  assert.ok(isLedgeError(err) && isUserError(err));
  assert.ok(isLedgeError(structuredClone({ code: 'exceeded_cpu', message: 'y' })));
  assert.ok(!isLedgeError(new Error('plain')));
  assert.ok(!isUserError(new LedgeError('internal_error', 'z')));
});

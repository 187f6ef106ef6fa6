// docs/api.md lists every error code of the account API with its status, and no code twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { API_ERRORS } from './api-error.js';

test('docs/api.md lists every API error code with its status; codes are unique', () => {
  const doc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Error codes of the API'));
  const rows = new Map([...section.matchAll(/^\| (\d{4,5}) \| (\d{3}) \|/gm)].map((m) => [Number(m[1]), Number(m[2])]));
  const codes = Object.values(API_ERRORS).map((e) => e.code);
  assert.equal(new Set(codes).size, codes.length, 'no code is used twice');
  for (const [name, { code, status }] of Object.entries(API_ERRORS)) assert.equal(rows.get(code), status, `docs/api.md row for ${code} (${name})`);
  assert.deepEqual([...rows.keys()].sort(), [...codes].sort(), 'the table lists no code the API does not have');
});

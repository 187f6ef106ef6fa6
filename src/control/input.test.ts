// The API's body reader on the inputs a structure scan could get wrong: escapes, quotes and brackets
// inside strings, the depth boundary, and repeated keys at different levels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API_JSON_DEPTH, parseJsonBody } from './input.js';

const parse = (text: string) => parseJsonBody(Buffer.from(text));
const refusal = (text: string) => {
  try {
    parse(text);
  } catch (err) {
    const { status, errors } = err as { status: number; errors: { code: number; source?: { pointer: string } }[] };
    return [status, errors[0]?.code, errors[0]?.source?.pointer];
  }
  return 'accepted';
};

test('strings are skipped whole: brackets, quotes, colons and backslashes inside them change nothing', () => {
  assert.deepEqual(parse('{"a":"[{\\"b\\":1}","c":"\\\\","d":"\\\\\\"x:","e":"😀","f":"\\ud83d\\ude00"}'), { a: '[{"b":1}', c: '\\', d: '\\"x:', e: '😀', f: '😀' });
  assert.equal(refusal(`${'['.repeat(API_JSON_DEPTH)}"${'['.repeat(200)}"${']'.repeat(API_JSON_DEPTH)}`), 'accepted', 'brackets in a string do not count');
});

test('depth: exactly the limit is accepted, one more is refused', () => {
  assert.equal(refusal(`${'['.repeat(API_JSON_DEPTH)}${']'.repeat(API_JSON_DEPTH)}`), 'accepted');
  assert.deepEqual(refusal(`${'[{"a":'.repeat(API_JSON_DEPTH / 2)}1${'}]'.repeat(API_JSON_DEPTH / 2)}`), 'accepted');
  assert.deepEqual(refusal(`${'['.repeat(API_JSON_DEPTH + 1)}${']'.repeat(API_JSON_DEPTH + 1)}`), [400, 1002, undefined]);
});

test('repeated keys are found at their own level only; the same key in sibling objects is fine', () => {
  assert.equal(refusal('{"a":{"x":1},"b":{"x":2},"c":[{"x":1},{"x":2}]}'), 'accepted');
  assert.deepEqual(refusal('{"a":{"x":1},"b":[0,{"y":1,"y" :2}]}'), [400, 1001, '/body/b/1/y']);
  assert.deepEqual(refusal('{"a":{"x":1, "z":{}},"a":2}'), [400, 1001, '/body/a']);
  assert.deepEqual(refusal('{"a/b~":{"k":1,"\\u006b":2}}'), [400, 1001, '/body/a~1b~0/k'], 'an escaped spelling of the same key is the same key');
  assert.deepEqual(refusal('{"":1,"":2}'), [400, 1001, '/body/']);
});

test('lone surrogates are refused in keys and values; pairs are fine', () => {
  assert.deepEqual(refusal('["ok","\\udbff"]'), [400, 1001, '/body/1']);
  assert.deepEqual(refusal('{"\\ud800":1}'), [400, 1001, '/body/\\ud800']);
  assert.equal(refusal('{"\\udbff\\udfff":"\\ud800\\udc00"}'), 'accepted');
});

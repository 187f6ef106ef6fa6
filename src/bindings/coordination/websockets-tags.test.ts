import { test } from 'node:test';
import assert from 'node:assert/strict';
import { distinctTags } from './websockets-isolate.js';

test('acceptWebSocket tags are checked as workerd checks them: repeats dropped, 10 at most, 256 bytes each', () => {
  assert.deepEqual(distinctTags(undefined), []);
  assert.deepEqual(distinctTags(['a', 'b', 'a']), ['a', 'b'], 'a repeat is dropped');
  const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
  assert.deepEqual(distinctTags([...ten]), ten);
  assert.throws(() => distinctTags([...ten, 't10']), { name: 'Error', message: 'a Hibernatable WebSocket cannot have more than 10 tags' });
  // workerd counts before it looks for a repeat: once ten are taken, any further tag is refused.
  assert.throws(() => distinctTags([...ten, 't0']), { message: 'a Hibernatable WebSocket cannot have more than 10 tags' });
  assert.deepEqual(distinctTags(['x'.repeat(256)]), ['x'.repeat(256)]);
  assert.throws(() => distinctTags(['x'.repeat(257)]), { message: `"${'x'.repeat(257)}" is longer than the max tag length (256 characters).` });
  // The length is the tag's UTF-8 bytes (workerd's kj::String size): 129 two-byte characters are 258 bytes.
  assert.throws(() => distinctTags(['\u00e9'.repeat(129)]), { message: `"${'\u00e9'.repeat(129)}" is longer than the max tag length (256 characters).` });
  assert.throws(() => distinctTags('a'), { name: 'TypeError' });
});

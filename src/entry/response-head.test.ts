import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toResponseHead } from './response-head.js';

test('hop-by-hop headers go in any case, with every header the Connection header names', () => {
  const head = toResponseHead(200, [
    'Connection', 'X-Internal, close', 'X-INTERNAL', 'secret', 'Keep-Alive', 'timeout=9', 'Transfer-Encoding', 'chunked',
    'TE', 'trailers', 'Trailer', 'x', 'Upgrade', 'h2c', 'Proxy-Authenticate', 'Basic', 'proxy-connection', 'close', 'X-Kept', 'yes',
  ], 'GET', 3);
  assert.deepEqual(head.headers, ['x-kept', 'yes', 'content-length', '3']);
});

test('content-length: one valid number is kept and enforced; an invalid one is dropped and reported', () => {
  assert.deepEqual(toResponseHead(200, ['content-length', '5'], 'GET', null), { headers: ['content-length', '5'], hasBody: true, length: 5, close: false, problem: null });
  assert.equal(toResponseHead(200, ['content-length', '5, 5', 'Content-Length', '5'], 'GET', null).length, 5, 'repeated equal values are one value');
  for (const bad of ['5, 6', 'abc', '-1', '1e3', '', '9999999999999999']) {
    const head = toResponseHead(200, ['content-length', bad], 'GET', null);
    assert.equal(head.length, null, bad);
    assert.deepEqual(head.headers, [], 'Node frames the stream itself');
    assert.match(head.problem ?? '', /invalid content-length/);
  }
  const mismatch = toResponseHead(200, ['content-length', '0'], 'GET', 12);
  assert.equal(mismatch.length, 0, 'the declared length frames a complete body too');
  assert.equal(mismatch.close, true, 'and the connection closes after it');
});

test('no body and no content-length for 1xx and 204; HEAD and 304 keep the declared size', () => {
  assert.deepEqual(toResponseHead(204, ['content-length', '5'], 'GET', 5), { headers: [], hasBody: false, length: null, close: false, problem: null });
  assert.equal(toResponseHead(101, [], 'GET', null).close, true, 'the platform does not carry an upgraded connection');
  assert.deepEqual(toResponseHead(200, ['content-length', '5'], 'HEAD', 0).headers, ['content-length', '5']);
  assert.deepEqual(toResponseHead(304, ['etag', '"x"', 'content-length', '5'], 'GET', null).headers, ['etag', '"x"', 'content-length', '5']);
});

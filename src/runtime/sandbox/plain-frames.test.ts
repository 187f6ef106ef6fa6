// A request's common messages cross an isolate's connection as JSON text (plain-frames.ts) only when JSON gives
// back exactly the values sent; everything else keeps V8's serialization, and readers decode both, in any mix and
// however the stream is cut.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeOwned, decodePayload, encodeFrame, FrameError, FrameReader } from './frames.js';
import { encodeTextFrame, JSON_MAX_BYTES, JSON_PAYLOAD_START, PLAIN_MAX_CHARS, plainBatchText, writeTextFrame } from './plain-frames.js';

const head = (id: number, extra: Record<string, unknown> = {}) => ({
  t: 'head', id, status: 200, statusText: '', headers: ['content-type', 'application/json; charset=utf-8', 'set-cookie', 'a=1', 'set-cookie', 'b=2'],
  body: '{"ok":true}', streaming: false, done: true, ...extra,
});

/** The batch as it arrives: encoded as the sender would (JSON when plain), then read back. */
function roundTrip(batch: unknown[]): { json: boolean; value: unknown } {
  const text = plainBatchText(batch);
  const frame = text === undefined ? encodeFrame(batch) : encodeTextFrame(text);
  assert.equal(frame.readUInt32BE(0), frame.byteLength - 4);
  const values = new FrameReader().push(frame);
  assert.equal(values.length, 1);
  assert.deepEqual(decodeOwned(frame.subarray(4)), values[0]);
  return { json: frame[4] === JSON_PAYLOAD_START, value: values[0] };
}

test('a batch of request and response messages travels as JSON and arrives exactly as sent', () => {
  const batch: Record<string, unknown>[] = [
    { t: 'req', id: 1, method: 'GET', url: 'http://example.test/héllo?q=%20', headers: ['host', 'example.test', 'x-empty', '', 'x-odd', 'caf\u00e9 \u{1f600} \ud800 \u0000 "\\'], hasBody: false, httpProtocol: 'HTTP/1.1' },
    { t: 'req-end', id: 1 },
    { t: 'res-credit', id: 2 },
    { t: 'abort', id: 3, reason: 'the client went away' },
    { t: 'call-result', id: 4, value: 'hello from kv' },
    { t: 'call-result', id: 5, value: null },
    head(6),
    head(7, { status: 204, body: null, done: undefined }),
    { t: 'usage', id: 6, subrequests: 3 },
    { t: 'log', level: 'info', message: 'line \ud83d', event: 6 },
    { t: 'done', id: 7 },
  ];
  const { json, value } = roundTrip(batch);
  assert.ok(json, 'plain messages go as JSON');
  // An absent field and one set to undefined read the same; every other value is exactly what was sent.
  assert.deepEqual(value, JSON.parse(JSON.stringify(batch)));
  const arrived = value as Record<string, unknown>[];
  assert.equal(arrived[0]?.url, batch[0]?.url);
  assert.deepEqual(arrived[0]?.headers, batch[0]?.headers, 'lone surrogates, NUL, quotes and backslashes intact');
  assert.equal(arrived[9]?.message, 'line \ud83d');
  assert.equal(arrived[7]?.done, undefined);
});

test('anything JSON would not give back exactly keeps V8\'s serialization, and arrives exactly as sent', () => {
  const cases: [string, unknown[]][] = [
    ['a byte body', [head(1, { body: new Uint8Array([1, 2, 3]) })]],
    ['NaN', [{ t: 'call-result', id: 1, value: Number.NaN }]],
    ['Infinity', [{ t: 'usage', id: 1, subrequests: Number.POSITIVE_INFINITY }]],
    ['-0', [{ t: 'call-result', id: 1, value: -0 }]],
    ['an error object', [{ t: 'call-result', id: 1, error: { name: 'TypeError', message: 'no' } }]],
    ['an object value', [{ t: 'call-result', id: 1, value: { a: 1 } }]],
    ['a list with a number', [{ t: 'call-result', id: 1, value: ['a', 1] }]],
    ['a list with a hole', [{ t: 'call-result', id: 1, value: ['a', , 'b'] }]], // eslint-disable-line no-sparse-arrays
    ['a type not listed', [{ t: 'rpc-call', id: 1, link: 1, cap: 0, method: 'm', args: [] }]],
    ['a message that is a list', [['head', 1]]],
    ['a byte chunk among plain messages', [head(1), { t: 'res-chunk', id: 1, chunk: new Uint8Array(4) }]],
    ['a big body', [head(1, { body: 'x'.repeat(PLAIN_MAX_CHARS + 1) })]],
    ['bodies that add up past the bound', [head(1, { body: 'x'.repeat(PLAIN_MAX_CHARS / 2) }), head(2, { body: 'y'.repeat(PLAIN_MAX_CHARS / 2) })]],
  ];
  for (const [what, batch] of cases) {
    const { json, value } = roundTrip(batch);
    assert.ok(!json, `${what}: V8's serialization`);
    assert.deepEqual(value, batch, what);
  }
  const negativeZero = (roundTrip([{ t: 'call-result', id: 1, value: -0 }]).value as [{ value: number }])[0].value;
  assert.ok(Object.is(negativeZero, -0), '-0 stays -0');
});

test('a toJSON that code added to the prototypes changes nothing: such batches keep V8\'s serialization', () => {
  for (const proto of [Object.prototype, Array.prototype] as Record<string, unknown>[]) {
    proto.toJSON = function toJSON() { return 'forged'; };
    try {
      assert.equal(plainBatchText([head(1)]), undefined);
      const { json, value } = roundTrip([head(1)]);
      assert.ok(!json);
      assert.deepEqual(value, [head(1)]);
    } finally {
      delete proto.toJSON;
    }
  }
  assert.notEqual(plainBatchText([head(1)]), undefined);
});

test('readers decode JSON and V8 frames mixed in one stream, however it is cut; a JSON frame that does not parse is refused', () => {
  const batches = [[head(1)], [head(2, { body: new Uint8Array([9]) })], [{ t: 'done', id: 2 }], [{ t: 'call-result', id: 3, value: { nested: true } }]];
  const stream = Buffer.concat(batches.map((b) => {
    const text = plainBatchText(b);
    return text === undefined ? encodeFrame(b) : encodeTextFrame(text);
  }));
  for (const size of [1, 3, 7, 64, stream.byteLength]) {
    for (const options of [{}, { decode: decodeOwned, transient: true }]) {
      const reader = new FrameReader(Number.MAX_SAFE_INTEGER, options);
      const out: unknown[] = [];
      for (let at = 0; at < stream.byteLength; at += size) out.push(...reader.push(Buffer.from(stream.subarray(at, at + size))));
      assert.deepEqual(out, batches, `chunks of ${size}`);
    }
  }
  for (const text of ['[{"t":"head"', '[1,]', '[\u00ff]']) {
    assert.throws(() => new FrameReader().push(encodeTextFrame(text)), (err: Error) => err instanceof FrameError && /could not be decoded/.test(err.message), text);
  }
  assert.deepEqual(decodePayload(Buffer.from('["a"]')), ['a']);
});

test('a text frame is written into a reused buffer only when it surely fits', () => {
  const target = Buffer.alloc(64);
  const small = '["é"]';
  const length = writeTextFrame(small, target);
  assert.equal(length, 4 + Buffer.byteLength(small));
  assert.deepEqual(target.subarray(0, length), encodeTextFrame(small));
  assert.equal(writeTextFrame('x'.repeat(21), target), -1, 'up to 3 bytes per unit might not fit');
});

test('a JSON frame past 1 MiB is refused (deep nesting would hold the reader\'s thread), and no sender makes one', () => {
  const nested = `${'['.repeat(JSON_MAX_BYTES / 2 + 1)}${']'.repeat(JSON_MAX_BYTES / 2 + 1)}`;
  for (const options of [{}, { decode: decodeOwned }]) {
    assert.throws(() => new FrameReader(Number.MAX_SAFE_INTEGER, options).push(encodeTextFrame(nested)), (err: Error) => err instanceof FrameError && /a JSON frame of \d+ bytes is over the limit of 1048576/.test(err.message));
  }
  // Text that escapes to six characters each (control characters): within the character bound, past the byte bound.
  const escaped = [head(1, { body: '\u0001'.repeat(PLAIN_MAX_CHARS - 200) })];
  assert.equal(plainBatchText(escaped), undefined);
  assert.deepEqual(roundTrip(escaped), { json: false, value: escaped });
});

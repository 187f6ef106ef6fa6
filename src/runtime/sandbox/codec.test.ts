// The channel's compact encoding (codec.ts): what the isolate protocol carries arrives as a structured clone
// would deliver it, anything else still arrives (as a V8 record), and bytes from a sandbox that are not a
// well-formed frame are refused with a FrameError, never another exception, a hang or a polluted prototype.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serialize } from 'node:v8';
import { decodeCompactPayload, decodeMessages, encodeCompactFrame, encodeMessages, FrameError, MAX_DEPTH, Nested, NestedBytes } from './codec.js';
import { FrameReader } from './frames.js';

const roundTrip = (records: unknown[]): unknown[] => decodeCompactPayload(encodeCompactFrame(records).subarray(4));

test('the hot messages of a KV get cross unchanged', () => {
  const records = [
    ['post', 7, [{ t: 'req', id: 1, method: 'GET', url: 'http://a.example/', headers: ['host', 'a.example'], hasBody: false, httpProtocol: 'HTTP/1.1' }]],
    ['msg', 7, [{ t: 'call', id: 3, binding: 'KV', method: 'get', args: ['greeting', { type: 'text', cacheTtl: undefined }], event: 1 }]],
    ['post', 7, [{ t: 'call-result', id: 3, value: 'hello from kv' }, { t: 'call-result', id: 4, error: { name: 'TypeError', message: 'bad key' } }]],
    ['msg', 7, [{ t: 'head', id: 1, status: 200, statusText: '', headers: ['content-type', 'text/plain;charset=UTF-8'], body: 'hello from kv', streaming: false, done: true }]],
    ['msg', 7, [{ t: 'res-chunk', id: 1, chunk: new Uint8Array([0, 1, 255]) }, { t: 'res-end', id: 1 }]],
    ['stats', [[7, 12.5, 3]]],
    ['ready'],
  ];
  assert.deepEqual(roundTrip(records), structuredClone(records));
});

test('values keep what a structured clone keeps', () => {
  const odd = {
    numbers: [0, -0, 1.5, -2147483648, 2147483647, 2147483648, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity],
    strings: ['', 'é日本🎉', 'lone \ud800 surrogate', 'x'.repeat(100_000), 'GET'],
    bytes: Buffer.from('a buffer'),
    empty: new Uint8Array(0),
    flags: [true, false, null, undefined],
    bare: Object.assign(Object.create(null) as object, { a: 1 }),
    nested: { a: { b: { c: [[[]]] } } },
  };
  const [back] = roundTrip([odd]) as [typeof odd];
  assert.deepEqual(back, structuredClone(odd));
  assert.ok(Object.is(back.numbers[1], -0), '-0 stays -0');
  assert.equal(back.strings[2], 'lone \ud800 surrogate', 'a lone surrogate is not replaced');
  assert.equal(Object.getPrototypeOf(back.bytes), Uint8Array.prototype, 'a Buffer arrives as a Uint8Array, as it does through postMessage');
  assert.equal(back.bytes.byteLength, back.bytes.buffer.byteLength, 'the bytes own their buffer (they may be moved on)');
});

test('what the compact form does not carry goes in V8\'s format, in place', () => {
  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic.self = cyclic;
  let deep: unknown = 'bottom';
  for (let i = 0; i < MAX_DEPTH + 10; i++) deep = [deep];
  // A graph sharing its nodes: 2^40 paths if walked as a tree; the encoder gives up on it early and V8 keeps the references.
  let shared: unknown = 'leaf';
  for (let i = 0; i < 40; i++) shared = [shared, shared];
  const records = [
    ['post', 1, [{ t: 'call-result', id: 1, value: new Date(5) }]],
    ['post', 1, [{ t: 'call-result', id: 2, value: new Map([[1, 2n]]) }]],
    ['post', 1, [{ t: 'call-result', id: 3, value: new ArrayBuffer(3) }]],
    ['post', 1, [{ t: 'call-result', id: 4, value: cyclic }]],
    ['post', 1, [{ t: 'call-result', id: 5, value: deep }]],
    ['post', 1, [{ t: 'req-end', id: 9 }]],
  ];
  const back = roundTrip(records) as [string, number, { value: unknown }[]][];
  assert.deepEqual(back, structuredClone(records));
  const loop = back[3]?.[2][0]?.value as Record<string, unknown>;
  assert.equal(loop.self, loop, 'the cycle is kept');
  const [dag] = roundTrip([['post', 1, [{ t: 'call-result', id: 6, value: shared }]]]) as [[string, number, { value: unknown[] }[]]];
  let node: unknown = dag[2][0]?.value;
  for (let i = 0; i < 40; i++) {
    const pair = node as unknown[];
    assert.equal(pair[0], pair[1], 'the shared node is one object');
    node = pair[0];
  }
  assert.equal(node, 'leaf');
  assert.throws(() => encodeCompactFrame([{ f: () => 1 }]), /could not be cloned/, 'what no clone carries fails as postMessage would');
});

/** A compact payload written by hand: magic, count, then the bytes given. */
const payload = (...bytes: number[]): Buffer => Buffer.from([0xc5, ...bytes]);
const u32 = (n: number): number[] => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, n >>> 24];

test('malformed payloads from a sandbox are refused with a FrameError', () => {
  const cases: [string, Buffer][] = [
    ['empty', Buffer.alloc(0)],
    ['V8 format instead of the channel\'s', serialize([['ready']])],
    ['more records announced than bytes', payload(...u32(1_000_000_000))],
    ['a string longer than the frame', payload(...u32(1), 6, ...u32(4_000_000_000), 97)],
    ['an array longer than the frame', payload(...u32(1), 10, ...u32(0xffffffff))],
    ['an object longer than the frame', payload(...u32(1), 11, ...u32(0x7fffffff), 7, 0)],
    ['an unknown value tag', payload(...u32(1), 200)],
    ['an unknown common string', payload(...u32(1), 7, 250)],
    ['an object key that is a number', payload(...u32(1), 11, ...u32(1), 4, 1, 0, 0, 0, 1)],
    ['an odd UTF-16 string', payload(...u32(1), 8, ...u32(3), 1, 2, 3)],
    ['a truncated int', payload(...u32(1), 4, 1, 2)],
    ['a truncated V8 record', payload(...u32(1), 12, ...u32(100), 0xff)],
    ['an undecodable V8 record', payload(...u32(1), 12, ...u32(2), 0x01, 0x02)],
    ['bytes after the last record', payload(...u32(1), 1, 1)],
    ['nesting past the bound', payload(...u32(1), ...Array.from({ length: 5000 }, () => [10, ...u32(1)]).flat(), 1)],
  ];
  for (const [why, bytes] of cases) assert.throws(() => decodeCompactPayload(bytes), FrameError, why);
});

test('__proto__ from a sandbox is an own key, not a prototype', () => {
  const key = Buffer.from('__proto__');
  const bytes = payload(...u32(1), 11, ...u32(1), 6, ...u32(key.byteLength), ...key, 11, ...u32(1), 6, ...u32(5), ...Buffer.from('admin'), 3);
  const [value] = decodeCompactPayload(bytes) as [Record<string, unknown>];
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.deepEqual(Object.keys(value), ['__proto__']);
  assert.equal((value as { admin?: unknown }).admin, undefined);
  assert.equal(({} as { admin?: unknown }).admin, undefined, 'nothing global was polluted');
});

test('every truncation and every single-byte change of a valid frame decodes or is a FrameError', () => {
  const frame = encodeCompactFrame([
    ['msg', 3, [{ t: 'head', id: 1, status: 200, statusText: 'OK', headers: ['x-a', 'é'], body: new Uint8Array([1, 2]), streaming: false, done: true }]],
    ['msg', 3, [{ t: 'call', id: 2, binding: 'KV', method: 'get', args: ['k', { type: 'json' }, -1.5, null], event: 1 }]],
    ['stats', [[3, 1, 2]]],
  ]).subarray(4);
  const check = (bytes: Buffer) => {
    try {
      decodeCompactPayload(bytes);
    } catch (err) {
      assert.ok(err instanceof FrameError, `${(err as Error).message} is a FrameError`);
    }
  };
  for (let n = 0; n < frame.byteLength; n++) check(frame.subarray(0, n));
  for (let at = 0; at < frame.byteLength; at++) {
    for (const v of [0, 1, 5, 9, 10, 11, 12, 0x7f, 0xff]) {
      const bytes = Buffer.from(frame);
      bytes[at] = v;
      check(bytes);
    }
  }
});

test('the frame reader splits a stream at any chunk boundary and refuses an oversized frame', () => {
  const frames = [encodeCompactFrame([['ready']]), encodeCompactFrame([['msg', 1, [{ t: 'done', id: 4 }]]])];
  const stream = Buffer.concat(frames);
  for (let cut = 0; cut <= stream.byteLength; cut++) {
    const reader = new FrameReader();
    const got = [...reader.push(stream.subarray(0, cut)), ...reader.push(stream.subarray(cut))];
    assert.deepEqual(got, [[['ready']], [['msg', 1, [{ t: 'done', id: 4 }]]]]);
  }
  const small = new FrameReader(16);
  assert.throws(() => small.push(Buffer.from([0, 0, 1, 0])), FrameError);
});

test('an isolate\'s batch crosses the sandbox\'s main thread encoded, and the host reads it as the list', () => {
  const batch = [{ t: 'call', id: 2, binding: 'KV', method: 'get', args: ['k'], event: 1 }, { t: 'res-chunk', id: 1, chunk: new Uint8Array([7]) }];
  // Isolate to host: the worker encodes, the main thread frames the bytes unread, the host decodes them in place.
  const bytes = encodeMessages(batch, 1024);
  assert.ok(bytes && bytes.byteLength === bytes.buffer.byteLength, 'the bytes own their buffer (they are moved, not copied)');
  const frame = encodeCompactFrame([['msg', 4, new NestedBytes(bytes)]]).subarray(4);
  assert.deepEqual(decodeCompactPayload(frame), [['msg', 4, batch]]);
  // Host to isolate: the host nests its batch, the main thread keeps it encoded, the worker decodes it.
  const hostBatch = [{ t: 'call-result', id: 2, value: 'v' }];
  const [[tag, id, kept]] = decodeCompactPayload(encodeCompactFrame([['post', 4, new Nested(hostBatch)]]).subarray(4), true) as [[string, number, NestedBytes]];
  assert.equal(`${tag} ${id}`, 'post 4');
  assert.ok(kept instanceof NestedBytes);
  assert.deepEqual(decodeMessages(kept.bytes), hostBatch);
  // What the compact form does not carry: the host's record goes to V8 with the list in place; the isolate posts the list itself.
  const [fallback] = decodeCompactPayload(encodeCompactFrame([['post', 4, new Nested([{ t: 'call-result', id: 3, value: new Date(0) }])]]).subarray(4), true) as [[string, number, unknown]];
  assert.deepEqual(fallback, ['post', 4, [{ t: 'call-result', id: 3, value: new Date(0) }]]);
  assert.equal(encodeMessages([{ t: 'call', id: 1, binding: 'KV', method: 'put', args: ['k', new Map()] }], 1024), undefined);
  assert.equal(encodeMessages([{ t: 'res-chunk', id: 1, chunk: new Uint8Array(2048) }], 1024), undefined, 'over the size bound: posted as the list, for the main thread to split');
});

test('nested bytes that do not hold exactly one value are refused', () => {
  const nested = (inner: number[]) => payload(...u32(1), 10, ...u32(3), 7, 38, 4, 1, 0, 0, 0, 13, ...u32(inner.length), ...inner);
  assert.deepEqual(decodeCompactPayload(nested([10, ...u32(0)])), [['msg', 1, []]]);
  for (const [why, inner] of [['two values', [1, 1]], ['a value cut short', [4, 1, 0]], ['nothing', []], ['a V8 record', [12, ...u32(1), 0xff]]] as const) {
    assert.throws(() => decodeCompactPayload(nested([...inner])), FrameError, why);
  }
  assert.throws(() => decodeMessages(new Uint8Array([1, 1])), FrameError);
});

// The host's check of isolate messages arriving from a sandbox (untrusted input): the messages main's
// WebSockets and observability added cross the channel only in their documented shapes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toIsolateMessage } from './channel.js';

test('socket, usage and event-tagged messages pass in their own shapes', () => {
  for (const message of [
    { t: 'ws-send', sid: 1, data: 'hi' },
    { t: 'ws-send', sid: 1, data: new Uint8Array([1, 2]) },
    { t: 'ws-close', sid: 1, code: 1000, reason: 'bye' },
    { t: 'ws-ack', sid: 1, bytes: 10 },
    { t: 'ws-connect', sid: 2, url: 'wss://example.com/', headers: ['x-a', '1'] },
    { t: 'ws-claim', sid: 3, token: 'a-token' },
    { t: 'usage', id: 3, subrequests: 2 },
    { t: 'log', level: 'info', message: 'line', event: 3 },
    { t: 'call', id: 4, binding: 'KV', method: 'get', args: ['k'], event: 3 },
    { t: 'head', id: 3, status: 200, statusText: '', headers: [], body: null, streaming: false, webSocket: 1 },
    { t: 'head', id: 3, status: 101, statusText: 'Switching Protocols', headers: [], body: null, streaming: false, webSocket: 1 },
  ]) assert.deepEqual(toIsolateMessage(message), message, message.t);
});

test('malformed ones are refused (the sandbox is then stopped as a protocol violation)', () => {
  for (const message of [
    { t: 'ws-send', sid: 1, data: { toString: 'x' } },
    { t: 'ws-send', sid: 'one', data: 'hi' },
    { t: 'ws-close', sid: 1, code: '1000', reason: 'bye' },
    { t: 'ws-ack', sid: 1, bytes: 1.5 },
    { t: 'ws-connect', sid: 2, url: 'wss://example.com/', headers: ['odd'] },
    { t: 'ws-connect', sid: 2, url: new URL('wss://example.com/'), headers: [] },
    { t: 'ws-claim', sid: 3, token: 7 },
    { t: 'ws-claim', sid: -1.5, token: 'a-token' },
    { t: 'usage', id: 3, subrequests: -1 },
    { t: 'usage', id: 3 },
    { t: 'log', level: 'info', message: 'line', event: 'x' },
    { t: 'call', id: 4, binding: 'KV', method: 'get', args: [], event: {} },
    { t: 'head', id: 3, status: 200, statusText: '', headers: [], body: null, streaming: false, webSocket: '1' },
    { t: 'head', id: 3, status: 101, statusText: '', headers: [], body: null, streaming: false },
    { t: 'ws-message', sid: 1, data: 'a host message sent back' },
  ]) assert.equal(toIsolateMessage(message), null, JSON.stringify(message, (_k, v) => v instanceof URL ? 'URL' : v));
});

test("a coordination object's outcome passes as an RPC value or an error, nothing else", () => {
  for (const outcome of [
    { ok: true },
    { ok: true, value: { n: 1, list: [new Uint8Array([1])], stub: { '\u0000ledge.rpc': 'target', id: 1 } } },
    { ok: false, error: { name: 'RangeError', message: 'no such thing' } },
  ]) assert.deepEqual(toIsolateMessage({ t: 'object-result', id: 3, outcome }), { t: 'object-result', id: 3, outcome }, JSON.stringify(outcome));
  for (const outcome of [
    null, 'ok', { value: 1 }, { ok: 'yes', value: 1 }, { ok: false }, { ok: false, error: 'failed' }, { ok: false, error: { name: 'Error' } },
  ]) assert.equal(toIsolateMessage({ t: 'object-result', id: 3, outcome }), null, JSON.stringify(outcome));
  // What the object threw, for its own record: an error's shape, or the message is refused.
  const failed = { ok: false, error: { name: 'RangeError', message: 'no such thing' } };
  const thrown = { t: 'object-result', id: 3, outcome: failed, exception: { name: 'RangeError', message: 'no such thing', stack: 'RangeError: no such thing\n    at checkout (src/index.js:3:9)' } };
  assert.deepEqual(toIsolateMessage(thrown), thrown);
  for (const exception of ['RangeError', { name: 'RangeError' }, { name: 1, message: 'x' }]) {
    assert.equal(toIsolateMessage({ ...thrown, exception }), null, JSON.stringify(exception));
  }
});

test('coordination objects\' sockets: a head names a handed-off socket by token; an outcome names its socket by sid or number, never by token', () => {
  const ok = { t: 'object-result', id: 5, outcome: { ok: true, response: { status: 101, statusText: '', headers: [], body: null, webSocket: { socket: 3 } } } };
  for (const message of [
    { t: 'head', id: 3, status: 101, statusText: '', headers: [], body: null, streaming: false, webSocketHandoff: 'abc' },
    ok,
    { ...ok, outcome: { ...ok.outcome, response: { ...ok.outcome.response, webSocket: { sid: 2 } } } },
  ]) assert.deepEqual(toIsolateMessage(message), message, JSON.stringify(message));
  for (const message of [
    { t: 'head', id: 3, status: 101, statusText: '', headers: [], body: null, streaming: false, webSocketHandoff: 7 },
    { t: 'head', id: 3, status: 200, statusText: '', headers: [], body: null, streaming: false, webSocketHandoff: {} },
    { ...ok, outcome: { ...ok.outcome, response: { ...ok.outcome.response, webSocket: { token: 'forged' } } } },
    { ...ok, outcome: { ...ok.outcome, response: { ...ok.outcome.response, webSocket: { sid: 1, socket: 2 } } } },
    { ...ok, outcome: { ...ok.outcome, response: { ...ok.outcome.response, webSocket: { socket: -1.5 } } } },
  ]) assert.equal(toIsolateMessage(message), null, JSON.stringify(message));
});

test("an object's result may end its event, its link and carry its writes, each only in its own shape", () => {
  const bytes = new Uint8Array([1, 2, 3]);
  for (const message of [
    { t: 'object-result', id: 7, outcome: { ok: true, value: 1, linkDone: true }, done: true },
    { t: 'object-result', id: 7, outcome: { ok: true, value: 1 }, writes: { seq: 4, puts: [['value', bytes]], deletes: ['old'] } },
    { t: 'object-result', id: 7, outcome: { ok: false, error: { name: 'Error', message: 'x' } }, writes: { seq: 5, puts: [], deletes: [] }, done: true },
  ]) assert.deepEqual(toIsolateMessage(message), message, JSON.stringify(message));
  for (const message of [
    { t: 'object-result', id: 7, outcome: { ok: true, value: 1, linkDone: 1 } },
    { t: 'object-result', id: 7, outcome: { ok: true, value: 1 }, done: false },
    { t: 'object-result', id: 7, outcome: { ok: true, value: 1 }, writes: { seq: -1, puts: [], deletes: [] } },
    { t: 'object-result', id: 7, outcome: { ok: true, value: 1 }, writes: { seq: 1, puts: [['k', 'not bytes']], deletes: [] } },
    { t: 'object-result', id: 7, outcome: { ok: true, value: 1 }, writes: { seq: 1, puts: [['k', bytes, 'extra']], deletes: [] } },
    { t: 'object-result', id: 7, outcome: { ok: true, value: 1 }, writes: { seq: 1, puts: [], deletes: [3] } },
    { t: 'object-result', id: 7, outcome: { ok: true, value: 1 }, writes: { seq: 1, puts: {}, deletes: [] } },
    { t: 'object-result', id: 7, outcome: { ok: true, value: 1 }, writes: null },
  ]) assert.equal(toIsolateMessage(message), null, JSON.stringify(message, (_k, v) => v instanceof Uint8Array ? 'bytes' : v));
});

test('the messages of leased coordination-object calls pass only in their shapes: answers by number, calls below zero', () => {
  const call = { namespace: 'acct/app/Box', objectId: 'a'.repeat(64), method: 'inc', startedAt: 1 };
  for (const message of [
    { t: 'object-lease-ended', seq: 3 },
    { t: 'object-lease-ended', seq: 3, unused: 250 },
    { t: 'object-local', id: -1, ...call },
    { t: 'object-local-end', id: -1 },
    { t: 'object-local-end', id: -2, exception: { name: 'RangeError', message: 'no' }, call },
  ]) assert.deepEqual(toIsolateMessage(message), message, message.t);
  for (const message of [
    { t: 'object-lease-ended', seq: 'x' },
    { t: 'object-lease-ended', seq: 3, unused: -1 },
    { t: 'object-lease-ended', seq: 3, unused: Infinity },
    // The host numbers its own events above zero: a leased call may not name one of them.
    { t: 'object-local', id: 4, ...call },
    { t: 'object-local', id: -1, ...call, startedAt: 'now' },
    { t: 'object-local', id: -1, ...call, namespace: 'n'.repeat(513) },
    { t: 'object-local', id: -1, ...call, method: 7 },
    { t: 'object-local-end', id: 5 },
    { t: 'object-local-end', id: -1, exception: 'boom' },
    { t: 'object-local-end', id: -1, call: { ...call, objectId: 'b'.repeat(65) } },
  ]) assert.equal(toIsolateMessage(message), null, JSON.stringify(message));
});

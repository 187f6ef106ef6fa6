import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createIncomingRequest, installIncomingRequestSignal } from './incoming-request.js';

installIncomingRequestSignal();

const URL_TEXT = 'http://app.test/path?q=1';
const HEADERS = ['x-a', '1', 'X-A', '2', 'host', 'app.test'];
const init = (signal: AbortSignal | null = null) => ({ method: 'GET', body: null, signal });
/** The values of a request's own symbol-keyed slots (undici's state, headers, signal...). */
const slots = (request: Request): unknown[] => Object.getOwnPropertySymbols(request).map((key) => (request as unknown as Record<symbol, unknown>)[key]);

test('the signal is not made until it is read, then it is real, never aborted, and kept', () => {
  const request = createIncomingRequest(URL_TEXT, init(), HEADERS);
  assert.ok(request instanceof Request);
  assert.ok(!slots(request).some((value) => value instanceof AbortSignal), 'no AbortSignal is made with the request');
  const signal = request.signal;
  assert.ok(signal instanceof AbortSignal);
  assert.equal(signal.aborted, false);
  assert.equal(request.signal, signal, 'the same signal on every read');
  assert.ok(slots(request).includes(signal), 'kept in the request, where undici reads it');
  assert.notEqual(createIncomingRequest(URL_TEXT, init(), HEADERS).signal, signal, 'one signal per request');
  assert.equal(request.url, URL_TEXT);
  assert.equal(request.headers.get('x-a'), '1, 2', 'several values of a header, in order');
  assert.deepEqual([...request.headers.keys()], ['host', 'x-a']);
});

test('copies and clones of a request whose signal was never read get signals of their own', () => {
  const request = createIncomingRequest(URL_TEXT, init(), HEADERS);
  const copy = new Request(request, { headers: { 'x-b': '1' } });
  assert.ok(copy.signal instanceof AbortSignal);
  assert.equal(copy.signal.aborted, false);
  assert.equal(copy.url, URL_TEXT);
  const clone = request.clone();
  assert.ok(clone.signal instanceof AbortSignal);
  assert.equal(clone.headers.get('x-a'), '1, 2');
  assert.ok(request.signal instanceof AbortSignal);
  assert.notEqual(clone.signal, request.signal);
});

test('a request with a body streams it as Node would', async () => {
  const request = createIncomingRequest('http://app.test/', { method: 'POST', body: new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('payload')); c.close(); } }), signal: null }, ['content-type', 'text/plain']);
  assert.deepEqual([...request.headers], [['content-type', 'text/plain']], 'only the client\'s headers');
  assert.equal(await request.text(), 'payload');
  assert.equal(request.bodyUsed, true);
});

test('a request given a signal is built plainly, linked to it', () => {
  const controller = new AbortController();
  const request = createIncomingRequest(URL_TEXT, init(controller.signal), HEADERS);
  assert.ok(slots(request).some((value) => value instanceof AbortSignal), 'its signal is made at once');
  let heard = false;
  request.signal.addEventListener('abort', () => { heard = true; });
  controller.abort(new Error('client went away'));
  assert.equal(request.signal.aborted, true);
  assert.equal(heard, true);
});

test('an invalid request fails as the constructor does, and the global AbortController is restored', () => {
  assert.throws(() => createIncomingRequest('not a url', init(), HEADERS), TypeError);
  assert.throws(() => createIncomingRequest(URL_TEXT, init(), ['bad name', 'x']), TypeError);
  assert.throws(() => createIncomingRequest(URL_TEXT, { method: 'GET', body: new ReadableStream(), signal: null }, []), TypeError, 'GET with a body');
  assert.ok(new AbortController().signal instanceof AbortSignal, 'the global is the real AbortController again');
});

// Last: it freezes this process's global AbortController for good.
test('with the global AbortController made read-only, requests are built plainly and still work', () => {
  Object.defineProperty(globalThis, 'AbortController', { value: globalThis.AbortController, writable: false, configurable: false });
  const request = createIncomingRequest(URL_TEXT, init(), HEADERS);
  assert.ok(slots(request).some((value) => value instanceof AbortSignal), 'the plain constructor made the signal');
  assert.ok(request.signal instanceof AbortSignal);
  assert.equal(request.headers.get('x-a'), '1, 2');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createIncomingRequest, installIncomingRequestSignal } from './incoming-request.js';

installIncomingRequestSignal();

const URL_TEXT = 'http://app.test/path?q=1';
const init = (): RequestInit => ({ method: 'GET', headers: [['x-a', '1'], ['x-a', '2'], ['host', 'app.test']], body: null, signal: null });
/** The values of a request's own symbol-keyed slots (undici's state, headers, signal...). */
const slots = (request: Request): unknown[] => Object.getOwnPropertySymbols(request).map((key) => (request as unknown as Record<symbol, unknown>)[key]);

test('the signal is not made until it is read, then it is real, never aborted, and kept', () => {
  const request = createIncomingRequest(URL_TEXT, init());
  assert.ok(request instanceof Request);
  assert.ok(!slots(request).some((value) => value instanceof AbortSignal), 'no AbortSignal is made with the request');
  const signal = request.signal;
  assert.ok(signal instanceof AbortSignal);
  assert.equal(signal.aborted, false);
  assert.equal(request.signal, signal, 'the same signal on every read');
  assert.ok(slots(request).includes(signal), 'kept in the request, where undici reads it');
  assert.notEqual(createIncomingRequest(URL_TEXT, init()).signal, signal, 'one signal per request');
  assert.equal(request.url, URL_TEXT);
  assert.equal(request.headers.get('x-a'), '1, 2');
});

test('copies and clones of a request whose signal was never read get signals of their own', () => {
  const request = createIncomingRequest(URL_TEXT, init());
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
  const request = createIncomingRequest('http://app.test/', { method: 'POST', headers: [], body: new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('payload')); c.close(); } }), duplex: 'half' } as RequestInit);
  assert.equal(await request.text(), 'payload');
  assert.equal(request.bodyUsed, true);
});

test('a request given a signal is built plainly, linked to it', () => {
  const controller = new AbortController();
  const request = createIncomingRequest(URL_TEXT, { ...init(), signal: controller.signal });
  assert.ok(slots(request).some((value) => value instanceof AbortSignal), 'its signal is made at once');
  let heard = false;
  request.signal.addEventListener('abort', () => { heard = true; });
  controller.abort(new Error('client went away'));
  assert.equal(request.signal.aborted, true);
  assert.equal(heard, true);
});

test('an invalid request fails as the constructor does, and the global AbortController is restored', () => {
  assert.throws(() => createIncomingRequest('not a url', init()), TypeError);
  assert.throws(() => createIncomingRequest(URL_TEXT, { method: 'GET', headers: [['bad name', 'x']] }), TypeError);
  assert.throws(() => createIncomingRequest(URL_TEXT, { method: 'GET', body: 'x' }), TypeError);
  assert.ok(new AbortController().signal instanceof AbortSignal, 'the global is the real AbortController again');
});

// Last: it freezes this process's global AbortController for good.
test('with the global AbortController made read-only, requests are built plainly and still work', () => {
  Object.defineProperty(globalThis, 'AbortController', { value: globalThis.AbortController, writable: false, configurable: false });
  const request = createIncomingRequest(URL_TEXT, init());
  assert.ok(slots(request).some((value) => value instanceof AbortSignal), 'the plain constructor made the signal');
  assert.ok(request.signal instanceof AbortSignal);
  assert.equal(request.headers.get('x-a'), '1, 2');
});

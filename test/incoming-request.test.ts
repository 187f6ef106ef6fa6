// The Request a fetch handler receives is built without its AbortSignal, which is made on first read
// (src/runtime/incoming-request.ts). Everything an application relies on must hold in both isolations:
// a real, never-aborted signal, one per request, the same on every read; clone(), new Request(request) and
// fetch(request) work; headers, method, URL and body are the client's; the opt-in signal still aborts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject } from './helpers.js';

const APP = `
const kept = [];
export default { async fetch(request) {
  const url = new URL(request.url);
  if (url.pathname === '/shape') {
    const symbols = Object.getOwnPropertySymbols(request).length;
    const signal = request.signal;
    const copy = new Request(request, { headers: { 'x-copy': '1' } });
    const clone = request.clone();
    const signals = [signal, copy.signal, clone.signal];
    let listened = 0;
    signal.addEventListener('abort', () => { listened++; });
    kept.push(signal);
    return Response.json({
      isRequest: request instanceof Request,
      proto: Object.getPrototypeOf(request) === Request.prototype,
      allSignals: signals.every((s) => s instanceof AbortSignal && s.aborted === false && s.reason === undefined),
      same: request.signal === signal,
      distinct: new Set(signals).size === 3,
      sharedAcrossRequests: kept.length > 1 && kept[0] === kept[kept.length - 1],
      throwIfAborted: (() => { try { signal.throwIfAborted(); return 'ok'; } catch (e) { return String(e); } })(),
      symbols,
      method: request.method,
      header: request.headers.get('x-test'),
      copyHeader: copy.headers.get('x-copy'),
      copyUrl: copy.url === request.url,
      cf: request.cf?.httpProtocol,
      cfKept: request.cf === request.cf && Object.isFrozen(request.cf),
      cfOfCopy: copy.cf === undefined && clone.cf === undefined,
      cfOfOther: Reflect.get(Request.prototype, 'cf', 5) === undefined && Reflect.get(Request.prototype, 'cf', {}) === undefined,
      ownNames: Object.getOwnPropertyNames(request).length,
      listened,
    });
  }
  if (url.pathname === '/body') {
    const twin = request.clone();
    return Response.json({ text: await request.text(), twin: await twin.text(), used: request.bodyUsed, method: request.method });
  }
  if (url.pathname === '/fetch-request') {
    // fetch() of the incoming request itself: it reads the signal slot directly (new Request(input)).
    const result = await fetch(new Request('http://127.0.0.1:1/', request)).then(() => 'fetched', (err) => err.name);
    return new Response(result);
  }
  if (url.pathname === '/frozen') {
    // Application code that freezes the global scope's AbortController: requests are then built plainly.
    Object.defineProperty(globalThis, 'AbortController', { value: globalThis.AbortController, writable: false, configurable: false });
    return new Response('frozen');
  }
  if (url.pathname === '/after-frozen') {
    return Response.json({ signal: request.signal instanceof AbortSignal && !request.signal.aborted, header: request.headers.get('x-test') });
  }
  return new Response('?', { status: 404 });
} };`;

for (const isolation of ['thread', 'process'] as const) {
  test(`an incoming request's signal, clones, copies and body behave as Node's own (${isolation} isolation)`, async (t) => {
    const dir = makeProject({ 'src/index.js': APP });
    const server = await startProject(dir, { isolation });
    t.after(() => server.close());
    // Over a real connection: the request is built from what node:http parsed, as in production.
    const send = (request: Request) => fetch(request);
    const shape = async () => {
      const res = await send(new Request(server.url + '/shape', { headers: { 'x-test': 'yes' } }));
      assert.equal(res.status, 200);
      return (await res.json()) as Record<string, unknown>;
    };
    const first = await shape();
    assert.deepEqual({ ...first, symbols: undefined }, {
      isRequest: true, proto: true, allSignals: true, same: true, distinct: true, sharedAcrossRequests: false, throwIfAborted: 'ok',
      symbols: undefined, method: 'GET', header: 'yes', copyHeader: '1', copyUrl: true, cf: 'HTTP/1.1',
      cfKept: true, cfOfCopy: true, cfOfOther: true, ownNames: 0, listened: 0,
    });
    const second = await shape();
    assert.equal(second.sharedAcrossRequests, false, 'each request has a signal of its own');
    assert.equal(second.symbols, first.symbols, 'the request has the same own slots every time');

    const body = await send(new Request(server.url + '/body', { method: 'POST', body: 'payload' }));
    assert.deepEqual(await body.json(), { text: 'payload', twin: 'payload', used: true, method: 'POST' });

    const fetched = await send(new Request(server.url + '/fetch-request', { headers: { 'x-test': 'yes' } }));
    assert.equal(fetched.status, 200);
    assert.equal(await fetched.text(), 'TypeError', 'fetch of a copy of the incoming request fails only for its refused or unreachable address');

    assert.equal((await send(new Request(server.url + '/frozen'))).status, 200);
    const after = await send(new Request(server.url + '/after-frozen', { headers: { 'x-test': 'still' } }));
    assert.deepEqual(await after.json(), { signal: true, header: 'still' }, 'a frozen AbortController leaves requests built plainly');
  });
}

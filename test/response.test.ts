// The isolate's Response keeps simple bodies unread until needed; everything observable must still follow the Fetch standard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { eventually, makeProject, startProject } from './helpers.js';

test('Response in the isolate behaves as the Fetch standard says', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch() {
      const out = {};
      const r = new Response('héllo');
      out.type = r.headers.get('content-type');
      out.usedBefore = r.bodyUsed;
      out.text = await r.text();
      out.usedAfter = r.bodyUsed;
      try { await r.text(); out.second = 'read twice'; } catch (e) { out.second = e.constructor.name; }
      const bytes = new Uint8Array([1, 2, 3]);
      const b = new Response(bytes);
      bytes[0] = 9;
      out.bytes = [...new Uint8Array(await b.arrayBuffer())];
      out.bytesType = b.headers.get('content-type');
      const j = Response.json({ a: 1 }, { status: 201, headers: { 'x-k': 'v' } });
      out.json = [j.status, j.headers.get('content-type'), j.headers.get('x-k'), await j.json()];
      const c = new Response('twice', { status: 202, statusText: 'Accepted' });
      const copy = c.clone();
      out.clone = [await c.text(), await copy.text(), copy.status, copy.statusText];
      const s = new Response('streamed');
      const reader = s.body.getReader();
      const chunk = await reader.read();
      out.stream = [new TextDecoder().decode(chunk.value), (await reader.read()).done, s.bodyUsed];
      try { new Response('x', { status: 204 }); out.nullBody = 'accepted'; } catch (e) { out.nullBody = e.constructor.name; }
      const fetched = await fetch('data:text/plain,from-fetch');
      out.instanceofFetched = fetched instanceof Response;
      out.instanceofOwn = r instanceof Response;
      const blob = await new Response('abc', { headers: { 'content-type': 'text/x-test' } }).blob();
      out.blob = [blob.size, blob.type];
      const form = await new Response('a=1&b=2', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
      out.form = [form.get('a'), form.get('b')];
      out.empty = await new Response('').text();
      out.nullText = await new Response(null).text();
      out.redirect = Response.redirect('https://example.com/', 301).headers.get('location');
      return Response.json(out);
    } };`,
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  const out = await (await server.request(new Request('http://app.test/'))).json();
  assert.deepEqual(out, {
    type: 'text/plain;charset=UTF-8', usedBefore: false, text: 'héllo', usedAfter: true, second: 'TypeError',
    bytes: [1, 2, 3], bytesType: null,
    json: [201, 'application/json', 'v', { a: 1 }],
    clone: ['twice', 'twice', 202, 'Accepted'],
    stream: ['streamed', true, true],
    nullBody: 'TypeError',
    instanceofFetched: true, instanceofOwn: true,
    blob: [3, 'text/x-test'], form: ['1', '2'], empty: '', nullText: '',
    redirect: 'https://example.com/',
  });
});

test('a response whose body the handler already read is refused, one it only streamed is sent', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request) {
      const r = new Response('payload');
      if (new URL(request.url).pathname === '/used') { await r.text(); return r; }
      if (new URL(request.url).pathname === '/wrapped') return new Response(new Response('inner').body, { headers: { 'x-w': '1' } });
      return r;
    } };`,
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.equal(await (await server.request(new Request('http://app.test/'))).text(), 'payload');
  const wrapped = await server.request(new Request('http://app.test/wrapped'));
  assert.equal(await wrapped.text(), 'inner');
  assert.equal(wrapped.headers.get('x-w'), '1');
  const used = await server.request(new Request('http://app.test/used'));
  assert.equal(used.status, 500);
});

test('with enable_request_signal, request.signal aborts when the client disconnects', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request) {
      const signalled = await new Promise((resolve) => {
        request.signal.addEventListener('abort', () => resolve('aborted'));
        setTimeout(() => resolve('timeout'), 5000);
      });
      console.log('signal: ' + signalled);
      return new Response(signalled);
    } };`,
  }, { compatibility_flags: ['enable_request_signal'] });
  const server = await startProject(dir);
  t.after(() => server.close());
  const req = httpRequest(`${server.url}/`);
  req.on('error', () => undefined);
  req.end();
  await new Promise((r) => setTimeout(r, 300));
  req.destroy();
  await eventually(() => server.logText().includes('signal: aborted'), 4000, 'the abort to reach the application');
});

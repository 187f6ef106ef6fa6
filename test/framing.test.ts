// The platform owns response framing (docs/runtime.md, Response framing): what an application declares can
// never make its body run into the next response of a keep-alive or pipelined connection, which on
// `ledge serve` may belong to another account. Raw sockets, pipelined requests, a real platform.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestPlatform, deployBody, type TestPlatform } from './serve-helpers.js';
import { get, rawExchange, statusLines } from './raw-http.js';

/** A fake second response an application hides in its body. */
const SMUGGLED = 'HTTP/1.1 200 OK\\r\\nx-smuggled: yes\\r\\ncontent-length: 5\\r\\n\\r\\nowned';

const FRAMING_APP = `
const enc = (s) => new TextEncoder().encode(s);
const stream = (...parts) => new ReadableStream({ start(c) { for (const p of parts) c.enqueue(enc(p)); c.close(); } });
export default { fetch(request) {
  const path = new URL(request.url).pathname;
  if (path === '/cl0') return new Response('${SMUGGLED}', { headers: { 'content-length': '0' } });
  if (path === '/cl0-stream') return new Response(stream('HTTP/1.1 200 OK\\r\\n', 'x-smuggled: yes\\r\\ncontent-length: 5\\r\\n\\r\\nowned'), { headers: { 'content-length': '0' } });
  if (path === '/long-stream') return new Response(stream('abcde', 'fghij'), { headers: { 'content-length': '4' } });
  if (path === '/short-stream') return new Response(stream('abcde', 'fghij'), { headers: { 'content-length': '100' } });
  if (path === '/short') return new Response('abcdefghij', { headers: { 'content-length': '100' } });
  if (path === '/te-cl') return new Response('hello', { headers: { 'transfer-encoding': 'chunked', 'content-length': '5' } });
  if (path === '/te-stream') return new Response(stream('hel', 'lo'), { headers: { 'transfer-encoding': 'chunked', 'content-length': '5' } });
  if (path === '/bad-cl') return new Response('hello', { headers: { 'content-length': '5, 6' } });
  if (path === '/hop') return new Response('hop', { headers: {
    connection: 'x-internal, close', 'x-internal': 'secret', 'keep-alive': 'timeout=99', 'proxy-authenticate': 'Basic',
    te: 'trailers', trailer: 'x-t', upgrade: 'h2c', 'x-kept': 'yes',
  } });
  return new Response('echo ' + request.url + ' host=' + request.headers.get('host'));
} };`;

async function deploy(p: TestPlatform, name: string, source: string, host: string): Promise<void> {
  const put = await p.call('PUT', `/accounts/${p.accountId}/deployments/${name}`, { body: deployBody(source, { routes: [host] }) });
  assert.equal(put.status, 200, put.text);
}

async function platformWithApps(): Promise<TestPlatform> {
  const p = await startTestPlatform();
  await deploy(p, 'framing', FRAMING_APP, 'a.example.com');
  await deploy(p, 'other', `export default { fetch() { return new Response('other tenant'); } };`, 'b.example.com');
  return p;
}

test('a body longer than its content-length is cut there and the connection closes: no response splitting across tenants', async () => {
  const p = await platformWithApps();
  try {
    for (const path of ['/cl0', '/cl0-stream']) {
      const answer = await rawExchange(p.appUrl, get(path, 'a.example.com') + get('/', 'b.example.com'));
      assert.doesNotMatch(answer.text, /x-smuggled|owned/, `${path}: the hidden response never reaches the connection`);
      assert.deepEqual(statusLines(answer.text), ['HTTP/1.1 200 OK'], `${path}: one response, and the pipelined one is not answered on this connection`);
      assert.match(answer.text, /content-length: 0\r\n/i);
      assert.equal(answer.text.endsWith('\r\n\r\n'), true, `${path}: nothing after the head`);
      assert.equal(answer.closed, true, `${path}: the connection is closed`);
    }
    const long = await rawExchange(p.appUrl, get('/long-stream', 'a.example.com') + get('/', 'b.example.com'));
    assert.equal(long.text.split('\r\n\r\n')[1], 'abcd', 'exactly the declared 4 bytes');
    assert.equal(long.closed, true);
    assert.ok(p.logs.some((r) => /longer than the 4 bytes its content-length declares/.test(r.message)), 'the cut is logged');
  } finally {
    await p.close();
  }
});

test('a body shorter than its content-length closes the connection before anything else is written on it', async () => {
  const p = await platformWithApps();
  try {
    for (const path of ['/short', '/short-stream']) {
      const answer = await rawExchange(p.appUrl, get(path, 'a.example.com') + get('/', 'b.example.com'));
      assert.deepEqual(statusLines(answer.text), ['HTTP/1.1 200 OK'], `${path}: the next response never becomes part of this body`);
      assert.doesNotMatch(answer.text, /other tenant/);
      assert.equal(answer.closed, true, `${path}: the connection is closed`);
    }
  } finally {
    await p.close();
  }
});

test('transfer-encoding and content-length are never both sent; an invalid content-length is replaced by the platform', async () => {
  const p = await platformWithApps();
  try {
    for (const path of ['/te-cl', '/te-stream']) {
      const answer = await rawExchange(p.appUrl, get(path, 'a.example.com') + get('/', 'b.example.com'));
      const heads = answer.text.split('\r\n\r\n')[0] ?? '';
      assert.equal(/transfer-encoding/i.test(heads) && /content-length/i.test(heads), false, `${path}: ${heads}`);
      assert.deepEqual(statusLines(answer.text), ['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK'], `${path}: both pipelined requests answered in order`);
      assert.match(answer.text, /hello[\s\S]*other tenant/);
    }
    const bad = await rawExchange(p.appUrl, get('/bad-cl', 'a.example.com', 'connection: close'));
    assert.match(bad.text, /content-length: 5\r\n/i);
    assert.doesNotMatch(bad.text, /5, 6/);
    assert.ok(p.logs.some((r) => /invalid content-length/.test(r.message)), 'the dropped header is logged');
  } finally {
    await p.close();
  }
});

test('hop-by-hop headers from an application, and those its Connection header names, never reach the client', async () => {
  const p = await platformWithApps();
  try {
    const answer = await rawExchange(p.appUrl, get('/hop', 'a.example.com') + get('/', 'b.example.com'));
    const head = answer.text.split('\r\n\r\n')[0] ?? '';
    for (const line of [/^x-internal:/im, /^keep-alive: timeout=99/im, /^proxy-authenticate:/im, /^te:/im, /^trailer:/im, /^upgrade:/im]) {
      assert.doesNotMatch(head, line, 'a hop-by-hop header is not sent');
    }
    assert.match(head, /x-kept: yes/);
    assert.deepEqual(statusLines(answer.text), ['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK'], 'the connection is the platform\'s: the application\'s "close" does not cut the pipeline');
  } finally {
    await p.close();
  }
});

test('a Host with an invalid port is 400, and an absolute-form request target keeps its path and query', async () => {
  const p = await platformWithApps();
  try {
    for (const host of ['a.example.com:99999', 'a.example.com:65536', '1.2.3.256', '[::1']) {
      const answer = await rawExchange(p.appUrl, get('/', host, 'connection: close'));
      assert.deepEqual(statusLines(answer.text), ['HTTP/1.1 400 Bad Request'], `Host ${host}`);
    }
    assert.equal(p.logs.some((r) => r.level === 'error'), false, 'nothing is logged as a failure');
    const absolute = await rawExchange(p.appUrl, 'GET http://a.example.com/echo/x?q=1&r=%2F HTTP/1.1\r\nhost: a.example.com\r\nconnection: close\r\n\r\n');
    assert.match(absolute.text, /echo http:\/\/a\.example\.com\/echo\/x\?q=1&r=%2F host=a\.example\.com$/);
    const query = await rawExchange(p.appUrl, 'GET http://a.example.com?q=1 HTTP/1.1\r\nhost: a.example.com\r\nconnection: close\r\n\r\n');
    assert.match(query.text, /echo http:\/\/a\.example\.com\/\?q=1 /);
    // RFC 9112 3.2.2: the target's authority wins over Host; the application sees one host, the routed one.
    const other = await rawExchange(p.appUrl, 'GET http://a.example.com/echo HTTP/1.1\r\nhost: b.example.com\r\nconnection: close\r\n\r\n');
    assert.match(other.text, /echo http:\/\/a\.example\.com\/echo host=a\.example\.com$/);
    const scheme = await rawExchange(p.appUrl, 'GET ftp://a.example.com/x HTTP/1.1\r\nhost: a.example.com\r\nconnection: close\r\n\r\n');
    assert.deepEqual(statusLines(scheme.text), ['HTTP/1.1 400 Bad Request']);
  } finally {
    await p.close();
  }
});

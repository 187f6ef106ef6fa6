// Where a response came from and which event it was (SPEC, Errors: "record whether the response came from the
// edge, the application or a third party"; "5xx or timeout: request id first"), on a real `ledge serve` and a
// real `ledge dev` over sockets: `ledge-origin: platform` on everything the platform makes itself, `upstream`
// on a tunnel origin's answers, nothing of the platform's on an application's (a forged label is removed), and
// `ledge-request-id` on every response, named in every log line of that event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LogRecord } from '../src/platform/logger.js';
import { createLogger, createMemorySink } from '../src/platform/logger.js';
import { startConnector, type Connector } from '../src/entry/tunnel/connector.js';
import { loadIngress } from '../src/entry/tunnel/ingress.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { eventually, makeProject, startProject } from './helpers.js';

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** One HTTP request to `base` with a Host header of its own. */
function visit(base: string, host: string, path = '/', init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: { host, ...init.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Writes `text` on a fresh connection and reads the answer until the platform closes it. */
function raw(base: string, text: string): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => { data += chunk; });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

const ID = /^[0-9a-f]{16}$/;

/** The request id of an answer, checked for shape. */
function idOf(answer: Answer, what: string): string {
  const id = answer.headers['ledge-request-id'];
  assert.match(String(id), ID, `${what}: ledge-request-id`);
  return id as string;
}

/** The log lines that name `id` (a limit line names every request it ended, comma-separated). */
function linesOf(logs: readonly LogRecord[], id: string): string[] {
  return logs.filter((r) => String(r.fields?.request_id ?? '').split(',').includes(id)).map((r) => r.message);
}

const APP = `export default {
  async fetch(request) {
    const path = new URL(request.url).pathname;
    console.log('handling ' + path);
    if (path === '/crash') throw new Error('boom');
    if (path === '/spin') { const end = Date.now() + 10000; while (Date.now() < end); }
    if (path === '/forge') return new Response('forged', { headers: { 'ledge-origin': ' Platform ', 'ledge-request-id': 'chosen-by-the-app' } });
    if (path === '/relay') return new Response('relayed', { headers: { 'ledge-origin': 'upstream' } });
    return new Response('app');
  },
};`;

test('ledge serve labels every response with its origin and request id, and logs every line of the event under that id', async () => {
  const p = await startTestPlatform(undefined, undefined, { maxRequestBytes: 1024 });
  const origin = createServer((req, res) => {
    // An origin claiming to be the platform is still an origin.
    res.writeHead(200, { 'content-type': 'text/plain', 'ledge-origin': 'platform', 'ledge-request-id': 'from-the-origin' }).end(`origin ${req.url}`);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  let connector: Connector | undefined;
  try {
    const base = `/accounts/${p.accountId}`;
    const deploy = async (name: string, host: string, limits?: Record<string, number>) => {
      const put = await p.call('PUT', `${base}/deployments/${name}`, { body: deployBody(APP, { routes: [host], ...(limits ? { limits } : {}) }) });
      assert.equal(put.status, 200, put.text);
    };
    await deploy('shop', 'shop.example.com');
    await deploy('spinner', 'spin.example.com', { cpu_ms: 500 });
    await deploy('portal', 'portal.example.com');
    const guarded = await p.call('POST', `${base}/access/apps`, { body: { name: 'Portal', domain: 'portal.example.com', policies: [{ name: 'staff', decision: 'allow', include: [{ everyone: {} }] }] } });
    assert.equal(guarded.status, 201, guarded.text);
    const tunnel = await p.call('POST', `${base}/edge_tunnel`, { body: { name: 'office' } });
    for (const hostname of ['office.example.com', 'dead.example.com']) {
      assert.equal((await p.call('POST', `${base}/domains`, { body: { hostname, tunnel_id: tunnel.body.result.id } })).status, 201);
    }

    const platform = async (answer: Promise<Answer>, status: number, what: string): Promise<string> => {
      const got = await answer;
      assert.equal(got.status, status, `${what}: ${got.body}`);
      assert.equal(got.headers['ledge-origin'], 'platform', `${what}: made by the platform`);
      return idOf(got, what);
    };

    // The platform's own answers.
    await platform(visit(p.appUrl, 'nobody.example.com'), 404, 'unknown host');
    const tooLarge = await platform(raw(p.appUrl, 'POST / HTTP/1.1\r\nhost: shop.example.com\r\ncontent-length: 5000\r\nconnection: close\r\n\r\n'), 413, 'declared body over the limit');
    const hugeHeaders = await platform(raw(p.appUrl, `GET / HTTP/1.1\r\nhost: shop.example.com\r\nx-filler: ${'a'.repeat(20_000)}\r\n\r\n`), 431, 'headers over the limit');
    assert.equal(JSON.parse((await raw(p.appUrl, `GET / HTTP/1.1\r\nhost: shop.example.com\r\nx-filler: ${'a'.repeat(20_000)}\r\n\r\n`)).body).error, 'request_headers_too_large');
    await platform(raw(p.appUrl, 'GET / HTTP/1.1\r\nhost: bad host!\r\nconnection: close\r\n\r\n'), 400, 'unparseable host');
    const crash = await platform(visit(p.appUrl, 'shop.example.com', '/crash'), 500, 'application crash');
    const noConnector = await platform(visit(p.appUrl, 'office.example.com', '/x'), 502, 'tunnel without a connector');
    await platform(visit(p.appUrl, 'portal.example.com', '/', { headers: { accept: 'application/json' } }), 401, 'gateway refusal');
    await platform(visit(p.appUrl, 'portal.example.com', '/', { headers: { accept: 'text/html' } }), 302, 'gateway login redirect');
    await platform(visit(p.appUrl, 'admin.access.ledge.localhost', '/access/certs'), 200, 'team domain key set');
    const api = await fetch(`${p.apiUrl}${base}/deployments`, { headers: { authorization: `Bearer ${p.token}` } });
    assert.deepEqual([api.status, api.headers.get('ledge-origin')], [200, 'platform']);
    assert.match(api.headers.get('ledge-request-id') ?? '', ID);

    // The application's answers carry no label of the platform's, and cannot forge one.
    const plain = await visit(p.appUrl, 'shop.example.com', '/');
    assert.deepEqual([plain.status, plain.body, plain.headers['ledge-origin']], [200, 'app', undefined]);
    const plainId = idOf(plain, 'application answer');
    const forged = await visit(p.appUrl, 'shop.example.com', '/forge');
    assert.deepEqual([forged.body, forged.headers['ledge-origin']], ['forged', undefined], 'a forged platform label is removed');
    assert.notEqual(idOf(forged, 'forged answer'), 'chosen-by-the-app');
    assert.equal((await visit(p.appUrl, 'shop.example.com', '/relay')).headers['ledge-origin'], 'upstream', 'an application may say it relayed a third party');

    // A tunnel origin's answers are labelled upstream, whatever the origin claims.
    const originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    const rules = loadIngress({ text: `ingress:\n  - hostname: office.example.com\n    service: ${originUrl}\n  - hostname: dead.example.com\n    service: http://127.0.0.1:1\n  - service: http_status:404\n`, label: 'test' });
    const token = await p.call('GET', `${base}/edge_tunnel/${tunnel.body.result.id}/token`);
    connector = startConnector({ token: token.body.result as string, rules: rules.rules, logger: createLogger(createMemorySink()), version: 'test' });
    await connector.registered;
    const upstream = await visit(p.appUrl, 'office.example.com', '/hello');
    assert.deepEqual([upstream.status, upstream.body, upstream.headers['ledge-origin']], [200, 'origin /hello', 'upstream']);
    assert.notEqual(idOf(upstream, 'tunnel origin answer'), 'from-the-origin');
    await platform(visit(p.appUrl, 'dead.example.com'), 502, 'tunnel origin unreachable');

    // A limit: the CPU-bound request gets the platform's 503, and the limit's log line names it.
    assert.equal((await visit(p.appUrl, 'spin.example.com', '/')).status, 200, 'the isolate is up before the CPU-bound request');
    const spin = await platform(visit(p.appUrl, 'spin.example.com', '/spin'), 503, 'CPU limit');

    // Every log line of an event carries its id: the application's own lines and the platform's.
    await eventually(() => linesOf(p.logs, spin).some((m) => m.includes('exceeded its CPU time limit')), 5000, 'the limit line');
    assert.deepEqual(linesOf(p.logs, plainId), ['handling /']);
    assert.deepEqual(linesOf(p.logs, crash).map((m) => m.split('\n')[0]), ['handling /crash', 'Uncaught exception in fetch: Error: boom', 'GET /crash answered 500: boom']);
    assert.ok(linesOf(p.logs, spin).some((m) => m.startsWith('GET /spin answered 503')), 'the 503 line names the id');
    assert.deepEqual(linesOf(p.logs, noConnector), ['GET /x answered 502: the tunnel has no connected connector']);
    assert.equal(linesOf(p.logs, tooLarge).length, 0, 'a 413 refused at the door logs nothing, but names its id');
    assert.match(linesOf(p.logs, hugeHeaders)[0] ?? '', /refused before it reached a handler: 431/);
    // No line of these events lacks its id: every record mentioning /crash names the crash's id.
    for (const record of p.logs.filter((r) => r.message.includes('/crash'))) assert.equal(record.fields?.request_id, crash, record.message);
  } finally {
    await connector?.stop();
    origin.close();
    await p.close();
  }
});

test('ledge dev labels its own answers and the application\'s the same way, with the id in the application\'s log lines', async (t) => {
  const dir = makeProject({ 'src/index.js': APP });
  const dev = await startProject(dir);
  t.after(() => dev.close());
  const plain = await visit(dev.url, 'localhost', '/');
  assert.deepEqual([plain.status, plain.headers['ledge-origin']], [200, undefined]);
  const plainId = idOf(plain, 'dev application answer');
  await eventually(() => linesOf(dev.logs, plainId).length > 0, 5000, 'the application line');
  assert.deepEqual(linesOf(dev.logs, plainId), ['handling /']);
  assert.equal((await visit(dev.url, 'localhost', '/forge')).headers['ledge-origin'], undefined);
  const crash = await visit(dev.url, 'localhost', '/crash');
  assert.deepEqual([crash.status, crash.headers['ledge-origin']], [500, 'platform']);
  assert.equal(JSON.parse(crash.body).request_id, idOf(crash, 'dev crash'), 'the body and the header name the same id');
  const scheduled = await visit(dev.url, 'localhost', '/__ledge/scheduled?cron=61+*+*+*+*');
  assert.deepEqual([scheduled.status, scheduled.headers['ledge-origin']], [400, 'platform'], 'a dev-only route is the platform\'s');
  const huge = await raw(dev.url, `GET / HTTP/1.1\r\nhost: localhost\r\nx-filler: ${'a'.repeat(20_000)}\r\n\r\n`);
  assert.deepEqual([huge.status, huge.headers['ledge-origin']], [431, 'platform']);
  idOf(huge, 'dev 431');
});

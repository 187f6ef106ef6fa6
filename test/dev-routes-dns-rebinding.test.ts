// Attack: a web page on another origin reaches `ledge dev`'s own routes (`/__ledge/...`: logs, tail, issues,
// scheduled, queue pull/ack; and the original's scheduled triggers under `/cdn-cgi/`), which take no credential. Two ways a browser gets there although the server listens
// on loopback: DNS rebinding (the attacker's name resolves to 127.0.0.1, so the Host header carries that name) and
// a plain cross-site request (a simple POST needs no preflight; the Origin header names the page). Both are
// refused before the route runs: no queue message is leased, no scheduled event fires. Everything is loopback.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, test } from 'node:test';
import { makeProject, startProject, tempDir } from './helpers.js';
import { rawExchange } from './raw-http.js';

let server: Awaited<ReturnType<typeof startProject>>;
let port: number;

before(async () => {
  const dir = makeProject({
    'src/index.js': `let fired = 0;
export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/send') { await env.Q.send({ secret: 'payload' }); return new Response('sent'); }
    if (pathname === '/fired') return new Response(String(fired));
    console.log('visited ' + pathname);
    return new Response('app answered');
  },
  scheduled() { fired++; },
};`,
  }, { triggers: { crons: ['*/5 * * * *'] }, queues: { producers: [{ binding: 'Q', queue: 'jobs' }], consumers: [{ queue: 'jobs', type: 'http_pull' }] } });
  server = await startProject(dir, { stateDir: tempDir('ledge-dev-rebind-'), runnerTimers: false });
  port = Number(new URL(server.url).port);
});
after(async () => { await server?.close(); });

/** One request to the dev server on 127.0.0.1 with the given Host (and Origin) header, over a real socket. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...(body === undefined ? {} : { 'content-type': 'text/plain' }), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      // The tail streams: the head is enough.
      if (path.startsWith('/__ledge/tail') && res.statusCode === 200) { req.destroy(); resolve({ status: 200, text: '' }); }
    });
    req.on('error', (err: NodeJS.ErrnoException) => { if (err.code !== 'ECONNRESET') reject(err); });
    req.end(body);
  });
}

const ROUTES: [method: string, path: string, body?: string][] = [
  ['GET', '/__ledge/logs'],
  ['GET', '/__ledge/tail'],
  ['GET', '/__ledge/issues'],
  ['POST', '/__ledge/scheduled?cron=*/5+*+*+*+*'],
  ['GET', '/cdn-cgi/handler/scheduled?cron=*/5+*+*+*+*'],
  ['GET', '/cdn-cgi/mf/scheduled?cron=*/5+*+*+*+*'],
  ['POST', '/__ledge/queues/jobs/messages/pull', '{"batch_size":10,"visibility_timeout_ms":60000}'],
  ['POST', '/__ledge/queues/jobs/messages/ack', '{"acks":[]}'],
];

test('DNS rebinding: a foreign name in the Host header gets 403 forbidden_origin from every /__ledge route, and nothing runs', async () => {
  assert.equal((await send('GET', '/send', { host: `127.0.0.1:${port}` })).text, 'sent');
  for (const host of [`attacker.example:${port}`, 'attacker.example', `localhost.attacker.example:${port}`, `127.0.0.1.nip.example:${port}`]) {
    for (const [method, path, body] of ROUTES) {
      const res = await send(method, path, { host }, body);
      assert.equal(res.status, 403, `${method} ${path} with Host ${host}: ${res.text}`);
      assert.match(res.text, /forbidden_origin/);
      assert.match(res.text, /DNS rebinding/);
    }
  }
  // An absolute-form request target names the host too (its authority wins over the Host header).
  const absolute = await rawExchange(server.url, `GET http://attacker.example:${port}/__ledge/logs HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  assert.match(absolute.text, /^HTTP\/1\.1 403 /, absolute.text);
  assert.equal((await send('GET', '/fired', { host: `127.0.0.1:${port}` })).text, '0', 'no scheduled event fired');
  // The message sent above is still there for the real consumer: the refused pulls leased nothing.
  const pulled = await send('POST', '/__ledge/queues/jobs/messages/pull', { host: `localhost:${port}` }, '{"batch_size":10}');
  assert.equal(pulled.status, 200, pulled.text);
  assert.equal((JSON.parse(pulled.text) as { result: { messages: unknown[] } }).result.messages.length, 1);
});

test('a cross-site page (Origin of another site, or the opaque "null" origin) is refused even on a loopback Host', async () => {
  for (const origin of ['https://attacker.example', `http://attacker.example:${port}`, 'null', 'http://203.0.113.7', 'file://', `http://127.0.0.1.attacker.example:${port}`]) {
    for (const [method, path, body] of ROUTES) {
      const res = await send(method, path, { host: `127.0.0.1:${port}`, origin }, body);
      assert.equal(res.status, 403, `${method} ${path} from ${origin}: ${res.text}`);
      assert.match(res.text, /forbidden_origin/);
    }
  }
  assert.equal((await send('GET', '/fired', { host: `127.0.0.1:${port}` })).text, '0');
});

test('the developer\'s own tools still reach the routes: local names, IP addresses, same-origin and local pages, no Origin', async () => {
  for (const headers of <Record<string, string>[]>[
    { host: `127.0.0.1:${port}` }, { host: `localhost:${port}` }, { host: `app.localhost:${port}` }, { host: `[::1]:${port}` }, { host: `192.168.1.20:${port}` },
    { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` }, { host: `localhost:${port}`, origin: 'http://localhost:5173' },
    { host: `192.168.1.20:${port}`, origin: `http://192.168.1.20:${port}` },
  ]) {
    const res = await send('GET', '/__ledge/logs', headers);
    assert.equal(res.status, 200, `${JSON.stringify(headers)}: ${res.text}`);
  }
  const fired = await send('POST', '/__ledge/scheduled?cron=*/5+*+*+*+*', { host: `localhost:${port}` });
  assert.equal(fired.status, 200, fired.text);
  assert.equal((await send('GET', '/fired', { host: `127.0.0.1:${port}` })).text, '1');
});

test('the application itself still answers any Host: the guard covers only the platform\'s /__ledge routes', async () => {
  const res = await send('GET', '/hello', { host: 'shop.example', origin: 'https://shop.example' });
  assert.equal(res.status, 200);
  assert.equal(res.text, 'app answered');
});

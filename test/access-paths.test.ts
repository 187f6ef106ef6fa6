// Path-scoped access applications against a real platform listener, the way an attacker would try them:
// raw request lines (no client-side URL normalisation) with malformed, mixed-case, double and overlong
// escapes, encoded slashes and backslashes, `;` parameters, dot segments and double slashes, on the
// default, preview and custom hostnames of a deployment and on a tunnel hostname. Client-supplied identity
// headers in any spelling (dashes or underscores, any case) never reach an application or an origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createLogger, createMemorySink } from '../src/platform/logger.js';
import { startConnector, type Connector } from '../src/entry/tunnel/connector.js';
import { loadIngress } from '../src/entry/tunnel/ingress.js';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';

/** An application that tells what it received: its path and every header name. */
const ECHO_APP = `export default { fetch(request) {
  return Response.json({ reached: 'app', path: new URL(request.url).pathname, headers: [...request.headers.keys()] });
} };`;

/** Paths that some server or router behind the gateway reads as `/admin/...`. */
const DISGUISED = [
  // The reported bypass: one malformed escape made the whole path undecodable.
  '/%61dmin/users%', '/adm%69n/users/%zz', '/%61dmin/%', '/admin/%', '/admin%2f%', '/%61dmin/%%%',
  // Mixed-case escapes.
  '/%41DMIN/x%', '/%61DmIn/%zZ', '/aDm%49N/%', '/%61%64%4D%49%6e/%',
  // Encoded slashes and backslashes.
  '/%2fadmin/%', '/%2F%61dmin/%zz', '/public/..%2fadmin/%', '/public%2f..%2f%61dmin/%zz', '/admin%2fusers%',
  '/%5cadmin/%', '/%5C%61dmin/%', '/public/..%5cadmin/%zz', '/public%5c..%5cadmin', '/public\\..\\admin/%',
  // Double encoding.
  '/%2561dmin/%', '/%252561dmin/%zz', '/public/%252e%252e/admin/%',
  // Overlong UTF-8 (`%c1%a1` is an overlong `a`, `%c0%af` a `/`, `%c0%ae` a `.`) and IIS-style `%u`.
  '/%c1%a1dmin/', '/%c1%a1dmin/%', '/%C1%A1DMIN/%zz', '/public%c0%af..%c0%afadmin', '/public/%c0%ae%c0%ae/admin/%', '/admin/%c0%af', '/%u0061dmin/%',
  // `;` parameters, raw and encoded.
  '/admin;x/%', '/%61dmin;jsessionid=1/%zz', '/public/..;/admin/%', '/public/..%3b/admin/%', '/adm%69n%3bx=1/%',
  // Dot segments.
  '/./admin/%', '/public/%2e%2e/%61dmin/%', '/public/.%2e/admin/%', '/x/y/../../%61dmin/%zz', '/admin/../admin/%',
  // Double slashes.
  '//admin/%', '//%61dmin//%zz', '/%2f%2f%61dmin/%', '///admin///users%',
  // Control characters and trailing whitespace that some origins cut at.
  '/admin%00/%', '/%61dmin%20/%',
];
/** Paths outside `/admin`, to show the application is reachable at all (so the test can fail). */
const OPEN = ['/public/x', '/administrator', '/public/admin', '/%70ublic/%zz'];

interface Raw { status: number; headers: Map<string, string>; body: string }

/** Sends one request line as written, over a fresh connection to the real listener. */
function rawRequest(port: number, host: string, target: string, extra: string[] = []): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map<string, string>();
      for (const line of lines) headers.set(line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim());
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n${extra.map((h) => `${h}\r\n`).join('')}\r\n`);
  });
}

/** A local origin behind the tunnel that tells what it received. */
async function echoOrigin(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ reached: 'origin', path: req.url, headers: Object.keys(req.headers) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

interface Setup { p: TestPlatform; port: number; hosts: string[]; tunnelHost: string; close(): Promise<void> }

async function setup(): Promise<Setup> {
  const p = await startTestPlatform();
  const base = `/accounts/${p.accountId}`;
  const put = await p.call('PUT', `${base}/deployments/shop`, { body: deployBody(ECHO_APP, { edge_dev: true, preview_urls: true, routes: ['shop.example.com'] }) });
  assert.equal(put.status, 200, put.text);
  const preview = `${(put.body.result.version.id as string).slice(0, 8)}-shop.admin.ledge.localhost`;
  const policies = [{ name: 'alice', decision: 'allow', include: [{ email: { email: 'alice@example.com' } }] }];
  const app = await p.call('POST', `${base}/access/apps`, { body: { name: 'Shop admin', domain: 'shop.example.com/admin', policies } });
  assert.equal(app.status, 201, app.text);

  const origin = await echoOrigin();
  const created = await p.call('POST', `${base}/edge_tunnel`, { body: { name: 'office' } });
  const tunnelId = created.body.result.id as string;
  const token = (await p.call('GET', `${base}/edge_tunnel/${tunnelId}/token`)).body.result as string;
  const tunnelHost = 'tun.example.com';
  assert.equal((await p.call('POST', `${base}/domains`, { body: { hostname: tunnelHost, tunnel_id: tunnelId } })).status, 201);
  assert.equal((await p.call('POST', `${base}/access/apps`, { body: { name: 'Tunnel admin', domain: `${tunnelHost}/admin`, policies } })).status, 201);
  const ingress = loadIngress({ text: `ingress:\n  - hostname: ${tunnelHost}\n    service: ${origin.url}\n  - service: http_status:404\n`, label: 'test' });
  assert.deepEqual(ingress.problems, []);
  const connector: Connector = startConnector({ token, rules: ingress.rules, logger: createLogger(createMemorySink()), version: 'test', backoffMs: { min: 20, max: 100 } });
  await connector.registered;

  const port = Number(new URL(p.appUrl).port);
  return {
    p, port, tunnelHost,
    hosts: ['shop.example.com', 'shop.admin.ledge.localhost', preview, tunnelHost],
    async close() {
      await connector.stop();
      await p.close();
      await new Promise<void>((resolve) => origin.server.close(() => resolve()));
    },
  };
}

test('a path-scoped application guards every disguise of its path on every hostname, the tunnel included', async () => {
  const s = await setup();
  try {
    for (const host of s.hosts) {
      for (const target of OPEN) {
        const res = await rawRequest(s.port, host, target);
        assert.equal(res.status, 200, `${host}${target} is outside /admin and reaches the application`);
        assert.match(res.body, /"reached":"(app|origin)"/);
      }
      for (const target of ['/admin', ...DISGUISED]) {
        const res = await rawRequest(s.port, host, target);
        assert.doesNotMatch(res.body, /"reached"/, `${host}${target} reached the application without signing in: ${res.body}`);
        assert.equal(res.status, 401, `${host}${target}: the gateway answers, ${res.body}`);
        assert.equal(res.headers.get('ledge-origin'), 'platform');
      }
    }
  } finally {
    await s.close();
  }
});

test('identity headers a client sends are removed in every spelling, on open and on guarded paths, before an application or a tunnel origin', async () => {
  const s = await setup();
  const { p } = s;
  const base = `/accounts/${p.accountId}/access`;
  try {
    // A service token admitted on both applications, so guarded paths are forwarded too.
    const made = (await p.call('POST', `${base}/service_tokens`, { body: { name: 'probe' } })).body.result as { id: string; client_id: string; client_secret: string };
    for (const app of (await p.call('GET', `${base}/apps`)).body.result as { id: string; name: string; domain: string; policies: unknown[] }[]) {
      const policies = [...app.policies, { name: 'probe', decision: 'service_auth', include: [{ service_token: { token_id: made.id } }] }];
      assert.equal((await p.call('PUT', `${base}/apps/${app.id}`, { body: { name: app.name, domain: app.domain, policies } })).status, 200);
    }
    const forged = [
      'Edge_Access_Jwt_Assertion: forged', 'edge_access_client_id: forged.access', 'Edge_Access_Client_Secret: forged',
      'EDGE_ACCESS_AUTHENTICATED_USER_EMAIL: root@example.com', 'edge-access_jwt_assertion: forged', 'Edge-Access-Jwt-Assertion: forged',
    ];
    const service = [`Edge-Access-Client-Id: ${made.client_id}`, `Edge-Access-Client-Secret: ${made.client_secret}`];
    for (const host of s.hosts) {
      for (const [target, extra] of [['/public', forged], ['/admin/x', [...service, ...forged]]] as const) {
        const res = await rawRequest(s.port, host, target, [...extra]);
        assert.equal(res.status, 200, `${host}${target}: ${res.body}`);
        const seen = (JSON.parse(res.body) as { headers: string[] }).headers.map((h) => h.toLowerCase());
        const identity = seen.filter((h) => h.replace(/_/g, '-').startsWith('edge-access-'));
        // Only the gateway's own assertion, on a guarded path.
        assert.deepEqual(identity, target === '/admin/x' ? ['edge-access-jwt-assertion'] : [], `${host}${target} saw ${identity.join(', ')}`);
      }
    }
  } finally {
    await s.close();
  }
});

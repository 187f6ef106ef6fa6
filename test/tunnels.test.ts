// Tunnels end to end through a real platform: a connector dials the API listener over a WebSocket, serves a
// local origin through a hostname, shares load, stops gracefully, reconnects; connections are read only from
// their own path; private routes validate networks; the removed network-encoded paths never act.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, createMemorySink } from '../src/platform/logger.js';
import { startConnector, type Connector } from '../src/entry/tunnel/connector.js';
import { loadIngress } from '../src/entry/tunnel/ingress.js';
import { eventually } from './helpers.js';
import { startTestPlatform, type TestPlatform } from './serve-helpers.js';

/** A local origin that answers `<name> <path>` (and waits on /slow). */
async function origin(name: string): Promise<{ server: Server; url: string; hosts: string[] }> {
  const hosts: string[] = [];
  const server = createServer((req, res) => {
    hosts.push(String(req.headers.host));
    const reply = () => { res.setHeader('content-type', 'text/plain'); res.end(`${name} ${req.method} ${req.url}`); };
    if (req.url === '/slow') setTimeout(reply, 400);
    else reply();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hosts };
}

function rules(originUrl: string) {
  const config = loadIngress({ text: `ingress:\n  - hostname: app.example.com\n    service: ${originUrl}\n  - hostname: "*.example.com"\n    path: ^/status\n    service: http_status:418\n  - service: http_status:404\n`, label: 'test' });
  assert.deepEqual(config.problems, []);
  return config.rules;
}

async function makeTunnel(p: TestPlatform, name: string): Promise<{ id: string; token: string }> {
  const created = await p.call('POST', `/accounts/${p.accountId}/edge_tunnel`, { body: { name } });
  assert.equal(created.status, 201, created.text);
  const token = await p.call('GET', `/accounts/${p.accountId}/edge_tunnel/${created.body.result.id}/token`);
  return { id: created.body.result.id as string, token: token.body.result as string };
}

const quiet = () => createLogger(process.env.LEDGE_TEST_LOGS ? (r) => console.error(r.message) : createMemorySink());

test('a connector serves a local origin through a hostname; connections, status, load sharing, graceful stop, reconnect', async () => {
  const p = await startTestPlatform();
  const a = await origin('A');
  const b = await origin('B');
  const connectors: Connector[] = [];
  try {
    const tunnel = await makeTunnel(p, 'office');
    for (const hostname of ['app.example.com', 'other.example.com']) {
      assert.equal((await p.call('POST', `/accounts/${p.accountId}/domains`, { body: { hostname, tunnel_id: tunnel.id } })).status, 201);
    }
    const path = `/accounts/${p.accountId}/edge_tunnel/${tunnel.id}`;
    assert.equal((await p.call('GET', path)).body.result.status, 'inactive');
    assert.equal((await p.visit('app.example.com')).status, 502, 'no connector yet: the platform answers 502');

    const first = startConnector({ token: tunnel.token, rules: rules(a.url), logger: quiet(), version: 'test', backoffMs: { min: 20, max: 100 } });
    connectors.push(first);
    await first.registered;
    const res = await p.visit('app.example.com', '/hello?x=1');
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'A GET /hello?x=1');
    assert.equal(a.hosts.at(-1), 'app.example.com', 'the origin sees the public hostname');
    assert.equal((await p.visit('other.example.com', '/status/x')).status, 418, 'the second rule by wildcard and path');
    assert.equal((await p.visit('other.example.com', '/')).status, 404, 'the catch-all answers 404');

    const got = await p.call('GET', path);
    assert.equal(got.body.result.status, 'healthy');
    assert.equal('connections' in got.body.result, false, 'get carries no connections field');
    const listed = await p.call('GET', `/accounts/${p.accountId}/edge_tunnel`);
    assert.equal(listed.body.result.some((t: Record<string, unknown>) => 'connections' in t), false, 'list carries no connections field');
    const conns = (await p.call('GET', `${path}/connections`)).body.result as { id: string; version: string; conns: { client_id: string; origin_ip: string; opened_at: string }[] }[];
    assert.equal(conns.length, 1);
    assert.equal(conns[0]?.version, 'test');
    assert.equal(conns[0]?.conns[0]?.client_id, conns[0]?.id);
    assert.match(conns[0]?.conns[0]?.origin_ip ?? '', /127\.0\.0\.1/);

    // A second connector of the same tunnel (to another origin) shares the load.
    const second = startConnector({ token: tunnel.token, rules: rules(b.url), logger: quiet(), version: 'test', backoffMs: { min: 20, max: 100 } });
    connectors.push(second);
    await second.registered;
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) seen.add((await (await p.visit('app.example.com')).text()).slice(0, 1));
    assert.deepEqual([...seen].sort(), ['A', 'B']);
    assert.equal(((await p.call('GET', `${path}/connections`)).body.result as unknown[]).length, 2);

    // Graceful stop: the request in flight finishes, new ones go to the other connector.
    const slow = p.visit('app.example.com', '/slow');
    await new Promise((r) => setTimeout(r, 50));
    const stopping = second.stop();
    const slowRes = await slow;
    assert.equal(slowRes.status, 200);
    assert.match(await slowRes.text(), /GET \/slow$/);
    await stopping;
    for (let i = 0; i < 3; i++) assert.equal((await (await p.visit('app.example.com')).text()).slice(0, 1), 'A');
    await eventually(() => true);
    assert.equal(((await p.call('GET', `${path}/connections`)).body.result as unknown[]).length, 1, 'the stopped connector is gone from connections');

    // A connector cut off by the platform reconnects with back-off and serves again.
    const clientId = ((await p.call('GET', `${path}/connections`)).body.result as { id: string }[])[0]?.id as string;
    assert.deepEqual((await p.call('DELETE', `${path}/connections?client_id=${clientId}`)).body.result, { removed: 1 });
    let back = false;
    for (let i = 0; i < 100 && !back; i++) {
      await new Promise((r) => setTimeout(r, 20));
      back = ((await p.call('GET', `${path}/connections`)).body.result as unknown[]).length === 1;
    }
    assert.ok(back, 'the connector came back');
    assert.equal((await p.visit('app.example.com')).status, 200);

    await first.stop();
    assert.deepEqual((await p.call('GET', `${path}/connections`)).body.result, []);
    assert.equal((await p.call('GET', path)).body.result.status, 'down');
    assert.equal((await p.visit('app.example.com')).status, 502);
  } finally {
    for (const c of connectors) await c.stop();
    a.server.close();
    b.server.close();
    await p.close();
  }
});

test('remote configuration, refused tokens and deletion rules', async () => {
  const p = await startTestPlatform();
  const a = await origin('A');
  const connectors: Connector[] = [];
  try {
    const tunnel = await makeTunnel(p, 'remote');
    const path = `/accounts/${p.accountId}/edge_tunnel/${tunnel.id}`;
    const bad = await p.call('PUT', `${path}/configurations`, { body: { config: { ingress: [{ hostname: 'app.example.com', service: a.url }] } } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.errors[0]?.message ?? '', /last ingress rule must match all URLs/);
    // SPEC: the last rule has only `service`; `hostname: "*"` (which other connectors accept) is refused here too.
    const starred = await p.call('PUT', `${path}/configurations`, { body: { config: { ingress: [{ hostname: 'app.example.com', service: a.url }, { hostname: '*', service: 'http_status:404' }] } } });
    assert.equal(starred.status, 400);
    assert.equal(starred.body.errors[0]?.message, 'Rule #2: The last rule is a catch-all with only `service` set to `http_status:404`. This one also sets "hostname"; write it as: - service: http_status:404');
    // A catch-all reaching an origin is kept, and the answer names the risk.
    const risky = await p.call('PUT', `${path}/configurations`, { body: { config: { ingress: [{ hostname: 'app.example.com', service: a.url }, { service: a.url }] } } });
    assert.equal(risky.status, 200, risky.text);
    assert.equal(risky.body.messages[0]?.code, 10102);
    assert.match(risky.body.messages[0]?.message ?? '', /^Rule #2: the catch-all's service is .* not http_status:404 .*no firewall/);
    const put = await p.call('PUT', `${path}/configurations`, { body: { config: { ingress: [{ hostname: 'app.example.com', service: a.url }, { service: 'http_status:404' }] } } });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.body.messages, []);
    assert.equal(put.body.result.version, 2);
    await p.call('POST', `/accounts/${p.accountId}/domains`, { body: { hostname: 'app.example.com', tunnel_id: tunnel.id } });
    const remote = startConnector({ token: tunnel.token, logger: quiet(), version: 'test' });
    connectors.push(remote);
    await remote.registered;
    assert.equal(await (await p.visit('app.example.com', '/r')).text(), 'A GET /r', 'a connector without a file uses the platform configuration');

    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(tunnel.token, 'base64').toString()), s: Buffer.alloc(32, 7).toString('base64') })).toString('base64');
    const refused = startConnector({ token: forged, logger: quiet(), version: 'test' });
    const outcome = await refused.done;
    assert.match(outcome.refused ?? '', /token is wrong/);

    assert.equal((await p.call('DELETE', path)).status, 409, 'a tunnel with a connected connector is not deleted');
    const route = await p.call('POST', `/accounts/${p.accountId}/teamnet/routes`, { body: { network: '10.1.0.0/16', tunnel_id: tunnel.id } });
    assert.equal(route.status, 201);
    await remote.stop();
    const blocked = await p.call('DELETE', path);
    assert.equal(blocked.status, 409, 'a tunnel with private routes is not deleted');
    assert.match(blocked.body.errors[0]?.message ?? '', /10\.1\.0\.0\/16/);
    assert.equal((await p.call('DELETE', `/accounts/${p.accountId}/teamnet/routes/${route.body.result.id}`)).status, 200);
    const deleted = await p.call('DELETE', path);
    assert.equal(deleted.status, 200);
    assert.ok(deleted.body.result.deleted_at);
    assert.deepEqual((await p.call('GET', `/accounts/${p.accountId}/edge_tunnel`)).body.result, [], 'deleted tunnels are hidden by default');
    assert.equal((await p.call('GET', `/accounts/${p.accountId}/edge_tunnel?is_deleted=true`)).body.result.length, 1);
    assert.equal((await p.visit('app.example.com')).status, 404, 'its hostname stopped answering');
    const late = startConnector({ token: tunnel.token, logger: quiet(), version: 'test' });
    assert.match((await late.done).refused ?? '', /deleted/);
  } finally {
    for (const c of connectors) await c.stop();
    a.server.close();
    await p.close();
  }
});

test('private routes: validation, conflicts, longest prefix, virtual networks, and the removed paths never act', async () => {
  const p = await startTestPlatform();
  try {
    const tunnel = await makeTunnel(p, 'routes');
    const mesh = await p.call('POST', `/accounts/${p.accountId}/mesh_connector`, { body: { name: 'mesh' } });
    assert.equal(mesh.status, 201);
    assert.equal(mesh.body.result.tun_type, 'mesh_connector');
    assert.equal('connections' in mesh.body.result, false);
    const base = `/accounts/${p.accountId}/teamnet/routes`;
    const add = (body: Record<string, unknown>) => p.call('POST', base, { body: { tunnel_id: tunnel.id, ...body } });

    const hostBits = await add({ network: '10.0.0.5/24' });
    assert.deepEqual([hostBits.status, hostBits.body.errors[0]?.source?.pointer], [400, '/body/network']);
    assert.match(hostBits.body.errors[0]?.message ?? '', /host bits set; use the network 10\.0\.0\.0\/24/);
    assert.match((await add({ network: '10.0.0.1' })).body.errors[0]?.message ?? '', /an address, not a network; add a prefix length, e\.g\. 10\.0\.0\.1\/32/);
    assert.equal((await add({ network: '10.0.0.0/33' })).status, 400);
    assert.equal((await add({ network: 'not-a-network' })).status, 400);
    assert.match((await add({ network: '100.96.1.0/24' })).body.errors[0]?.message ?? '', /reserves/);
    assert.equal((await add({ network: '10.0.0.0/8', tunnel_id: '00000000-0000-0000-0000-000000000000' })).status, 400);
    assert.equal((await p.call('POST', base, { body: { network: '10.0.0.0/8' } })).status, 400, 'tunnel_id is required');

    const wide = await add({ network: '10.0.0.0/8', comment: 'office' });
    assert.equal(wide.status, 201, wide.text);
    const narrow = await add({ network: '10.1.2.0/24' });
    assert.equal(narrow.status, 201, 'an overlapping different prefix is allowed');
    const v6 = await add({ network: 'FD00:0:0:1::/64' });
    assert.equal(v6.status, 201);
    assert.equal(v6.body.result.network, 'fd00:0:0:1::/64');
    const dup = await add({ network: '10.0.0.0/8' });
    assert.deepEqual([dup.status, dup.body.errors[0]?.code], [409, 1004]);

    const ip = async (address: string, query = '') => (await p.call('GET', `${base}/ip/${address}${query}`));
    assert.equal((await ip('10.1.2.50')).body.result.network, '10.1.2.0/24', 'the longest prefix wins');
    assert.equal((await ip('10.9.9.9')).body.result.network, '10.0.0.0/8');
    assert.equal((await ip('fd00:0:0:1::5')).body.result.network, 'fd00:0:0:1::/64');
    assert.equal((await ip('192.168.1.1')).status, 404);
    assert.equal((await ip('nonsense')).status, 400);

    // Another virtual network may route the same prefix elsewhere.
    const vnet = await p.call('POST', `/accounts/${p.accountId}/teamnet/virtual_networks`, { body: { name: 'lab' } });
    assert.equal(vnet.status, 201);
    assert.equal((await add({ network: '10.0.0.0/8', virtual_network_id: vnet.body.result.id })).status, 201);
    assert.equal((await ip('10.1.2.50', `?virtual_network_id=${vnet.body.result.id}`)).body.result.network, '10.0.0.0/8');
    const networks = (await p.call('GET', `/accounts/${p.accountId}/teamnet/virtual_networks`)).body.result as { name: string; is_default_network: boolean }[];
    assert.deepEqual(networks.map((n) => [n.name, n.is_default_network]), [['default', true], ['lab', false]]);

    const listed = (await p.call('GET', `${base}?network_subset=10.0.0.0/8`)).body.result as { network: string; tunnel_name: string; tun_type: string; virtual_network_name: string }[];
    assert.deepEqual(listed.map((r) => [r.network, r.tunnel_name, r.tun_type, r.virtual_network_name]), [
      ['10.0.0.0/8', 'routes', 'edge_tunnel', 'default'], ['10.1.2.0/24', 'routes', 'edge_tunnel', 'default'], ['10.0.0.0/8', 'routes', 'edge_tunnel', 'lab'],
    ]);
    assert.equal(((await p.call('GET', `${base}?network_superset=10.1.2.0/24&virtual_network_id=${networks.length ? (await p.call('GET', `/accounts/${p.accountId}/teamnet/virtual_networks`)).body.result[0].id : ''}`)).body.result as unknown[]).length, 2);

    // The removed network-encoded paths answer 410, name the replacement, and change nothing, token or not.
    const before = (await p.call('GET', base)).text;
    for (const [method, suffix] of [['POST', '10.2.0.0%2F16'], ['PATCH', '10.0.0.0%2F8'], ['DELETE', '10.0.0.0%2F8'], ['DELETE', '10.0.0.0/8']] as const) {
      for (const token of [undefined, null]) {
        const res = await p.call(method, `${base}/network/${suffix}`, { token, body: method === 'DELETE' ? undefined : { tunnel_id: tunnel.id, comment: 'x' } });
        assert.deepEqual([res.status, res.body.errors[0]?.code, res.body.success], [410, 7004, false], `${method} ${suffix}`);
        assert.match(res.body.errors[0]?.message ?? '', /removed on 2026-10-05/);
        assert.match(res.body.errors[0]?.message ?? '', method === 'POST' ? /Use POST \/accounts\/\{account_id\}\/teamnet\/routes with "network" and "tunnel_id"/ : /\/teamnet\/routes\/\{route_id\}/);
      }
    }
    assert.equal((await p.call('GET', base)).text, before, 'nothing changed');

    const patched = await p.call('PATCH', `${base}/${narrow.body.result.id}`, { body: { comment: 'lab printers' } });
    assert.deepEqual([patched.status, patched.body.result.comment, patched.body.result.network], [200, 'lab printers', '10.1.2.0/24']);
    assert.equal((await p.call('PATCH', `${base}/${narrow.body.result.id}`, { body: { network: '10.0.0.0/8' } })).status, 409);
    const removed = await p.call('DELETE', `${base}/${narrow.body.result.id}`);
    assert.ok(removed.body.result.deleted_at);
    assert.equal(((await p.call('GET', `${base}?is_deleted=true`)).body.result as unknown[]).length, 1);
    assert.equal((await ip('10.1.2.50')).body.result.network, '10.0.0.0/8', 'a deleted route no longer serves');
  } finally {
    await p.close();
  }
});

test('every method on a removed network-encoded path gets the same 410 and no allow header naming the removed methods', async () => {
  const p = await startTestPlatform();
  try {
    const base = `/accounts/${p.accountId}/teamnet/routes/network`;
    const otherAccount = `/accounts/${'0'.repeat(32)}/teamnet/routes/network`;
    for (const method of ['GET', 'HEAD', 'PUT', 'OPTIONS', 'PROPFIND', 'POST', 'PATCH', 'DELETE']) {
      for (const path of [`${base}/10.0.0.0%2F8`, `${base}/10.0.0.0/8`, `${otherAccount}/10.0.0.0%2F8`, `${base}/not-a-network`]) {
        const res = await p.api(new Request(`http://api.test/api/v1${path}`, { method }));
        const what = `${method} ${path}`;
        assert.equal(res.status, 410, what);
        assert.equal(res.headers.get('allow'), null, `${what}: no allow header advertises a removed method`);
        if (method === 'HEAD') continue;
        const body = await res.json() as { success: boolean; errors: { code: number; message: string }[] };
        assert.deepEqual([body.success, body.errors[0]?.code], [false, 7004], what);
        assert.match(body.errors[0]?.message ?? '', new RegExp(`^${method} /accounts/\\{account_id\\}/teamnet/routes/network/\\{ip_network_encoded\\} was removed on 2026-10-05\\. Use `), what); // ledge-check: removed-route-guard
        assert.match(body.errors[0]?.message ?? '', /\/accounts\/\{account_id\}\/teamnet\/routes/, `${what}: names the replacement path`);
      }
    }
    // Over a real socket too, with the replacement a reader of a GET needs.
    const res = await fetch(`${p.apiUrl}${base}/10.0.0.0%2F8`);
    assert.deepEqual([res.status, res.headers.get('allow')], [410, null]);
    assert.match(((await res.json()) as { errors: { message: string }[] }).errors[0]?.message ?? '', /Use GET \/accounts\/\{account_id\}\/teamnet\/routes\?network_subset=/);
  } finally {
    await p.close();
  }
});

test('an access application guards a tunnel hostname; the origin verifies the assertion, so a direct request to it is refused', async () => {
  const p = await startTestPlatform();
  const { createRemoteJWKSet, jwtVerify } = await import('jose');
  const certs = createRemoteJWKSet(new URL(`${p.apiUrl}/accounts/${p.accountId}/access/certs`));
  let aud = '';
  // The origin trusts nothing but a verified assertion: presence of the header is not verification.
  const server = createServer((req, res) => {
    const token = req.headers['edge-access-jwt-assertion'];
    void (typeof token === 'string' ? jwtVerify(token, certs, { issuer: 'https://admin.access.ledge.localhost', audience: aud, algorithms: ['RS256'] }) : Promise.reject(new Error('none')))
      .then(({ payload }) => { res.end(`hello ${String(payload.common_name)}`); }, () => { res.statusCode = 401; res.end('no'); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const originUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let connector: Connector | undefined;
  try {
    const tunnel = await makeTunnel(p, 'guarded');
    assert.equal((await p.call('POST', `/accounts/${p.accountId}/domains`, { body: { hostname: 'app.example.com', tunnel_id: tunnel.id } })).status, 201);
    const st = (await p.call('POST', `/accounts/${p.accountId}/access/service_tokens`, { body: { name: 'probe' } })).body.result as { id: string; client_id: string; client_secret: string };
    const app = await p.call('POST', `/accounts/${p.accountId}/access/apps`, { body: { name: 'Tunnel app', domain: 'app.example.com', policies: [{ name: 'probe', decision: 'service_auth', include: [{ service_token: { token_id: st.id } }] }] } });
    assert.equal(app.status, 201, app.text);
    aud = app.body.result.aud as string;
    // Every hostname of the tunnel is behind the gateway; on top, rules with originRequest.access make the
    // connector verify the assertion: one for this application's tag, one for another application's.
    for (const hostname of ['checked.example.com', 'other-app.example.com']) {
      assert.equal((await p.call('POST', `/accounts/${p.accountId}/domains`, { body: { hostname, tunnel_id: tunnel.id } })).status, 201);
    }
    const team = `${p.apiUrl}/accounts/${p.accountId}`;
    const accessRule = (host: string, tag: string) => `  - hostname: ${host}\n    service: ${originUrl}\n    originRequest:\n      access:\n        required: true\n        teamName: ${team}\n        audTag: [${tag}]\n`;
    const config = loadIngress({ text: `ingress:\n  - hostname: app.example.com\n    service: ${originUrl}\n${accessRule('checked.example.com', aud)}${accessRule('other-app.example.com', 'f'.repeat(64))}  - service: http_status:404\n`, label: 'test' });
    assert.deepEqual(config.problems, []);
    connector = startConnector({ token: tunnel.token, rules: config.rules, logger: quiet(), version: 'test' });
    await connector.registered;
    const machine = { 'edge-access-client-id': st.client_id, 'edge-access-client-secret': st.client_secret };
    assert.equal(await (await p.visit('checked.example.com', '/', { headers: machine })).text(), `hello ${st.client_id}`, 'the connector verified the assertion');
    const wrongTag = await p.visit('other-app.example.com', '/', { headers: machine });
    assert.equal(wrongTag.status, 403, 'an assertion for another application is refused by the connector');
    assert.match(await wrongTag.text(), /^Invalid token in jwt/);
    assert.equal((await p.visit('app.example.com', '/')).status, 401, 'the gateway stands in front of the tunnel');
    const forged = await p.visit('app.example.com', '/', { headers: { 'edge-access-jwt-assertion': 'forged' } });
    assert.equal(forged.status, 401);
    const ok = await p.visit('app.example.com', '/', { headers: { 'edge-access-client-id': st.client_id, 'edge-access-client-secret': st.client_secret } });
    assert.equal(ok.status, 200);
    assert.equal(await ok.text(), `hello ${st.client_id}`);
    const direct = await fetch(`${originUrl}/`, { headers: { 'edge-access-jwt-assertion': 'forged' } });
    assert.equal(direct.status, 401, 'the direct origin does not bypass the boundary');
  } finally {
    await connector?.stop();
    server.close();
    await p.close();
  }
});

test('a request path cannot leave the rule origin, and malformed connector messages never take the platform down', async () => {
  const p = await startTestPlatform();
  const a = await origin('A');
  const internal = await origin('INTERNAL');
  let connector: Connector | undefined;
  try {
    const tunnel = await makeTunnel(p, 'edge');
    await p.call('POST', `/accounts/${p.accountId}/domains`, { body: { hostname: 'app.example.com', tunnel_id: tunnel.id } });
    connector = startConnector({ token: tunnel.token, rules: rules(a.url), logger: quiet(), version: 'test' });
    await connector.registered;
    const internalHost = new URL(internal.url).host;
    const res = await p.visit('app.example.com', `//${internalHost}/secret`);
    assert.equal(await res.text(), `A GET //${internalHost}/secret`, 'the path stays a path on the rule origin');
    assert.deepEqual(internal.hosts, [], 'the internal server was never reached');

    // A connector with a valid token that sends garbage.
    const { WebSocket } = await import('ws');
    const { decodeTunnelToken } = await import('../src/entry/tunnel/protocol.js');
    const decoded = decodeTunnelToken(tunnel.token) as { e: string };
    const ws = new WebSocket(decoded.e, { headers: { 'edge-tunnel-token': tunnel.token } });
    await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
    ws.send(JSON.stringify({ type: 'register', client_id: 'hostile', version: 'x', arch: 'x', local_config: true }));
    await new Promise((r) => setTimeout(r, 50));
    for (const frame of ['null', '[]', '"text"', '{"type":"response-start"}', '{"type":"response-start","id":1,"status":200,"headers":null}', '{"type":"response-chunk","id":1,"data":5}', '{"type":"response-end","id":"x"}', '{"type":42}', '{']) ws.send(frame);
    await new Promise((r) => setTimeout(r, 100));
    ws.close();
    await new Promise((r) => ws.once('close', r));
    for (let i = 0; i < 50 && ((await p.call('GET', `/accounts/${p.accountId}/edge_tunnel/${tunnel.id}/connections`)).body.result as unknown[]).length > 1; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal((await p.call('GET', '/user/tokens/verify')).status, 200, 'the platform is still up');
    assert.equal(await (await p.visit('app.example.com', '/still')).text(), 'A GET /still');
  } finally {
    await connector?.stop();
    a.server.close();
    internal.server.close();
    await p.close();
  }
});

test('a tunnel takes at most 100 connectors (the next is refused with a close reason), and a connector message over 16 MiB closes its connection', { timeout: 60_000 }, async () => {
  const p = await startTestPlatform();
  const { WebSocket } = await import('ws');
  const { decodeTunnelToken } = await import('../src/entry/tunnel/protocol.js');
  const sockets: InstanceType<typeof WebSocket>[] = [];
  const a = await origin('A');
  let connector: Connector | undefined;
  try {
    const tunnel = await makeTunnel(p, 'crowded');
    const endpoint = (decodeTunnelToken(tunnel.token) as { e: string }).e;
    /** A raw connector: connects, registers, and resolves with the platform's first answer (and, if it closes, how). */
    const dial = (clientId: string) => new Promise<{ ws: InstanceType<typeof WebSocket>; first: { type: string; message?: string }; closed: Promise<{ code: number; reason: string }> }>((resolve, reject) => {
      const ws = new WebSocket(endpoint, { headers: { 'edge-tunnel-token': tunnel.token } });
      sockets.push(ws);
      const closed = new Promise<{ code: number; reason: string }>((done) => ws.once('close', (code, reason) => done({ code, reason: reason.toString() })));
      ws.once('open', () => ws.send(JSON.stringify({ type: 'register', client_id: clientId, version: 'x', arch: 'x', local_config: false })));
      ws.once('message', (data) => resolve({ ws, first: JSON.parse(String(data)) as { type: string; message?: string }, closed }));
      ws.once('error', reject);
    });
    const accepted = await Promise.all(Array.from({ length: 100 }, (_, i) => dial(`connector-${i}`)));
    assert.deepEqual([...new Set(accepted.map((c) => c.first.type))], ['registered'], 'the first 100 connect, all at once');
    const extra = await dial('connector-100');
    assert.equal(extra.first.type, 'refused');
    assert.match(extra.first.message ?? '', /already has 100 connected connectors, the most one tunnel takes/);
    assert.deepEqual(await extra.closed, { code: 4003, reason: 'too many connectors' });
    const listed = await p.call('GET', `/accounts/${p.accountId}/edge_tunnel/${tunnel.id}/connections`);
    assert.equal(listed.body.result.length, 100);

    // One leaves: a real connector takes its place and serves.
    const leaving = accepted.pop() as (typeof accepted)[number];
    leaving.ws.close();
    await leaving.closed;
    const count = async () => ((await p.call('GET', `/accounts/${p.accountId}/edge_tunnel/${tunnel.id}/connections`)).body.result as unknown[]).length;
    for (let i = 0; i < 200 && await count() !== 99; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(await count(), 99);
    await p.call('POST', `/accounts/${p.accountId}/domains`, { body: { hostname: 'app.example.com', tunnel_id: tunnel.id } });
    connector = startConnector({ token: tunnel.token, rules: rules(a.url), logger: quiet(), version: 'test' });
    await connector.registered;
    assert.equal(await count(), 100);
    for (const c of accepted) c.ws.close();
    await Promise.all(accepted.map((c) => c.closed));

    // Messages: one just under the limit is read (and ignored, it is no known message); one over it closes that connection only.
    const big = await dial('big');
    assert.equal(big.first.type, 'registered');
    big.ws.send(JSON.stringify({ type: 'draining', padding: 'x'.repeat(16 * 1024 * 1024 - 64) }));
    const over = await dial('over');
    over.ws.send('x'.repeat(16 * 1024 * 1024 + 1));
    assert.equal((await over.closed).code, 1009, 'message too big');
    assert.equal(big.ws.readyState, WebSocket.OPEN, 'a message within the limit keeps its connection');
    assert.equal(await (await p.visit('app.example.com', '/after')).text(), 'A GET /after', 'the platform and the other connectors carry on');
    assert.ok(p.logs.some((r) => /tunnel connection .* was closed: Max payload size exceeded/.test(r.message)), 'the close is logged');
  } finally {
    for (const ws of sockets) ws.terminate();
    await connector?.stop();
    a.server.close();
    await p.close();
  }
});

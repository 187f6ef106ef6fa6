// Attack (red team): an account names an OpenID Connect provider whose issuer, or one of whose endpoints, is an
// address on the platform's own network (loopback, the platform's API listener, a name resolving there), then asks
// the team domain to start a sign-in. The platform makes those requests itself, from the host: they go under the
// same egress policy as application code's fetch, so nothing on the host's network is reached, no client secret is
// posted there, and the sign-in answers 502/401 with the refusal in the log. An operator opens a provider on a
// private network with --egress-allow, as for application code.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';
import { startWitness } from './sandbox-helpers.js';
import { tempDir } from './helpers.js';

const TEAM = 'admin.access.ledge.localhost';
/** Names the tests resolve (no query leaves the machine). */
const NAMES: Record<string, string> = { 'idp.test': '127.0.0.1', 'rebind.test': '127.0.0.1' };
const lookup = async (name: string) => {
  const address = NAMES[name.toLowerCase()];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

/** A loopback "provider": a discovery document for whatever issuer it is asked as, endpoints on `endpointBase`; records each path asked. */
function providerHandler(paths: string[], endpointBase: () => string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    paths.push(`${req.method} ${req.url}`);
    if (req.url === '/.well-known/openid-configuration') {
      const issuer = `http://${req.headers.host}`;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${endpointBase()}/token`, jwks_uri: `${endpointBase()}/jwks` }));
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  };
}

/** A deployment on ops.example.com guarded by an access application; answers the app's aud. */
async function guardedApp(p: TestPlatform): Promise<string> {
  const base = `/accounts/${p.accountId}`;
  const deployed = await p.call('PUT', `${base}/deployments/ops`, { body: deployBody('export default { fetch() { return new Response("ops"); } };', { routes: ['ops.example.com'] }) });
  assert.equal(deployed.status, 200, deployed.text);
  const app = await p.call('POST', `${base}/access/apps`, { body: { name: 'Ops', domain: 'ops.example.com', policies: [{ name: 'all', decision: 'allow', include: [{ everyone: {} }] }] } });
  assert.equal(app.status, 201, app.text);
  return app.body.result.aud as string;
}

async function addProvider(p: TestPlatform, issuer: string): Promise<string> {
  const idp = await p.call('POST', `/accounts/${p.accountId}/access/identity_providers`, { body: { name: `SSO ${issuer}`, type: 'oidc', config: { issuer, client_id: 'ledge', client_secret: 'the-client-secret-value' } } });
  assert.equal(idp.status, 201, idp.text);
  return idp.body.result.id as string;
}

function startPath(idp: string, aud: string): string {
  return `/oidc/start?${new URLSearchParams({ idp, app: aud, redirect_url: 'http://ops.example.com/board' })}`;
}

test('an identity provider on the host\'s network is never reached: issuer on loopback, on the API listener, in other spellings, or behind a name', { timeout: 60_000 }, async (t) => {
  const paths: string[] = [];
  const witness = await startWitness('127.0.0.1', providerHandler(paths, () => `http://127.0.0.1:${witness.port}`));
  t.after(() => witness.close());
  const p = await startTestPlatform(tempDir('ledge-idp-ssrf-'), undefined, { egressLookup: lookup });
  t.after(() => p.close());
  const aud = await guardedApp(p);
  const api = new URL(p.apiUrl);
  const issuers = [
    `http://127.0.0.1:${witness.port}`,
    `http://rebind.test:${witness.port}`,
    `http://[::ffff:127.0.0.1]:${witness.port}`,
    `http://2130706433:${witness.port}`,
    `http://${api.host}`,
  ];
  for (const issuer of issuers) {
    const id = await addProvider(p, issuer);
    const start = await p.visit(TEAM, startPath(id, aud));
    assert.equal(start.status, 502, `${issuer}: ${start.status}`);
    assert.equal(start.headers.get('location'), null);
  }
  assert.equal(witness.connections(), 0, `the host reached the loopback provider: ${paths.join(', ')}`);
  const refusals = p.logs.filter((r) => /egress policy/.test(r.message));
  assert.ok(refusals.length >= issuers.length, `each refusal is logged: ${p.logs.map((r) => r.message).join('\n')}`);
  assert.ok(p.logs.every((r) => !r.message.includes('the-client-secret-value')), 'no log line carries the client secret');
});

test('a provider the operator allows still cannot send the platform to a refused token or keys endpoint with the client secret', { timeout: 60_000 }, async (t) => {
  const paths: string[] = [];
  // The discovery document (from idp.test, which the operator allows) names its endpoints on 127.0.0.1, which is not allowed.
  const witness = await startWitness('127.0.0.1', providerHandler(paths, () => `http://127.0.0.1:${witness.port}`));
  t.after(() => witness.close());
  const p = await startTestPlatform(tempDir('ledge-idp-ssrf-'), undefined, { egressLookup: lookup, egressAllow: ['idp.test'] });
  t.after(() => p.close());
  const aud = await guardedApp(p);
  const id = await addProvider(p, `http://idp.test:${witness.port}`);
  const start = await p.visit(TEAM, startPath(id, aud));
  assert.equal(start.status, 302, 'the allowed provider is reached for discovery');
  const authorize = new URL(start.headers.get('location') as string);
  assert.equal(authorize.host, `idp.test:${witness.port}`);
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const back = await p.visit(TEAM, `/oidc/callback?${new URLSearchParams({ state: authorize.searchParams.get('state') as string, code: 'a-code' })}`, { headers: { cookie } });
  assert.equal(back.status, 401);
  assert.deepEqual(paths, ['GET /.well-known/openid-configuration'], 'only the allowed name was asked; the token endpoint on 127.0.0.1 was not');
  assert.ok(p.logs.some((r) => /token.*refused by the egress policy|refused by the platform's egress policy/.test(r.message)), p.logs.map((r) => r.message).join('\n'));
});

test('a provider that answers discovery with an endless body is cut off at 1 MiB; the platform keeps serving', { timeout: 60_000 }, async (t) => {
  let streamed = 0;
  const witness = await startWitness('127.0.0.1', (req, res) => {
    res.setHeader('content-type', 'application/json');
    res.write('{"issuer":"');
    const chunk = 'x'.repeat(64 * 1024);
    const pump = () => {
      while (streamed < 64 << 20 && !res.destroyed) {
        streamed += chunk.length;
        if (!res.write(chunk)) { res.once('drain', pump); return; }
      }
      res.end('"}');
    };
    pump();
    req.on('close', () => res.destroy());
  });
  t.after(() => witness.close());
  const p = await startTestPlatform(tempDir('ledge-idp-ssrf-'), undefined, { egressLookup: lookup, egressAllow: ['idp.test'] });
  t.after(() => p.close());
  const aud = await guardedApp(p);
  const id = await addProvider(p, `http://idp.test:${witness.port}`);
  const start = await p.visit(TEAM, startPath(id, aud));
  assert.equal(start.status, 502);
  assert.ok(streamed < 32 << 20, `the platform stopped reading (${streamed} bytes sent)`);
  assert.ok(p.logs.some((r) => /larger than 1048576 bytes/.test(r.message)), p.logs.map((r) => r.message).join('\n'));
  assert.equal((await p.visit('ops.example.com', '/', { headers: { accept: 'application/json' } })).status < 500, true);
});

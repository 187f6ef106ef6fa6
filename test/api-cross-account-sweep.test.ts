// Red team: every route of the account API (read from the OpenAPI document, so a new route is swept too) called
// with a token that holds every permission on account A, naming account B's real ids: B's account in the path
// with B's ids, and A's account in the path with B's ids (a handler that looked an id up without its account
// would answer). Each call is refused (4xx, never 2xx and never 5xx), and every resource of B is as it was.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';

const OPENAPI = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'docs', 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };

const FLOW = `
import { WorkflowEntrypoint } from 'cloudflare:workers';
export class Flow extends WorkflowEntrypoint { async run(event, step) { await step.waitForEvent('go', { type: 'go', timeout: '1 day' }); return 'done'; } }
export default { async fetch() { return new Response('B ok'); } };`;

/** Bodies that pass validation, so a refusal comes from the handler's own lookup, not from the body's schema. */
const BODIES: Record<string, unknown> = {
  'PATCH /accounts/{account_id}/edge_tunnel/{tunnel_id}': { name: 'renamed' },
  'PATCH /accounts/{account_id}/mesh_connector/{tunnel_id}': { name: 'renamed' },
  'PUT /accounts/{account_id}/edge_tunnel/{tunnel_id}/configurations': { config: { ingress: [{ service: 'http_status:404' }] } },
  'PATCH /accounts/{account_id}/teamnet/routes/{route_id}': { comment: 'taken' },
  'PATCH /accounts/{account_id}/teamnet/virtual_networks/{virtual_network_id}': { comment: 'taken' },
  'PATCH /accounts/{account_id}/access/service_tokens/{token_id}': { enabled: false },
  'POST /accounts/{account_id}/access/service_tokens/{token_id}/rotate': {},
  'PATCH /accounts/{account_id}/workflows/{workflow_name}/instances/{instance_id}/status': { status: 'terminate' },
  'POST /accounts/{account_id}/workflows/{workflow_name}/instances/{instance_id}/events/{event_type}': { taken: true },
  'POST /accounts/{account_id}/workflows/{workflow_name}/instances': { instance_id: 'planted' },
  'POST /accounts/{account_id}/sql/databases/{database_id}/query': { sql: 'DELETE FROM kept' },
  'POST /accounts/{account_id}/sql/databases/{database_id}/time_travel/restore': { timestamp: '0' },
  'POST /accounts/{account_id}/deployments/{name}/rollback': {},
  'PUT /accounts/{account_id}/deployments/{name}/secrets': { name: 'PLANTED', text: 'x' },
  'PATCH /accounts/{account_id}/deployments/{name}/observability': { issues: { enabled: false } },
  'PATCH /accounts/{account_id}/deployments/{name}/issues/{issue_id}': { status: 'resolved' },
  'PUT /accounts/{account_id}/deployments/{name}': deployBody('export default { fetch() { return new Response("taken") } }', {}),
};

/** Path parameters whose value names one resource on the whole platform, not one inside an account. */
const GLOBAL_IDS = new Set(['version_id', 'namespace_id', 'database_id', 'queue_id', 'domain_id', 'tunnel_id', 'route_id', 'virtual_network_id', 'user_id', 'token_id', 'app_id', 'webhook_id', 'member_id']);

/** Routes any caller may read: the access gateway's public keys (a JWKS, for verifying its tokens). */
const PUBLIC = new Set(['/accounts/{account_id}/access/certs']);

async function created(p: TestPlatform, method: string, at: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await p.call(method, at, { body });
  assert.ok(res.status === 200 || res.status === 201, `${method} ${at}: ${res.text}`);
  return res.body.result as Record<string, unknown>;
}

test('a token holding everything on account A reaches nothing of account B through any route, by B\'s account or by B\'s ids under A', { timeout: 120_000 }, async (t) => {
  const p = await startTestPlatform();
  t.after(() => p.close());
  const a = p.accountId;
  const b = (await created(p, 'POST', '/accounts', { name: 'bee' })).id as string;
  const under = `/accounts/${b}`;

  // B's resources, one of each kind the API names by id.
  await created(p, 'PUT', `${under}/deployments/app`, deployBody(FLOW, { workflows: [{ binding: 'FLOW', name: 'flow', class_name: 'Flow' }] }));
  await created(p, 'PUT', `${under}/deployments/app/secrets`, { name: 'API_KEY', text: 'b-secret-value' });
  const version = ((await p.call('GET', `${under}/deployments/app/versions`)).body.result as { id: string }[])[0]?.id as string;
  await created(p, 'POST', `${under}/workflows/flow/instances`, { instance_id: 'order-1' });
  const kv = (await created(p, 'POST', `${under}/storage/kv/namespaces`, { title: 'cache' })).id as string;
  const sql = (await created(p, 'POST', `${under}/sql/databases`, { name: 'vault' })).uuid as string;
  await created(p, 'POST', `${under}/sql/databases/${sql}/query`, { sql: "CREATE TABLE kept (v TEXT); INSERT INTO kept VALUES ('B only')" });
  const bucket = (await created(p, 'POST', `${under}/buckets`, { name: 'bee-files' })).name as string;
  const queue = (await created(p, 'POST', `${under}/queues`, { queue_name: 'jobs' })).queue_id as string;
  const domain = (await created(p, 'POST', `${under}/domains`, { hostname: 'shop.example.com', deployment: 'app' })).id as string;
  const tunnel = (await created(p, 'POST', `${under}/edge_tunnel`, { name: 'office', config_src: 'platform' })).id as string;
  const vnet = (await created(p, 'POST', `${under}/teamnet/virtual_networks`, { name: 'lab' })).id as string;
  const route = (await created(p, 'POST', `${under}/teamnet/routes`, { network: '10.9.0.0/24', tunnel_id: tunnel, virtual_network_id: vnet })).id as string;
  const user = (await created(p, 'POST', `${under}/access/users`, { email: 'bee@example.com', password: 'correct horse battery' })).id as string;
  const serviceToken = (await created(p, 'POST', `${under}/access/service_tokens`, { name: 'ci' })).id as string;
  const app = (await created(p, 'POST', `${under}/access/apps`, { name: 'admin', domain: `app.bee.ledge.localhost/admin`, policies: [{ name: 'all', decision: 'allow', include: [{ everyone: {} }] }] })).id as string;
  const webhook = (await created(p, 'POST', `${under}/observability/webhooks`, { url: 'https://hooks.example.com/b' })).id as string;
  const member = (await created(p, 'POST', `${under}/members`, { email: 'owner@example.com' })).id as string;
  const bToken = (await created(p, 'POST', `${under}/tokens`, { name: 'b-deployer', policies: [{ permission_groups: ['deployments:write'], resources: { [`com.ledge.api.account.${b}`]: '*' } }] })).id as string;

  // A's token: every permission group, on A only.
  const groups = ((await p.call('GET', `/accounts/${a}/tokens/permission_groups`)).body.result as { name: string }[]).map((g) => g.name);
  const aToken = (await created(p, 'POST', `/accounts/${a}/tokens`, { name: 'a-everything', policies: [{ permission_groups: groups, resources: { [`com.ledge.api.account.${a}`]: '*' } }] })).value as string;

  const ids: Record<string, string> = {
    name: 'app', deployment_name: 'app', version_id: version, secret_name: 'API_KEY', workflow_name: 'flow', instance_id: 'order-1', event_type: 'go',
    namespace_id: kv, database_id: sql, bucket_name: bucket, queue_id: queue, domain_id: domain, tunnel_id: tunnel, route_id: route,
    virtual_network_id: vnet, user_id: user, token_id: bToken, app_id: app, webhook_id: webhook, member_id: member, idp_id: 'none',
    issue_id: 'none', class_name: 'Flow', object_id: '0'.repeat(64), ip: '10.9.0.7',
  };
  const tried: string[] = [];
  for (const [template, methods] of Object.entries(OPENAPI.paths)) {
    if (!template.includes('{account_id}') || PUBLIC.has(template)) continue;
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).filter((n) => n !== 'account_id');
    for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
      const key = `${method} ${template}`;
      // The same call with A's token and the service token of B in the path reaches B's only through B's account.
      const fill = (account: string) => template.replace('{account_id}', account).replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(ids[n] ?? 'x'));
      const body = BODIES[key] ?? (method === 'POST' || method === 'PUT' || method === 'PATCH' ? {} : undefined);
      // Names are per account (a deployment, a bucket, a workflow instance named as B's under A is A's own): under
      // A, the routes that take an id, which names one resource on the whole platform.
      const targets = [fill(b), ...(names.some((n) => GLOBAL_IDS.has(n)) ? [fill(a)] : [])];
      for (const at of targets) {
        if (at.endsWith('/tail')) continue; // a live stream; its permission check is the logs route's, swept above
        const res = await p.call(method, at, { token: aToken, body });
        tried.push(`${method} ${at}`);
        assert.ok(res.status >= 400 && res.status < 500, `${key} as ${at.startsWith(`/accounts/${b}`) ? 'B' : 'A with B\'s ids'}: ${res.status} ${res.text.slice(0, 300)}`);
        assert.doesNotMatch(res.text, /b-secret-value|B only/, `${key}: B's data in the answer`);
      }
    }
  }
  assert.ok(tried.length > 100, `${tried.length} calls`);

  // B's resources are all as they were.
  const bAnswer = async (at: string) => (await p.call('GET', `${under}${at}`)).body.result as Record<string, unknown>;
  assert.match(String((await bAnswer('/workflows/flow/instances/order-1')).status), /^(queued|running|waiting)$/, 'not terminated');
  assert.deepEqual(((await bAnswer('/deployments/app/secrets')) as unknown as { name: string }[]).map((s) => s.name), ['API_KEY']);
  assert.equal(((await bAnswer('/edge_tunnel/' + tunnel)).name), 'office');
  assert.equal((await bAnswer(`/teamnet/routes/${route}`)).comment, '');
  assert.equal((await bAnswer(`/access/service_tokens/${serviceToken}`)).enabled ?? true, true);
  assert.equal((await bAnswer(`/tokens/${bToken}`)).status, 'active');
  assert.deepEqual(((await p.call('POST', `${under}/sql/databases/${sql}/query`, { body: { sql: 'SELECT v FROM kept' } })).body.result as { results: unknown[] }[])[0]?.results, [{ v: 'B only' }]);
  for (const at of [`/storage/kv/namespaces/${kv}`, `/buckets/${bucket}`, `/queues/${queue}`, `/domains/${domain}`, `/access/apps/${app}`, `/deployments/app/versions/${version}`]) {
    assert.equal((await p.call('GET', `${under}${at}`)).status, 200, at);
  }
  assert.equal(((await bAnswer('/members')) as unknown as unknown[]).length >= 1, true);
  assert.equal(((await bAnswer('/observability/webhooks')) as unknown as unknown[]).length, 1);
  assert.equal(((await bAnswer('/access/users')) as unknown as unknown[]).length, 1);
  assert.equal(((await bAnswer('/teamnet/virtual_networks')) as unknown as { id: string }[]).some((v) => v.id === vnet), true);
});

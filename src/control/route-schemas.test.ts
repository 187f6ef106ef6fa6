// Every route of the account API declares the schema of its result (docs/openapi.json shows it, the CLI's types
// come from it). The routes below do not yet: issue 12, item 5 is open for them. The list only shrinks: a new
// route without a result schema fails, and so does a listed route once it has one (delete its line).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controlRouteDeclarations } from './index.js';

const WITHOUT_RESULT_SCHEMA_YET: ReadonlySet<string> = new Set([
  'members.delete', 'user.tokens.verify', 'tokens.verify', 'tokens.permission_groups', 'tokens.revoke', 'audit.list',
  'deployments.list', 'deployments.get', 'deployments.put', 'deployments.delete', 'versions.list', 'versions.get',
  'deployments.rollback', 'assets.missing', 'assets.upload', 'secrets.list', 'secrets.put', 'secrets.delete',
  'domains.list', 'domains.create', 'domains.get', 'domains.delete', 'kv.list', 'kv.create', 'kv.get', 'kv.delete',
  'sql.list', 'sql.create', 'sql.get', 'sql.delete', 'buckets.list', 'buckets.create', 'buckets.get',
  'buckets.delete', 'queues.list', 'queues.create', 'queues.get', 'queues.delete', 'sql.bookmark', 'sql.restore',
  'edge_tunnel.list', 'edge_tunnel.create', 'edge_tunnel.get', 'edge_tunnel.update', 'edge_tunnel.delete',
  'edge_tunnel.token', 'edge_tunnel.connections', 'edge_tunnel.connections.delete', 'mesh_connector.list',
  'mesh_connector.create', 'mesh_connector.get', 'mesh_connector.update', 'mesh_connector.delete',
  'mesh_connector.token', 'mesh_connector.connections', 'mesh_connector.connections.delete',
  'edge_tunnel.configurations.get', 'edge_tunnel.configurations.put', 'routes.list', 'routes.create', 'routes.ip',
  'routes.get', 'routes.update', 'routes.delete', 'virtual_networks.list', 'virtual_networks.create',
  'virtual_networks.update', 'virtual_networks.delete', 'access.apps.list', 'access.apps.create', 'access.apps.get',
  'access.apps.update', 'access.apps.delete', 'access.users.list', 'access.users.create', 'access.users.delete',
  'access.identity_providers.list', 'access.identity_providers.create', 'access.identity_providers.delete',
  'access.service_tokens.list', 'access.service_tokens.create', 'access.service_tokens.get',
  'access.service_tokens.update', 'access.service_tokens.rotate', 'access.service_tokens.delete', 'access.keys.list',
  'access.keys.rotate', 'access.certs',
]);

test('every account API route declares its result schema, except the ones still listed', () => {
  const routes = controlRouteDeclarations().filter((route) => route.removed === undefined);
  const missing = routes.filter((route) => route.result === undefined).map((route) => route.id);
  assert.deepEqual(missing.filter((id) => !WITHOUT_RESULT_SCHEMA_YET.has(id)), [], 'a new route declares `result`');
  const declared = routes.filter((route) => route.result !== undefined).map((route) => route.id);
  assert.deepEqual(declared.filter((id) => WITHOUT_RESULT_SCHEMA_YET.has(id)), [], 'a route that now declares `result` leaves the list');
  assert.ok(routes.length > WITHOUT_RESULT_SCHEMA_YET.size);
});

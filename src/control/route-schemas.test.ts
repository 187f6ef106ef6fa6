// Every route of the account API declares the schema of its result: docs/openapi.json shows it and the CLI's
// types come from it (src/control/results.ts). API tests check real answers against it (test/serve-helpers.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controlOpenApi, controlRoutes } from './index.js';

test('every account API route declares its result schema', () => {
  const routes = controlRoutes().filter((route) => route.removed === undefined);
  assert.ok(routes.length > 90);
  assert.deepEqual(routes.filter((route) => route.result === undefined).map((route) => route.id), []);
});

test('the OpenAPI document shows each result schema inside the envelope', () => {
  const paths = controlOpenApi().paths as Record<string, Record<string, { responses: Record<string, { content?: { 'application/json': { schema: { properties?: { result?: Record<string, unknown> } } } } }> }>>;
  let operations = 0;
  for (const [path, methods] of Object.entries(paths)) {
    if (path === '/openapi.json') continue;
    for (const [method, operation] of Object.entries(methods)) {
      const success = Object.entries(operation.responses).find(([status]) => status !== 'default')?.[1];
      const result = success?.content?.['application/json'].schema.properties?.result;
      assert.ok(result && Object.keys(result).length > 0, `${method.toUpperCase()} ${path} shows its result schema`);
      operations += 1;
    }
  }
  assert.ok(operations > 90);
});

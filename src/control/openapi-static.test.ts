// The account API's routes are static values: the OpenAPI document is made from their declarations alone, with no
// state directory, no store and no services (SPEC: the account API; docs/api.md). A route list that still closed
// over services would need them here, and this test builds the document in a fresh process that has none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { controlRoutes } from './index.js';
import { BINDINGS } from '../bindings/registry.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('the OpenAPI document is built with no state directory and no services, and equals docs/openapi.json', () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'ledge-openapi-'));
  try {
    const script = `import { controlOpenApi } from ${JSON.stringify(path.join(ROOT, 'src/control/index.ts'))};\nprocess.stdout.write(JSON.stringify(controlOpenApi()));`;
    // A fresh process in an empty directory, with no LEDGE_* settings: nothing to open even if a route tried.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('LEDGE')));
    const out = execFileSync(process.execPath, ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, '--input-type=module', '-e', script], { cwd: empty, env: { ...env, HOME: empty }, encoding: 'utf8', maxBuffer: 64 << 20 });
    const onDisk = JSON.parse(readFileSync(path.join(ROOT, 'docs/openapi.json'), 'utf8')) as unknown;
    assert.deepEqual(JSON.parse(out), onDisk, 'run `npm run schema` to regenerate docs/openapi.json');
    assert.deepEqual(readdirSync(empty), [], 'building the document wrote nothing (no .ledge state directory)');
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('route lists are values: the same declarations every time, with unique ids', () => {
  const first = controlRoutes(BINDINGS);
  const second = controlRoutes(BINDINGS);
  assert.equal(first.length, second.length);
  // Lists that do not follow the binding kinds are built once, at import: the very same route objects.
  const byId = new Map(second.map((route) => [`${route.method} ${route.path}`, route]));
  for (const id of ['edge_tunnel.list', 'mesh_connector.create', 'access.apps.create', 'access.certs', 'accounts.get']) {
    const route = first.find((r) => r.id === id);
    assert.ok(route, `${id} is declared`);
    assert.equal(byId.get(`${route.method} ${route.path}`), route, `${id} is one static value`);
  }
  // Ids are unique (they name audit-log actions and OpenAPI operations).
  const ids = first.map((route) => route.id);
  assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), []);
});

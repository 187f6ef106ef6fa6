// Compatibility suite, application 3 (test/compat/openapi-d1): a task API on Hono with @hono/zod-openapi,
// CRUD on a D1 database whose schema comes from migrations_dir, and its OpenAPI document at /openapi.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../cli.js';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
interface Task { id: number; name: string; slug: string; description: string | null; completed: boolean; due_date: string }

async function exercise(get: Fetch): Promise<void> {
  const send = (method: string, pathname: string, body: unknown) => get(pathname, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  // The seed row of migration 0002 is there: both migrations ran.
  const seeded = json<{ success: boolean; tasks: Task[] }>(await get('/tasks'));
  assert.deepEqual(seeded, { success: true, tasks: [{ id: 1, name: 'Clean my room', slug: 'clean-room', description: null, completed: false, due_date: '2025-01-01T00:00:00Z' }] });

  const created = await send('POST', '/tasks', { name: 'Write the report', slug: 'report', description: 'quarterly', due_date: '2025-10-01T09:00:00Z' });
  assert.equal(created.status, 201, created.body);
  assert.deepEqual(json<{ task: Task }>(created).task, { id: 2, name: 'Write the report', slug: 'report', description: 'quarterly', completed: false, due_date: '2025-10-01T09:00:00Z' });
  const duplicate = await send('POST', '/tasks', { name: 'again', slug: 'report', due_date: '2025-10-01T09:00:00Z' });
  assert.equal(duplicate.status, 409, duplicate.body);

  // zod validation answers 400 naming each field.
  const invalid = await send('POST', '/tasks', { name: '', slug: 'Not A Slug', due_date: 'tomorrow' });
  assert.equal(invalid.status, 400);
  const messages = json<{ errors: { message: string }[] }>(invalid).errors.map((e) => e.message.split(':')[0]);
  assert.deepEqual(messages.sort(), ['due_date', 'name', 'slug']);

  assert.equal(json<{ task: Task }>(await get('/tasks/report')).task.name, 'Write the report');
  const updated = await send('PUT', '/tasks/report', { name: 'Write the report', slug: 'report', completed: true, due_date: '2025-10-01T09:00:00Z' });
  assert.equal(json<{ task: Task }>(updated).task.completed, true);
  assert.deepEqual(json<{ tasks: Task[] }>(await get('/tasks?isCompleted=true')).tasks.map((t) => t.slug), ['report']);
  assert.equal((await get('/tasks?page=-1')).status, 400);
  assert.equal(json<{ task: Task }>(await get('/tasks/report', { method: 'DELETE' })).task.slug, 'report');
  assert.equal((await get('/tasks/report')).status, 404);
  assert.deepEqual(json<{ tasks: Task[] }>(await get('/tasks')).tasks.map((t) => t.slug), ['clean-room']);

  const doc = json<{ openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } }>(await get('/openapi.json'));
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.info.title, 'Tasks API');
  assert.deepEqual(Object.keys(doc.paths).sort(), ['/tasks', '/tasks/{taskSlug}']);
  assert.deepEqual(Object.keys(doc.paths['/tasks/{taskSlug}'] ?? {}).sort(), ['delete', 'get', 'put']);
  assert.ok(doc.components.schemas.Task && doc.components.schemas.TaskRow);
}

test('an OpenAPI app on Hono and D1 runs unchanged under ledge dev and ledge serve', { timeout: 180_000 }, async (t) => {
  const dir = copyApp('openapi-d1');

  await t.test('ledge dev, after ledge db migrations apply DB', async () => {
    const migrate = runCli(['db', 'migrations', 'apply', 'DB'], { cwd: dir });
    assert.equal(await migrate.exited, 0, migrate.output());
    assert.match(migrate.output(), /applied 0001_add_tasks_table\.sql\napplied 0002_seed_tasks\.sql/);
    await withDev(dir, (url) => exercise((p, init) => call(`${url}${p}`, init)));
  });

  await t.test('ledge serve, after ledge db migrations apply DB --remote and ledge deploy', async () => {
    const platform = await startPlatform();
    try {
      const id = await platform.create('sql', 'openapi-template-db');
      editConfig(dir, 'wrangler.jsonc', '6f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f', id);
      const applied = await platform.ledge(['db', 'migrations', 'apply', 'DB', '--remote'], { cwd: dir });
      assert.match(applied.out, /applied 0001_add_tasks_table\.sql\napplied 0002_seed_tasks\.sql/);
      // The original's migrations table, so a database migrated by the original tool stays in step.
      const listed = await platform.ledge(['db', 'execute', 'DB', '--remote', '--command', 'SELECT name FROM d1_migrations ORDER BY id'], { cwd: dir });
      assert.match(listed.out, /0001_add_tasks_table\.sql\n0002_seed_tasks\.sql/);
      await platform.ledge(['deploy'], { cwd: dir });
      await exercise((p, init) => platform.visit(hostOf('openapi-d1-tasks'), p, init));
    } finally {
      await platform.stop();
    }
  });
});

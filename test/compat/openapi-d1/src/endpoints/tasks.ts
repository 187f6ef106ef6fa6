import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ErrorBody, fromRow, Task, TaskRow, type AppBindings } from '../types';

export const tasks = new OpenAPIHono<AppBindings>();

const SlugParam = z.object({ taskSlug: z.string().openapi({ param: { name: 'taskSlug', in: 'path' } }) });
const notFound = { content: { 'application/json': { schema: ErrorBody } }, description: 'Task not found' };

tasks.openapi(
  createRoute({
    method: 'get', path: '/', tags: ['Tasks'], summary: 'List Tasks',
    request: { query: z.object({ page: z.coerce.number().int().min(0).default(0), isCompleted: z.enum(['true', 'false']).optional() }) },
    responses: { 200: { content: { 'application/json': { schema: z.object({ success: z.boolean(), tasks: z.array(TaskRow) }) } }, description: 'Returns a list of tasks' } },
  }),
  async (c) => {
    const { page, isCompleted } = c.req.valid('query');
    const filter = isCompleted === undefined ? '' : 'WHERE completed = ?';
    const stmt = c.env.DB.prepare(`SELECT * FROM tasks ${filter} ORDER BY id LIMIT 20 OFFSET ?`);
    const bound = isCompleted === undefined ? stmt.bind(page * 20) : stmt.bind(isCompleted === 'true' ? 1 : 0, page * 20);
    const { results } = await bound.all();
    return c.json({ success: true, tasks: results.map(fromRow) }, 200);
  },
);

tasks.openapi(
  createRoute({
    method: 'post', path: '/', tags: ['Tasks'], summary: 'Create a new Task',
    request: { body: { content: { 'application/json': { schema: Task } }, required: true } },
    responses: {
      201: { content: { 'application/json': { schema: z.object({ success: z.boolean(), task: TaskRow }) } }, description: 'Returns the created task' },
      409: { content: { 'application/json': { schema: ErrorBody } }, description: 'Slug already used' },
    },
  }),
  async (c) => {
    const task = c.req.valid('json');
    try {
      const row = await c.env.DB.prepare('INSERT INTO tasks (name, slug, description, completed, due_date) VALUES (?, ?, ?, ?, ?) RETURNING *')
        .bind(task.name, task.slug, task.description ?? null, task.completed ? 1 : 0, task.due_date)
        .first();
      return c.json({ success: true, task: fromRow(row!) }, 201);
    } catch (err) {
      if (String(err).includes('UNIQUE constraint failed')) return c.json({ success: false as const, errors: [{ message: `slug ${task.slug} is taken` }] }, 409);
      throw err;
    }
  },
);

tasks.openapi(
  createRoute({
    method: 'get', path: '/{taskSlug}', tags: ['Tasks'], summary: 'Get a single Task by slug',
    request: { params: SlugParam },
    responses: { 200: { content: { 'application/json': { schema: z.object({ success: z.boolean(), task: TaskRow }) } }, description: 'Returns a single task if found' }, 404: notFound },
  }),
  async (c) => {
    const { taskSlug } = c.req.valid('param');
    const row = await c.env.DB.prepare('SELECT * FROM tasks WHERE slug = ?').bind(taskSlug).first();
    if (!row) return c.json({ success: false as const, errors: [{ message: 'Task not found' }] }, 404);
    return c.json({ success: true, task: fromRow(row) }, 200);
  },
);

tasks.openapi(
  createRoute({
    method: 'put', path: '/{taskSlug}', tags: ['Tasks'], summary: 'Update a Task',
    request: { params: SlugParam, body: { content: { 'application/json': { schema: Task } }, required: true } },
    responses: { 200: { content: { 'application/json': { schema: z.object({ success: z.boolean(), task: TaskRow }) } }, description: 'Returns the updated task' }, 404: notFound },
  }),
  async (c) => {
    const { taskSlug } = c.req.valid('param');
    const task = c.req.valid('json');
    const row = await c.env.DB.prepare('UPDATE tasks SET name = ?, slug = ?, description = ?, completed = ?, due_date = ? WHERE slug = ? RETURNING *')
      .bind(task.name, task.slug, task.description ?? null, task.completed ? 1 : 0, task.due_date, taskSlug)
      .first();
    if (!row) return c.json({ success: false as const, errors: [{ message: 'Task not found' }] }, 404);
    return c.json({ success: true, task: fromRow(row) }, 200);
  },
);

tasks.openapi(
  createRoute({
    method: 'delete', path: '/{taskSlug}', tags: ['Tasks'], summary: 'Delete a Task',
    request: { params: SlugParam },
    responses: { 200: { content: { 'application/json': { schema: z.object({ success: z.boolean(), task: TaskRow }) } }, description: 'Returns the deleted task' }, 404: notFound },
  }),
  async (c) => {
    const { taskSlug } = c.req.valid('param');
    const row = await c.env.DB.prepare('DELETE FROM tasks WHERE slug = ? RETURNING *').bind(taskSlug).first();
    if (!row) return c.json({ success: false as const, errors: [{ message: 'Task not found' }] }, 404);
    return c.json({ success: true, task: fromRow(row) }, 200);
  },
);

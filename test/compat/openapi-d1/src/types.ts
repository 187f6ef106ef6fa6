import { z } from '@hono/zod-openapi';

export type AppBindings = { Bindings: Env };
export type Env = { DB: D1Database };

export const Task = z
  .object({
    name: z.string().min(1).openapi({ example: 'lorem' }),
    slug: z.string().regex(/^[a-z0-9-]+$/).openapi({ example: 'lorem' }),
    description: z.string().nullable().optional(),
    completed: z.boolean().default(false),
    due_date: z.iso.datetime(),
  })
  .openapi('Task');

export const TaskRow = Task.extend({ id: z.number().int() }).openapi('TaskRow');

export const ErrorBody = z.object({ success: z.literal(false), errors: z.array(z.object({ message: z.string() })) }).openapi('Error');

export type TaskInput = z.infer<typeof Task>;

/** D1 stores booleans as integers. */
export function fromRow(row: Record<string, unknown>) {
  return { ...row, completed: row.completed === 1 } as z.infer<typeof TaskRow>;
}

import { OpenAPIHono } from '@hono/zod-openapi';
import { tasks } from './endpoints/tasks';
import type { AppBindings } from './types';

const app = new OpenAPIHono<AppBindings>({
  // Answer validation errors in the same envelope as the rest of the API.
  defaultHook: (result, c) => {
    if (!result.success) {
      return c.json({ success: false, errors: result.error.issues.map((i) => ({ message: `${i.path.join('.')}: ${i.message}` })) }, 400);
    }
  },
});

app.route('/tasks', tasks);

app.doc31('/openapi.json', {
  openapi: '3.1.0',
  info: { title: 'Tasks API', version: '2.0.0' },
});

app.onError((err, c) => {
  console.error(err);
  return c.json({ success: false, errors: [{ message: 'Internal Server Error' }] }, 500);
});

export default app;

interface Env {
  TODOS: KVNamespace;
  ASSETS: Fetcher;
}

interface Todo {
  id: string;
  title: string;
  done: boolean;
}

const json = (data: unknown, init?: ResponseInit) => Response.json(data, init);

export default {
  async fetch(request, env): Promise<Response> {
    const url = new URL(request.url);

    if (url.pathname === '/api/todos' && request.method === 'GET') {
      const { keys } = await env.TODOS.list({ prefix: 'todo:' });
      const todos = await Promise.all(keys.map((k) => env.TODOS.get<Todo>(k.name, 'json')));
      return json(todos.filter(Boolean));
    }

    if (url.pathname === '/api/todos' && request.method === 'POST') {
      const body = await request.json<{ title?: string }>();
      if (!body.title) return json({ error: 'title is required' }, { status: 400 });
      const todo: Todo = { id: crypto.randomUUID(), title: body.title, done: false };
      await env.TODOS.put(`todo:${todo.id}`, JSON.stringify(todo));
      return json(todo, { status: 201 });
    }

    const match = url.pathname.match(/^\/api\/todos\/([\w-]+)$/);
    if (match && request.method === 'PATCH') {
      const todo = await env.TODOS.get<Todo>(`todo:${match[1]}`, 'json');
      if (!todo) return json({ error: 'not found' }, { status: 404 });
      const patch = await request.json<Partial<Todo>>();
      const next = { ...todo, done: patch.done ?? todo.done };
      await env.TODOS.put(`todo:${todo.id}`, JSON.stringify(next));
      return json(next);
    }

    if (url.pathname.startsWith('/api/')) return json({ error: 'no such API route' }, { status: 404 });

    // Anything else is the single-page app's business.
    return env.ASSETS.fetch(request);
  },
} satisfies ExportedHandler<Env>;

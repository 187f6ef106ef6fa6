export interface Todo {
  id: string;
  title: string;
  done: boolean;
}

export async function listTodos(): Promise<Todo[]> {
  const res = await fetch('/api/todos');
  if (!res.ok) throw new Error(`GET /api/todos: ${res.status}`);
  return res.json();
}

export async function addTodo(title: string): Promise<Todo> {
  const res = await fetch('/api/todos', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  if (!res.ok) throw new Error(`POST /api/todos: ${res.status}`);
  return res.json();
}

import './style.css';
import { addTodo, listTodos, type Todo } from './api';

const app = document.querySelector<HTMLDivElement>('#app')!;

function render(todos: Todo[]) {
  app.innerHTML = `
    <h1>Todos</h1>
    <form id="new"><input name="title" placeholder="What needs doing?" /><button>Add</button></form>
    <ul>${todos.map((t) => `<li class="${t.done ? 'done' : ''}">${t.title}</li>`).join('')}</ul>
  `;
  app.querySelector<HTMLFormElement>('#new')!.addEventListener('submit', async (event) => {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem('title') as HTMLInputElement;
    await addTodo(input.value);
    render(await listTodos());
  });
}

// Client-side routes (/, /todo/:id) all load this page; the worker answers index.html for them.
listTodos().then(render);

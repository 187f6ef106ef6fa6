import { Hono } from 'hono';
import type { FC } from 'hono/jsx';
import { renderer } from './renderer';

type Bindings = {
  DB: D1Database;
  SITE_TITLE: string;
};

type Entry = { id: number; author: string; message: string; created_at: string };

const app = new Hono<{ Bindings: Bindings }>();

app.use(renderer);

const EntryList: FC<{ entries: Entry[] }> = ({ entries }) => (
  <ul id="entries">
    {entries.map((e) => (
      <li>
        <strong>{e.author}</strong>: {e.message}
      </li>
    ))}
  </ul>
);

app.get('/', async (c) => {
  const { results } = await c.env.DB.prepare('SELECT * FROM entries ORDER BY id DESC LIMIT 50').all<Entry>();
  return c.render(
    <>
      <h1>{c.env.SITE_TITLE}</h1>
      <form method="post" action="/entries">
        <input name="author" placeholder="Your name" />
        <textarea name="message" />
        <button type="submit">Sign</button>
      </form>
      {results.length === 0 ? <p>No entries yet.</p> : <EntryList entries={results} />}
    </>,
    { title: c.env.SITE_TITLE },
  );
});

app.post('/entries', async (c) => {
  const form = await c.req.parseBody();
  const author = String(form.author ?? '').trim();
  const message = String(form.message ?? '').trim();
  if (!author || !message) return c.text('author and message are required', 400);
  await c.env.DB.prepare('INSERT INTO entries (author, message) VALUES (?, ?)').bind(author, message).run();
  return c.redirect('/', 303);
});

app.notFound((c) => {
  c.status(404);
  return c.render(<p>Nothing at {c.req.path}</p>, { title: 'Not found' });
});

export default app;

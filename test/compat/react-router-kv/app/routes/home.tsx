import { Form, Link } from "react-router";
import type { Route } from "./+types/home";

export function meta({}: Route.MetaArgs) {
  return [{ title: "Notes" }, { name: "description", content: "Notes kept in KV" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.cloudflare;
  const list = await env.NOTES.list({ prefix: "note:" });
  const notes = await Promise.all(
    list.keys.map(async (k) => ({ id: k.name.slice(5), text: (await env.NOTES.get(k.name)) ?? "" })),
  );
  return { message: env.VALUE_FROM_CLOUDFLARE, notes };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = String(form.get("text") ?? "").trim();
  if (!text) return { error: "text is required" };
  const id = crypto.randomUUID().slice(0, 8);
  context.cloudflare.ctx.waitUntil(Promise.resolve());
  await context.cloudflare.env.NOTES.put(`note:${id}`, text);
  return { created: id };
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main>
      <h1>{loaderData.message}</h1>
      <ul>
        {loaderData.notes.map((n) => (
          <li key={n.id}>
            <Link to={`/notes/${n.id}`}>{n.text}</Link>
          </li>
        ))}
      </ul>
      {actionData && "error" in actionData ? <p role="alert">{actionData.error}</p> : null}
      <Form method="post">
        <input name="text" />
        <button type="submit">Add</button>
      </Form>
    </main>
  );
}

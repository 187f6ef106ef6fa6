import { data } from "react-router";
import type { Route } from "./+types/note";

export async function loader({ params, context }: Route.LoaderArgs) {
  const text = await context.cloudflare.env.NOTES.get(`note:${params.id}`);
  if (text === null) throw data("no such note", { status: 404 });
  return { id: params.id, text };
}

export default function Note({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Note {loaderData.id}</h1>
      <p className="note">{loaderData.text}</p>
    </main>
  );
}

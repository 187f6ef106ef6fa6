import type { Route } from "./+types/api.notes";

export async function loader({ context }: Route.LoaderArgs) {
  const list = await context.cloudflare.env.NOTES.list({ prefix: "note:" });
  return Response.json({ count: list.keys.length, keys: list.keys.map((k) => k.name) });
}

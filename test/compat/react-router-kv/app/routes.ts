import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("notes/:id", "routes/note.tsx"),
  route("api/notes", "routes/api.notes.ts"),
] satisfies RouteConfig;

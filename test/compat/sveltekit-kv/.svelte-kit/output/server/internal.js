import "./chunks/root.js";
import { s, a } from "./chunks/internal.js";
import { s as s2 } from "./chunks/server.js";
import { g, o, c, s as s3, a as a2, b } from "./chunks/internal2.js";
export {
  g as get_hooks,
  o as options,
  s2 as set_assets,
  s as set_building,
  c as set_manifest,
  a as set_prerendering,
  s3 as set_private_env,
  a2 as set_public_env,
  b as set_read_implementation
};

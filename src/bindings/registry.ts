import type { BindingPlugin } from './plugin.js';
import { KV_PLUGIN } from './kv/index.js';
import { SQL_PLUGIN } from './sql/index.js';
import { OBJECTS_PLUGIN } from './objects/index.js';
import { QUEUES_PLUGIN } from './queues/index.js';
import { WORKFLOWS_PLUGIN } from './workflows/index.js';

/**
 * The binding kinds Ledge knows, one line each. Adding a kind means adding its folder under
 * `src/bindings/<kind>/`, one line here and one in `isolate-registry.ts`.
 */
export const BINDINGS: Readonly<Record<string, BindingPlugin>> = {
  kv: KV_PLUGIN as unknown as BindingPlugin,
  sql: SQL_PLUGIN as unknown as BindingPlugin,
  objects: OBJECTS_PLUGIN as unknown as BindingPlugin,
  queues: QUEUES_PLUGIN as unknown as BindingPlugin,
  workflows: WORKFLOWS_PLUGIN as unknown as BindingPlugin,
};

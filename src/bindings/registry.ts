import type { AnyBindingPlugin } from './plugin.js';
import { KV_PLUGIN } from './kv/index.js';
import { SQL_PLUGIN } from './sql/index.js';
import { OBJECTS_PLUGIN } from './objects/index.js';
import { QUEUES_PLUGIN } from './queues/index.js';

/** A list of binding kinds: what configuration accepts, what the host serves and what the worker loads all come from one. */
export type BindingRegistry = readonly AnyBindingPlugin[];

/**
 * The binding kinds Ledge knows, one line each. Adding a kind means adding its folder under
 * `src/bindings/<kind>/` and one line here (docs/architecture.md, Adding a binding kind); the isolate side
 * follows from each plugin's `isolate` part, and the control plane from its `resource` facet.
 */
export const BINDINGS: BindingRegistry = [
  KV_PLUGIN,
  SQL_PLUGIN,
  OBJECTS_PLUGIN,
  QUEUES_PLUGIN,
];

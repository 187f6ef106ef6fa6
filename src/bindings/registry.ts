import type { AnyBindingPlugin } from './plugin.js';
import { KV_PLUGIN } from './kv/index.js';
import { SQL_PLUGIN } from './sql/index.js';
import { OBJECTS_PLUGIN } from './objects/index.js';
import { QUEUES_PLUGIN } from './queues/index.js';
import { WORKFLOWS_PLUGIN } from './workflows/index.js';
import { COORDINATION_PLUGIN } from './coordination/index.js';
import { SERVICES_PLUGIN } from './services/index.js';
import { VECTORS_PLUGIN } from './vectors/index.js';
import { RATE_LIMITS_PLUGIN } from './rate-limits/index.js';

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
  WORKFLOWS_PLUGIN,
  COORDINATION_PLUGIN,
  SERVICES_PLUGIN,
  VECTORS_PLUGIN,
  RATE_LIMITS_PLUGIN,
] as const;

/** The kinds of the registry as the compiler sees them, each with its own literal names. */
type RegisteredKind = typeof KV_PLUGIN | typeof SQL_PLUGIN | typeof OBJECTS_PLUGIN | typeof QUEUES_PLUGIN | typeof WORKFLOWS_PLUGIN | typeof COORDINATION_PLUGIN | typeof SERVICES_PLUGIN | typeof VECTORS_PLUGIN | typeof RATE_LIMITS_PLUGIN;

/** The account API's permission areas of the binding kinds (`kv`, `sql`, `buckets`, `queues`, `workflows`), from their plugins. */
export type BindingPermissionArea = RegisteredKind['resource']['area'];

/** The kinds of binding resources in resource keys and in the control store (`kv`, `sql`, `bucket`, `queue`, `workflow`), from their plugins. */
export type BindingResourceKey = RegisteredKind['resource']['key'];

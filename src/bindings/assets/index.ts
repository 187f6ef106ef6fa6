import { serveProtocol } from '../host-protocol.js';
import type { BoundBinding } from '../plugin.js';
import { ISOLATE_PART } from './isolate.js';
import { ASSETS_CALLS } from './protocol.js';
import { createAssetsHandlers, type AssetSource } from './service.js';

/**
 * The assets binding kind. It has no section of its own in ledge.jsonc, no resource and no store: `assets.binding`
 * names it, and its service is the deployment's asset server, so `ledge dev` and `ledge serve` add it beside the
 * bindings `createBindingServices` makes (docs/assets.md). Its two halves speak protocol.ts like every kind's.
 */
export const ASSETS_KIND = ISOLATE_PART.kind;

/** The binding entry of a deployment with `assets.binding` set, or none. */
export function assetsBindings(binding: string | undefined, server: AssetSource | undefined): BoundBinding[] {
  if (binding === undefined || server === undefined) return [];
  return [{ name: binding, kind: ASSETS_KIND, isolateModule: ISOLATE_PART.module, service: serveProtocol(ASSETS_KIND, ASSETS_CALLS, createAssetsHandlers(server)) }];
}

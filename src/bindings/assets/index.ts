import type { AssetServer } from '../../entry/assets/handler.js';
import type { BindingService } from '../plugin.js';
import { createAssetsService } from './service.js';

/**
 * The assets binding kind. It has no section of its own in ledge.jsonc: `assets.binding` names it, and its
 * service is the deployment's asset server, so `ledge dev` and `ledge serve` add it beside the bindings
 * `createBindingServices` makes (docs/assets.md).
 */
export const ASSETS_KIND = 'assets';

/** The binding entry of a deployment with `assets.binding` set, or none. */
export function assetsBindings(binding: string | undefined, server: AssetServer | undefined): { name: string; kind: string; service: BindingService }[] {
  if (binding === undefined || server === undefined) return [];
  return [{ name: binding, kind: ASSETS_KIND, service: createAssetsService(server) }];
}

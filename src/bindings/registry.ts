import type { BindingConfigPlugin } from './plugin.js';

/**
 * The binding kinds Ledge knows, one line each. Adding a kind means adding its folder under
 * `src/bindings/<kind>/` and one line here.
 */
export const BINDINGS: Readonly<Record<string, BindingConfigPlugin>> = {};

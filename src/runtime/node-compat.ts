/**
 * The `node:` modules application code may import under the `nodejs_compat` flag (docs/runtime.md).
 * One list for both sides: the bundler leaves these imports to the runtime, and the isolate's import
 * guard (globals/import-guard.ts) lets application code load exactly these.
 */
export const NODEJS_COMPAT_MODULES: readonly string[] = [
  'assert', 'async_hooks', 'buffer', 'crypto', 'diagnostics_channel', 'events', 'path', 'punycode',
  'querystring', 'stream', 'stream/web', 'string_decoder', 'url', 'util', 'zlib',
];

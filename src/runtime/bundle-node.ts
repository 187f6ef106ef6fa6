import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';

/**
 * The `node:` modules Ledge provides itself under the `nodejs_compat` flag: the isolate imports Node's own
 * implementation (docs/runtime.md).
 */
export const NODEJS_COMPAT_MODULES: readonly string[] = [
  'assert', 'async_hooks', 'buffer', 'crypto', 'diagnostics_channel', 'events', 'path', 'punycode',
  'querystring', 'stream', 'stream/consumers', 'stream/promises', 'stream/web', 'string_decoder', 'url', 'util', 'zlib',
];

/**
 * Where the polyfill layer keeps its `node:` modules (unenv, the layer the original platform's own tooling
 * uses): each resolves to a module whose unsupported functions throw "[unenv] <name> is not implemented yet!"
 * when called, so a dependency that imports `node:fs` and never calls it builds and runs.
 */
const POLYFILL_DIR = path.dirname(fileURLToPath(import.meta.resolve('unenv/node/fs')));

/** The polyfill of one module, if the layer has one. */
export function polyfillOf(bare: string): string | undefined {
  if (bare.includes('..') || bare.startsWith('internal')) return undefined;
  const file = path.join(POLYFILL_DIR, `${bare}.mjs`);
  return existsSync(file) ? file : undefined;
}

const REQUIRE_NAMESPACE = 'ledge-node-require';
const BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith('_')));

/**
 * Resolves Node.js modules. Without `nodejs_compat` every one is refused at build time. With it, a module
 * of Ledge's subset stays an import of Node's own; `process` is Ledge's stand-in (`processShim`); any other
 * comes from the polyfill layer; one neither has is refused by name. A `require()` of such a module (in a
 * CommonJS dependency) gets the module's default export, as `require` does in Node.
 */
export function nodeBuiltinsPlugin(compat: boolean, processShim: string, als = false): esbuild.Plugin {
  return {
    name: 'ledge-node-builtins',
    setup(build) {
      build.onResolve({ filter: /^[a-z_/]+$|^node:/ }, (args) => {
        const bare = args.path.replace(/^node:/, '');
        if (!args.path.startsWith('node:') && !BUILTINS.has(bare)) return undefined;
        // `nodejs_als` alone gives node:async_hooks (AsyncLocalStorage) and nothing else, as on the original.
        if (!compat && als && args.path === 'node:async_hooks') {
          return args.kind === 'require-call' ? { path: args.path, namespace: REQUIRE_NAMESPACE, pluginData: args.path } : { path: args.path, external: true };
        }
        if (!compat) {
          return refuse(`"${args.path}" cannot be imported: Node.js modules need "compatibility_flags": ["nodejs_compat"] in ledge.jsonc`);
        }
        const target = bare === 'process' ? processShim : NODEJS_COMPAT_MODULES.includes(bare) ? `node:${bare}` : polyfillOf(bare);
        if (target === undefined) return refuse(`"${args.path}" is not available under nodejs_compat: neither Ledge nor its polyfill layer provides it`);
        // The wrapper is named after the module, not the polyfill's file: a `.mjs` name would make esbuild treat it as ESM.
        if (args.kind === 'require-call') return { path: `node:${bare}`, namespace: REQUIRE_NAMESPACE, pluginData: target };
        return target.startsWith('node:') ? { path: target, external: true } : { path: target };
      });
      // Node's own modules stay imports the isolate resolves; a polyfill is bundled, and its default export is what require() returns.
      build.onLoad({ filter: /.*/, namespace: REQUIRE_NAMESPACE }, (args) => {
        const target = args.pluginData as string;
        return {
          contents: target.startsWith('node:')
            ? `import value from ${JSON.stringify(target)};\nmodule.exports = value;\n`
            : `module.exports = require(${JSON.stringify(target)}).default;\n`,
          loader: 'js',
          resolveDir: POLYFILL_DIR,
        };
      });
      // The polyfill layer's own imports of `node:` modules come back through the resolver above.
    },
  };
}

function refuse(text: string): esbuild.OnResolveResult {
  return { errors: [{ text, detail: { code: 'node_module_forbidden' } }] };
}

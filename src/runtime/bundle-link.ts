import path from 'node:path';
import type * as esbuild from 'esbuild';
import picomatch from 'picomatch';
import { OWN_RESOLVE as OWN, type ModuleRule } from './bundle-rules.js';

/** Specifiers of Ledge's own modules: the runtime modules, Node's modules and Ledge's application libraries. */
function isLedgeSpecifier(spec: string, libraries: ReadonlySet<string>, builtins: ReadonlySet<string>): boolean {
  return /^(?:ledge|cloudflare|node):/.test(spec) || libraries.has(spec) || builtins.has(spec);
}

/**
 * `no_bundle: true` (docs/configuration.md): the version is still one module, so Ledge links the entry with
 * the modules it imports, but only with files under `baseDir` that a module rule matches, as the original
 * uploads only those beside the entry. A package import, or a file no rule matches or outside `baseDir`,
 * fails the build naming it. What Ledge's own plugins resolve (the runtime modules, `node:` modules under
 * nodejs_compat, Ledge's libraries) and whatever those import are Ledge's code and linked as usual.
 */
export function noBundlePlugin(options: { entry: string; baseDir: string; projectDir: string; rules: readonly ModuleRule[]; libraries: readonly string[]; builtins: readonly string[] }): esbuild.Plugin {
  const matchers = options.rules.map((rule) => ({ type: rule.type, match: picomatch([...rule.globs], { dot: true }) }));
  const libraries = new Set(options.libraries);
  const builtins = new Set(options.builtins);
  const ledgeFiles = new Set<string>();
  const shown = (file: string) => path.relative(options.projectDir, file).split(path.sep).join('/');
  return {
    name: 'ledge-no-bundle',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === OWN || args.kind === 'entry-point') return undefined;
        const ledge = ledgeFiles.has(args.importer);
        if (!ledge && !isLedgeSpecifier(args.path, libraries, builtins)) {
          if (/^[./]/.test(args.path) || args.namespace !== 'file') return undefined;
          return { errors: [{ text: `"${args.path}" is a package: with "no_bundle": true Ledge links only files under base_dir (${shown(options.baseDir) || '.'}) that "rules" match, as the original uploads only those; remove "no_bundle" to bundle packages` }] };
        }
        const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, namespace: args.namespace, pluginData: OWN });
        if (found.errors.length) return { errors: found.errors };
        if (found.namespace === 'file' && !found.external) ledgeFiles.add(found.path);
        // Not the marker: esbuild hands a module's pluginData on to the resolution of its own imports.
        return { path: found.path, namespace: found.namespace, external: found.external, sideEffects: found.sideEffects, suffix: found.suffix, pluginData: found.pluginData === OWN ? undefined : found.pluginData };
      });
      build.onLoad({ filter: /.*/, namespace: 'file' }, (args) => {
        if (args.path === options.entry || ledgeFiles.has(args.path)) return undefined;
        const relative = path.relative(options.baseDir, args.path).split(path.sep).join('/');
        if (relative.startsWith('../') || path.isAbsolute(relative)) {
          return { errors: [{ text: `${shown(args.path)} lies outside base_dir (${shown(options.baseDir) || '.'}): with "no_bundle": true every module is a file under base_dir; move it there or set "base_dir"` }] };
        }
        if (matchers.some((m) => m.match(relative))) return undefined;
        return { errors: [{ text: `${shown(args.path)} is not matched by any module rule: with "no_bundle": true every module the entry imports must match one of "rules" (for JavaScript add { "type": "ESModule", "globs": ["**/*.js"] }); add a rule for it or remove "no_bundle"` }] };
      });
    },
  };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import picomatch from 'picomatch';

/** What an imported file becomes (docs/runtime.md, Module rules). */
export type ModuleRuleType = 'ESModule' | 'CommonJS' | 'CompiledWasm' | 'Text' | 'Data';

/** One module rule as `rules` in ledge.jsonc writes it. */
export interface ModuleRule {
  type: ModuleRuleType;
  globs: readonly string[];
  fallthrough?: boolean | undefined;
}

/** The rules every project has after its own, the same defaults existing projects rely on. */
export const DEFAULT_MODULE_RULES: readonly ModuleRule[] = Object.freeze([
  { type: 'Text', globs: ['**/*.txt', '**/*.html', '**/*.sql'] },
  { type: 'Data', globs: ['**/*.bin'] },
  { type: 'CompiledWasm', globs: ['**/*.wasm', '**/*.wasm?module'] },
]);

/** The rules in force, and the warnings about rules that never apply. */
export interface ResolvedRules {
  rules: ModuleRule[];
  warnings: string[];
}

/**
 * The project's rules followed by the defaults. The first rule of a type without `fallthrough: true`
 * closes that type: later rules of the same type are dropped, with a warning unless the closing rule
 * says `fallthrough: false` on purpose (the original platform's semantics).
 */
export function resolveModuleRules(own: readonly ModuleRule[] = []): ResolvedRules {
  const all = [...own, ...DEFAULT_MODULE_RULES];
  const closedBy = new Map<ModuleRuleType, number>();
  const rules: ModuleRule[] = [];
  const warnings: string[] = [];
  all.forEach((rule, index) => {
    const closer = closedBy.get(rule.type);
    if (closer !== undefined) {
      if (all[closer]?.fallthrough !== false) {
        const which = index < own.length ? `rules[${index}] (${JSON.stringify(rule)})` : `the default rule ${JSON.stringify(rule)}`;
        warnings.push(`${which} has the same type as rules[${closer}] and is ignored; add "fallthrough": true to rules[${closer}] to use both, or "fallthrough": false to silence this warning`);
      }
      return;
    }
    if (rule.fallthrough !== true) closedBy.set(rule.type, index);
    rules.push(rule);
  });
  return { rules, warnings };
}

const NAMESPACE = 'ledge-module-rule';
/** The pluginData of a resolution Ledge asks for itself: module rules leave it alone (so do the other plugins that check it). */
export const OWN_RESOLVE = NAMESPACE;
const JS_TYPES: ReadonlySet<ModuleRuleType> = new Set(['ESModule', 'CommonJS']);

/** Namespaced inputs of the metafile that stand for a project file, mapped back to the file. */
export function ruleInputPath(input: string): string | undefined {
  return input.startsWith(`${NAMESPACE}:`) ? input.slice(NAMESPACE.length + 1) : undefined;
}

/**
 * Applies module rules to imports: a matching file becomes a string (Text), an ArrayBuffer (Data), a
 * `WebAssembly.Module` (CompiledWasm) or JavaScript (ESModule, CommonJS), inlined in the single bundle so a
 * version stays one module wherever it is stored. A glob matches the import as written (without leading
 * `./` and `../`) or the imported file's path relative to the project.
 */
export function moduleRulesPlugin(rules: readonly ModuleRule[], projectDir: string, options: { baseDir?: string | undefined; confine?: boolean } = {}): esbuild.Plugin {
  const matchers = rules.map((rule) => ({ type: rule.type, match: picomatch([...rule.globs], { dot: true }) }));
  const roots = [projectDir, ...(options.baseDir !== undefined && options.baseDir !== projectDir ? [options.baseDir] : [])];
  /** The rule type of a file by its path relative to the project or to base_dir. */
  const typeOfFile = (file: string) => {
    for (const root of roots) {
      const relative = path.relative(root, file).split(path.sep).join('/');
      const type = matchers.find((m) => m.match(relative))?.type;
      if (type !== undefined) return type;
    }
    return undefined;
  };
  const nonJs = rules.filter((rule) => !JS_TYPES.has(rule.type));
  return {
    name: 'ledge-module-rules',
    setup(build) {
      build.onResolve({ filter: importFilter(rules) }, async (args) => {
        if (args.pluginData === NAMESPACE || args.kind === 'entry-point' || args.namespace !== 'file') return undefined;
        const spec = args.path;
        const bare = spec.replace(/^(?:\.\.?\/)+/, '');
        let type = matchers.find((m) => m.match(bare))?.type;
        let file: string | undefined;
        const plain = spec.replace(/\?module$/, '');
        if (type === undefined) {
          // Only a file that would resolve anyway can match by its path: resolve cheap candidates first.
          const isScript = /\.(?:[cm]?[jt]sx?|json)$/.test(plain);
          if (!/\.[A-Za-z0-9]+$/.test(plain) || (isScript && !rules.some((r) => JS_TYPES.has(r.type)))) return undefined;
          file = await resolveFile(build, plain, args);
          if (!file) return undefined;
          type = typeOfFile(file);
          if (type === undefined) return undefined;
        }
        file ??= await resolveFile(build, plain, args);
        if (!file) return { errors: [{ text: `cannot find "${spec}" (matched by a ${type} module rule)` }] };
        return { path: file, namespace: NAMESPACE, pluginData: type };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const outside = options.confine === true && options.baseDir !== undefined && path.relative(options.baseDir, args.path).startsWith('..');
        if (outside) return { errors: [{ text: `${path.relative(projectDir, args.path)} lies outside base_dir (${path.relative(projectDir, options.baseDir ?? projectDir) || '.'}): with "no_bundle": true every module is a file under base_dir; move it there or set "base_dir"` }] };
        return load(args.path, args.pluginData as ModuleRuleType);
      });
      // A template-literal import (\`./locales/\${lang}.txt\`) reaches each matching file without a resolve step: its type is that of its path.
      if (nonJs.length) {
        build.onLoad({ filter: importFilter(nonJs), namespace: 'file' }, (args) => {
          const type = typeOfFile(args.path);
          return type === undefined || JS_TYPES.has(type) ? undefined : load(args.path, type);
        });
      }
      function load(file: string, type: ModuleRuleType): esbuild.OnLoadResult {
        const bytes = readFileSync(file);
        const resolveDir = path.dirname(file);
        switch (type) {
          case 'Text': return { contents: bytes, loader: 'text', resolveDir };
          case 'Data': return { contents: `export default ${base64Decoder(bytes)};`, loader: 'js', resolveDir };
          case 'CompiledWasm': return { contents: `export default new WebAssembly.Module(${base64Decoder(bytes)});`, loader: 'js', resolveDir };
          default: return { contents: bytes, loader: path.extname(file) === '.ts' ? 'ts' : 'js', resolveDir };
        }
      }
    },
  };
}

/**
 * The imports the plugin needs to see. Every import crossing into a plugin costs time, so when each glob
 * ends in a plain extension (as the defaults do) only imports ending in one of them are looked at.
 */
function importFilter(rules: readonly ModuleRule[]): RegExp {
  const extensions = new Set<string>();
  for (const glob of rules.flatMap((rule) => rule.globs)) {
    const ext = /\.([A-Za-z0-9]+)(?:\?module)?$/.exec(glob)?.[1];
    if (!ext) return /.*/;
    extensions.add(ext);
  }
  return new RegExp(`\\.(?:${[...extensions].join('|')})(?:\\?module)?$`);
}

async function resolveFile(build: esbuild.PluginBuild, spec: string, args: esbuild.OnResolveArgs): Promise<string | undefined> {
  if (path.isAbsolute(spec)) return spec;
  const found = await build.resolve(spec, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: NAMESPACE });
  return found.errors.length || found.external || found.namespace !== 'file' ? undefined : found.path;
}

/** An expression that yields a fresh ArrayBuffer holding the bytes: base64 in the bundle, decoded once at load. */
function base64Decoder(bytes: Buffer): string {
  return `((s) => { const b = new Uint8Array(s.length); for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i); return b.buffer; })(atob(${JSON.stringify(bytes.toString('base64'))}))`;
}

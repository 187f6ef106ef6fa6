import { mkdirSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { LedgeError } from '../platform/errors.js';
import { nodeBuiltinsPlugin } from './bundle-node.js';
import { runtimeModulesPlugin } from './bundle-modules.js';
import { moduleRulesPlugin, resolveModuleRules, ruleInputPath, type ModuleRule } from './bundle-rules.js';
import { noBundlePlugin } from './bundle-link.js';

export { NODEJS_COMPAT_MODULES } from './bundle-node.js';

const LIB_EXT = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
/** Libraries application code imports from Ledge (`import { createTaskStore } from 'ledge/tasks'`). */
const APP_LIBRARIES: Record<string, string> = {
  'ledge/tasks': fileURLToPath(new URL(`../lib/tasks/index.${LIB_EXT}`, import.meta.url)),
  'ledge/documents': fileURLToPath(new URL(`../lib/documents/index.${LIB_EXT}`, import.meta.url)),
  'ledge/access': fileURLToPath(new URL(`../lib/access/index.${LIB_EXT}`, import.meta.url)),
  'ledge/csrf': fileURLToPath(new URL(`../lib/csrf/index.${LIB_EXT}`, import.meta.url)),
  'ledge/webhooks': fileURLToPath(new URL(`../lib/webhooks/index.${LIB_EXT}`, import.meta.url)),
};

/** What to bundle and where the result goes. */
export interface BundleOptions {
  /** Absolute path of the entry module. */
  entry: string;
  /** Project directory (resolution root for node_modules). */
  projectDir: string;
  /** Directory the bundle is written to. */
  outDir: string;
  compatibilityFlags: readonly string[];
  /** `development` in `ledge dev`. */
  mode: 'development' | 'production';
  /** The project's module rules (`rules` in ledge.jsonc), applied before the defaults. */
  rules?: readonly ModuleRule[] | undefined;
  /** Names replaced with code (`define` in ledge.jsonc), over Ledge's own. */
  define?: Readonly<Record<string, string>> | undefined;
  /** Module aliases (`alias` in ledge.jsonc); a relative target is relative to `projectDir`. Ledge's own libraries keep their names. */
  alias?: Readonly<Record<string, string>> | undefined;
  /** Absolute path of the TypeScript configuration to use instead of the nearest tsconfig.json (`tsconfig`). */
  tsconfig?: string | undefined;
  /** What JSX elements compile to (`jsx_factory`), over the tsconfig's; esbuild's default is React.createElement. */
  jsxFactory?: string | undefined;
  /** What JSX fragments compile to (`jsx_fragment`), over the tsconfig's; esbuild's default is React.Fragment. */
  jsxFragment?: string | undefined;
  /** Link the modules as they are (`no_bundle`): only files under `baseDir` that rules match, no define (docs/configuration.md). */
  noBundle?: boolean | undefined;
  /** Absolute folder module rules are matched in besides `projectDir` (`base_dir`). @default projectDir */
  baseDir?: string | undefined;
}

/** The output of one build: the file to load and the source files it came from. */
export interface BundleResult {
  file: string;
  inputs: string[];
  /** The module's export names, as the bundle declares them (a deploy checks its coordination classes against them). */
  exports: string[];
}

/** One build's output with what a person should know about the options (module rules that never apply). */
export interface OneBundle extends BundleResult {
  warnings: readonly string[];
}

/** The project's aliases with relative targets made absolute (the original's tool resolves them from the configuration file's folder). */
function projectAliases(alias: Readonly<Record<string, string>> | undefined, projectDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, target] of Object.entries(alias ?? {})) out[name] = target.startsWith('./') || target.startsWith('../') ? path.resolve(projectDir, target) : target;
  return out;
}

/** Bundles the application once. Throws `bundle_failed` or `node_module_forbidden` with esbuild's located messages. */
export async function bundle(options: BundleOptions, version = 0): Promise<OneBundle> {
  const context = await createBundler(options);
  try {
    return { ...(await context.rebuild(version)), warnings: context.warnings };
  } finally {
    await context.dispose();
  }
}

/** An incremental bundler: `rebuild()` after a source change reuses the previous work. */
export interface Bundler {
  /** What a person should know about the options, once (module rules that never apply). */
  readonly warnings: readonly string[];
  rebuild(version: number): Promise<BundleResult>;
  dispose(): Promise<void>;
}

/** Creates an incremental bundler for one project. */
export async function createBundler(options: BundleOptions): Promise<Bundler> {
  mkdirSync(options.outDir, { recursive: true });
  // The bundle is an ES module whatever the project's package.json says, and Node must not advise the user
  // to change their package.json because of Ledge's files (docs/runtime.md).
  writeFileSync(path.join(options.outDir, 'package.json'), '{"type":"module"}\n');
  const compat = options.compatibilityFlags.includes('nodejs_compat');
  const als = options.compatibilityFlags.includes('nodejs_als');
  const shim = path.join(options.outDir, 'process-shim.mjs');
  const inject: string[] = [];
  const noBundle = options.noBundle === true;
  if (compat) {
    writeFileSync(shim, PROCESS_SHIM);
    // Under no_bundle code is not transformed: the isolate's own `process` stand-in serves it (docs/runtime.md).
    if (!noBundle) inject.push(shim);
  }
  const rules = resolveModuleRules(options.rules);
  const baseDir = options.baseDir ?? options.projectDir;
  const linkOnly = noBundle
    ? [noBundlePlugin({ entry: path.resolve(options.entry), baseDir, projectDir: options.projectDir, rules: rules.rules, libraries: Object.keys(APP_LIBRARIES), builtins: builtinModules })]
    : [];
  const ctx = await esbuild.context({
    entryPoints: { worker: options.entry },
    absWorkingDir: options.projectDir,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['workerd', 'worker', 'browser', 'module', 'main'],
    // As the original's tool: esbuild adds "import" or "require" by how each module is reached, and "default"; naming
    // "import" here made a require() of a dual package load its ESM wrapper (pg's require('pg-pool') got a namespace).
    conditions: ['workerd', 'worker', 'browser'],
    resolveExtensions: ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
    sourcemap: 'linked',
    sourcesContent: false,
    outdir: options.outDir,
    entryNames: '[name]',
    write: false,
    metafile: true,
    logLevel: 'silent',
    inject,
    // Application code sees no Node.js host objects unless nodejs_compat provides stand-ins (SPEC-compatible web
    // global scope). `require` is left alone: esbuild links every require() it can resolve, and the ES module the
    // isolate loads has no `require` in scope, so a dynamic one fails with "Dynamic require of ... is not supported".
    // Under no_bundle nothing is replaced: the code runs as written (the isolate has no process, Buffer or global anyway).
    define: noBundle ? {} : {
      'process.env.NODE_ENV': JSON.stringify(options.mode),
      ...(compat ? {} : { process: 'undefined', Buffer: 'undefined' }),
      global: 'globalThis',
      ...options.define,
    },
    ...(options.tsconfig === undefined ? {} : { tsconfig: options.tsconfig }),
    // Set only when the configuration says: otherwise the tsconfig's jsxFactory applies, else esbuild's React.createElement.
    ...(options.jsxFactory === undefined ? {} : { jsxFactory: options.jsxFactory }),
    ...(options.jsxFragment === undefined ? {} : { jsxFragment: options.jsxFragment }),
    // Ledge's application libraries resolve to this installation, whether or not the project installed ledge itself.
    alias: { ...(noBundle ? {} : projectAliases(options.alias, options.projectDir)), ...APP_LIBRARIES },
    plugins: [...linkOnly, runtimeModulesPlugin(), nodeBuiltinsPlugin(compat, shim, als), moduleRulesPlugin(rules.rules, options.projectDir, { baseDir, confine: noBundle })],
  });
  return {
    warnings: rules.warnings,
    async rebuild(version: number) {
      let result: esbuild.BuildResult<{ write: false; metafile: true }>;
      try {
        result = await ctx.rebuild();
      } catch (err) {
        throw toBundleError(err, options.projectDir);
      }
      const base = `worker-${version}`;
      let file = '';
      for (const out of result.outputFiles) {
        const name = path.basename(out.path).replace(/^worker/, base);
        const target = path.join(options.outDir, name);
        const text = name.endsWith('.js') ? hideRequireStub(out.text).replace(/\/\/# sourceMappingURL=worker\.js\.map/, `//# sourceMappingURL=${base}.js.map`)
          : name.endsWith('.map') ? projectRelativeMap(out.text, options.outDir, options.projectDir) : out.text;
        writeFileSync(target, text);
        if (name.endsWith('.js')) file = target;
      }
      const inputs = Object.keys(result.metafile.inputs)
        .map((input) => ruleInputPath(input) ?? input)
        .filter((input) => !input.includes('node_modules') && !input.startsWith('<') && !/^[a-z-]+:/.test(input))
        .map((input) => path.resolve(options.projectDir, input));
      // The tsconfig a project names shapes the build as its sources do: ledge dev rebuilds when it changes.
      if (options.tsconfig !== undefined) inputs.push(options.tsconfig);
      const exports = Object.entries(result.metafile.outputs).find(([out]) => out.endsWith('.js'))?.[1].exports ?? [];
      return { file, inputs, exports };
    },
    dispose: () => ctx.dispose(),
  };
}

/**
 * In an ES module bundle esbuild turns every free `require` into its own stub (`__require`), which links
 * nothing and throws "Dynamic require of ... is not supported" when called. Feature checks see that stub as
 * a function, so `typeof require` in application code would say "function" although no require exists; each
 * such check is rewritten to the string it would give with no require in scope, padded to the same length
 * so the source map stays exact (docs/runtime.md).
 */
function hideRequireStub(text: string): string {
  const stub = /^var (__require\d*) = \/\* @__PURE__ \*\/ \(\(x\) => typeof require !== "undefined"/m.exec(text)?.[1];
  if (!stub) return text;
  const check = new RegExp(`typeof ${stub}(?![\\w$.[])`, 'g');
  const replacement = '"undefined"'.padEnd(`typeof ${stub}`.length, ' ');
  return text.replace(check, replacement);
}

function toBundleError(err: unknown, projectDir: string): LedgeError {
  const failure = err as esbuild.BuildFailure;
  if (!Array.isArray(failure.errors)) return new LedgeError('bundle_failed', `bundling failed: ${String(err)}`);
  const forbidden = failure.errors.some((e) => (e.detail as { code?: string } | undefined)?.code === 'node_module_forbidden');
  const lines = failure.errors.slice(0, 10).map((e) => {
    const where = e.location ? `${path.relative(projectDir, path.resolve(projectDir, e.location.file))}:${e.location.line}:${e.location.column + 1}: ` : '';
    return `${where}${e.text}`;
  });
  // A framework's entry imports modules its Vite plugin makes while it builds; the built output is what runs.
  const virtual = failure.errors.some((e) => /^Could not resolve "virtual:/.test(e.text));
  const hint = virtual ? '\n  "virtual:" modules are made by a build tool\'s plugin (Vite) while it builds: run the project\'s build (npm run build) first; it writes .wrangler/deploy/config.json, and Ledge then runs the built output (docs/configuration.md)' : '';
  return new LedgeError(forbidden ? 'node_module_forbidden' : 'bundle_failed', `bundling failed:\n  ${lines.join('\n  ')}${hint}`);
}

/**
 * Under nodejs_compat, `process` is a stand-in: no host environment, no exit. In an isolate it is the global
 * stand-in itself (runtime/globals/host-objects.ts), so `process.env` is one object however it is reached;
 * the fallback serves a bundle loaded anywhere else.
 */
const PROCESS_SHIM = `
const installed = globalThis.process;
export const process = typeof installed === 'object' && installed !== null && typeof installed.nextTick === 'function' ? installed : {
  env: {},
  argv: [],
  platform: 'linux',
  version: 'v20.0.0',
  versions: {},
  browser: false,
  nextTick: (fn, ...args) => queueMicrotask(() => fn(...args)),
  cwd: () => '/',
  exit: () => { throw new Error('process.exit() is not available to applications'); },
  on: () => process,
  off: () => process,
  emitWarning: (w) => console.warn(String(w)),
};
export default process;
// import { env, nextTick } from 'node:process' reads the same object's members.
export const { env, argv, platform, version, versions, browser, nextTick, cwd, exit, on, off, emitWarning } = process;
`;

/**
 * The source map with its sources relative to the project (`src/index.ts`) and `sourceRoot` leading back to
 * it from the output directory: every tool resolves the same files as before, and a stack resolved on the
 * platform (src/observability/stack.ts) names the application's own paths, not the machine it was built on.
 */
function projectRelativeMap(text: string, outDir: string, projectDir: string): string {
  const map = JSON.parse(text) as { sources?: string[]; sourceRoot?: string };
  if (!map.sources || map.sourceRoot) return text;
  const root = path.relative(outDir, projectDir).split(path.sep).join('/');
  map.sourceRoot = root === '' ? '' : `${root}/`;
  map.sources = map.sources.map((s) => (/^[a-z-]+:/.test(s) ? s : path.relative(projectDir, path.resolve(outDir, s)).split(path.sep).join('/')));
  return JSON.stringify(map);
}

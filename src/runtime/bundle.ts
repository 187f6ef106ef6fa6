import { mkdirSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { LedgeError } from '../lib/errors.js';

import { NODEJS_COMPAT_MODULES } from './node-compat.js';

export { NODEJS_COMPAT_MODULES };

const LIB_EXT = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
/** Libraries application code imports from Ledge (`import { createTaskStore } from 'ledge/tasks'`). */
const APP_LIBRARIES: Record<string, string> = {
  'ledge/tasks': fileURLToPath(new URL(`../lib/tasks/index.${LIB_EXT}`, import.meta.url)),
  'ledge/access': fileURLToPath(new URL(`../lib/access/index.${LIB_EXT}`, import.meta.url)),
  'ledge/csrf': fileURLToPath(new URL(`../lib/csrf/index.${LIB_EXT}`, import.meta.url)),
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
}

/** The output of one build: the file to load and the source files it came from. */
export interface BundleResult {
  file: string;
  inputs: string[];
}

/** Bundles the application once. Throws `bundle_failed` or `node_module_forbidden` with esbuild's located messages. */
export async function bundle(options: BundleOptions, version = 0): Promise<BundleResult> {
  const context = await createBundler(options);
  try {
    return await context.rebuild(version);
  } finally {
    await context.dispose();
  }
}

/** An incremental bundler: `rebuild()` after a source change reuses the previous work. */
export interface Bundler {
  rebuild(version: number): Promise<BundleResult>;
  dispose(): Promise<void>;
}

/** Creates an incremental bundler for one project. */
export async function createBundler(options: BundleOptions): Promise<Bundler> {
  mkdirSync(options.outDir, { recursive: true });
  const compat = options.compatibilityFlags.includes('nodejs_compat');
  const inject: string[] = [];
  if (compat) {
    const shim = path.join(options.outDir, 'process-shim.mjs');
    writeFileSync(shim, PROCESS_SHIM);
    inject.push(shim);
  }
  const ctx = await esbuild.context({
    entryPoints: { worker: options.entry },
    absWorkingDir: options.projectDir,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['workerd', 'worker', 'browser', 'module', 'main'],
    conditions: ['workerd', 'worker', 'browser', 'import', 'default'],
    resolveExtensions: ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
    sourcemap: 'linked',
    sourcesContent: false,
    outdir: options.outDir,
    entryNames: '[name]',
    write: false,
    metafile: true,
    logLevel: 'silent',
    inject,
    // Application code sees no Node.js host objects unless nodejs_compat provides stand-ins (SPEC-compatible web global scope).
    define: {
      'process.env.NODE_ENV': JSON.stringify(options.mode),
      ...(compat ? {} : { process: 'undefined', Buffer: 'undefined' }),
      require: 'undefined',
      global: 'globalThis',
    },
    // Ledge's application libraries resolve to this installation, whether or not the project installed ledge itself.
    alias: APP_LIBRARIES,
    plugins: [nodeBuiltins(compat)],
  });
  return {
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
        const text = name.endsWith('.js') ? out.text.replace(/\/\/# sourceMappingURL=worker\.js\.map/, `//# sourceMappingURL=${base}.js.map`) : out.text;
        writeFileSync(target, text);
        if (name.endsWith('.js')) file = target;
      }
      const inputs = Object.keys(result.metafile.inputs)
        .filter((input) => !input.includes('node_modules') && !input.startsWith('<'))
        .map((input) => path.resolve(options.projectDir, input));
      return { file, inputs };
    },
    dispose: () => ctx.dispose(),
  };
}

function nodeBuiltins(compat: boolean): esbuild.Plugin {
  const builtins = new Set(builtinModules.filter((m) => !m.startsWith('_')));
  return {
    name: 'ledge-node-builtins',
    setup(build) {
      build.onResolve({ filter: /^[a-z_/]+$|^node:/ }, (args) => {
        const bare = args.path.replace(/^node:/, '');
        if (!args.path.startsWith('node:') && !builtins.has(bare)) return undefined;
        if (compat && NODEJS_COMPAT_MODULES.includes(bare)) return { path: `node:${bare}`, external: true };
        const text = compat
          ? `"${args.path}" is not in Ledge's nodejs_compat subset (available: ${NODEJS_COMPAT_MODULES.map((m) => `node:${m}`).join(', ')})`
          : `"${args.path}" cannot be imported: Node.js modules need "compatibility_flags": ["nodejs_compat"] in ledge.jsonc`;
        return { errors: [{ text, detail: { code: 'node_module_forbidden' } }] };
      });
    },
  };
}

function toBundleError(err: unknown, projectDir: string): LedgeError {
  const failure = err as esbuild.BuildFailure;
  if (!Array.isArray(failure.errors)) return new LedgeError('bundle_failed', `bundling failed: ${String(err)}`);
  const forbidden = failure.errors.some((e) => (e.detail as { code?: string } | undefined)?.code === 'node_module_forbidden');
  const lines = failure.errors.slice(0, 10).map((e) => {
    const where = e.location ? `${path.relative(projectDir, path.resolve(projectDir, e.location.file))}:${e.location.line}:${e.location.column + 1}: ` : '';
    return `${where}${e.text}`;
  });
  return new LedgeError(forbidden ? 'node_module_forbidden' : 'bundle_failed', `bundling failed:\n  ${lines.join('\n  ')}`);
}

/** Under nodejs_compat, `process` is a stand-in: no host environment, no exit. */
const PROCESS_SHIM = `
const env = {};
export const process = {
  env,
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
`;

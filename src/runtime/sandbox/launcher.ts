import { accessSync, constants, existsSync, lstatSync, mkdirSync, readlinkSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { LedgeError } from '../../platform/errors.js';
import { DEFAULT_LIMITS } from '../limits.js';

/** Size of a sandbox's private /tmp (nothing in Ledge writes there; the permission model refuses writes anyway). */
export const SANDBOX_TMPFS_BYTES = 8 * 1024 * 1024;
/** Where Ledge's runtime files appear inside a sandbox. */
const RUNTIME_MOUNT = '/ledge';
/** Where the account's bundles appear inside a sandbox. */
export const BUNDLES_MOUNT = '/bundles';
/** Where the directory of the host's socket for the sandbox's isolates appears inside a sandbox (isolate-channel.ts). */
export const CHANNEL_MOUNT = '/channel';

/** The runtime files a sandbox runs: a directory bound read-only, and the two entry points inside it. */
export interface RuntimeFiles {
  /** Host directories to bind, with where each appears inside. */
  binds: { from: string; to: string }[];
  /** Path (inside) of the sandbox's main script. */
  main: string;
  /** Path (inside) of the isolate entry each worker runs. */
  workerEntry: string;
}

/** Where bubblewrap is on PATH (as a shell would find it), or a LedgeError saying how to install it. */
export function findBubblewrap(): string {
  for (const dir of (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(':').filter((d) => d !== '')) {
    const candidate = path.join(dir, 'bwrap');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new LedgeError('sandbox_unavailable', 'process isolation needs bubblewrap (the bwrap command), which is not installed: on Debian or Ubuntu run "apt-get install bubblewrap" (Fedora: "dnf install bubblewrap"); or, for code you trust, start with --isolation thread');
}

let cachedRuntime: RuntimeFiles | undefined;

/**
 * Ledge's runtime files as a sandbox sees them. From the built package: its `dist/` and `package.json` (which
 * makes the `.js` files ES modules). From TypeScript sources (Ledge's own tests): the two entry points
 * bundled once into a temporary directory, since a sandbox has no TypeScript loader.
 */
export function runtimeFiles(): RuntimeFiles {
  if (cachedRuntime) return cachedRuntime;
  const here = import.meta.url;
  // The packages the isolate imports (urlpattern-polyfill, ...) resolve from Ledge's node_modules, read-only.
  const modules = { from: fileURLToPath(new URL('../../../node_modules', here)), to: `${RUNTIME_MOUNT}/node_modules` };
  if (!here.endsWith('.ts')) {
    const dist = fileURLToPath(new URL('../../', here));
    const root = path.dirname(dist);
    cachedRuntime = {
      binds: [{ from: dist, to: `${RUNTIME_MOUNT}/dist` }, { from: path.join(root, 'package.json'), to: `${RUNTIME_MOUNT}/package.json` }, modules],
      main: `${RUNTIME_MOUNT}/dist/runtime/sandbox/sandbox-main.js`,
      workerEntry: `${RUNTIME_MOUNT}/dist/runtime/sandbox/isolate-entry.js`,
    };
    return cachedRuntime;
  }
  const outDir = path.join(tmpdir(), `ledge-sandbox-runtime-${process.pid}`);
  // The mount point of node_modules inside the read-only view.
  mkdirSync(path.join(outDir, 'node_modules'), { recursive: true });
  for (const [source, name] of [['./sandbox-main.ts', 'sandbox-main.mjs'], ['./isolate-entry.ts', 'isolate-entry.mjs']] as const) {
    buildSync({ entryPoints: [fileURLToPath(new URL(source, here))], outfile: path.join(outDir, name), bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: 'inline', logLevel: 'silent' });
  }
  cachedRuntime = { binds: [{ from: outDir, to: RUNTIME_MOUNT }, modules], main: `${RUNTIME_MOUNT}/sandbox-main.mjs`, workerEntry: `${RUNTIME_MOUNT}/isolate-entry.mjs` };
  return cachedRuntime;
}

/**
 * The URL inside a sandbox of a runtime module the host names by its own URL (a binding kind's isolate half,
 * bindings/isolate-part.ts): the same file under the bind that holds it. A module outside every bind is not
 * in the sandbox's view at all, which is a LedgeError rather than an import that fails inside.
 */
export function runtimeModuleInside(runtime: RuntimeFiles, hostUrl: string): string {
  const file = hostUrl.startsWith('file:') ? fileURLToPath(hostUrl) : hostUrl;
  for (const bind of runtime.binds) {
    const from = bind.from.endsWith(path.sep) ? bind.from.slice(0, -1) : bind.from;
    if (file === from || file.startsWith(from + path.sep)) return pathToFileURL(bind.to + file.slice(from.length)).href;
  }
  throw new LedgeError('sandbox_unavailable', `the runtime module ${file} is outside the files a sandbox sees`);
}

/** What one sandbox process is started with. */
export interface LaunchSpec {
  bwrap: string;
  runtime: RuntimeFiles;
  /** Host directory of the account's bundles (bound read-only at BUNDLES_MOUNT). */
  bundlesDir: string;
  /** Host directory holding only the socket the isolates connect to (bound read-only at CHANNEL_MOUNT: connecting needs no write). */
  channelDir: string;
}

/**
 * The bubblewrap command line of a sandbox: every namespace of its own (so no network but its own loopback,
 * its own pids, ipc and hostname), no capabilities, killed with its parent, and a filesystem of only the Node
 * binary and its libraries, Ledge's runtime files and the account's bundles, all read-only, plus a small
 * private /tmp. Inside, Node's permission model allows reading only the runtime and the bundles, starting
 * worker threads, and nothing else (no child processes, no native addons, no writes). The last argument is
 * the memory limit of the standby isolate the sandbox keeps started ahead (the default limits.memory_mb).
 */
export function sandboxCommand(spec: LaunchSpec): { command: string; args: string[] } {
  const { node, args } = systemView();
  for (const bind of spec.runtime.binds) args.push('--ro-bind', bind.from, bind.to);
  args.push('--ro-bind', spec.bundlesDir, BUNDLES_MOUNT);
  args.push('--ro-bind', spec.channelDir, CHANNEL_MOUNT);
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(SANDBOX_TMPFS_BYTES), '--tmpfs', '/tmp', '--chdir', '/');
  args.push('--', node, '--experimental-permission', `--allow-fs-read=${RUNTIME_MOUNT}/*`, `--allow-fs-read=${BUNDLES_MOUNT}/*`, '--allow-worker', '--disable-warning=ExperimentalWarning', '--disable-warning=SecurityWarning', spec.runtime.main, spec.runtime.workerEntry, String(DEFAULT_LIMITS.memory_mb));
  return { command: spec.bwrap, args };
}

/** Namespaces, no capabilities, and a read-only view of the Node binary and the system libraries it links. */
export function systemView(): { node: string; args: string[] } {
  const node = realpathSync(process.execPath);
  const args = ['--unshare-all', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--clearenv', '--hostname', 'sandbox'];
  for (const dir of ['/usr/lib', '/usr/lib64', '/usr/lib32']) if (isDir(dir)) args.push('--ro-bind', dir, dir);
  for (const dir of ['/lib', '/lib64', '/lib32']) {
    if (!existsSync(dir)) continue;
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else if (stat.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  if (!node.startsWith('/usr/lib/')) args.push('--ro-bind', node, node);
  return { node, args };
}

let cachedBuild: { binds: { from: string; to: string }[]; main: string } | undefined;

/** The files a build sandbox runs: Ledge's bundler and esbuild (its package and native binary). */
export function buildFiles(): { binds: { from: string; to: string }[]; main: string } {
  if (cachedBuild) return cachedBuild;
  const here = import.meta.url;
  const modules = { from: fileURLToPath(new URL('../../../node_modules', here)), to: `${RUNTIME_MOUNT}/node_modules` };
  if (!here.endsWith('.ts')) {
    cachedBuild = { binds: runtimeFiles().binds, main: `${RUNTIME_MOUNT}/dist/runtime/sandbox/build-main.js` };
    return cachedBuild;
  }
  const outDir = path.join(tmpdir(), `ledge-build-runtime-${process.pid}`);
  // The mount point of node_modules inside the read-only view.
  mkdirSync(path.join(outDir, 'node_modules'), { recursive: true });
  buildSync({ entryPoints: [fileURLToPath(new URL('./build-main.ts', here))], outfile: path.join(outDir, 'build-main.mjs'), bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
  // The bundler resolves `ledge:` modules beside itself (bundle-modules.ts: ./modules/<name>.js): compile them there too.
  // Each may be bundled on its own: what they share they find through Symbol.for (modules/hooks.ts).
  const runtimeModules = fileURLToPath(new URL('../modules/', here));
  buildSync({ entryPoints: ['workers', 'sockets', 'workflows'].map((name) => path.join(runtimeModules, `${name}.ts`)), outdir: path.join(outDir, 'modules'), bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
  cachedBuild = { binds: [{ from: outDir, to: RUNTIME_MOUNT }, modules], main: `${RUNTIME_MOUNT}/build-main.mjs` };
  return cachedBuild;
}

function isDir(dir: string): boolean {
  try {
    return lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
}

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LedgeError, type ErrorCode } from '../../platform/errors.js';
import { bundle } from '../bundle.js';
import type { ModuleRule } from '../bundle-rules.js';
import { buildFiles, findBubblewrap, systemView } from './launcher.js';
import { killSandboxTree } from './kill-tree.js';

/** What the platform built from an upload: the one module that runs, and its digest. */
export interface BuiltUpload {
  content: Uint8Array;
  /** SHA-256 of `content`, hex. */
  sha256: string;
  /** The build's source map, chained through the upload's own map when it came with one (stored as `<main>.map`). */
  map?: Uint8Array;
}

/** Bound on one build. */
const BUILD_TIMEOUT_MS = 60_000;
/** Largest output a build may print. */
const BUILD_OUTPUT_BYTES = 64 * 1024 * 1024;

/** What the deployment's configuration says about its build: compatibility flags, `define`, `alias`, `rules`, the JSX factories and `no_bundle`. */
export interface UploadBuildOptions {
  compatibilityFlags: readonly string[];
  define?: Readonly<Record<string, string>> | undefined;
  alias?: Readonly<Record<string, string>> | undefined;
  rules?: readonly ModuleRule[] | undefined;
  jsxFactory?: string | undefined;
  jsxFragment?: string | undefined;
  noBundle?: boolean | undefined;
}

/**
 * Bundles uploaded modules on the server (issue 13, item 3): whatever arrives, even an already bundled file,
 * goes through Ledge's bundler again, so what runs is what the platform built. With `sandboxed`, the bundler
 * runs inside bubblewrap with no network, seeing only the upload, Ledge's bundler and esbuild, and writing only
 * a private /out; otherwise (thread isolation, trusted code) it runs here.
 */
export async function buildUpload(options: { modules: readonly { name: string; content: Uint8Array }[]; main: string; sandboxed: boolean } & UploadBuildOptions): Promise<BuiltUpload> {
  const work = mkdtempSync(path.join(tmpdir(), 'ledge-upload-'));
  try {
    const upload = path.join(work, 'upload');
    mkdirSync(upload);
    writeFileSync(path.join(upload, 'package.json'), '{"type":"module"}\n');
    for (const m of options.modules) writeFileSync(path.join(upload, m.name), m.name.endsWith('.map') ? projectMap(m.content) : m.content);
    const build: UploadBuildOptions = { compatibilityFlags: options.compatibilityFlags, define: options.define, alias: options.alias, rules: options.rules, jsxFactory: options.jsxFactory, jsxFragment: options.jsxFragment, noBundle: options.noBundle };
    const { code, map } = options.sandboxed
      ? await buildInSandbox(upload, options.main, build)
      : await buildHere(upload, path.join(work, 'out'), options.main, build);
    // The map is stored beside the module and read from there (src/observability/stack.ts); the comment would name a build file.
    const content = Buffer.from(code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
    return { content, sha256: createHash('sha256').update(content).digest('hex'), ...(map === undefined ? {} : { map: Buffer.from(map) }) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * An uploaded source map with its sources taken as relative to the project: its sourceRoot pointed from the
 * uploader's build directory back to their project, which means nothing here. Not a map: left as it is.
 */
function projectMap(content: Uint8Array): Uint8Array {
  try {
    const map = JSON.parse(Buffer.from(content).toString('utf8')) as Record<string, unknown>;
    if (typeof map !== 'object' || map === null || !Array.isArray(map.sources)) return content;
    delete map.sourceRoot;
    return Buffer.from(JSON.stringify(map));
  } catch {
    return content;
  }
}

async function buildHere(upload: string, outDir: string, main: string, build: UploadBuildOptions): Promise<{ code: string; map: string | undefined }> {
  const { existsSync, readFileSync } = await import('node:fs');
  const result = await bundle({ entry: path.join(upload, main), projectDir: upload, outDir, mode: 'production', ...build });
  return { code: readFileSync(result.file, 'utf8'), map: existsSync(`${result.file}.map`) ? readFileSync(`${result.file}.map`, 'utf8') : undefined };
}

function buildInSandbox(upload: string, main: string, build: UploadBuildOptions): Promise<{ code: string; map: string | undefined }> {
  const files = buildFiles();
  const { node, args } = systemView();
  for (const bind of files.binds) args.push('--ro-bind', bind.from, bind.to);
  args.push('--ro-bind', upload, '/upload', '--tmpfs', '/out', '--proc', '/proc', '--dev', '/dev', '--chdir', '/');
  // esbuild's own binary is a child process of the bundler: allowed here, and it sees only this view.
  args.push('--', node, '--experimental-permission', '--allow-fs-read=/ledge/*', '--allow-fs-read=/upload/*', '--allow-fs-read=/out/*', '--allow-fs-write=/out/*', '--allow-child-process',
    '--disable-warning=ExperimentalWarning', '--disable-warning=SecurityWarning', files.main, main, JSON.stringify(build));
  return new Promise((resolve, reject) => {
    const child = spawn(findBubblewrap(), args, { stdio: ['ignore', 'pipe', 'pipe'], env: {} });
    const out: Buffer[] = [];
    let size = 0;
    let stderr = '';
    const timer = setTimeout(() => killSandboxTree(child), BUILD_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > BUILD_OUTPUT_BYTES) killSandboxTree(child);
      else out.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => { if (stderr.length < 4000) stderr += text; });
    child.once('exit', () => {
      clearTimeout(timer);
      let parsed: { code?: string; map?: unknown; error?: { code: string; message: string } };
      try {
        parsed = JSON.parse(Buffer.concat(out).toString('utf8')) as typeof parsed;
      } catch {
        reject(new LedgeError('bundle_failed', `the build of the upload did not finish (within ${BUILD_TIMEOUT_MS / 1000} s and ${BUILD_OUTPUT_BYTES} bytes of output)${stderr ? `: ${stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`));
        return;
      }
      if (parsed.error) reject(new LedgeError(parsed.error.code === 'node_module_forbidden' ? 'node_module_forbidden' : 'bundle_failed' as ErrorCode, parsed.error.message));
      else resolve({ code: parsed.code ?? '', map: typeof parsed.map === 'string' ? parsed.map : undefined });
    });
  });
}

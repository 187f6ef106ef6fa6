import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LedgeError, type ErrorCode } from '../../lib/errors.js';
import { bundle } from '../bundle.js';
import { buildFiles, findBubblewrap, systemView } from './launcher.js';

/** What the platform built from an upload: the one module that runs, and its digest. */
export interface BuiltUpload {
  content: Uint8Array;
  /** SHA-256 of `content`, hex. */
  sha256: string;
}

/** Bound on one build. */
const BUILD_TIMEOUT_MS = 60_000;
/** Largest output a build may print. */
const BUILD_OUTPUT_BYTES = 64 * 1024 * 1024;

/**
 * Bundles uploaded modules on the server (issue 13, item 3): whatever arrives, even an already bundled file,
 * goes through Ledge's bundler again, so what runs is what the platform built. With `sandboxed`, the bundler
 * runs inside bubblewrap with no network, seeing only the upload, Ledge's bundler and esbuild, and writing only
 * a private /out; otherwise (thread isolation, trusted code) it runs here.
 */
export async function buildUpload(options: { modules: readonly { name: string; content: Uint8Array }[]; main: string; compatibilityFlags: readonly string[]; sandboxed: boolean }): Promise<BuiltUpload> {
  const work = mkdtempSync(path.join(tmpdir(), 'ledge-upload-'));
  try {
    const upload = path.join(work, 'upload');
    mkdirSync(upload);
    writeFileSync(path.join(upload, 'package.json'), '{"type":"module"}\n');
    for (const m of options.modules) writeFileSync(path.join(upload, m.name), m.content);
    const code = options.sandboxed
      ? await buildInSandbox(upload, options.main, options.compatibilityFlags)
      : await buildHere(upload, path.join(work, 'out'), options.main, options.compatibilityFlags);
    // The map of the build is not kept; the comment would point at nothing.
    const content = Buffer.from(code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
    return { content, sha256: createHash('sha256').update(content).digest('hex') };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function buildHere(upload: string, outDir: string, main: string, flags: readonly string[]): Promise<string> {
  const { readFileSync } = await import('node:fs');
  const result = await bundle({ entry: path.join(upload, main), projectDir: upload, outDir, compatibilityFlags: flags, mode: 'production' });
  return readFileSync(result.file, 'utf8');
}

function buildInSandbox(upload: string, main: string, flags: readonly string[]): Promise<string> {
  const files = buildFiles();
  const { node, args } = systemView();
  for (const bind of files.binds) args.push('--ro-bind', bind.from, bind.to);
  args.push('--ro-bind', upload, '/upload', '--tmpfs', '/out', '--proc', '/proc', '--dev', '/dev', '--chdir', '/');
  // esbuild's own binary is a child process of the bundler: allowed here, and it sees only this view.
  args.push('--', node, '--experimental-permission', '--allow-fs-read=/ledge/*', '--allow-fs-read=/upload/*', '--allow-fs-read=/out/*', '--allow-fs-write=/out/*', '--allow-child-process',
    '--disable-warning=ExperimentalWarning', '--disable-warning=SecurityWarning', files.main, main, JSON.stringify(flags));
  return new Promise((resolve, reject) => {
    const child = spawn(findBubblewrap(), args, { stdio: ['ignore', 'pipe', 'pipe'], env: {} });
    const out: Buffer[] = [];
    let size = 0;
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > BUILD_OUTPUT_BYTES) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => { if (stderr.length < 4000) stderr += text; });
    child.once('exit', () => {
      clearTimeout(timer);
      let parsed: { code?: string; error?: { code: string; message: string } };
      try {
        parsed = JSON.parse(Buffer.concat(out).toString('utf8')) as typeof parsed;
      } catch {
        reject(new LedgeError('bundle_failed', `the build of the upload did not finish (within ${BUILD_TIMEOUT_MS / 1000} s and ${BUILD_OUTPUT_BYTES} bytes of output)${stderr ? `: ${stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`));
        return;
      }
      if (parsed.error) reject(new LedgeError(parsed.error.code === 'node_module_forbidden' ? 'node_module_forbidden' : 'bundle_failed' as ErrorCode, parsed.error.message));
      else resolve(parsed.code ?? '');
    });
  });
}

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LedgeError } from '../platform/errors.js';

/** The project's own build command (`build` in ledge.jsonc) and where its output goes. */
export interface BuildCommandOptions {
  command: string;
  /** Absolute directory the command runs in. */
  cwd: string;
  /** Project directory: its `node_modules/.bin` is put first on PATH, as npm scripts do. */
  projectDir: string;
  /** Receives each line the command prints, stdout and stderr alike, as it prints it. */
  onLine(line: string, stream: 'stdout' | 'stderr'): void;
  /** Stops the command (ledge dev closing). */
  signal?: AbortSignal;
  /** The entry module the build must leave behind (`main`), checked after it succeeds. */
  produces?: string;
  /** How long the build may run before it is stopped and fails. @default BUILD_TIME_LIMIT_MS (20 minutes) */
  timeLimitMs?: number;
}

/** The build service's limit per build (SPEC: Limits): a build still running after 20 minutes is stopped and fails. */
export const BUILD_TIME_LIMIT_MS = 20 * 60_000;

/**
 * Runs the build through the shell and streams its output line by line. Resolves when it exits 0; throws
 * `build_command_failed` naming the command, the directory and the exit code (or signal) otherwise.
 */
export function runBuildCommand(options: BuildCommandOptions): Promise<void> {
  if (!existsSync(options.cwd)) {
    return Promise.reject(new LedgeError('build_command_failed', `build.cwd: directory ${options.cwd} does not exist, so the build command "${options.command}" cannot run`));
  }
  const bin = path.join(options.projectDir, 'node_modules', '.bin');
  const env = { ...process.env, PATH: [bin, process.env.PATH].filter(Boolean).join(path.delimiter) };
  return new Promise((resolve, reject) => {
    const child = spawn(options.command, { shell: true, cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    const limitMs = options.timeLimitMs ?? BUILD_TIME_LIMIT_MS;
    let overLimit = false;
    const limit = setTimeout(() => {
      overLimit = true;
      // The shell's own children would keep its output pipes open (and run on): stop them too, then fail at once.
      for (const pid of [...descendants(child.pid), child.pid]) if (pid !== undefined) try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
      child.stdout.destroy();
      child.stderr.destroy();
      reject(new LedgeError('build_command_failed', `the build command "${options.command}" was stopped after ${formatLimit(limitMs)} (in ${path.relative(options.projectDir, options.cwd) || '.'}): a build may run at most that long`));
    }, limitMs);
    const flushers = (['stdout', 'stderr'] as const).map((name) => {
      let pending = '';
      child[name].setEncoding('utf8');
      child[name].on('data', (chunk: string) => {
        const lines = (pending + chunk).split(/\r?\n/);
        pending = lines.pop() ?? '';
        for (const line of lines) options.onLine(line, name);
      });
      return () => { if (pending !== '') options.onLine(pending, name); pending = ''; };
    });
    const where = path.relative(options.projectDir, options.cwd) || '.';
    child.once('error', (err) => {
      clearTimeout(limit);
      reject(new LedgeError('build_command_failed', `the build command "${options.command}" could not run in ${where}: ${err.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(limit);
      for (const flush of flushers) flush();
      if (overLimit) return;
      if (code === 0) {
        if (options.produces === undefined || existsSync(options.produces)) resolve();
        else reject(new LedgeError('build_command_failed', `the build command "${options.command}" succeeded but main (${path.relative(options.projectDir, options.produces)}) does not exist; point "main" at the file the build writes`));
      } else if (signal) reject(new LedgeError('build_command_failed', `the build command "${options.command}" was stopped by ${signal} (in ${where})`));
      else reject(new LedgeError('build_command_failed', `the build command "${options.command}" failed with exit code ${code} (in ${where}); its output is above`));
    });
  });
}

function formatLimit(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${ms / 1000} s`;
}

/** The process ids below `pid`, deepest last, read from Linux's /proc (none where it is not available). */
function descendants(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

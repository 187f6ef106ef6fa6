import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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
}

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
      reject(new LedgeError('build_command_failed', `the build command "${options.command}" could not run in ${where}: ${err.message}`));
    });
    child.once('close', (code, signal) => {
      for (const flush of flushers) flush();
      if (code === 0) {
        if (options.produces === undefined || existsSync(options.produces)) resolve();
        else reject(new LedgeError('build_command_failed', `the build command "${options.command}" succeeded but main (${path.relative(options.projectDir, options.produces)}) does not exist; point "main" at the file the build writes`));
      } else if (signal) reject(new LedgeError('build_command_failed', `the build command "${options.command}" was stopped by ${signal} (in ${where})`));
      else reject(new LedgeError('build_command_failed', `the build command "${options.command}" failed with exit code ${code} (in ${where}); its output is above`));
    });
  });
}

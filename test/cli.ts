import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { after } from 'node:test';

/** The built CLI, as users run it. */
export const CLI = path.resolve(import.meta.dirname, '..', 'dist', 'cli', 'main.js');

/** A running `ledge` process with its output collected. */
export interface CliProcess {
  child: ChildProcess;
  /** stdout+stderr so far, token values redacted (what a failing assertion may show). */
  output(): string;
  /** stdout+stderr so far as printed, token values included: only for a test that reads a token from it. */
  rawOutput(): string;
  /** Resolves with the first match of `pattern` in stdout+stderr. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/**
 * Every `ledge` process a test file started and has not seen exit. A test that fails between starting one and
 * registering its cleanup would leave it running, and the file's process (holding its pipes) waiting for it until
 * the runner's timeout: when the file's tests end, whatever is left is killed.
 */
const live = new Set<ChildProcess>();
after(() => { for (const child of live) child.kill('SIGKILL'); });
process.on('exit', () => { for (const child of live) child.kill('SIGKILL'); });

/** Starts `ledge <args>`. */
export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): CliProcess {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let text = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => { text += chunk.toString(); for (const l of listeners) l(); };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => { for (const l of listeners) l(); resolve(code); }));
  return {
    child,
    output: () => redactTokens(text),
    rawOutput: () => text,
    exited,
    waitFor(pattern, ms = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = text.match(pattern);
          if (match) { cleanup(); resolve(match); } else if (child.exitCode !== null) { cleanup(); reject(new Error(`ledge exited (${child.exitCode}) before printing ${pattern}:\n${redactTokens(text)}`)); }
        };
        const timer = setTimeout(() => { cleanup(); reject(new Error(`timed out waiting for ${pattern}; output:\n${redactTokens(text)}`)); }, ms);
        const cleanup = () => { clearTimeout(timer); listeners.delete(check); };
        listeners.add(check);
        check();
      });
    },
  };
}

/**
 * The text with every API token value (the bootstrap token `ledge serve` prints once, tokens `ledge token create`
 * prints) replaced: what a test shows when it fails never holds a token (the token's own value is in `rawOutput()`).
 */
export function redactTokens(text: string): string {
  return text.replace(/\bledge_(?:st_)?[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g, 'ledge_[token redacted]');
}

/** Starts `ledge dev` on a free port and resolves with its URL. */
export async function startDev(dir: string, extra: string[] = []): Promise<CliProcess & { url: string }> {
  const proc = runCli(['dev', dir, '--port', '0', ...extra]);
  const match = await proc.waitFor(/ready on (http:\/\/\S+)/);
  return Object.assign(proc, { url: match[1] as string });
}

/** Stops a process with Ctrl-C and returns its exit code. */
export async function interrupt(proc: CliProcess): Promise<number | null> {
  proc.child.kill('SIGINT');
  return proc.exited;
}

/**
 * Sends POST `?k=<key>` requests from `writers` concurrent loops until `count` were acknowledged (a 200 whose
 * body `acknowledged` accepts), then kills the process with SIGKILL. Returns each acknowledged key with its body.
 */
export async function writeUntilKilled(dev: CliProcess & { url: string }, options: { count: number; writers?: number; prefix?: string; acknowledged?: (key: string, body: string) => boolean }): Promise<Map<string, string>> {
  const acked = new Map<string, string>();
  let stop = false;
  const writer = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const key = `${options.prefix ?? ''}w${w}-${i}`;
      try {
        const res = await fetch(`${dev.url}/?k=${key}`, { method: 'POST' });
        const body = await res.text();
        if (res.status === 200 && (options.acknowledged?.(key, body) ?? true)) acked.set(key, body);
      } catch {
        return; // the process is gone: this write was never acknowledged
      }
    }
  };
  const loops = Array.from({ length: options.writers ?? 3 }, (_, w) => writer(w));
  while (acked.size < options.count) await new Promise((r) => setTimeout(r, 10));
  dev.child.kill('SIGKILL');
  stop = true;
  await Promise.all(loops);
  await dev.exited;
  return acked;
}

import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { startDevServer, type DevServer, type DevServerOptions } from '../src/dev/dev-server.js';
import { createLogger, createMemorySink, type LogRecord } from '../src/platform/logger.js';

/** Where test projects live: inside the repository, so they resolve packages (hono) from its node_modules. */
const FIXTURE_ROOT = path.resolve(import.meta.dirname, '..', '.ledge', 'test-projects');

/** Writes a throw-away project; `config` is merged over a minimal valid ledge.jsonc. */
export function makeProject(files: Record<string, string>, config: Record<string, unknown> = {}): string {
  mkdirSync(FIXTURE_ROOT, { recursive: true });
  const dir = mkdtempSync(path.join(FIXTURE_ROOT, 'p-'));
  const base = { name: 'test-app', main: 'src/index.js', compatibility_date: '2026-10-01', ...config };
  writeFileSync(path.join(dir, 'ledge.jsonc'), `// test project\n${JSON.stringify(base, null, 2)}\n`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** A temporary directory outside any project. */
export function tempDir(prefix = 'ledge-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * What a test file started and has not closed. A test that fails between starting a server and registering its
 * cleanup would leave its listeners open, and the file waiting for them until the runner's timeout: when the
 * file's tests end, whatever is left is closed.
 */
const unclosed = new Set<() => Promise<void>>();
after(async () => { await Promise.allSettled([...unclosed].map((close) => close())); });

/** `close` made safe to call more than once (later calls share the first's promise), and called when the file's tests end. */
export function closedAfterTests(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const closeOnce = () => { unclosed.delete(closeOnce); return (closing ??= close()); };
  unclosed.add(closeOnce);
  return closeOnce;
}

/** A dev server on a free port with an in-memory log. */
export async function startProject(dir: string, options: Partial<DevServerOptions> = {}): Promise<DevServer & { logs: LogRecord[]; logText(): string }> {
  const sink = createMemorySink();
  const server = await startDevServer({ dir, port: 0, watch: false, logger: createLogger(sink), ...options });
  return Object.assign(server, { logs: sink.records, logText: () => sink.records.map((r) => `${r.level} [${r.source}] ${r.message}`).join('\n'), close: closedAfterTests(server.close.bind(server)) });
}

/** Polls until `check` returns true (for log lines written by another thread); fails after `ms`. */
export async function eventually(check: () => boolean, ms = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Runs `script` (a module, with `args`) in a child process, hands each line it prints to `onLine`, and sends it
 * SIGKILL once `onLine` has returned true for `killAfter` lines: the crash tests' writer, killed mid-run.
 * Rejects if the child exits on its own first (with what it wrote to stderr).
 */
export function runUntilKilled(script: string, args: string[], onLine: (line: string) => boolean, killAfter: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  return new Promise<void>((resolve, reject) => {
    let buffered = '';
    let counted = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (onLine(line)) counted++;
      if (counted >= killAfter && child.exitCode === null) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => signal === 'SIGKILL' ? resolve() : reject(new Error(`the writer exited (${code}) before it was killed: ${stderr}`)));
  });
}

/** Whether process `pid` still runs. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ledge's store processes running now (read from /proc): those whose parent is `parent`, or whose configuration
 * names the state directory `state` (an orphan of a killed platform has another parent).
 */
export function storeProcesses(filter: { parent?: number; state?: string }): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('--ledge-store-process')) continue;
      if (filter.state !== undefined && !cmdline.includes(JSON.stringify(filter.state).slice(1, -1))) continue;
      if (filter.parent !== undefined) {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== filter.parent) continue;
      }
      found.push(Number(entry));
    } catch { /* the process ended meanwhile */ }
  }
  return found;
}

/** An HTTP answer read whole: status, Node's parsed headers and the body as text. */
export interface RawAnswer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** A request through node:http, which (unlike fetch) sends any method, Host and repeated headers as given. */
export function rawHttp(url: string, method = 'GET', headers: Record<string, string | string[]> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

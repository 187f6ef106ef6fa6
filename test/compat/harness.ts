// The compatibility suite's harness: copies an application written for the original platform (its own
// wrangler file, no ledge.jsonc) to a fresh folder, and runs it the way its user would: `ledge dev` in its
// folder, and on a real `ledge serve` through the CLI (`ledge deploy`, `ledge secret put`, `ledge db ...`).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { CLI, interrupt, runCli, type CliProcess } from '../cli.js';
import { tempDir } from '../helpers.js';
import { startServe, type ServeProcess } from '../serve-process.js';

/** Inside the repository, so the applications resolve their packages (hono, vite, ...) from its node_modules. */
const WORK_ROOT = path.resolve(import.meta.dirname, '..', '..', '.ledge', 'test-projects');

/** The Node versions vite 8 runs on: its package.json `engines`, which `vite-engines.test.ts` keeps in step. */
export const VITE_NODE_ENGINES = '^20.19.0 || >=22.12.0';

/**
 * Why the applications built with vite cannot run on this Node (Ledge itself needs 20.11; vite, a devDependency
 * of this suite only, needs more), or false when they can: the vite tests skip with this message.
 */
export function viteSkip(version = process.versions.node): string | false {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const supported = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 23;
  return supported ? false : `vite 8, which builds this application, needs Node ${VITE_NODE_ENGINES}; this is Node ${version} (Ledge itself runs on 20.11 and later)`;
}

/**
 * A fresh copy of `test/compat/<name>`, as a user's checkout of the application. Its `dist` is left out (an
 * application that builds makes its own), unless `builtOutput` says the application's committed build output
 * is there, to run as it is (the suite does not carry that application's build tools).
 */
export function copyApp(name: string, options: { builtOutput?: boolean } = {}): string {
  mkdirSync(WORK_ROOT, { recursive: true });
  const dir = mkdtempSync(path.join(WORK_ROOT, `compat-${name}-`));
  const skipped = options.builtOutput ? /[/\\](\.ledge|node_modules)$/ : /[/\\](dist|\.ledge|node_modules)$/;
  cpSync(path.join(import.meta.dirname, name), dir, { recursive: true, filter: (src) => !skipped.test(src) });
  return dir;
}

/** An HTTP answer, read whole: its body as UTF-8 text, and as the bytes it was (binary bodies). */
export interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: string; bytes: Buffer }

/** One request over real HTTP; `host` sets the Host header (the application listener of `ledge serve` routes by it). */
export function call(url: string, init: { method?: string; host?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.host) headers.host = init.host;
    const req = httpRequest(url, { method: init.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** JSON of an answer, failing with the body when it is not JSON. */
export function json<T = Record<string, unknown>>(answer: Answer): T {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return assert.fail(`expected JSON, got ${answer.status}: ${answer.body.slice(0, 500)}`);
  }
}

/** Runs `ledge dev` in the application's folder (a free port, its own state; `args` and `env` added), hands `use` its base URL, and stops it. */
export async function withDev(dir: string, use: (url: string, dev: CliProcess) => Promise<void>, options: { args?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const dev = runCli(['dev', '--port', '0', ...(options.args ?? [])], { cwd: dir, env: options.env });
  try {
    const url = (await dev.waitFor(/ready on (http:\/\/\S+)/, 90_000))[1] as string;
    await use(url, dev);
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- ledge dev output ---\n${dev.output()}`, { cause: err });
  } finally {
    await interrupt(dev);
  }
  return dev.output();
}

/** The result of one `ledge` command. */
export interface Run { code: number | null; out: string; stdout: string }

/** A real `ledge serve` and the CLI pointed at it with its bootstrap token, as a user with LEDGE_API_TOKEN. */
export interface Platform {
  serve: ServeProcess;
  account: string;
  /** `ledge <args>` in `cwd`, with `stdin` piped in; fails the test on a non-zero exit unless `allowFailure`. */
  ledge(args: string[], options?: { cwd?: string; stdin?: string; allowFailure?: boolean }): Promise<Run>;
  /** Creates a resource through the account API (what `wrangler kv namespace create` and friends do) and answers its id. */
  create(kind: 'kv' | 'sql' | 'bucket' | 'queue', name: string): Promise<string>;
  /** A request to a deployment's hostname on the application listener. */
  visit(host: string, pathname: string, init?: Parameters<typeof call>[1]): Promise<Answer>;
  /** Everything the platform and every command printed. */
  outputs(): string[];
  stop(): Promise<void>;
}

/** Starts `ledge serve` on a fresh state directory (`extra`: more `ledge serve` options). */
export async function startPlatform(extra: string[] = []): Promise<Platform> {
  const state = tempDir('ledge-compat-serve-');
  const serve = await startServe(state, extra);
  const token = /bootstrap token \(shown once, store it now\): (\S+)/.exec(serve.rawOutput())?.[1] ?? assert.fail('no bootstrap token');
  const home = tempDir('ledge-compat-home-');
  const env = { ...process.env, LEDGE_API_TOKEN: token, LEDGE_API_URL: serve.api, LEDGE_ACCOUNT_ID: '', HOME: home, XDG_CONFIG_HOME: path.join(home, 'cfg') };
  const api = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${serve.api}${route}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const envelope = await res.json() as { success: boolean; result: Record<string, unknown>; errors: unknown[] };
    assert.ok(envelope.success, `${method} ${route}: ${JSON.stringify(envelope.errors)}`);
    return envelope.result;
  };
  const account = ((await api('GET', '/accounts')) as unknown as { id: string }[])[0]?.id ?? assert.fail('no account');
  const outputs: string[] = [];
  return {
    serve,
    account,
    ledge: (args, options = {}) => new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => { out += c.toString(); stdout += c.toString(); });
      child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
      child.once('error', reject);
      child.once('exit', (code) => {
        outputs.push(out);
        if (code !== 0 && !options.allowFailure) reject(new Error(`ledge ${args.join(' ')} exited ${code}:\n${out}`));
        else resolve({ code, out, stdout });
      });
      child.stdin.end(options.stdin ?? '');
    }),
    async create(kind, name) {
      if (kind === 'kv') return (await api('POST', `/accounts/${account}/storage/kv/namespaces`, { title: name })).id as string;
      if (kind === 'sql') return (await api('POST', `/accounts/${account}/sql/databases`, { name })).uuid as string;
      if (kind === 'queue') return (await api('POST', `/accounts/${account}/queues`, { queue_name: name })).queue_name as string;
      return (await api('POST', `/accounts/${account}/buckets`, { name })).name as string;
    },
    visit: (host, pathname, init = {}) => call(`${serve.app}${pathname}`, { ...init, host }),
    outputs: () => [...outputs, serve.output()],
    async stop() { await interrupt(serve); },
  };
}

/** Replaces `from` by `to` in one of the application's files (its configuration after creating a resource, its code). */
export function editConfig(dir: string, file: string, from: string, to: string): void {
  const full = path.join(dir, file);
  const text = readFileSync(full, 'utf8');
  assert.ok(text.includes(from), `${file} holds ${from}`);
  writeFileSync(full, text.replace(from, to));
}

/** The hostname `ledge serve` gives a deployment of the bootstrap account. */
export const hostOf = (name: string) => `${name}.admin.ledge.localhost`;

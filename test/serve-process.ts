// `ledge serve` as a real process for end-to-end tests: start, call its API, visit its hostnames.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { runCli, type CliProcess } from './cli.js';

/** A running `ledge serve` with the URLs it printed. */
export interface ServeProcess extends CliProcess {
  app: string;
  api: string;
}

/** Starts `ledge serve` on `state` (free ports unless `extra` names them) and waits for both URLs. */
export async function startServe(state: string, extra: string[] = []): Promise<ServeProcess> {
  const args = ['serve', '--state', state, ...extra];
  if (!extra.includes('--listen')) args.push('--listen', '127.0.0.1:0');
  if (!extra.includes('--api-listen')) args.push('--api-listen', '127.0.0.1:0');
  const proc = runCli(args);
  const app = (await proc.waitFor(/applications on (http:\/\/\S+)/))[1] as string;
  const api = (await proc.waitFor(/API on (http:\/\/\S+)/))[1] as string;
  return Object.assign(proc, { app, api });
}

/** Resolves with the exit code, or with "running" when the process is still there after `ms`. */
export function exitWithin(proc: CliProcess, ms: number): Promise<number | null | 'running'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    proc.exited.finally(() => clearTimeout(timer)),
    new Promise<'running'>((resolve) => { timer = setTimeout(() => resolve('running'), ms); }),
  ]);
}

/** A GET to the application listener with a Host header. */
export async function visit(app: string, host: string, pathname = '/'): Promise<{ status: number; body: string }> {
  return await visitWithin(app, host, pathname, 0) as { status: number; body: string };
}

/** The same GET, giving up after `ms` (0: never) with 'no answer' (then the platform is stuck: the test fails). */
export function visitWithin(app: string, host: string, pathname: string, ms: number): Promise<{ status: number; body: string } | 'no answer'> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${app}${pathname}`, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    if (ms > 0) req.setTimeout(ms, () => { req.destroy(); resolve('no answer'); });
    req.on('error', reject);
    req.end();
  });
}

/** An account API call with a bearer token; answers the status and the envelope's result. */
export async function apiCall(api: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; result: Record<string, unknown> & { id?: string }; text: string }> {
  const res = await fetch(`${api}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  return { status: res.status, result: (JSON.parse(text) as { result: Record<string, unknown> }).result, text };
}

/** `ledge serve` with two accounts (the administrator's, A, and `bee`, B), each with one deployment `app` answering at its host. */
export interface TwoAccounts {
  serve: ServeProcess;
  pid: number;
  /** The platform process's resident memory, in MB. */
  rssMb(): number;
}

/** The hosts of the two accounts' deployments. */
export const A_HOST = 'app.admin.ledge.localhost';
export const B_HOST = 'app.bee.ledge.localhost';

/** Starts `ledge serve` on `state` with `extra`, deploys `apps.a` to A and `apps.b` to B, and checks each answers its `A ok` / `B ok`. */
export async function startTwoAccounts(state: string, extra: string[], apps: { a: string; b: string }): Promise<TwoAccounts> {
  const serve = await startServe(state, extra);
  const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
  const a = (await serve.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
  const b = await apiCall(serve.api, token, 'POST', '/accounts', { name: 'bee' });
  assert.equal(b.status, 201, b.text);
  for (const [account, code] of [[a, apps.a], [b.result.id as string, apps.b]] as const) {
    const deployed = await apiCall(serve.api, token, 'PUT', `/accounts/${account}/deployments/app`, {
      main_module: 'index.js', modules: [{ name: 'index.js', content_base64: Buffer.from(code).toString('base64') }],
      config: { compatibility_date: '2026-10-01', edge_dev: true },
    });
    assert.equal(deployed.status, 200, deployed.text);
  }
  assert.deepEqual(await visit(serve.app, A_HOST), { status: 200, body: 'A ok' });
  assert.deepEqual(await visit(serve.app, B_HOST), { status: 200, body: 'B ok' });
  const pid = serve.child.pid as number;
  return { serve, pid, rssMb: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024 };
}

/** A GET whose response is never read: the socket is paused from the start. */
export function neverRead(appUrl: string, host: string, pathname: string): Promise<Socket> {
  const url = new URL(appUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.pause();
      socket.write(`GET ${pathname} HTTP/1.1\r\nhost: ${host}\r\n\r\n`);
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

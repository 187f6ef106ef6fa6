// `ledge serve` as a real process for end-to-end tests: start, call its API, visit its hostnames.
import { request as httpRequest } from 'node:http';
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

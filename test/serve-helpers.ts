// A real platform (startPlatform) for in-process tests of the account API and of hostname routing.
import { createLogger, createMemorySink, type LogRecord } from '../src/platform/logger.js';
import { createManualClock } from '../src/platform/clock.js';
import { startPlatform, type Platform, type PlatformOptions } from '../src/serve/platform.js';
import { closedAfterTests, tempDir } from './helpers.js';
import { controlRoutes } from '../src/control/index.js';
import { compileRoutes, matchRoute, type CompiledRoute } from '../src/control/router.js';

const DECLARED = compileRoutes(controlRoutes());

/**
 * Every successful answer must match the result schema its route declares (the same schema OpenAPI shows and
 * the CLI's types come from), so each API test checks the declarations against real responses.
 */
function checkDeclaredResult(declared: CompiledRoute[], method: string, path: string, status: number, body: ApiAnswer['body']): void {
  if (status >= 300 || body?.success !== true) return;
  const { route } = matchRoute(declared, method === 'HEAD' ? 'GET' : method, path.replace(/\?.*$/, ''));
  if (!route.result) return;
  const checked = route.result.safeParse(body.result);
  if (!checked.success) throw new Error(`${route.id}: the answer does not match its declared result schema: ${checked.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(result)'}: ${i.message}`).join('; ')}`);
}

/** A running platform on free ports with a manual clock and an in-memory log. */
export interface TestPlatform extends Platform {
  clock: ReturnType<typeof createManualClock>;
  logs: LogRecord[];
  stateDir: string;
  token: string;
  accountId: string;
  /** Calls the API with a token (the bootstrap token unless another is given); returns status, body and headers. */
  call(method: string, path: string, options?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<ApiAnswer>;
  /** An application request for `host`. */
  visit(host: string, path?: string, init?: RequestInit): Promise<Response>;
}

/** An API answer: the status, the parsed envelope and the headers. */
export interface ApiAnswer {
  status: number;
  // Results are of many shapes; each test reads the fields it checks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { success: boolean; errors: { code: number; message: string; source?: { pointer: string }; error_chain?: unknown }[]; messages: { code: number; message: string }[]; result: any; result_info?: unknown };
  text: string;
  headers: Headers;
}

/**
 * Starts a platform on a fresh (or the given) state directory; `options` go to startPlatform as they are. Its
 * isolates are threads (all test code is trusted) unless `options` asks for `isolation: 'process'`, as the sandbox
 * and escape tests do.
 */
export async function startTestPlatform(stateDir = tempDir('ledge-serve-'), bootstrapToken?: string, options: Partial<PlatformOptions> = {}): Promise<TestPlatform> {
  const sink = createMemorySink();
  const clock = createManualClock(Date.now());
  const platform = await startPlatform({
    stateDir, listen: { host: '127.0.0.1', port: 0 }, apiListen: { host: '127.0.0.1', port: 0 },
    logger: createLogger(sink), clock, timers: false, isolation: 'thread', trustAllCode: true, ...options,
  });
  const declared = options.bindings ? compileRoutes(controlRoutes(options.bindings)) : DECLARED;
  const token = platform.bootstrap?.token ?? bootstrapToken ?? '';
  const accountId = platform.bootstrap?.accountId ?? '';
  const call: TestPlatform['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const bearer = options.token === undefined ? token : options.token;
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await platform.api(new Request(`http://api.test/api/v1${path}`, { method, headers, body }));
    const text = await res.text();
    const parsed = JSON.parse(text) as ApiAnswer['body'];
    if (!path.startsWith('/openapi.json')) checkDeclaredResult(declared, method, path, res.status, parsed);
    return { status: res.status, body: parsed, text, headers: res.headers };
  };
  const visit: TestPlatform['visit'] = (host, path = '/', init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('host', host);
    return platform.app(new Request(`http://${host}${path}`, { ...init, headers }));
  };
  return Object.assign(platform, { clock, logs: sink.records, stateDir, token, accountId, call, visit, close: closedAfterTests(platform.close.bind(platform)) });
}

/** A module that answers with its label and, when CACHE is bound, counts visits there (header `x-visits`). */
export function moduleBody(label: string): string {
  return `export default { async fetch(request, env) {
    let n = 0;
    if (env.CACHE) { n = Number(await env.CACHE.get('visits') ?? 0) + 1; await env.CACHE.put('visits', String(n)); }
    return new Response(${JSON.stringify(label)}, { headers: { 'x-visits': String(n) } });
  } };`;
}

/** A deployment PUT body for one module. */
export function deployBody(source: string, config: Record<string, unknown>, message?: string): Record<string, unknown> {
  return {
    main_module: 'index.js',
    modules: [{ name: 'index.js', content_base64: Buffer.from(source).toString('base64') }],
    config: { compatibility_date: '2026-10-01', ...config },
    ...(message ? { message } : {}),
  };
}

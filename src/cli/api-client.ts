import type { Command } from 'commander';
import type { Deployment, Domain, TokenStatus, Version } from '../control/results.js';
import { projectOptions } from './options.js';
import { findConfigFile, loadConfig, type ProjectConfig } from '../config/load.js';
import { LedgeError, isLedgeError, type ErrorCode } from '../platform/errors.js';
import { chooseAccount, resolveCredentials, type Account, type ResolvedCredentials } from './credentials.js';

// The answers' types come from the API's own result schemas (one declaration: src/control/results.ts).
export type { Deployment, Domain, TokenStatus, Version };

/** One entry of an envelope's `errors` or `messages` (docs/api.md, Envelope). */
export interface ApiMessage {
  code: number;
  message: string;
  source?: { pointer?: string };
  error_chain?: ApiMessage[];
}

/** Paging of a list answer. */
export interface ResultInfo {
  page: number;
  per_page: number;
  count: number;
  total_count: number;
  total_pages: number;
}

/** A successful answer: the result, the API's messages and, for lists, the paging. */
export interface ApiAnswer<T> {
  result: T;
  messages: ApiMessage[];
  info: ResultInfo | undefined;
}

/** A request the account API refused: the LedgeError code for the CLI, plus the HTTP status and the API's own errors. */
export class ApiResponseError extends LedgeError {
  readonly httpStatus: number;
  readonly errors: readonly ApiMessage[];
  constructor(code: ErrorCode, message: string, httpStatus: number, errors: readonly ApiMessage[]) {
    super(code, message);
    this.name = 'ApiResponseError';
    this.httpStatus = httpStatus;
    this.errors = errors;
  }

  /** The API's code of the first error (docs/api.md, Error codes of the API). */
  get apiCode(): number | undefined {
    return this.errors[0]?.code;
  }
}

/** A small client of the account API: bearer token, envelope parsing, one-line errors that never carry the token. */
export interface ApiClient {
  /** The base URL, `http://host:port/api/v1`. */
  readonly baseUrl: string;
  /** Sends one request; `path` is relative to the base URL. Throws ApiResponseError for `success: false`. */
  request<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>>;
  /** GET of one object. */
  get<T>(path: string): Promise<T>;
  /** Every item of a paged list (at most 100 a page). */
  listAll<T>(path: string): Promise<T[]>;
}

/** Options of the client. */
export interface ApiClientOptions {
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Milliseconds before a request is given up. @default 120000 */
  timeoutMs?: number;
}

/** Which LedgeError code an HTTP status of the API becomes: argument mistakes exit 2, everything else 1. */
function codeFor(status: number): ErrorCode {
  if (status === 400) return 'bad_argument';
  if (status === 401 || status === 403) return 'api_auth_failed';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'operation_failed';
  return 'api_request_failed';
}

/** One API message for a person: its text, chained details, its code and the field it names. */
function describe(m: ApiMessage): string {
  const chain = (m.error_chain ?? []).map((c) => c.message).filter(Boolean);
  const at = m.source?.pointer ? `, at ${m.source.pointer}` : '';
  return `${m.message}${chain.length ? ` (${chain.join('; ')})` : ''} [${m.code}${at}]`;
}

/** Creates a client for one API URL and token. The token lives only in this closure: it is never a property, never in a message. */
export function createApiClient(credentials: Pick<ResolvedCredentials, 'apiUrl' | 'token'>, options: ApiClientOptions = {}): ApiClient {
  const baseUrl = credentials.apiUrl.replace(/\/+$/, '');
  const token = credentials.token;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 120_000;
  // Belt and braces: whatever text reaches a person passes through here.
  const redact = (text: string) => (token.length >= 8 ? text.split(token).join('[token]') : text);

  async function request<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const url = `${baseUrl}${path}`;
    const what = `${method} ${path.replace(/\?.*$/, '')}`;
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const failure = connectionError(err, baseUrl, timeoutMs);
      failure.message = redact(failure.message);
      throw failure;
    }
    const text = await res.text();
    let envelope: { success?: unknown; errors?: ApiMessage[]; messages?: ApiMessage[]; result?: unknown; result_info?: ResultInfo } | undefined;
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      envelope = undefined;
    }
    if (!envelope || typeof envelope !== 'object' || typeof envelope.success !== 'boolean') {
      throw new ApiResponseError('api_request_failed', `${what}: ${baseUrl} answered ${res.status} without the API envelope; is it the Ledge account API (ledge serve --api-listen)?`, res.status, []);
    }
    if (!envelope.success) {
      // An API should never echo a token, but if one did it must not travel on in the error.
      const errors = Array.isArray(envelope.errors) ? JSON.parse(redact(JSON.stringify(envelope.errors))) as ApiMessage[] : [];
      const detail = errors.length ? errors.map(describe).join('; ') : `status ${res.status}`;
      throw new ApiResponseError(codeFor(res.status), `${what}: ${detail}`, res.status, errors);
    }
    return { result: envelope.result as T, messages: Array.isArray(envelope.messages) ? envelope.messages : [], info: envelope.result_info };
  }

  return {
    baseUrl,
    request,
    async get<T>(path: string) {
      return (await request<T>('GET', path)).result;
    },
    async listAll<T>(path: string) {
      const items: T[] = [];
      const join = path.includes('?') ? '&' : '?';
      for (let page = 1; ; page++) {
        const answer = await request<T[]>('GET', `${path}${join}page=${page}&per_page=100`);
        items.push(...(answer.result ?? []));
        const pages = answer.info?.total_pages ?? 1;
        if (page >= pages || (answer.result ?? []).length === 0) return items;
      }
    },
  };
}

/** A failed connection as one line naming the URL; the request (and its header) is never part of it. */
function connectionError(err: unknown, baseUrl: string, timeoutMs: number): LedgeError {
  const name = (err as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new LedgeError('api_unreachable', `the Ledge API at ${baseUrl} did not answer within ${Math.round(timeoutMs / 1000)} s`);
  }
  const cause = (err as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  if (cause?.message === 'bad port') {
    return new LedgeError('bad_argument', `cannot use ${baseUrl}: fetch refuses that port (it is on the WHATWG list of blocked ports); run the API on another port`);
  }
  const reason = cause?.code ?? cause?.message ?? (err as Error | undefined)?.message ?? 'unknown error';
  return new LedgeError('api_unreachable', `cannot reach the Ledge API at ${baseUrl} (${reason}); is "ledge serve" running there? (set the URL with "ledge login --api-url" or LEDGE_API_URL)`);
}

/** `/accounts/<id>/<segments...>`, each segment escaped. */
export function accountPath(accountId: string, ...segments: string[]): string {
  return ['', 'accounts', accountId, ...segments].map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join('/');
}

/** Options every platform command takes. */
export interface PlatformOptions {
  dir: string;
  env?: string;
  account?: string;
  json?: boolean;
}

/** Adds the options every platform command takes. */
export function platformOptions(command: Command): Command {
  return projectOptions(command, (c) => c.option('--account <id>', 'account to act on (default: LEDGE_ACCOUNT_ID, account_id in ledge.jsonc, or the only one the token sees)'));
}

/** What a platform command works with: a verified token, its account, and the project's configuration if there is one. */
export interface PlatformSession {
  client: ApiClient;
  credentials: Omit<ResolvedCredentials, 'token'>;
  token: TokenStatus;
  account: Account;
  accounts: Account[];
  config: ProjectConfig | undefined;
}

/**
 * Loads ledge.jsonc (required when `needConfig`), resolves the token, verifies it, and picks the account.
 * Warnings (configuration, a credentials file others can read) go to stderr.
 */
export async function openPlatform(opts: PlatformOptions, needConfig: boolean, env: NodeJS.ProcessEnv = process.env): Promise<PlatformSession> {
  return connectPlatform(loadProjectConfig(opts, needConfig), opts, env);
}

/** Resolves and verifies the token and picks the account, for a configuration already loaded. */
export async function connectPlatform(config: ProjectConfig | undefined, opts: Pick<PlatformOptions, 'account'>, env: NodeJS.ProcessEnv = process.env): Promise<PlatformSession> {
  const resolved = resolveCredentials(env);
  if (resolved.warning) process.stderr.write(`ledge: warning: ${resolved.warning}\n`);
  const client = createApiClient(resolved);
  const token = await verifyToken(client);
  const accounts = await client.listAll<Account>('/accounts');
  const account = chooseAccount({ flag: opts.account, env: env.LEDGE_ACCOUNT_ID, config: config?.account_id }, accounts);
  const credentials: PlatformSession['credentials'] = { apiUrl: resolved.apiUrl, source: resolved.source, ...(resolved.file ? { file: resolved.file } : {}) };
  return { client, credentials, token, account, accounts, config };
}

/** `GET /user/tokens/verify`; a token that is not active is refused here. */
export async function verifyToken(client: ApiClient): Promise<TokenStatus> {
  const token = await client.get<TokenStatus>('/user/tokens/verify');
  if (token.status !== 'active') throw new LedgeError('api_auth_failed', `the API token ${token.id} is ${token.status}`);
  return token;
}

/** The project's configuration, or undefined when the directory has none and none is needed. Warnings go to stderr. */
export function loadProjectConfig(opts: Pick<PlatformOptions, 'dir' | 'env'>, required: boolean): ProjectConfig | undefined {
  let file: string;
  try {
    file = findConfigFile(opts.dir);
  } catch (err) {
    if (!required && isLedgeError(err) && err.code === 'config_not_found' && opts.env === undefined) return undefined;
    throw err;
  }
  const { config, warnings, notice } = loadConfig(file, { env: opts.env });
  if (notice) process.stderr.write(`ledge: ${notice}\n`);
  for (const warning of warnings) process.stderr.write(`ledge: warning: ${warning}\n`);
  return config;
}

/** Adds `--deployment <name>` to a platform command. */
export function deploymentOption(command: Command): Command {
  return command.option('--deployment <name>', 'deployment to act on (default: the name in ledge.jsonc)');
}

/** The deployment a command acts on: `--deployment`, else the project's name (after --env). */
export function deploymentName(opts: { deployment?: string }, config: ProjectConfig | undefined): string {
  if (opts.deployment) return opts.deployment;
  if (config) return config.name;
  throw new LedgeError('bad_argument', 'which deployment? give --deployment NAME, or run in (or --dir to) a project directory with ledge.jsonc');
}

/** GET of an object that may not exist: undefined for code 1005 (the object in the path does not exist), any other error thrown. */
export async function getIfExists<T>(client: ApiClient, path: string): Promise<T | undefined> {
  try {
    return await client.get<T>(path);
  } catch (err) {
    // Only 1005: a 404 with 7003 (account not visible) or 7000 (no such route) must not read as "nothing deployed yet".
    // A class of the CLI's own process (it never crosses a thread), and its LedgeError code is too coarse for this.
    if (err instanceof ApiResponseError && err.httpStatus === 404 && err.apiCode === 1005) return undefined;
    throw err;
  }
}

/** Rows as left-aligned columns separated by two spaces. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows].map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd()).join('\n') + '\n';
}

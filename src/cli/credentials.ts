import { chmodSync, mkdirSync, openSync, closeSync, writeSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';
import { LedgeError, isLedgeError } from '../platform/errors.js';

/** Where `ledge serve` answers the account API unless told otherwise (docs/api.md). */
export const DEFAULT_API_URL = 'http://127.0.0.1:8788/api/v1';

/** What `ledge login` stores. */
export interface StoredCredentials {
  api_url: string;
  token: string;
}

/** A token ready to use, with where it came from (never printed: only `source` and `file` are). */
export interface ResolvedCredentials {
  apiUrl: string;
  token: string;
  /** `env` for `LEDGE_API_TOKEN`, `file` for the credentials file. */
  source: 'env' | 'file';
  /** The credentials file, when the token came from it. */
  file?: string;
  /** A problem a person should know about that does not stop the command (a file others can read). */
  warning?: string;
}

/** An account as `GET /accounts` lists it. */
export interface Account {
  id: string;
  name: string;
  subdomain?: string;
  created_on?: string;
}

/** The credentials file: `${XDG_CONFIG_HOME:-$HOME/.config}/ledge/credentials.json`. */
export function credentialsFile(env: NodeJS.ProcessEnv = process.env): string {
  // XDG Base Directory: a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(env.HOME ?? homedir(), '.config');
  return path.join(base, 'ledge', 'credentials.json');
}

/** Reads the credentials file; undefined when there is none. Throws `not_logged_in` when it exists but cannot be used. */
export function readCredentials(file: string): StoredCredentials | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new LedgeError('not_logged_in', `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'}); run "ledge login" again`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's message may quote the file's text, which holds the token: say only that it is broken.
    throw new LedgeError('not_logged_in', `${file} is not valid JSON; run "ledge login" again`);
  }
  const { api_url: apiUrl, token } = (parsed ?? {}) as Partial<Record<keyof StoredCredentials, unknown>>;
  if (typeof apiUrl !== 'string' || typeof token !== 'string' || token === '') {
    throw new LedgeError('not_logged_in', `${file} does not hold { api_url, token }; run "ledge login" again`);
  }
  return { api_url: apiUrl, token };
}

/** Writes the credentials file: directory mode 0700, file mode 0600 from the first byte (a temporary name, then a rename). */
export function writeCredentials(file: string, credentials: StoredCredentials): void {
  try {
    writeCredentialsFile(file, credentials);
  } catch (err) {
    if (isLedgeError(err)) throw err;
    throw new LedgeError('operation_failed', `cannot write ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'}); check XDG_CONFIG_HOME and HOME`);
  }
}

function writeCredentialsFile(file: string, credentials: StoredCredentials): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing directory as it was; this one is ours, so tighten it.
  chmodSync(dir, 0o700);
  const temp = path.join(dir, `.credentials-${randomBytes(6).toString('hex')}.tmp`);
  // `wx` refuses to follow a planted file or link; the mode applies at creation, so the token is never readable by others.
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify({ api_url: credentials.api_url, token: credentials.token }, null, 2)}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

/** Removes the credentials file; false when there was none. */
export function removeCredentials(file: string): boolean {
  try {
    rmSync(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new LedgeError('operation_failed', `cannot remove ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/**
 * The token a platform command uses: `LEDGE_API_TOKEN` (with `LEDGE_API_URL`), else the credentials file
 * (with the URL stored beside it, so a stored token is only ever sent where it was verified), else `not_logged_in`.
 */
export function resolveCredentials(env: NodeJS.ProcessEnv = process.env): ResolvedCredentials {
  const fromEnv = env.LEDGE_API_TOKEN?.trim();
  if (fromEnv) return { apiUrl: apiUrl(env.LEDGE_API_URL), token: checkTokenText(fromEnv, 'LEDGE_API_TOKEN'), source: 'env' };
  const file = credentialsFile(env);
  const stored = readCredentials(file);
  if (!stored) {
    throw new LedgeError('not_logged_in', `not logged in: run "ledge login", or set LEDGE_API_TOKEN (in CI, to a token scoped to what it deploys); no ${file}`);
  }
  const resolved: ResolvedCredentials = { apiUrl: apiUrl(stored.api_url), token: checkTokenText(stored.token, file), source: 'file', file };
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) resolved.warning = `${file} can be read by other users (mode ${mode.toString(8)}); run "chmod 600 ${file}"`;
  return resolved;
}

/**
 * A token must be printable ASCII without spaces: anything else cannot go into a header, and the error
 * fetch would raise quotes the header. `where` names the source; the value itself is never quoted.
 */
export function checkTokenText(token: string, where: string): string {
  if (!/^[\x21-\x7e]+$/.test(token)) throw new LedgeError('bad_argument', `${where}: the token holds spaces or control characters (was it pasted with a line break?); it was not used`);
  return token;
}

/** Checks and normalises an API base URL (no trailing slash); an empty value means the default. */
export function apiUrl(value: string | undefined): string {
  const text = value?.trim() || DEFAULT_API_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new LedgeError('bad_argument', `API URL: expected an http(s) URL such as ${DEFAULT_API_URL}, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new LedgeError('bad_argument', `API URL: expected http or https, got "${text}"`);
  if (url.username || url.password) throw new LedgeError('bad_argument', 'API URL: must not carry a user name or password; the token goes in LEDGE_API_TOKEN or the credentials file');
  return url.href.replace(/\/+$/, '');
}

/** Where the account id was given, in the order they win. */
export interface AccountChoice {
  /** `--account`. */
  flag?: string | undefined;
  /** `LEDGE_ACCOUNT_ID`. */
  env?: string | undefined;
  /** `account_id` in ledge.jsonc. */
  config?: string | undefined;
}

/**
 * The account a platform command acts on: `--account`, else `LEDGE_ACCOUNT_ID`, else `account_id` from ledge.jsonc,
 * else the only account the token sees. A named account must be one the token sees.
 */
export function chooseAccount(choice: AccountChoice, visible: readonly Account[]): Account {
  const named = [
    [choice.flag, '--account'],
    [choice.env, 'LEDGE_ACCOUNT_ID'],
    [choice.config, 'account_id in ledge.jsonc'],
  ].find(([value]) => value !== undefined && value !== '') as [string, string] | undefined;
  const list = visible.map((a) => `${a.id} (${a.name})`).join(', ');
  if (named) {
    const [id, where] = named;
    const found = visible.find((a) => a.id === id);
    if (!found) throw new LedgeError('not_found', `account ${id} (from ${where}) is not visible to this token; it sees: ${list || 'no account'}`);
    return found;
  }
  if (visible.length === 1) return visible[0] as Account;
  if (visible.length === 0) throw new LedgeError('not_found', 'this token sees no account');
  throw new LedgeError('bad_argument', `this token sees ${visible.length} accounts: ${list}; choose one with --account <id>, LEDGE_ACCOUNT_ID or "account_id" in ledge.jsonc`);
}

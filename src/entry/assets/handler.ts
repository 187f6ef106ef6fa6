import type { DispatchRequest, DispatchResponse } from '../../runtime/isolate.js';
import type { Dispatcher } from '../serve.js';
import { ContentCache } from './content.js';
import { nearest404, resolveIntent } from './html-handling.js';
import { fillPlaceholders, matchPattern, toRedirectLocation } from './rules.js';
import type { AssetEntry, AssetRouting, AssetSite } from './site.js';

/** Sent with every asset unless the request carries `Authorization` or `Range`: cache, but revalidate each time. */
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** The body of redirects and empty files. */
const EMPTY: Uint8Array = new Uint8Array(0);

/** Where a request goes once the asset layer has looked at it. */
type Outcome = { response: DispatchResponse } | { worker: true };

/**
 * The platform's own answer to asset requests (docs/assets.md): the application's isolate is woken only
 * when no asset matches, or where `run_worker_first` says so. Request order: run_worker_first, `_redirects`,
 * method, html_handling, not_found_handling; `_headers` applies to every response made from an asset.
 */
export class AssetServer {
  readonly #cache: ContentCache;
  readonly #workerFirst: (pathname: string) => boolean;

  /** `cache` is shared by the servers of one platform (its budget is the platform's); by default each has its own. */
  constructor(readonly site: () => AssetSite, readonly routing: AssetRouting, cache = new ContentCache()) {
    this.#cache = cache;
    this.#workerFirst = compileWorkerFirst(routing.runWorkerFirst);
  }

  /** A dispatcher answering assets first and handing the rest to `worker` (or answering 404/405 itself without one). */
  dispatcher(worker: Dispatcher | undefined): Dispatcher {
    return (request) => this.handle(request, worker);
  }

  /** Answers one request from the assets, or hands it to `worker`. */
  async handle(request: DispatchRequest, worker: Dispatcher | undefined): Promise<DispatchResponse> {
    const outcome = await this.#route(request, worker !== undefined);
    if ('response' in outcome) return outcome.response;
    return (worker as Dispatcher)(request);
  }

  /** What `env.ASSETS.fetch(request)` answers: asset matching with html_handling and not_found_handling, without the rule files or the application. */
  async fetch(request: Pick<DispatchRequest, 'method' | 'url' | 'headers'>): Promise<DispatchResponse> {
    const site = this.site();
    const url = new URL(request.url);
    const pathname = decodePath(url.pathname);
    if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed();
    if (pathname === null) return notFound(request.method);
    const outcome = await this.#resolve(site, request, url, pathname, false, false);
    return 'response' in outcome ? outcome.response : notFound(request.method);
  }

  async #route(request: DispatchRequest, hasWorker: boolean): Promise<Outcome> {
    const site = this.site();
    const url = new URL(request.url);
    const pathname = decodePath(url.pathname);
    if (hasWorker && pathname !== null && this.#workerFirst(pathname)) return { worker: true };
    if (pathname === null) return hasWorker ? { worker: true } : { response: notFound(request.method) };
    for (const rule of site.redirects) {
      const values = matchPattern(rule.source, url.host, pathname);
      if (!values) continue;
      // The destination as written may hold characters a Location cannot carry, too (`/café`).
      const target = toRedirectLocation(rule.destination, fillPlaceholders(rule.destination, values));
      if (rule.status !== 200) return { response: redirect(rule.status, withQuery(target, url.search)) };
      // A 200 rule serves another asset under this URL (a rewrite); no asset there means not found.
      const rewritten = new URL(target, url);
      return this.#resolve(site, request, url, decodePath(rewritten.pathname) ?? '/', hasWorker, true, pathname);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return hasWorker ? { worker: true } : { response: methodNotAllowed() };
    return this.#resolve(site, request, url, pathname, hasWorker, true);
  }

  async #resolve(site: AssetSite, request: Pick<DispatchRequest, 'method' | 'headers'>, url: URL, pathname: string, hasWorker: boolean, withRules: boolean, rewrittenFrom?: string): Promise<Outcome> {
    const rulesPath = rewrittenFrom ?? pathname;
    let intent = resolveIntent(site.files, pathname, this.routing.html);
    if (intent && 'redirect' in intent) {
      // A rewrite serves its destination as is: the file itself, or the page its canonical URL serves.
      if (rewrittenFrom === undefined) return { response: redirect(307, withQuery(encodePath(intent.redirect), url.search)) };
      const canonical = resolveIntent(site.files, intent.redirect, this.routing.html);
      intent = site.files.has(pathname) ? { serve: pathname } : canonical && 'serve' in canonical ? canonical : null;
    }
    let file = intent?.serve ?? null;
    let status = 200;
    if (file === null) {
      const navigation = header(request.headers, 'sec-fetch-mode') === 'navigate';
      const notFound = this.routing.notFound;
      // With an application, a path no asset matches is the application's, except navigations of a single-page app.
      if (notFound === 'single-page-application' && (!hasWorker || navigation) && site.files.has('/index.html')) file = '/index.html';
      else if (hasWorker) return { worker: true };
      else if (notFound === '404-page') {
        file = nearest404(site.files, pathname);
        status = 404;
      }
    }
    if (file === null) return { response: this.#withHeaders(site, notFound(request.method), url, rulesPath, withRules) };
    const entry = site.files.get(file) as AssetEntry;
    const response = await this.#serveFile(site, entry, request, status);
    return { response: this.#withHeaders(site, response, url, rulesPath, withRules) };
  }

  async #serveFile(site: AssetSite, entry: AssetEntry, request: Pick<DispatchRequest, 'method' | 'headers'>, status: number): Promise<DispatchResponse> {
    const etag = `"${entry.hash}"`;
    const range = status === 200 ? header(request.headers, 'range') : undefined;
    const headers = ['content-type', entry.contentType, 'etag', etag];
    if (range === undefined && header(request.headers, 'authorization') === undefined) headers.push('cache-control', DEFAULT_CACHE_CONTROL);
    if (status === 200) headers.push('accept-ranges', 'bytes');
    const head = request.method === 'HEAD';
    const ifNoneMatch = header(request.headers, 'if-none-match');
    if (status === 200 && ifNoneMatch !== undefined && etagMatches(ifNoneMatch, entry.hash)) {
      return { status: 304, statusText: '', headers: headers.slice(2, headers.indexOf('accept-ranges')), body: null };
    }
    let start = 0;
    let end = entry.size - 1;
    if (range !== undefined) {
      const ifRange = header(request.headers, 'if-range');
      const parsed = ifRange !== undefined && ifRange.replace(/^W\//, '') !== etag ? 'ignore' : parseRange(range, entry.size);
      if (parsed === 'unsatisfiable') {
        return { status: 416, statusText: '', headers: ['content-range', `bytes */${entry.size}`, 'content-length', '0', 'etag', etag], body: null };
      }
      if (parsed !== 'ignore') {
        [start, end] = parsed;
        status = 206;
        headers.push('content-range', `bytes ${start}-${end}/${entry.size}`);
      }
    }
    const length = Math.max(0, end - start + 1);
    headers.push('content-length', String(length));
    if (head || length === 0) return { status, statusText: '', headers, body: head ? null : EMPTY };
    const file = site.content.pathOf(entry.hash);
    if (this.#cache.cacheable(entry.size)) {
      const bytes = await this.#cache.bytes(entry.hash, file, entry.size);
      return { status, statusText: '', headers, body: start === 0 && end === bytes.byteLength - 1 ? bytes : bytes.subarray(start, end + 1) };
    }
    return { status, statusText: '', headers, body: this.#cache.stream(file, start, end) };
  }

  /**
   * Applies the `_headers` rules matching the request's path to a response made from an asset, as the original's
   * asset server does: rule by rule in file order, each first removes its `! Name` headers (a default, or what an
   * earlier rule set), then sets its own; the first rule to set a name replaces the response's value, a later one
   * adds to it (joined with ", "). So a narrower rule can detach a header a wider one set and set its own value
   * (`/_app/*` sets `Cache-Control: no-cache`, `/_app/immutable/*` has `! Cache-Control` and a long lifetime).
   */
  #withHeaders(site: AssetSite, response: DispatchResponse, url: URL, pathname: string, withRules: boolean): DispatchResponse {
    if (!withRules || site.headers.length === 0) return response;
    let entries: [string, string][] | undefined;
    const setByRules = new Set<string>();
    for (const rule of site.headers) {
      const values = matchPattern(rule.source, url.host, pathname);
      if (!values) continue;
      entries ??= pairsOf(response.headers);
      for (const name of rule.unset) entries = entries.filter(([existing]) => existing !== name);
      for (const [name, value] of rule.set) {
        const filled = fillPlaceholders(value, values);
        const earlier = setByRules.has(name) ? entries.find(([existing]) => existing === name) : undefined;
        if (earlier) {
          earlier[1] = `${earlier[1]}, ${filled}`;
          continue;
        }
        entries = entries.filter(([existing]) => existing !== name);
        entries.push([name, filled]);
        setByRules.add(name);
      }
    }
    return entries ? { ...response, headers: entries.flat() } : response;
  }
}

/** A flat header list (`name, value, name, value...`) as pairs. */
function pairsOf(flat: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i] as string, flat[i + 1] as string]);
  return pairs;
}

/** `run_worker_first` as a predicate over decoded paths: `*` matches anything, a `!` pattern excludes and wins. */
export function compileWorkerFirst(value: boolean | readonly string[]): (pathname: string) => boolean {
  if (typeof value === 'boolean') return () => value;
  const include = value.filter((g) => !g.startsWith('!')).map(globMatcher);
  const exclude = value.filter((g) => g.startsWith('!')).map((g) => globMatcher(g.slice(1)));
  return (pathname) => include.some((m) => m(pathname)) && !exclude.some((m) => m(pathname));
}

/**
 * A glob whose only wildcard is `*` as a predicate: the first part is a prefix, the last a suffix, and each part
 * between is found leftmost after the one before (the leftmost place always leaves the most room for the rest).
 * Not a regex: `.*` repeated (`/*a*a*a*a*b`) backtracks in time growing as a power of the path's length, on the
 * platform's main thread, where one request with 100 characters took seconds.
 */
function globMatcher(glob: string): (text: string) => boolean {
  const parts = glob.split('*');
  if (parts.length === 1) return (text) => text === glob;
  const first = parts[0] as string;
  const last = parts.at(-1) as string;
  const middle = parts.slice(1, -1).filter((p) => p !== '');
  return (text) => {
    if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
    const end = text.length - last.length;
    let at = first.length;
    for (const part of middle) {
      const found = text.indexOf(part, at);
      if (found === -1 || found + part.length > end) return false;
      at = found + part.length;
    }
    return true;
  };
}

/** A request header by lowercase name from the raw list (names arrive in any case). */
function header(raw: readonly string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    const n = raw[i] as string;
    if (n.length === name.length && n.toLowerCase() === name) return raw[i + 1];
  }
  return undefined;
}

/** Whether an If-None-Match list names this content (weak comparison, as RFC 9110 13.1.2 asks). */
function etagMatches(list: string, hash: string): boolean {
  if (list.trim() === '*') return true;
  return list.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${hash}"`);
}

/** One `bytes=` range within `size`: [start, end], 'unsatisfiable', or 'ignore' (malformed or several ranges: the whole file, RFC 9110 14.2). */
export function parseRange(value: string, size: number): [number, number] | 'unsatisfiable' | 'ignore' {
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(value);
  if (!m || (m[1] === '' && m[2] === '')) return 'ignore';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return 'ignore';
  if (start >= size) return 'unsatisfiable';
  return [start, end];
}

/** The decoded path, or null when it does not decode (such a URL matches no asset). */
function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

function encodePath(pathname: string): string {
  return pathname.split('/').map(encodeURIComponent).join('/');
}

/** Keeps the request's query on a redirect whose target has none. */
function withQuery(target: string, search: string): string {
  return search && !target.includes('?') ? `${target}${search}` : target;
}

function redirect(status: number, location: string): DispatchResponse {
  return { status, statusText: '', headers: ['location', location, 'content-length', '0'], body: EMPTY };
}

function notFound(method: string): DispatchResponse {
  const body = method === 'HEAD' ? null : new TextEncoder().encode('Not Found');
  return { status: 404, statusText: '', headers: ['content-type', 'text/plain; charset=utf-8', 'content-length', '9'], body };
}

function methodNotAllowed(): DispatchResponse {
  return { status: 405, statusText: '', headers: ['allow', 'GET, HEAD', 'content-type', 'text/plain; charset=utf-8', 'content-length', '18'], body: new TextEncoder().encode('Method Not Allowed') };
}

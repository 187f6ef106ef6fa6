import { LedgeError } from '../../platform/errors.js';

/**
 * The `_headers` and `_redirects` files of an assets directory (docs/assets.md), parsed with the original
 * platform's syntax and limits: `*` is a splat (`:splat` in the target), `:name` a placeholder matching one
 * path segment. A line that breaks the syntax is skipped with a warning, as the original does; a file past a
 * count limit is refused, naming the file and the line.
 */
export const ASSET_RULE_LIMITS = Object.freeze({
  /** Redirects without a splat or placeholder. */
  staticRedirects: 2000,
  /** Redirects with a splat or placeholder. */
  dynamicRedirects: 100,
  /** Characters on one `_redirects` line. */
  redirectLineChars: 1000,
  /** Path rules of `_headers`. */
  headerRules: 100,
  /** Characters on one `_headers` line. */
  headerLineChars: 2000,
});

/** Status codes a redirect may use; 200 serves the destination's asset under the source's URL. */
const REDIRECT_STATUSES = new Set([200, 301, 302, 303, 307, 308]);

/** A compiled source pattern: a path (or `https://host/path`) with `*` and `:name`. */
export interface PathPattern {
  readonly regex: RegExp;
  /** The pattern names a host as well as a path. */
  readonly withHost: boolean;
}

export interface RedirectRule {
  readonly source: PathPattern;
  readonly destination: string;
  readonly status: number;
}

export interface HeaderRule {
  readonly source: PathPattern;
  /** Headers to set, in order; a repeated name is joined with ", ". */
  readonly set: readonly [string, string][];
  /** Lowercase names to remove (`! Name`). */
  readonly unset: readonly string[];
}

/** Parsed rules with the lines that were skipped. */
export interface ParsedRules<R> { rules: R[]; warnings: string[] }

const ESCAPE = /[-/\\^$+?.()|[\]{}]/g;
const PLACEHOLDER = /:([A-Za-z]\w*)/g;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Compiles a `_headers`/`_redirects` source: at most one `*` (the splat), `:name` placeholders. */
export function compilePattern(source: string): PathPattern | string {
  const withHost = source.startsWith('https://') || source.startsWith('http://');
  if (!withHost && !source.startsWith('/')) return `"${source}" is neither a path starting with "/" nor an https:// URL`;
  const splats = source.split('*').length - 1;
  if (splats > 1) return `"${source}" has more than one "*"`;
  const crowded = crowdedPart(source, withHost);
  if (crowded !== null) return `"${source}": "${crowded}" holds more than one placeholder or "*"; a path segment (or host label) may hold one, since several can split it in many ways and a request could make matching them take minutes`;
  const names = new Set<string>();
  const hostEnd = withHost ? source.indexOf('/', source.indexOf('//') + 2) : 0;
  let body = '';
  let problem: string | undefined;
  // The host and the path compile apart: in a host a placeholder is one label (no dot), in a path one segment.
  for (const [part, placeholder] of [[hostEnd === -1 ? source : source.slice(0, hostEnd), '[^./]+'], [hostEnd === -1 ? '' : source.slice(hostEnd), '[^/]+']] as const) {
    body += part.replace(ESCAPE, '\\$&').replace('*', '(?<splat>.*)').replace(PLACEHOLDER, (_m, name: string) => {
      if (name === 'splat' || names.has(name)) problem = `"${source}" uses the placeholder :${name} twice`;
      names.add(name);
      return `(?<${name}>${placeholder})`;
    });
  }
  if (problem) return problem;
  // `s`: the splat's `.` also matches line terminators. Without it `/admin/*` skipped a path holding `%0A`, `%0D` or
  // `%E2%80%A8` (decoded, they end a "line"), so such a URL escaped the rule: no redirect, and no `_headers` (a
  // Content-Security-Policy or X-Frame-Options missing from the single-page application's fallback page).
  return { regex: new RegExp(`^${body}$`, 's'), withHost };
}

/**
 * The first path segment or host label of `source` with more than one placeholder or `*`, or null. With at most
 * one per segment, every placeholder is bounded by a "/" (or a "." in a host) it cannot match, so a pattern
 * matches in time linear in the URL; two in one segment (`/:a-:b`) can split it in many ways, and ten of them
 * take a backtracking regex minutes on a 60-character path, on the platform's main thread.
 */
function crowdedPart(source: string, withHost: boolean): string | null {
  const afterScheme = withHost ? source.slice(source.indexOf('//') + 2) : source;
  const slash = afterScheme.indexOf('/');
  const host = withHost ? (slash === -1 ? afterScheme : afterScheme.slice(0, slash)) : '';
  const path = withHost ? (slash === -1 ? '' : afterScheme.slice(slash)) : source;
  for (const part of [...host.split('.'), ...path.split('/')]) {
    const count = (part.match(PLACEHOLDER) ?? []).length + (part.split('*').length - 1);
    if (count > 1) return part;
  }
  return null;
}

/** The placeholders a pattern matches on `pathname` (and `host` for URL patterns), or null. */
export function matchPattern(pattern: PathPattern, host: string, pathname: string): Record<string, string> | null {
  const m = pattern.regex.exec(pattern.withHost ? `https://${host}${pathname}` : pathname) ?? (pattern.withHost ? pattern.regex.exec(`http://${host}${pathname}`) : null);
  return m ? { ...m.groups } : null;
}

/**
 * Replaces `:name` in `template` with the matched values (`:splat` included). The values come from the request's
 * decoded path, so each is percent-encoded where it holds what a header (or a Location) cannot carry: a path of
 * `/caf%C3%A9`, `/%E2%82%AC` or `/a%00b` filled in as it decodes made Node refuse the head, and the client got no
 * answer at all.
 */
export function fillPlaceholders(template: string, values: Record<string, string>): string {
  return template.replace(/:([A-Za-z]\w*)/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : percentEncode(value, NOT_PLACEHOLDER_SAFE);
  });
}

/**
 * A redirect's filled destination as a `Location`. A destination written as a path stays a path on this site: the
 * splat of `/blog/* /:splat` given `/blog/%2F%2Fevil.example` (or `/blog//evil.example`) filled in as `//evil.example`,
 * which a browser follows to another host, so the slashes after the first are percent-encoded (`/%2F%2Fevil.example`).
 * Every character a header cannot carry, and spaces, are percent-encoded too, so no `%0D%0A` in a path ever ends the header.
 */
export function toRedirectLocation(template: string, filled: string): string {
  // A space is header-safe but no part of a URL (a destination as written has none: spaces separate the fields).
  const location = toHeaderSafe(filled).replaceAll(' ', '%20');
  if (!template.startsWith('/') || template.startsWith('//')) return location;
  const extra = /^\/[/\\]+/.exec(location)?.[0] ?? '/';
  return `/${extra.slice(1).replace(/[/\\]/g, (c) => (c === '/' ? '%2F' : '%5C'))}${location.slice(extra.length)}`;
}

/** Controls, DEL and every character past ASCII: what a header value carries only percent-encoded. */
const NOT_HEADER_SAFE = /[^\x20-\x7e]/gu;
/** What a placeholder's value carries percent-encoded: the above, and `\` (a browser reads `/\host` in a Location as `//host`). */
const NOT_PLACEHOLDER_SAFE = /[^\x20-\x5b\x5d-\x7e]/gu;

/** `text` with every character a header cannot carry percent-encoded as UTF-8 (`é` → `%C3%A9`). */
export function toHeaderSafe(text: string): string {
  return percentEncode(text, NOT_HEADER_SAFE);
}

function percentEncode(text: string, unsafe: RegExp): string {
  return text.replace(unsafe, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      // A lone surrogate has no UTF-8 form.
      return '%EF%BF%BD';
    }
  });
}

/** Parses `_redirects`: `source destination [status]` per line, `#` comments. */
export function parseRedirects(text: string, file = '_redirects'): ParsedRules<RedirectRule> {
  const rules: RedirectRule[] = [];
  const warnings: string[] = [];
  let staticCount = 0;
  let dynamicCount = 0;
  const seen = new Set<string>();
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    const at = `${file}:${i + 1}`;
    if (line === '' || line.startsWith('#')) continue;
    if (line.length > ASSET_RULE_LIMITS.redirectLineChars) {
      warnings.push(`${at}: the line is longer than ${ASSET_RULE_LIMITS.redirectLineChars} characters; skipped`);
      continue;
    }
    const parts = line.split(/\s+/);
    if (parts.length < 2 || parts.length > 3) {
      warnings.push(`${at}: expected "source destination [status]"; skipped`);
      continue;
    }
    const [source, destination, code] = parts as [string, string, string | undefined];
    const status = code === undefined ? 302 : Number(code);
    if (!REDIRECT_STATUSES.has(status)) {
      warnings.push(`${at}: status ${code ?? ''} is not one of 200, 301, 302, 303, 307, 308; skipped`);
      continue;
    }
    if (seen.has(source)) {
      warnings.push(`${at}: "${source}" already has a rule above; skipped`);
      continue;
    }
    const pattern = compilePattern(source);
    if (typeof pattern === 'string' || pattern.withHost) {
      warnings.push(`${at}: ${typeof pattern === 'string' ? pattern : `"${source}": redirects match paths only`}; skipped`);
      continue;
    }
    if (status === 200 && !destination.startsWith('/')) {
      warnings.push(`${at}: a 200 rule serves another asset, so its destination must be a path; skipped`);
      continue;
    }
    seen.add(source);
    const dynamic = source.includes('*') || /:[A-Za-z]/.test(source);
    if (dynamic ? ++dynamicCount > ASSET_RULE_LIMITS.dynamicRedirects : ++staticCount > ASSET_RULE_LIMITS.staticRedirects) {
      throw new LedgeError('assets_invalid', `${at}: more than ${dynamic ? `${ASSET_RULE_LIMITS.dynamicRedirects} dynamic (with * or :placeholder)` : `${ASSET_RULE_LIMITS.staticRedirects} static`} redirects; the limit is ${dynamic ? ASSET_RULE_LIMITS.dynamicRedirects : ASSET_RULE_LIMITS.staticRedirects}`);
    }
    rules.push({ source: pattern, destination, status });
  }
  return { rules, warnings };
}

/** Parses `_headers`: a path pattern line, then indented `Name: value` or `! Name` lines. */
export function parseHeaders(text: string, file = '_headers'): ParsedRules<HeaderRule> {
  const rules: { source: PathPattern; set: [string, string][]; unset: string[] }[] = [];
  const warnings: string[] = [];
  let current: (typeof rules)[number] | undefined;
  let skipping = false;
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const at = `${file}:${i + 1}`;
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.length > ASSET_RULE_LIMITS.headerLineChars) {
      warnings.push(`${at}: the line is longer than ${ASSET_RULE_LIMITS.headerLineChars} characters; skipped`);
      continue;
    }
    const indented = /^\s/.test(raw);
    if (!indented) {
      const pattern = compilePattern(line);
      if (typeof pattern === 'string') {
        warnings.push(`${at}: ${pattern}; the rule is skipped`);
        current = undefined;
        skipping = true;
        continue;
      }
      if (rules.length >= ASSET_RULE_LIMITS.headerRules) throw new LedgeError('assets_invalid', `${at}: more than ${ASSET_RULE_LIMITS.headerRules} rules; the limit is ${ASSET_RULE_LIMITS.headerRules}`);
      current = { source: pattern, set: [], unset: [] };
      skipping = false;
      rules.push(current);
      continue;
    }
    if (!current) {
      if (!skipping) warnings.push(`${at}: a header line comes before any path; skipped`);
      continue;
    }
    if (line.startsWith('!')) {
      const name = line.slice(1).trim();
      if (!HEADER_NAME.test(name)) warnings.push(`${at}: "${name}" is not a header name; skipped`);
      else current.unset.push(name.toLowerCase());
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon === -1 ? '' : line.slice(0, colon).trim();
    if (!HEADER_NAME.test(name)) {
      warnings.push(`${at}: expected "Name: value"; skipped`);
      continue;
    }
    const value = line.slice(colon + 1).trim();
    // Node refuses a head with such a value, and the client would get no answer (latin-1 letters pass as bytes).
    if (/[^\t\x20-\x7e\x80-\xff]/.test(value)) {
      warnings.push(`${at}: the value of ${name} holds a control character or one past latin-1, which a header cannot carry; skipped`);
      continue;
    }
    current.set.push([name.toLowerCase(), value]);
  }
  return { rules, warnings };
}

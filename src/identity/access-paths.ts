/**
 * How the gateway reads a request path when it decides which access application guards it (SPEC,
 * Authentication 8). Servers and routers behind the gateway read paths differently: they decode once or
 * twice, per escape run or per segment, strictly or accepting overlong UTF-8; some split on decoded `%2f`
 * or on backslashes, drop `;` parameters, resolve dot segments or not. The gateway does not bet on one
 * reading: it computes every plausible one, and a path is guarded when ANY of them, or its raw form, falls
 * under a guarded prefix (when in doubt, guard). An escape that does not decode stays as it was written,
 * so it can never make the rest of the path unreadable (issue 11, item 1: `/%61dmin/users%`).
 */

/** A client that encodes a path more often than this is not one any origin decodes for. */
const MAX_DECODE_ROUNDS = 4;
/** A run of escapes: `%XX` bytes (decoded together, as UTF-8) and IIS-style `%uXXXX` code units. */
const ESCAPE_RUN = /(?:%[0-9a-f]{2}|%u[0-9a-f]{4})+/gi;
const ESCAPE = /%u([0-9a-f]{4})|%([0-9a-f]{2})/gi;
/** Characters some origins stop reading a segment at: `;` parameters (`/admin;x`), NUL and other controls. */
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const SEGMENT_CUT = /[;\u0000-\u001f\u007f].*$/s;
/** A path of unreserved and sub-delimiter characters other than `;` (no escapes, backslashes or controls). */
const PLAIN = /^\/[A-Za-z0-9\-._~!$&'()*+,=:@/]*$/;
/** `//`, a `.` or `..` segment, or a trailing slash: a plain path with one of these takes the long way. */
const DOT_OR_EMPTY_SEGMENT = /\/\/|\/\.\.?(?:\/|$)|.\/$/;
// eslint-disable-next-line no-control-regex
const NOT_ASCII = /[^\u0000-\u007f]/;

/**
 * The path an access application is configured with, in the form readings are compared with: decoded,
 * dot segments resolved, lowercase, no trailing slash.
 */
export function toGuardedPrefix(path: string): string {
  const readings = decodings(path);
  return comparable(readings[readings.length - 1] as string, true);
}

/**
 * Every reading of a request path an origin may act on, each in comparable form (lowercase, `/`-separated,
 * empty segments dropped): the path as received and after each round of decoding, each with dot segments
 * resolved and kept, and their Unicode compatibility forms.
 */
export function pathReadings(path: string): string[] {
  // Most paths have one reading: nothing to decode, split, cut or resolve.
  if (PLAIN.test(path) && !DOT_OR_EMPTY_SEGMENT.test(path)) return [path.toLowerCase()];
  const readings = new Set<string>();
  for (const form of decodings(path)) {
    readings.add(comparable(form, true));
    readings.add(comparable(form, false));
  }
  for (const reading of [...readings]) {
    // Fullwidth letters and slashes (`ａｄｍｉｎ`, `／`) become ASCII in origins that normalise Unicode.
    if (NOT_ASCII.test(reading)) {
      readings.add(comparable(reading.normalize('NFKC'), true));
      readings.add(comparable(reading.normalize('NFKC'), false));
    }
  }
  return [...readings];
}

/** True when a guarded prefix covers a reading: itself, anything below it, or an extension of it (`/admin.json`). */
export function covers(prefix: string, reading: string): boolean {
  return prefix === '/' || reading === prefix || reading.startsWith(`${prefix}/`) || reading.startsWith(`${prefix}.`);
}

/** The path as received, then after each round of decoding, until nothing changes. */
function decodings(path: string): string[] {
  const forms = [path];
  let current = path;
  for (let round = 0; round < MAX_DECODE_ROUNDS && current.includes('%'); round++) {
    const next = current.replace(ESCAPE_RUN, decodeRun);
    if (next === current) break;
    forms.push((current = next));
  }
  return forms;
}

/** One run of escapes: strict UTF-8 when it is valid, else byte by byte accepting overlong forms. */
function decodeRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return decodeLoosely(run);
  }
}

/**
 * Decodes what a lenient decoder would: `%uXXXX`, and UTF-8 sequences without the overlong check (`%c1%a1`
 * is `a`, `%c0%af` is `/`). A byte that starts no sequence stays as its escape.
 */
function decodeLoosely(run: string): string {
  const parts: (number | string)[] = [];
  for (const m of run.matchAll(ESCAPE)) parts.push(m[1] !== undefined ? String.fromCharCode(parseInt(m[1], 16)) : parseInt(m[2] as string, 16));
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as number | string;
    if (typeof part === 'string') { out += part; continue; }
    // Continuation bytes needed after this lead byte; -1 for a byte that leads no sequence.
    const extra = part < 0x80 ? 0 : part < 0xc0 ? -1 : part < 0xe0 ? 1 : part < 0xf0 ? 2 : part < 0xf8 ? 3 : -1;
    let cp = part & (extra === 3 ? 0x07 : extra === 2 ? 0x0f : extra === 1 ? 0x1f : 0x7f);
    let n = 0;
    while (n < extra && typeof parts[i + 1 + n] === 'number' && ((parts[i + 1 + n] as number) & 0xc0) === 0x80) cp = (cp << 6) | ((parts[i + 1 + n++] as number) & 0x3f);
    if (part < 0x80 || (extra > 0 && n === extra && cp <= 0x10ffff)) {
      out += String.fromCodePoint(cp);
      i += n;
    } else {
      out += `%${part.toString(16).padStart(2, '0')}`;
    }
  }
  return out;
}

/**
 * A reading in comparable form: backslashes are separators, each segment is cut at `;` or a control
 * character and loses trailing whitespace, empty and `.` segments go, `..` is resolved (or kept, for
 * origins that match a prefix before resolving), lowercase, no trailing slash.
 */
function comparable(form: string, resolveDots: boolean): string {
  const segments: string[] = [];
  for (const raw of form.split(/[/\\]/)) {
    const segment = raw.replace(SEGMENT_CUT, '').trimEnd();
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && resolveDots) segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

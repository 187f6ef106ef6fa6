import { isLedgeError } from '../platform/errors.js';
import { readBody } from '../http/body.js';
import type { DispatchRequest } from '../runtime/isolate.js';
import { ApiError } from './api-error.js';

/** Largest request body the API reads (a deployment's bundled modules, base64). */
export const API_BODY_LIMIT = 32 * 1024 * 1024;
/** Deepest nesting of objects and arrays a request body may have (docs/api.md, Request bodies). */
export const API_JSON_DEPTH = 64;

/** A lone surrogate: with the `u` flag a well-formed pair reads as one code point, so only unpaired halves match. */
const LONE_SURROGATE = /\p{Cs}/u;
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a JSON body: 415 unless it says JSON, 413 past the limit, 400 when it is not UTF-8, does not parse,
 * nests deeper than API_JSON_DEPTH, repeats a key in one object, has a key `__proto__` or holds a string that
 * is not valid Unicode.
 * Every route reads its body here, so no name, key or hostname is ever stored silently altered.
 */
export async function readJson(request: DispatchRequest): Promise<unknown> {
  let type = '';
  for (let i = 0; i < request.headers.length; i += 2) if ((request.headers[i] as string).toLowerCase() === 'content-type') type = request.headers[i + 1] as string;
  if (!request.body) throw new ApiError('invalid_field', 'this request needs a JSON body', { pointer: '/body' });
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim())) throw new ApiError('unsupported_media_type', `expected content-type application/json, got ${type === '' ? 'none' : `"${type.slice(0, 100)}"`}`);
  let bytes: Buffer;
  try {
    bytes = await readBody(request.body, API_BODY_LIMIT);
  } catch (err) {
    if (isLedgeError(err) && err.code === 'request_too_large') throw new ApiError('body_too_large', `the request body is larger than ${API_BODY_LIMIT} bytes`);
    throw err;
  }
  return parseJsonBody(bytes);
}

/** Parses a request body as strict JSON (see readJson); errors name the field at fault with a JSON pointer. */
export function parseJsonBody(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    // Replacing the bad bytes with U+FFFD would store a name other than the one sent.
    throw new ApiError('invalid_json', 'the body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ApiError('invalid_json', `the body is not valid JSON: ${(err as Error).message}`);
  }
  // V8 parses any depth, but code that walks the value (validation, copies, JSON.stringify) recurses.
  checkStructure(text, API_JSON_DEPTH);
  return value;
}

/**
 * The query of a URL as a plain object (a repeated parameter: the last one), refused with 400 when a
 * parameter is not UTF-8 once percent-decoded (URLSearchParams would replace the bytes with U+FFFD).
 */
export function queryOf(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const part of url.search.slice(1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const [rawName, rawValue] = eq === -1 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    const name = decodeQueryComponent(rawName, '/query');
    const value = decodeQueryComponent(rawValue, `/query/${pointerToken(name)}`);
    query[name] = value;
  }
  return query;
}

function decodeQueryComponent(raw: string, pointer: string): string {
  try {
    // As URLSearchParams reads it (`+` is a space, a `%` without two hex digits stays), but strict about UTF-8.
    return decodeURIComponent(raw.replace(/\+/g, ' ').replace(/%(?![0-9a-f]{2})/gi, '%25'));
  } catch {
    throw new ApiError('invalid_field', `${pointer.slice(1)}: not valid UTF-8 once percent-decoded`, { pointer });
  }
}

/** One open object or array during the scan: the keys seen and the member being read. */
interface Frame {
  keys: Set<string> | null;
  member: string | number;
}

/**
 * One pass over a body that JSON.parse accepted: refuses nesting past `limit`, a key given twice in one
 * object (JSON.parse would keep the last silently), and a key or string holding a lone surrogate
 * (`"\ud800"`: strict UTF-8 text cannot hold one raw, only as an escape). Tokens are decoded by JSON.parse;
 * this only walks the structure, in a loop, so neither depth nor a 32 MiB string costs a deep stack or a copy.
 */
function checkStructure(text: string, limit: number): void {
  const frames: Frame[] = [];
  const pointer = (path: (string | number)[]) => `/body${path.map((p) => `/${pointerToken(String(p))}`).join('')}`;
  const members = () => frames.map((f) => f.member);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      i = closingQuote(text, i);
      const raw = text.slice(start + 1, i);
      // Strict UTF-8 cannot carry a lone surrogate: only an escape can, so a string without one needs no decoding.
      const escaped = raw.includes('\\');
      const decoded = escaped ? JSON.parse(text.slice(start, i + 1)) as string : raw;
      const lone = escaped && LONE_SURROGATE.test(decoded);
      let next = i + 1;
      while (next < text.length && ' \t\n\r'.includes(text.charAt(next))) next++;
      const top = frames.at(-1);
      if (text.charCodeAt(next) === 0x3a && top?.keys) {
        const at = pointer([...members().slice(0, -1), escapeLone(decoded)]);
        if (lone) throw fieldProblem(at, 'the key is not valid Unicode (it holds a lone surrogate)');
        if (top.keys.has(decoded)) throw fieldProblem(at, `the key "${decoded.length > 100 ? `${decoded.slice(0, 100)}...` : decoded}" appears twice in one object`);
        // Validation copies objects key by key, and `__proto__` assigned so sets the copy's prototype instead of a key:
        // a var, metadata field or option of that name would vanish without a word.
        if (decoded === '__proto__') throw fieldProblem(at, 'the key "__proto__" is not accepted: it names an object\'s prototype in JavaScript, so it could not be stored as sent');
        top.keys.add(decoded);
        top.member = decoded;
      } else if (lone) {
        throw fieldProblem(pointer(members()), 'the text is not valid Unicode (it holds a lone surrogate)');
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (frames.length >= limit) throw new ApiError('invalid_json', `the body nests objects and arrays more than ${limit} levels deep (at character ${i})`);
      frames.push({ keys: c === 0x7b ? new Set() : null, member: c === 0x7b ? '' : 0 });
    } else if (c === 0x7d || c === 0x5d) {
      frames.pop();
    } else if (c === 0x2c) {
      const top = frames.at(-1);
      if (top && !top.keys) top.member = (top.member as number) + 1;
    }
  }
}

/** The index of the quote closing the string that opens at `open` (a quote after an odd run of backslashes is escaped). */
function closingQuote(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
}

function fieldProblem(pointer: string, message: string): ApiError {
  return new ApiError('invalid_field', `${pointer.slice(1)}: ${message}`, { pointer });
}

/** Lone surrogates written as `\uXXXX`, so an error message never carries one. */
function escapeLone(text: string): string {
  return text.replace(/\p{Cs}/gu, (s) => `\\u${s.charCodeAt(0).toString(16)}`);
}

/** A JSON pointer reference token (RFC 6901). */
function pointerToken(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

import { connectionOptions, headerPairs, isHopByHop } from './hop-by-hop.js';

/** What the platform sends for a response head, and how the body must be framed. */
export interface ResponseHead {
  /** The headers to write, flat: hop-by-hop ones dropped, names lowercase, content-length the platform's. */
  headers: string[];
  /** Whether a body follows the head (not for HEAD, 1xx, 204 or 304). */
  hasBody: boolean;
  /** The exact number of body bytes the head announces, or null when Node frames the body (chunked). */
  length: number | null;
  /** The connection closes after this response (an interim status, or a complete body that does not match its declared length). */
  close: boolean;
  /** What was wrong with the framing headers the application or connector gave, for the log. */
  problem: string | null;
}

/**
 * The head of a response as the platform frames it (RFC 9112 6). The platform owns framing: it drops every
 * hop-by-hop header (any case, and those the Connection header names), so `transfer-encoding` from an
 * application or a connector never reaches the client, and keeps `content-length` only when it is one
 * valid number. The body is then held to that number by the writer: a longer one is cut, a shorter one
 * closes the connection, so a body can never run into the next response of a keep-alive connection.
 *
 * `completeSize` is the byte length of a body that is already complete (a string or bytes), null for a stream.
 */
export function toResponseHead(status: number, flat: readonly string[], method: string, completeSize: number | null): ResponseHead {
  let named: ReadonlySet<string> = EMPTY;
  for (let i = 0; i < flat.length; i += 2) {
    const name = flat[i] as string;
    if (name.length === 10 && name.toLowerCase() === 'connection') {
      named = connectionOptions(headerPairs(flat));
      break;
    }
  }
  const headers: string[] = [];
  const declared: string[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const name = (flat[i] as string).toLowerCase();
    if (isHopByHop(name, named)) continue;
    if (name === 'content-length') declared.push(flat[i + 1] as string);
    else headers.push(name, flat[i + 1] as string);
  }
  let length = declared.length ? parseContentLength(declared) : null;
  const problem = declared.length && length === null ? `an invalid content-length (${JSON.stringify(declared.join(', ').slice(0, 60))}) was dropped` : null;
  // RFC 9110 8.6 and 15.2: no content-length on 1xx and 204; a HEAD or 304 may announce the size of the representation.
  const interim = status < 200;
  if (interim || status === 204) return { headers, hasBody: false, length: null, close: interim, problem };
  if (method === 'HEAD' || status === 304) {
    if (length !== null) headers.push('content-length', String(length));
    return { headers, hasBody: false, length: null, close: false, problem };
  }
  if (completeSize !== null && length === null) length = completeSize;
  if (length !== null) headers.push('content-length', String(length));
  return { headers, hasBody: true, length, close: completeSize !== null && completeSize !== length, problem };
}

const EMPTY: ReadonlySet<string> = new Set();

/** One content-length, or several lines or list members that all say the same number (RFC 9110 8.6); null otherwise. */
function parseContentLength(values: readonly string[]): number | null {
  let length: number | null = null;
  for (const value of values) {
    for (const member of value.split(',')) {
      const text = member.trim();
      // At most 15 digits: every such number is exact as a JavaScript number.
      if (!/^\d{1,15}$/.test(text)) return null;
      const n = Number(text);
      if (length !== null && n !== length) return null;
      length = n;
    }
  }
  return length;
}

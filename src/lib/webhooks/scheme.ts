// How a webhook signature is carried and what it covers: shared by the verifier and `signWebhook`, so the two
// can never disagree about the bytes under the HMAC.
import { WebhookError } from './errors.js';

/** A part of the signed content, in the order given, joined by "." (the body as its raw bytes). */
export type SignedPart = 'timestamp' | 'method' | 'path' | 'body';

/** Where the signature travels and what it covers. */
export interface WebhookScheme {
  /** `timestamped`: one header `t=<unix seconds>,v1=<signature>` (v1 may repeat); `plain`: the header holds the signature alone. */
  format: 'timestamped' | 'plain';
  /** The header with the signature. @default "webhook-signature" */
  header?: string;
  /** `plain` only: the text before the signature, e.g. `"sha256="`. @default "" */
  prefix?: string;
  /** How the signature is written. @default "hex" */
  encoding?: 'hex' | 'base64';
  /** `plain` only: the header with the unix time in seconds; without it the delivery carries no time. */
  timestampHeader?: string;
  /**
   * What the HMAC covers, in order, joined by ".". `path` is the request's path as sent (no query), so a
   * signature made for one entry is refused on another even under the same secret.
   * @default ["timestamp", "path", "body"] (["body"] for a plain scheme without timestampHeader)
   */
  signed?: readonly SignedPart[];
}

/** A scheme with every default filled in. */
export interface ResolvedScheme {
  readonly format: 'timestamped' | 'plain';
  readonly header: string;
  readonly prefix: string;
  readonly encoding: 'hex' | 'base64';
  readonly timestampHeader: string | undefined;
  readonly signed: readonly SignedPart[];
}

/**
 * The named schemes: `timestamped` is the common `t=...,v1=...` form; `plain` a bare `sha256=<hex>` header
 * with the time in its own header. Both sign the time, the entry's path and the body.
 */
export const WEBHOOK_SCHEMES: Readonly<Record<'timestamped' | 'plain', WebhookScheme>> = Object.freeze({
  timestamped: Object.freeze({ format: 'timestamped', header: 'webhook-signature', signed: Object.freeze(['timestamp', 'path', 'body'] as const) }),
  plain: Object.freeze({ format: 'plain', header: 'webhook-signature', prefix: 'sha256=', timestampHeader: 'webhook-timestamp', signed: Object.freeze(['timestamp', 'path', 'body'] as const) }),
});

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PARTS: ReadonlySet<string> = new Set(['timestamp', 'method', 'path', 'body']);

/** Fills in a scheme's defaults and refuses one that cannot work (`webhook_config`). */
export function resolveScheme(scheme: 'timestamped' | 'plain' | WebhookScheme | undefined): ResolvedScheme {
  const given = typeof scheme === 'string' || scheme === undefined ? WEBHOOK_SCHEMES[scheme ?? 'timestamped'] : scheme;
  if (given === undefined || typeof given !== 'object') throw config(`scheme must be "timestamped", "plain" or a scheme object, got ${String(scheme)}`);
  if (given.format !== 'timestamped' && given.format !== 'plain') throw config(`scheme.format must be "timestamped" or "plain", got ${String(given.format)}`);
  const header = (given.header ?? 'webhook-signature').toLowerCase();
  const timestampHeader = given.format === 'plain' ? given.timestampHeader?.toLowerCase() : undefined;
  for (const name of [header, timestampHeader]) if (name !== undefined && !TOKEN.test(name)) throw config(`"${name}" is not a header name`);
  const encoding = given.encoding ?? 'hex';
  if (encoding !== 'hex' && encoding !== 'base64') throw config(`scheme.encoding must be "hex" or "base64", got ${String(encoding)}`);
  const hasTime = given.format === 'timestamped' || timestampHeader !== undefined;
  const signed = given.signed ?? (hasTime ? ['timestamp', 'path', 'body'] : ['body']);
  if (!Array.isArray(signed) || signed.some((part) => !PARTS.has(part)) || new Set(signed).size !== signed.length) {
    throw config('scheme.signed must list distinct parts among "timestamp", "method", "path" and "body"');
  }
  if (!signed.includes('body')) throw config('scheme.signed must include "body": a signature that does not cover the body proves nothing about it');
  if (signed.includes('timestamp') && !hasTime) throw config('scheme.signed includes "timestamp", but a plain scheme without timestampHeader carries no time');
  return Object.freeze({ format: given.format, header, prefix: given.prefix ?? '', encoding, timestampHeader, signed: Object.freeze([...signed]) });
}

const encoder = new TextEncoder();
const DOT = encoder.encode('.');

/** The bytes under the HMAC: the scheme's parts in order, joined by ".". */
export function signedContent(scheme: ResolvedScheme, parts: { timestamp: string | null; method: string; path: string; body: Uint8Array }): Uint8Array {
  const pieces = scheme.signed.map((part) => (part === 'body' ? parts.body : encoder.encode(part === 'timestamp' ? parts.timestamp ?? '' : part === 'method' ? parts.method.toUpperCase() : parts.path)));
  const size = pieces.reduce((n, piece) => n + piece.byteLength, 0) + DOT.byteLength * (pieces.length - 1);
  const out = new Uint8Array(size);
  let at = 0;
  pieces.forEach((piece, i) => {
    if (i > 0) { out.set(DOT, at); at += DOT.byteLength; }
    out.set(piece, at);
    at += piece.byteLength;
  });
  return out;
}

/** Imports a secret as an HMAC-SHA256 key for WebCrypto (runs in an isolate and in Node alike). */
export async function importSecret(secret: string | Uint8Array): Promise<CryptoKey> {
  const bytes = typeof secret === 'string' ? encoder.encode(secret) : secret;
  // Verification computes the MAC too (its bytes key the replay store), so the key only ever signs.
  return crypto.subtle.importKey('raw', bytes as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** HMAC-SHA256 of `content` under `key`. */
export async function hmac(key: CryptoKey, content: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, content as Uint8Array<ArrayBuffer>));
}

/** The smallest secret accepted: 16 bytes (an HMAC key shorter than that is guessable). */
export const MIN_SECRET_BYTES = 16;

/** Checks one secret's type and length; the message never shows it. */
export function checkSecret(secret: unknown, where: string): string | Uint8Array {
  if (typeof secret === 'string' ? encoder.encode(secret).byteLength < MIN_SECRET_BYTES : !(secret instanceof Uint8Array) || secret.byteLength < MIN_SECRET_BYTES) {
    throw config(`${where} must be a string or bytes of at least ${MIN_SECRET_BYTES} bytes`);
  }
  return secret as string | Uint8Array;
}

/** Hex of bytes, lowercase. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** Writes a signature in the scheme's encoding. */
export function encodeSignature(scheme: ResolvedScheme, mac: Uint8Array): string {
  return scheme.encoding === 'hex' ? toHex(mac) : btoa(String.fromCharCode(...mac));
}

/** Reads a signature in the scheme's encoding: 32 bytes, or null when it is not one. */
export function decodeSignature(scheme: ResolvedScheme, text: string): Uint8Array | null {
  if (scheme.encoding === 'hex') {
    if (!/^[0-9a-fA-F]{64}$/.test(text)) return null;
    return Uint8Array.from(text.match(/../g) as string[], (pair) => parseInt(pair, 16));
  }
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(text)) return null;
  const binary = atob(text.endsWith('=') ? text : `${text}=`);
  return binary.length === 32 ? Uint8Array.from(binary, (c) => c.charCodeAt(0)) : null;
}

function config(message: string): WebhookError {
  return new WebhookError('webhook_config', message);
}

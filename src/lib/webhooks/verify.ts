// The application-side check of a public webhook entry (SPEC: Authentication 8: "A public webhook entry
// performs signature, freshness and replay checks on that exact entry only"). Web-standard APIs only
// (WebCrypto HMAC-SHA256), so it runs inside an isolate as well as in Node.
import { SYSTEM_CLOCK, type Clock } from '../../platform/clock.js';
import { WebhookError, isWebhookError } from './errors.js';
import {
  checkSecret, decodeSignature, hmac, importSecret, resolveScheme, signedContent, toHex,
  type ResolvedScheme, type WebhookScheme,
} from './scheme.js';

/** The part of a key-value binding the replay store uses (`env.WEBHOOK_SEEN`, a `kv_namespaces` entry). */
export interface ReplayStore {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options: { expirationTtl: number }): Promise<void>;
}

/** What a delivery is checked against. */
export interface WebhookVerifyOptions {
  /** The entry's secret (text or bytes, at least 16 bytes). Give `secrets` instead while rotating. */
  secret?: string | Uint8Array;
  /** One or two secrets accepted at once, during a rotation: the new one and the one it replaces. */
  secrets?: readonly (string | Uint8Array)[];
  /** How the signature travels and what it covers. @default "timestamped" */
  scheme?: 'timestamped' | 'plain' | WebhookScheme;
  /** How far the signed time may be from now, either way; `null` only for a scheme that signs no time. @default 300 */
  toleranceSeconds?: number | null;
  /** Where accepted signatures are kept, so a replayed delivery is refused: a key-value binding, or `null` to go without (then a copy sent again within the window is accepted). Required. */
  replay: ReplayStore | null;
  /** Prefix of the replay store's keys, so several entries can share one namespace. @default "webhook:" */
  replayPrefix?: string;
  /** How long an accepted signature is remembered. @default twice the tolerance plus a minute; 7 days without one */
  replayTtlSeconds?: number;
  /** Largest body read. @default 1048576 (1 MiB) */
  maxBodyBytes?: number;
  /** The time source, faked by tests. @default the system clock */
  clock?: Clock;
}

/** A delivery that passed: its body, read once by the verifier, and what it was signed with. */
export interface VerifiedWebhook {
  /** The body exactly as signed. */
  readonly body: Uint8Array;
  /** The body as UTF-8 text. */
  text(): string;
  /** The body parsed as JSON (throws a SyntaxError for a body that is not JSON, after the signature was checked). */
  json<T = unknown>(): T;
  /** The signed unix time in seconds, or null for a scheme that signs none. */
  readonly timestamp: number | null;
  /** Which secret matched: 0 for the first of `secrets`, 1 for the second (the one being retired). */
  readonly secretIndex: number;
}

const DEFAULT_TOLERANCE_SECONDS = 300;
const MAX_TOLERANCE_SECONDS = 24 * 3600;
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** A signature header longer than this is refused unread. */
const MAX_HEADER_CHARS = 4096;
/** At most this many `v1=` values in one header (a sender rolling its own secrets sends two). */
const MAX_SIGNATURES = 8;
/** The key-value store's shortest expiry. */
const MIN_REPLAY_TTL_SECONDS = 60;

interface Settings {
  scheme: ResolvedScheme;
  keys: Promise<CryptoKey[]>;
  toleranceMs: number | null;
  replay: ReplayStore | null;
  replayPrefix: string;
  replayTtlSeconds: number;
  maxBodyBytes: number;
  clock: Clock;
}

/** Verifies one delivery against `options`: the verified delivery, or a rejection with a `WebhookError`. */
export async function verifyWebhook(request: Request, options: WebhookVerifyOptions): Promise<VerifiedWebhook> {
  return createWebhookVerifier(options)(request);
}

/**
 * Resolves the options once (the secrets are imported once) and returns `verify(request)`. The checks run
 * cheapest first and the body is read only after the headers pass: signature header present and well formed,
 * signed time inside the window, body within its limit, HMAC under one of the secrets (compared in constant
 * time), then the replay store. The application reads the body only from the result.
 */
export function createWebhookVerifier(options: WebhookVerifyOptions): (request: Request) => Promise<VerifiedWebhook> {
  const settings = resolveOptions(options);
  return async function verifyDelivery(request: Request): Promise<VerifiedWebhook> {
    const { scheme } = settings;
    const { timestamp, signatures } = readHeaders(request.headers, scheme);
    checkFreshness(timestamp, settings);
    const body = await readBody(request, settings.maxBodyBytes);
    const content = signedContent(scheme, { timestamp, method: request.method, path: new URL(request.url).pathname, body });
    const keys = await settings.keys;
    let matched: { mac: Uint8Array; index: number } | undefined;
    for (const [index, key] of keys.entries()) {
      const mac = await hmac(key, content);
      // Every candidate is compared in full, whichever matches: the time taken does not depend on where they differ.
      for (const candidate of signatures) if (constantTimeEqual(mac, candidate) && matched === undefined) matched = { mac, index };
    }
    if (!matched) throw new WebhookError('webhook_invalid', `no signature in ${scheme.header} matches this body${scheme.signed.includes('path') ? ', this entry\'s path' : ''}${timestamp === null ? '' : ' and its time'} under the configured secret${keys.length > 1 ? 's' : ''}`);
    await remember(matched.mac, settings);
    const text = () => new TextDecoder().decode(body);
    return Object.freeze({
      body,
      text,
      json: <T>() => JSON.parse(text()) as T,
      timestamp: timestamp === null ? null : Number(timestamp),
      secretIndex: matched.index,
    });
  };
}

function resolveOptions(options: WebhookVerifyOptions): Settings {
  if (options === null || typeof options !== 'object') throw config('options must be an object');
  const scheme = resolveScheme(options.scheme);
  const given = options.secrets ?? (options.secret === undefined ? [] : [options.secret]);
  if (options.secret !== undefined && options.secrets !== undefined) throw config('give secret or secrets, not both');
  if (!Array.isArray(given) || given.length < 1 || given.length > 2) throw config('give one secret, or two secrets while rotating (the new one first)');
  const secrets = given.map((secret, i) => checkSecret(secret, options.secrets ? `secrets[${i}]` : 'secret'));
  const tolerance = options.toleranceSeconds === undefined ? (scheme.signed.includes('timestamp') ? DEFAULT_TOLERANCE_SECONDS : null) : options.toleranceSeconds;
  if (tolerance !== null && (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 1 || tolerance > MAX_TOLERANCE_SECONDS)) {
    throw config(`toleranceSeconds must be a number from 1 to ${MAX_TOLERANCE_SECONDS}, or null`);
  }
  if (tolerance !== null && !scheme.signed.includes('timestamp')) throw config('toleranceSeconds needs a scheme that signs the time; set it to null for one that does not');
  if (tolerance === null && scheme.signed.includes('timestamp')) throw config('toleranceSeconds is null, but the scheme signs a time: give the window it may be checked against');
  if (!('replay' in options) || options.replay === undefined) throw config('replay is required: a key-value binding (e.g. env.WEBHOOK_SEEN) to refuse replayed deliveries, or null to go without');
  const replay = options.replay;
  if (replay !== null && (typeof replay.get !== 'function' || typeof replay.put !== 'function')) throw config('replay must be a key-value binding with get() and put()');
  const ttl = options.replayTtlSeconds ?? (tolerance === null ? 7 * 86_400 : 2 * tolerance + 60);
  if (!Number.isInteger(ttl) || ttl < MIN_REPLAY_TTL_SECONDS) throw config(`replayTtlSeconds must be a whole number of seconds, at least ${MIN_REPLAY_TTL_SECONDS}`);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1) throw config('maxBodyBytes must be a whole number of bytes, at least 1');
  const keys = Promise.all(secrets.map((secret) => importSecret(secret)));
  keys.catch(() => undefined);
  return {
    scheme, keys, toleranceMs: tolerance === null ? null : tolerance * 1000, replay,
    replayPrefix: options.replayPrefix ?? 'webhook:', replayTtlSeconds: ttl, maxBodyBytes, clock: options.clock ?? SYSTEM_CLOCK,
  };
}

/** The signed time (as sent) and the candidate signatures, from the scheme's headers. */
function readHeaders(headers: Headers, scheme: ResolvedScheme): { timestamp: string | null; signatures: Uint8Array[] } {
  const value = headers.get(scheme.header);
  if (value === null || value.trim() === '') throw new WebhookError('webhook_missing', `no ${scheme.header} header`);
  if (value.length > MAX_HEADER_CHARS) throw new WebhookError('webhook_malformed', `${scheme.header} is longer than ${MAX_HEADER_CHARS} characters`);
  if (scheme.format === 'plain') {
    let timestamp: string | null = null;
    if (scheme.timestampHeader !== undefined) {
      timestamp = headers.get(scheme.timestampHeader)?.trim() ?? null;
      if (!timestamp) throw new WebhookError('webhook_missing', `no ${scheme.timestampHeader} header`);
    }
    const text = value.trim();
    if (!text.startsWith(scheme.prefix)) throw new WebhookError('webhook_malformed', `${scheme.header} does not start with "${scheme.prefix}"`);
    return { timestamp, signatures: [decode(scheme, text.slice(scheme.prefix.length))] };
  }
  let timestamp: string | null = null;
  const signatures: Uint8Array[] = [];
  for (const item of value.split(',')) {
    const eq = item.indexOf('=');
    const name = item.slice(0, eq).trim();
    const part = item.slice(eq + 1).trim();
    if (eq === -1) throw new WebhookError('webhook_malformed', `${scheme.header} is not of the form t=<unix seconds>,v1=<signature>`);
    if (name === 't') {
      if (timestamp !== null) throw new WebhookError('webhook_malformed', `${scheme.header} names t twice`);
      timestamp = part;
    } else if (name === 'v1') {
      if (signatures.length === MAX_SIGNATURES) throw new WebhookError('webhook_malformed', `${scheme.header} carries more than ${MAX_SIGNATURES} signatures`);
      signatures.push(decode(scheme, part));
    }
    // Other names (v0, a future scheme) are not signatures of this scheme: ignored, as senders expect.
  }
  if (timestamp === null) throw new WebhookError('webhook_malformed', `${scheme.header} has no t=<unix seconds>`);
  if (signatures.length === 0) throw new WebhookError('webhook_malformed', `${scheme.header} has no v1=<signature>`);
  return { timestamp, signatures };
}

function decode(scheme: ResolvedScheme, text: string): Uint8Array {
  const bytes = decodeSignature(scheme, text);
  if (!bytes) throw new WebhookError('webhook_malformed', `a signature in ${scheme.header} is not an HMAC-SHA256 in ${scheme.encoding}`);
  return bytes;
}

/** The signed time must be a whole number of seconds within the window of now, either way. */
function checkFreshness(timestamp: string | null, settings: Settings): void {
  if (settings.toleranceMs === null) return;
  if (timestamp === null || !/^\d{1,12}$/.test(timestamp)) throw new WebhookError('webhook_malformed', 'the signed time is not a unix time in seconds');
  const skew = Number(timestamp) * 1000 - settings.clock.now();
  if (Math.abs(skew) > settings.toleranceMs) {
    throw new WebhookError('webhook_stale', `the signed time is ${Math.round(Math.abs(skew) / 1000)} s ${skew < 0 ? 'old' : 'in the future'}, outside the ${settings.toleranceMs / 1000} s window`);
  }
}

/** Reads the whole body, refusing it past `max` bytes (by its declared length first, then as it arrives). */
async function readBody(request: Request, max: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > max) throw new WebhookError('webhook_too_large', `the body is larger than ${max} bytes`);
  if (request.body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new WebhookError('webhook_too_large', `the body is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) { body.set(chunk, at); at += chunk.byteLength; }
  return body;
}

/** Refuses a signature the store has seen, then records it; a store that fails refuses the delivery. */
async function remember(mac: Uint8Array, settings: Settings): Promise<void> {
  if (settings.replay === null) return;
  // The key is the MAC the verifier computed, not the text sent: re-encoding a signature (case, base64 padding) changes nothing.
  const key = `${settings.replayPrefix}${toHex(mac)}`;
  let seen: string | null;
  try {
    seen = await settings.replay.get(key);
  } catch (err) {
    throw storeFailed(err);
  }
  if (seen !== null) throw new WebhookError('webhook_replayed', 'this delivery was already accepted (same signature within the replay window)');
  try {
    await settings.replay.put(key, String(settings.clock.now()), { expirationTtl: settings.replayTtlSeconds });
  } catch (err) {
    throw storeFailed(err);
  }
}

function storeFailed(err: unknown): WebhookError {
  if (isWebhookError(err)) return err as WebhookError;
  return new WebhookError('webhook_store_unavailable', `the replay store failed: ${(err as Error)?.message ?? String(err)}`);
}

/** True when both are the same bytes; the time depends only on the length, never on where they differ. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let diff = 0;
  for (let i = 0; i < a.byteLength; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

function config(message: string): WebhookError {
  return new WebhookError('webhook_config', message);
}

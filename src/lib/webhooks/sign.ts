// The sender's side of a scheme: the headers a delivery carries. For applications that send webhooks to
// another Ledge entry, and for testing an entry (docs/webhooks.md).
import { SYSTEM_CLOCK, type Clock } from '../../platform/clock.js';
import { checkSecret, encodeSignature, hmac, importSecret, resolveScheme, signedContent, type WebhookScheme } from './scheme.js';

/** One delivery to sign. */
export interface WebhookSignInput {
  /** The secret the receiving entry verifies with (at least 16 bytes). */
  secret: string | Uint8Array;
  /** The body exactly as it will be sent. */
  body: string | Uint8Array;
  /** The receiving entry's path, e.g. `/hooks/payments` (signed by the default schemes). */
  path: string;
  /** The request method (signed only by a scheme that lists `method`). @default "POST" */
  method?: string;
  /** @default "timestamped" */
  scheme?: 'timestamped' | 'plain' | WebhookScheme;
  /** The unix time in seconds to sign. @default now */
  timestamp?: number;
  /** @default the system clock */
  clock?: Clock;
}

/** The headers that carry the signature of one delivery, by lowercase name. */
export async function signWebhook(input: WebhookSignInput): Promise<Record<string, string>> {
  const scheme = resolveScheme(input.scheme);
  const key = await importSecret(checkSecret(input.secret, 'secret'));
  const body = typeof input.body === 'string' ? new TextEncoder().encode(input.body) : input.body;
  const hasTime = scheme.format === 'timestamped' || scheme.timestampHeader !== undefined;
  const timestamp = hasTime ? String(input.timestamp ?? Math.floor((input.clock ?? SYSTEM_CLOCK).now() / 1000)) : null;
  const signature = encodeSignature(scheme, await hmac(key, signedContent(scheme, { timestamp, method: input.method ?? 'POST', path: input.path, body })));
  if (scheme.format === 'timestamped') return { [scheme.header]: `t=${timestamp},v1=${signature}` };
  const headers: Record<string, string> = { [scheme.header]: `${scheme.prefix}${signature}` };
  if (scheme.timestampHeader !== undefined && timestamp !== null) headers[scheme.timestampHeader] = timestamp;
  return headers;
}

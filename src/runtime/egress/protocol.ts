/**
 * Outbound fetch of application code, carried to the host (SPEC: What the service does 4; docs/runtime.md,
 * "Outbound fetch"). The isolate sends the request, the host makes it under the egress policy and streams the
 * response back with credit, like a response to the client. Both sides import this union.
 */
import type { FlatHeaders } from '../protocol.js';

/** Isolate to host. */
export type EgressRequestMessage =
  | { t: 'fetch'; id: number; method: string; url: string; headers: FlatHeaders; body: Uint8Array | null; redirect: 'follow' | 'manual' | 'error' }
  /** The application aborted the request, or cancelled its response body. */
  | { t: 'cancel'; id: number }
  /** The isolate has read everything sent so far of this response body. */
  | { t: 'credit'; id: number };

/** Host to isolate. */
export type EgressReplyMessage =
  | { t: 'head'; id: number; status: number; statusText: string; headers: FlatHeaders; url: string; redirected: boolean; hasBody: boolean }
  | { t: 'chunk'; id: number; chunk: Uint8Array }
  | { t: 'end'; id: number }
  | { t: 'error'; id: number; name: 'TypeError' | 'Error'; message: string };

/** Largest request body the isolate sends with an outbound fetch (it is read whole before it is sent). */
export const EGRESS_BODY_LIMIT = 100 * 1024 * 1024;

/** Response bytes the host sends ahead of the isolate's reading before it waits for credit. */
export const EGRESS_WINDOW_BYTES = 1 << 20;

/** Checks the shape of a message that claims to come from an isolate: it is untrusted input. */
export function toEgressRequest(value: unknown): EgressRequestMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  if (typeof m.id !== 'number' || !Number.isSafeInteger(m.id)) return null;
  if (m.t === 'cancel' || m.t === 'credit') return { t: m.t, id: m.id };
  if (m.t !== 'fetch') return null;
  if (typeof m.method !== 'string' || typeof m.url !== 'string' || m.url.length > 16_384) return null;
  if (!Array.isArray(m.headers) || m.headers.length % 2 !== 0 || m.headers.length > 2_000 || !m.headers.every((h) => typeof h === 'string')) return null;
  if (m.body !== null && !(m.body instanceof Uint8Array)) return null;
  if (m.redirect !== 'follow' && m.redirect !== 'manual' && m.redirect !== 'error') return null;
  return { t: 'fetch', id: m.id, method: m.method, url: m.url, headers: m.headers as string[], body: m.body as Uint8Array | null, redirect: m.redirect };
}

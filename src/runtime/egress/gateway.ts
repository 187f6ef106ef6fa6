import { Blob } from 'node:buffer';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { fetch as undiciFetch } from 'undici';
import { pinnedAgent } from '../../http/pinned-agent.js';
import type { Logger } from '../../platform/logger.js';
import type { FlatHeaders } from '../protocol.js';
import type { EgressPolicy } from './policy.js';
import { EGRESS_WINDOW_BYTES, toEgressRequest, type EgressReplyMessage, type EgressRequestMessage } from './protocol.js';

/** One isolate's outbound fetch, made by the host. */
export interface EgressSession {
  /** A message from the isolate (untrusted: checked before use). */
  receive(message: unknown): void;
  /** The isolate starts `events` more events: each may make `subrequestLimit` outbound requests. */
  grant(events: number): void;
  /** The isolate stopped: its requests in flight are aborted. */
  close(): void;
  /**
   * Resolves `hostname` and checks every address under the policy, for a connection the host opens itself
   * (an outbound WebSocket): the address to connect to, or a TypeError naming the policy (logged).
   */
  checkConnection(hostname: string, port: number): Promise<string>;
}

/** Opens egress sessions for isolates; all share one connection pool and one policy. */
export interface EgressSessions {
  open(options: { name: string; subrequestLimit: number; send: (message: EgressReplyMessage) => void }): EgressSession;
  /**
   * A request the platform makes itself at an address an account chose (an identity provider's discovery, keys,
   * token and userinfo endpoints): the same policy, resolver and pinned connections as application code's, so
   * an account cannot reach the host's network through the platform either. A refusal rejects with a TypeError
   * naming the policy.
   */
  fetch: PlatformFetch;
  close(): Promise<void>;
}

/** What a platform request may set (a subset of fetch's init). */
export interface PlatformFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  redirect?: 'follow' | 'manual' | 'error';
}

/** fetch for requests the platform makes on an account's behalf, under the egress policy. */
export type PlatformFetch = (url: string | URL, init?: PlatformFetchInit) => Promise<Response>;

/**
 * Public data the platform serves itself, answered in-process for outbound fetch (a team domain's
 * `/access/certs`): the platform's own listeners stay refused to application code, but an application
 * verifying access assertions needs those keys. Null: not such a request, it goes out under the policy.
 */
export type PlatformAnswers = (url: URL, method: string) => Promise<{ status: number; headers: FlatHeaders; body: string } | null>;

/** Resolves a host name to every address it has (the system's resolver unless a test injects one). */
export type EgressLookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** An outbound connection the policy refused, carried as the cause of fetch's TypeError. */
class EgressRefused extends Error {
  constructor(readonly host: string, readonly reason: string) {
    super(`refused by the platform's egress policy: ${reason}`);
    this.name = 'EgressRefused';
  }
}

/** Bound on connecting to an outbound address. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Outbound requests one isolate may have in flight at once. */
const CONCURRENT_PER_ISOLATE = 50;
/**
 * Bytes of request bodies one isolate may have waiting on the host until their answers' heads arrive: the isolate
 * lets a body go once it is posted, so without this 50 uploads of 100 MiB to a server that reads slowly were all
 * held by the host, outside every memory limit (two bodies of the largest size fit).
 */
export const BODIES_IN_FLIGHT_BYTES = 256 * 1024 * 1024;

/**
 * Makes the outbound requests of application code under `policy`. Every connection resolves its host name
 * here, checks each resolved address and connects to the address it checked (so neither a DNS answer that
 * changes between check and connect nor a redirect to a refused address gets through); a literal address is
 * checked before connecting. A refusal rejects the application's fetch with a TypeError naming the policy and
 * is logged for the deployment.
 */
export function createEgressSessions(options: { policy: EgressPolicy; logger: Logger; lookup?: EgressLookup; platformAnswers?: PlatformAnswers }): EgressSessions {
  const { policy } = options;
  const resolve = options.lookup ?? ((hostname: string) => lookup(hostname, { all: true, verbatim: true }));
  const agent = pinnedAgent(resolveChecked, { connectTimeoutMs: CONNECT_TIMEOUT_MS });

  async function resolveChecked(hostname: string, port: number): Promise<string> {
    if (isIP(hostname)) {
      const refusal = policy.refusal(hostname, port);
      if (refusal) throw new EgressRefused(hostname, refusal);
      return hostname;
    }
    const addresses = await resolve(hostname);
    if (addresses.length === 0) throw new Error(`${hostname} has no address`);
    // One refused address refuses the name: a name that resolves to both public and private addresses is a rebinding attempt.
    for (const { address } of addresses) {
      const refusal = policy.refusal(address, port, hostname);
      if (refusal) throw new EgressRefused(hostname, `${hostname} resolves to ${refusal.replace(/^\S+ is /, `${address}, `)}`);
    }
    return (addresses[0] as { address: string }).address;
  }

  async function platformAnswer(message: Extract<EgressRequestMessage, { t: 'fetch' }>): Promise<Awaited<ReturnType<PlatformAnswers>>> {
    if (!options.platformAnswers) return null;
    let url: URL;
    try {
      url = new URL(message.url);
    } catch {
      return null;
    }
    return options.platformAnswers(url, message.method.toUpperCase());
  }

  return {
    open({ name, subrequestLimit, send }) {
      const logger = options.logger.child(name);
      let budget = subrequestLimit;
      let closed = false;
      /** Bytes of the bodies of fetches in flight whose answer's head has not arrived (BODIES_IN_FLIGHT_BYTES). */
      let bodyBytes = 0;
      const inflight = new Map<number, { abort: AbortController; credit: (() => void) | undefined; outstanding: number }>();

      async function run(message: Extract<EgressRequestMessage, { t: 'fetch' }>): Promise<void> {
        const abort = new AbortController();
        const state = { abort, credit: undefined as (() => void) | undefined, outstanding: 0 };
        inflight.set(message.id, state);
        let held = message.body?.byteLength ?? 0;
        bodyBytes += held;
        const release = () => { bodyBytes -= held; held = 0; };
        // A Blob, not the bytes: undici 6 sends a byte array by transferring its buffer, so a 307/308 redirect,
        // which sends the body again, failed with "detached ArrayBuffer"; a Blob is read afresh each time. The bytes
        // the message carried (a view on the channel's frame) are let go at once, so only the Blob's copy is held.
        const upload = message.body === null ? null : new Blob([message.body]);
        (message as { body: Uint8Array | null }).body = null;
        try {
          const answer = await platformAnswer(message);
          if (answer) {
            if (closed || !inflight.has(message.id)) return;
            send({ t: 'head', id: message.id, status: answer.status, statusText: '', headers: answer.headers, url: message.url, redirected: false, hasBody: message.method !== 'HEAD' });
            if (message.method !== 'HEAD') {
              send({ t: 'chunk', id: message.id, chunk: new TextEncoder().encode(answer.body) });
              send({ t: 'end', id: message.id });
            }
            return;
          }
          const response = await undiciFetch(message.url, {
            method: message.method, headers: toPairs(message.headers), body: upload, redirect: message.redirect,
            signal: abort.signal, dispatcher: agent,
          });
          // The head is here: the body was sent (or the server answered without reading it).
          release();
          const headers: FlatHeaders = [];
          for (const [key, value] of response.headers) headers.push(key, value);
          send({ t: 'head', id: message.id, status: response.status, statusText: response.statusText, headers, url: response.url, redirected: response.redirected, hasBody: response.body !== null });
          if (response.body) {
            for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
              if (closed || !inflight.has(message.id)) return;
              while (state.outstanding >= EGRESS_WINDOW_BYTES) await new Promise<void>((resolve) => { state.credit = resolve; });
              if (closed || !inflight.has(message.id)) return;
              state.outstanding += chunk.byteLength;
              send({ t: 'chunk', id: message.id, chunk });
            }
            send({ t: 'end', id: message.id });
          }
        } catch (err) {
          if (closed || abort.signal.aborted) return;
          const refused = refusalOf(err);
          if (refused) {
            logger.warn(`outbound fetch to ${safeUrl(message.url)} refused by the egress policy: ${refused.reason}`, { code: 'egress_refused' });
            send({ t: 'error', id: message.id, name: 'TypeError', message: `fetch to ${safeUrl(message.url)} was refused by the platform's egress policy: ${refused.reason}` });
          } else {
            const cause = (err as { cause?: { message?: string } }).cause?.message;
            send({ t: 'error', id: message.id, name: 'TypeError', message: `fetch failed${cause ? `: ${cause}` : ''}` });
          }
        } finally {
          release();
          inflight.delete(message.id);
        }
      }

      return {
        receive(value) {
          const message = toEgressRequest(value);
          if (closed || !message) return;
          if (message.t === 'cancel') {
            inflight.get(message.id)?.abort.abort();
            inflight.delete(message.id);
            return;
          }
          if (message.t === 'credit') {
            const state = inflight.get(message.id);
            if (!state) return;
            state.outstanding = 0;
            const wake = state.credit;
            state.credit = undefined;
            wake?.();
            return;
          }
          if (inflight.has(message.id)) return;
          // Counted here, at the host: the isolate's own count is a courtesy to the application, not the bound.
          const tooMuchBody = message.body !== null && bodyBytes + message.body.byteLength > BODIES_IN_FLIGHT_BYTES;
          if (budget <= 0 || inflight.size >= CONCURRENT_PER_ISOLATE || tooMuchBody) {
            const why = budget <= 0 ? `Too many subrequests: each event may make at most ${subrequestLimit} (limits.subrequests)`
              : tooMuchBody ? `Too many request bodies in flight: the outbound requests of an isolate waiting for their answers may carry at most ${BODIES_IN_FLIGHT_BYTES} bytes of bodies together`
                : `Too many outbound requests in flight (at most ${CONCURRENT_PER_ISOLATE} per isolate)`;
            send({ t: 'error', id: message.id, name: 'TypeError', message: why });
            return;
          }
          budget--;
          void run(message);
        },
        grant(events) { budget = Math.min(budget + events * subrequestLimit, Number.MAX_SAFE_INTEGER); },
        async checkConnection(hostname, port) {
          const host = hostname.replace(/^\[|\]$/g, '');
          try {
            return await resolveChecked(host, port);
          } catch (err) {
            const refused = refusalOf(err);
            if (!refused) throw new TypeError(`connection to ${host} failed: ${(err as Error).message}`);
            logger.warn(`outbound connection to ${host}:${port} refused by the egress policy: ${refused.reason}`, { code: 'egress_refused' });
            throw new TypeError(`connection to ${host}:${port} was refused by the platform's egress policy: ${refused.reason}`);
          }
        },
        close() {
          closed = true;
          for (const state of inflight.values()) { state.abort.abort(); state.credit?.(); }
          inflight.clear();
        },
      };
    },
    async fetch(url, init = {}) {
      try {
        // undici's Response is the one Node's global fetch answers with; only the types are two declarations of it.
        return await undiciFetch(url, { ...init, dispatcher: agent }) as unknown as Response;
      } catch (err) {
        const refused = refusalOf(err);
        if (!refused) throw err;
        options.logger.warn(`a platform request to ${safeUrl(String(url))} was refused by the egress policy: ${refused.reason}`, { code: 'egress_refused' });
        throw new TypeError(`fetch to ${safeUrl(String(url))} was refused by the platform's egress policy: ${refused.reason}`);
      }
    },
    // Closing twice, or after the agent was destroyed, rejects: nothing is left to close then.
    close: () => agent.close().catch(() => undefined),
  };
}

function refusalOf(err: unknown): EgressRefused | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof EgressRefused) return e;
  }
  return null;
}

/** The URL without credentials or query, for messages and logs. */
/** A URL as the platform's log shows it: its origin only (a path can hold a credential: a webhook's or a bot's token). */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return '(an invalid URL)';
  }
}

function toPairs(flat: FlatHeaders): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i] as string, flat[i + 1] as string]);
  return pairs;
}

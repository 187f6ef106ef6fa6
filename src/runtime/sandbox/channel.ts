/**
 * The records between the host and one account's sandbox process. Each isolate in the sandbox has an id the
 * host chose. The sandbox's channel (fd 3) carries the records below: starting and stopping isolates, their
 * stats, errors, exits and egress (src/runtime/egress/protocol.ts), and the answers of their synchronous calls.
 * Each isolate's own messages (the isolate protocol, src/runtime/protocol.ts, unchanged) travel on its own
 * connection to the host (isolate-channel.ts), one batch per frame, bound to that isolate by the token the host
 * gave it for that one connection. Everything the host reads is untrusted: `toSandboxRecord` and
 * `toIsolateMessage` check each shape.
 */
import type { EgressReplyMessage, EgressRequestMessage } from '../egress/protocol.js';
import type { HostMessage, IsolateInit, IsolateMessage } from '../protocol.js';
import { toTcpIsolateMessage } from '../tcp/protocol.js';

/** What the host gives an isolate to connect with: the socket's path inside the sandbox and the isolate's token (hex). */
export interface ChannelGrant {
  path: string;
  token: string;
}

/** The notice an isolate's worker posts its parent once its first batch went to the host (the sandbox starts the next standby then). */
export const CHANNEL_UP = 'channel-up';

/** What the sandbox needs to start one isolate's worker. */
export interface SpawnSpec {
  /** The isolate's init; `bundlePath` is the path inside the sandbox. */
  init: Omit<IsolateInit, 'heartbeat'>;
  memoryMb: number;
  /** Where and with which token the isolate connects to the host. */
  channel: ChannelGrant;
}

/** Host to sandbox. */
export type HostRecord =
  | ['spawn', number, SpawnSpec]
  | ['terminate', number]
  /** The answer to a synchronous call the isolate is blocked on (sync-relay.ts): the sandbox's main thread wakes it. */
  | ['sync', number, HostMessage]
  | ['egress', number, EgressReplyMessage];

/** Sandbox to host. */
export type SandboxRecord =
  | ['ready']
  | ['error', number, { code?: string; message: string }]
  | ['exit', number, number]
  /** Per isolate: id, event-loop busy milliseconds so far, heartbeat counter. */
  | ['stats', [number, number, number][]]
  | ['egress', number, EgressRequestMessage];

/** Checks the outer shape of a record from a sandbox; the messages inside are checked by their own readers. */
export function toSandboxRecord(value: unknown): SandboxRecord | null {
  if (!Array.isArray(value) || typeof value[0] !== 'string') return null;
  const [tag, id, body] = value as [string, unknown, unknown];
  if (tag === 'ready') return value.length === 1 ? ['ready'] : null;
  if (tag === 'stats') {
    if (!Array.isArray(id) || id.length > 10_000) return null;
    for (const row of id) if (!Array.isArray(row) || row.length !== 3 || !row.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
    return ['stats', id as [number, number, number][]];
  }
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  switch (tag) {
    case 'exit': return typeof body === 'number' ? ['exit', id, body] : null;
    case 'error': {
      const err = body as { code?: unknown; message?: unknown } | null;
      if (typeof err !== 'object' || err === null || typeof err.message !== 'string') return null;
      return ['error', id, { message: err.message, ...(typeof err.code === 'string' ? { code: err.code } : {}) }];
    }
    case 'egress': return ['egress', id, body as EgressRequestMessage];
    default: return null;
  }
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isOptionalId = (v: unknown): boolean => v === undefined || isId(v);
const isFlat = (v: unknown): v is string[] => Array.isArray(v) && v.length % 2 === 0 && v.every(isStr);
/** A link or export number: RPC links the host opened towards an isolate are negative. */
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
/** An RPC outcome: `{ value }` or `{ error: { name, message } }`. */
const isOutcome = (v: unknown): boolean => typeof v === 'object' && v !== null && ('value' in v || isError((v as { error?: unknown }).error));
const isError = (v: unknown): boolean => typeof v === 'object' && v !== null && isStr((v as { name?: unknown }).name) && isStr((v as { message?: unknown }).message);
const LEVELS = new Set(['debug', 'info', 'warn', 'error']);
const FAIL_CODES = new Set(['internal_error', 'no_fetch_handler', 'invalid_response', 'too_many_subrequests']);
const OUTCOMES = new Set(['ok', 'exception', 'no-handler']);

/** Checks one isolate message from a sandbox: a known type with fields of the right types, or null. */
export function toIsolateMessage(value: unknown): IsolateMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  switch (m.t) {
    case 'ready': return typeof m.hasFetch === 'boolean' ? value as IsolateMessage : null;
    case 'load-error': return isError(m.error) ? value as IsolateMessage : null;
    case 'log': return LEVELS.has(m.level as string) && isStr(m.message) && isOptionalId(m.event) ? value as IsolateMessage : null;
    // `sync: true` marks a call the isolate waits for, blocked: the host answers it through the sandbox (proxy-worker.ts).
    case 'call': return isId(m.id) && isStr(m.binding) && isStr(m.method) && Array.isArray(m.args) && isOptionalId(m.event) && (m.sync === undefined || m.sync === true) ? value as IsolateMessage : null;
    // WebSockets (websockets/protocol.ts): the shape here; sizes, codes and ids are checked again by HostSockets.
    case 'ws-send': return isId(m.sid) && (isStr(m.data) || m.data instanceof Uint8Array) ? value as IsolateMessage : null;
    case 'ws-close': return isId(m.sid) && Number.isInteger(m.code) && isStr(m.reason) ? value as IsolateMessage : null;
    case 'ws-ack': return isId(m.sid) && isId(m.bytes) ? value as IsolateMessage : null;
    case 'ws-connect': return isId(m.sid) && isStr(m.url) && isFlat(m.headers) ? value as IsolateMessage : null;
    case 'ws-claim': return isId(m.sid) && isStr(m.token) ? value as IsolateMessage : null;
    // Outbound TCP (tcp/protocol.ts): checked whole here, and again by HostTcpSockets.
    case 'tcp-connect': case 'tcp-write': case 'tcp-end': case 'tcp-close': case 'tcp-ack': case 'tcp-starttls': return toTcpIsolateMessage(value);
    // RPC (rpc/protocol.ts): the shape here; link numbers, sizes and outcomes are checked again by the host's RpcPort.
    case 'rpc-release': return isInt(m.link) && isInt(m.cap) ? value as IsolateMessage : null;
    case 'rpc-close': return isInt(m.link) ? value as IsolateMessage : null;
    case 'rpc-call': return isId(m.id) && isInt(m.link) && isInt(m.cap) && (m.method === null || isStr(m.method)) && Array.isArray(m.args) ? value as IsolateMessage : null;
    case 'rpc-answer': return isId(m.id) && isOutcome(m.outcome) ? value as IsolateMessage : null;
    case 'rpc-result': return isId(m.id) && isOutcome(m.outcome) && (m.exception === undefined || isError(m.exception)) ? value as IsolateMessage : null;
    // Leases of coordination objects (bindings/coordination/leases.ts): the host matches `seq` and ids against its own.
    case 'object-lease-ended': return isId(m.seq) && (m.unused === undefined || (typeof m.unused === 'number' && Number.isFinite(m.unused) && m.unused >= 0)) ? value as IsolateMessage : null;
    case 'object-local': return isId(m.id) && (m.id as number) < 0 && isLeasedCall(m) ? value as IsolateMessage : null;
    case 'object-local-end': return isId(m.id) && (m.id as number) < 0 && (m.exception === undefined || isError(m.exception)) && (m.call === undefined || isLeasedCall(m.call)) ? value as IsolateMessage : null;
    default: break;
  }
  if (!isId(m.id)) return null;
  switch (m.t) {
    case 'head':
      // 101 only as the answer to an upgrade, naming the isolate's socket the client's connection joins.
      return Number.isInteger(m.status) && (((m.status as number) >= 200 && (m.status as number) <= 599) || (m.status === 101 && (isId(m.webSocket) || isStr(m.webSocketHandoff)))) && isStr(m.statusText) && isFlat(m.headers)
        && (m.body === null || isStr(m.body) || m.body instanceof Uint8Array) && typeof m.streaming === 'boolean' && (m.done === undefined || m.done === true)
        && isOptionalId(m.webSocket) && (m.webSocketHandoff === undefined || isStr(m.webSocketHandoff))
        ? value as IsolateMessage : null;
    // Only feeds the event's trace (observability); the bound on subrequests is the egress gateway's own count.
    case 'usage': return isId(m.subrequests) && (m.subrequests as number) >= 0 ? value as IsolateMessage : null;
    case 'res-chunk': return m.chunk instanceof Uint8Array ? value as IsolateMessage : null;
    case 'res-end': case 'req-credit': case 'done': return value as IsolateMessage;
    case 'res-error': return isError(m.error) ? value as IsolateMessage : null;
    case 'fail': return FAIL_CODES.has(m.code as string) && isError(m.error) ? value as IsolateMessage : null;
    case 'scheduled-result': return OUTCOMES.has(m.outcome as string) && typeof m.noRetry === 'boolean' && (m.error === undefined || isError(m.error)) ? value as IsolateMessage : null;
    // A coordination object's outcome goes back to its caller as the isolate sent it; the caller's isolate reads it.
    case 'object-result': return isObjectOutcome(m.outcome) && (m.exception === undefined || isError(m.exception)) && (m.done === undefined || m.done === true) && (m.writes === undefined || isCarriedWrites(m.writes)) ? value as IsolateMessage : null;
    case 'queue-result':
      return OUTCOMES.has(m.outcome as string) && Array.isArray(m.decisions) && m.decisions.every(isDecision) && (m.error === undefined || isError(m.error)) ? value as IsolateMessage : null;
    case 'workflow-result': return isWorkflowOutcome(m.result) ? value as IsolateMessage : null;
    default: return null;
  }
}

/** What a call run under a lease says of itself, for its record (bindings/coordination/leases.ts). */
function isLeasedCall(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as { namespace?: unknown; objectId?: unknown; method?: unknown; startedAt?: unknown };
  return isStr(c.namespace) && c.namespace.length <= 512 && isStr(c.objectId) && c.objectId.length <= 64 && isStr(c.method) && c.method.length <= 256
    && typeof c.startedAt === 'number' && Number.isFinite(c.startedAt);
}

/** A workflow run's outcome (bindings/workflows/protocol.ts WorkflowRunOutcome); the engine checks the output's size. */
function isWorkflowOutcome(r: unknown): boolean {
  if (typeof r !== 'object' || r === null) return false;
  const v = r as { outcome?: unknown; output?: unknown; error?: unknown };
  switch (v.outcome) {
    case 'complete': return v.output instanceof Uint8Array;
    case 'errored': case 'no-class': return isError(v.error);
    case 'suspended': return true;
    default: return false;
  }
}

/** A coordination object's outcome (bindings/coordination/protocol.ts): an RPC value, whose size the host's RpcPort checks, or an error. */
function isObjectOutcome(o: unknown): boolean {
  if (typeof o !== 'object' || o === null) return false;
  const v = o as { ok?: unknown; error?: unknown };
  if (v.ok === false) return isError(v.error);
  if (v.ok !== true) return false;
  const linkDone = (o as { linkDone?: unknown }).linkDone;
  if (linkDone !== undefined && linkDone !== true) return false;
  // A 101 answer's head and socket instead of a value (websockets-handoff.ts).
  const response = (o as { response?: unknown }).response;
  if (response === undefined) return true;
  const r = response as { status?: unknown; statusText?: unknown; headers?: unknown; body?: unknown; webSocket?: unknown } | null;
  return typeof r === 'object' && r !== null && r.status === 101 && isStr(r.statusText) && Array.isArray(r.headers)
    && r.headers.every((h) => Array.isArray(h) && h.length === 2 && isStr(h[0]) && isStr(h[1])) && r.body === null
    && (r.webSocket === undefined || isObjectSocketRef(r.webSocket));
}

/** Writes an object's result carries (the host checks their sizes again before committing them: coordination/directory.ts). */
function isCarriedWrites(w: unknown): boolean {
  if (typeof w !== 'object' || w === null) return false;
  const v = w as { seq?: unknown; puts?: unknown; deletes?: unknown };
  return isId(v.seq) && v.seq > 0 && Array.isArray(v.puts) && v.puts.every((p) => Array.isArray(p) && p.length === 2 && isStr(p[0]) && p[1] instanceof Uint8Array)
    && Array.isArray(v.deletes) && v.deletes.every(isStr);
}

/** The socket of an object's 101 response, as an isolate may name it: joined to it (`sid`) or accepted for hibernation (`socket`); only the host makes tokens. */
function isObjectSocketRef(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  const keys = Object.keys(v);
  return keys.length === 1 && (keys[0] === 'sid' || keys[0] === 'socket') && isId((v as Record<string, unknown>)[keys[0]]);
}

function isDecision(d: unknown): boolean {
  if (typeof d !== 'object' || d === null) return false;
  const v = d as { ack?: unknown; delaySeconds?: unknown };
  if (v.ack === true) return true;
  return v.ack === false && (v.delaySeconds === null || (typeof v.delaySeconds === 'number' && Number.isInteger(v.delaySeconds) && v.delaySeconds >= 0));
}

/**
 * The messages of coordination objects, declared once for both halves: the calls a binding in `env` makes
 * (`COORDINATION_CALLS`), the calls an instance makes to its own storage (`OBJECT_STORAGE_CALLS`, on a service
 * the host gives each isolate under a name no binding can have), and the events the host delivers to the
 * isolate that holds an instance. Arguments and results of RPC and fetch are values of the RPC codec on a link
 * the host joins from the caller to the object's isolate (runtime/rpc, as service bindings): functions and
 * RpcTargets cross as stubs, streams and bodies chunk by chunk. The isolate imports this file's types only.
 */
import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';
import type { CoordinationListOptions, CoordinationSqlResult } from '../../storage/ports.js';
import type { HeldSocketsState, ObjectSocketEvent, ObjectSocketRef } from './websockets-protocol.js';

export { OBJECT_STORAGE_SERVICE } from './service-name.js';

/** The head of an object's 101 response and its socket (websockets-protocol.ts): the host joins the client to it. */
export interface ObjectResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: null;
  webSocket?: ObjectSocketRef;
}

/**
 * What a caller asks of an object: `args` are encoded on the caller's RPC link `link` (for `fetch`, one Request).
 * The host replaces `link` with the object's isolate's number of the link when it joins the two (Isolate.runObject).
 */
export type ObjectCall =
  | { kind: 'rpc'; link: number; method: string; args: unknown[] }
  | { kind: 'fetch'; link: number; args: unknown[] };

/**
 * One event for an object, as the host delivers it to the isolate holding (or about to create) its instance; `held` is
 * the state of its hibernatable sockets (websockets-protocol.ts); `reset`: the instance's store stopped mid-call, so
 * this event builds a new instance (the old one's events have ended; what it still streams finishes).
 */
export type ObjectEvent = ObjectEventBody & { held?: HeldSocketsState; reset?: true };

type ObjectEventBody = (ObjectCall | ObjectSocketEvent) & {
  namespace: string;
  className: string;
  id: string;
  name: string | null;
  /** Whether the class was created by `new_sqlite_classes` (SQL API, larger values). */
  sqlite: boolean;
} | {
  kind: 'alarm';
  namespace: string;
  className: string;
  id: string;
  name: string | null;
  sqlite: boolean;
  retryCount: number;
  scheduledTime: number;
  /** The alarm time stored when it fired: after a successful handler it is cleared unless the handler set another. */
  alarmTime: number;
};

/** An error as it reaches the caller (`remote: true` is set there). */
export interface RemoteError {
  name: string;
  message: string;
}

/** How an event ended: the result encoded on the call's link (an RPC value, or the fetch Response), or the error the object threw. */
export type ObjectOutcome =
  /**
   * `value`: the result encoded on the call's link. `response`: instead, a 101 answer with its socket (the host turns
   * the socket into a one-time token for the caller). `plainSocket`: host-only, set when the response's socket is
   * joined to the object's isolate (websockets-handoff.ts). `linkDone`: the object holds nothing on the call's link
   * (its result exported nothing, no stub of the caller's is left) and has dropped it: the host forgets the link
   * and so does the caller, with no `rpc-close` either way.
   */
  | { ok: true; value?: unknown; response?: ObjectResponse; plainSocket?: true; linkDone?: true; writes?: CarriedWrites }
  | { ok: false; error: RemoteError; writes?: CarriedWrites };

/**
 * The writes an event's result carried (storage.ts `takeForResult`): host-only on an outcome, set by the runtime
 * from the result message. The host commits them before it releases the result (the output gate) and answers
 * the isolate with `settleCarried(seq)`: one round trip fewer per event that wrote.
 */
export interface CarriedWrites {
  seq: number;
  puts: [string, Uint8Array][];
  deletes: string[];
}

/** The caller's end of an object call's RPC link, as the host knows it. */
export interface ObjectCaller {
  /** The calling isolate's RPC end (`CallOrigin.endpoint`: runtime/rpc/host-links.ts); opaque to bindings. */
  endpoint: object;
  link: number;
  /** How many calls through bindings the call is nested in, counted by the host (runtime/rpc/limits.ts maxDepth). */
  depth?: number;
}

/** What the host leases to the isolate holding an object (leases.ts): enough to run an RPC call on it there. */
export interface ObjectLease {
  namespace: string;
  id: string;
  className: string;
  sqlite: boolean;
}

/** The isolate that holds instances, as the directory sees it (runtime/isolate.ts implements it). */
export interface ObjectOwner {
  readonly exited: boolean;
  /** The isolate's RPC end, as callers name it (`ObjectCaller.endpoint`): a caller with this endpoint is this isolate. */
  readonly endpoint: object;
  /** Runs the event; a call (rpc, fetch) has its caller's link joined to this isolate's (`from`; alarms have none). */
  runObject(event: ObjectEvent, from?: ObjectCaller): Promise<ObjectOutcome>;
  /** Tells the isolate to forget its instance of the object (it was evicted, or moved to another isolate). */
  dropObject(namespace: string, id: string): void;
  /** Tells the isolate how the commit of the writes a result carried went (`error`: the message its instance fails with). */
  settleCarried(seq: number, error?: string): void;
  /** Leases an object placed here to this isolate: its own calls to it run there without the host (leases.ts). */
  grantLease(lease: ObjectLease): void;
  /**
   * Takes a lease back: resolves once no call runs under it any more (undefined), or, with `idleMs` (the idle
   * check), with how long it has been unused when that is less than `idleMs` (the lease is kept then).
   */
  endLease(namespace: string, id: string, idleMs?: number): Promise<number | undefined>;
}

/** Calls of a binding in `env`. */
export interface CoordinationProtocol {
  event: { args: [id: string, name: string | null, call: ObjectCall]; result: ObjectOutcome };
}

const LINK = z.number().int().positive();
/** The bounds of ids, namespaces, keys and the storage calls' lists: the schemas' and the plain checks' alike. */
const ID_MAX = 64;
const NS_MAX = 512;
const KEY_MAX = 2048 * 4;
const GET_KEYS_MAX = 128;
const WRITE_ITEMS_MAX = 100_000;
const ID = z.string().max(ID_MAX);

export const COORDINATION_CALLS = {
  event: z.tuple([ID, z.string().max(4096).nullable(), z.discriminatedUnion('kind', [
    // Sizes of the encoded values are the RPC port's to check (runtime/rpc/host-links.ts), as for service bindings.
    z.strictObject({ kind: z.literal('rpc'), link: LINK, method: z.string().min(1).max(256), args: z.array(z.unknown()) }),
    z.strictObject({ kind: z.literal('fetch'), link: LINK, args: z.tuple([z.unknown()]) }),
  ])]),
} as const satisfies CallSchemas<CoordinationProtocol>;

/** An instance's calls to its own storage; each names its namespace and id, which the host checks against the instances it placed in that isolate. */
export interface ObjectStorageProtocol {
  get: { args: [namespace: string, id: string, keys: string[]]; result: [string, Uint8Array][] };
  list: { args: [namespace: string, id: string, options: CoordinationListOptions]; result: [string, Uint8Array][] };
  write: { args: [namespace: string, id: string, puts: [string, Uint8Array][], deletes: string[]]; result: number };
  deleteAll: { args: [namespace: string, id: string]; result: null };
  getAlarm: { args: [namespace: string, id: string]; result: number | null };
  setAlarm: { args: [namespace: string, id: string, time: number | null]; result: null };
  // The SQL API and the point-in-time methods (sync-storage.ts; most arrive through the synchronous bridge).
  exec: { args: [namespace: string, id: string, query: string, bindings: SqlBinding[]]; result: CoordinationSqlResult };
  begin: { args: [namespace: string, id: string]; result: null };
  commit: { args: [namespace: string, id: string]; result: null };
  rollback: { args: [namespace: string, id: string]; result: null };
  databaseSize: { args: [namespace: string, id: string]; result: number };
  bookmark: { args: [namespace: string, id: string]; result: string };
  bookmarkAt: { args: [namespace: string, id: string, time: number]; result: string };
  /** Restores to `bookmark` when the object's next instance starts; answers the bookmark of now (which undoes it). */
  restoreOnNextSession: { args: [namespace: string, id: string, bookmark: string]; result: string };
  /** A new instance starts: a restore arranged by the previous one is applied first. */
  session: { args: [namespace: string, id: string]; result: null };
}

/** A value bound to a SQL statement as it crosses: BLOBs as bytes. */
export type SqlBinding = string | number | null | Uint8Array;

const NS = z.string().max(NS_MAX);
const KEY = z.string().max(KEY_MAX);

/** Writes carried on a result, as the host checks them before committing (the bounds of `write`). */
export const CARRIED_WRITES = z.strictObject({
  seq: z.number().int().positive(),
  puts: z.array(z.tuple([KEY, z.instanceof(Uint8Array)])).max(WRITE_ITEMS_MAX),
  deletes: z.array(KEY).max(WRITE_ITEMS_MAX),
});


function isText(value: unknown, max: number): boolean {
  return typeof value === 'string' && value.length <= max;
}

function isKeys(value: unknown, max: number): boolean {
  if (!Array.isArray(value) || value.length > max) return false;
  for (let i = 0; i < value.length; i++) if (!isText(value[i], KEY_MAX)) return false;
  return true;
}

function isPuts(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > WRITE_ITEMS_MAX) return false;
  for (let i = 0; i < value.length; i++) {
    const put: unknown = value[i];
    if (!Array.isArray(put) || put.length !== 2 || !isText(put[0], KEY_MAX) || !(put[1] instanceof Uint8Array)) return false;
  }
  return true;
}

/**
 * What an object does on every call (`get` and `write`), checked without zod: true only for arguments their
 * schemas below accept as they are (serveProtocol's FastChecks); anything else goes through the schema.
 */
export const OBJECT_STORAGE_FAST = {
  get: (args: unknown) => Array.isArray(args) && args.length === 3 && isText(args[0], NS_MAX) && isText(args[1], ID_MAX) && isKeys(args[2], GET_KEYS_MAX),
  write: (args: unknown) => Array.isArray(args) && args.length === 4 && isText(args[0], NS_MAX) && isText(args[1], ID_MAX) && isPuts(args[2]) && isKeys(args[3], WRITE_ITEMS_MAX),
} as const;

/** CARRIED_WRITES's check without zod: true only for a value it accepts as it is. */
export function isCarriedWrites(value: unknown): value is z.infer<typeof CARRIED_WRITES> {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const keys = Object.keys(value);
  if (keys.length !== 3) return false;
  const { seq, puts, deletes } = value as Record<string, unknown>;
  return typeof seq === 'number' && Number.isSafeInteger(seq) && seq > 0 && isPuts(puts) && isKeys(deletes, WRITE_ITEMS_MAX);
}

export const OBJECT_STORAGE_CALLS = {
  get: z.tuple([NS, ID, z.array(KEY).max(GET_KEYS_MAX)]),
  list: z.tuple([NS, ID, z.strictObject({
    start: KEY.optional(), startAfter: KEY.optional(), end: KEY.optional(), prefix: KEY.optional(),
    reverse: z.boolean().optional(), limit: z.number().int().positive().optional(),
  })]),
  write: z.tuple([NS, ID, z.array(z.tuple([KEY, z.instanceof(Uint8Array)])).max(WRITE_ITEMS_MAX), z.array(KEY).max(WRITE_ITEMS_MAX)]),
  deleteAll: z.tuple([NS, ID]),
  getAlarm: z.tuple([NS, ID]),
  setAlarm: z.tuple([NS, ID, z.number().finite().nullable()]),
  // Lengths are checked by the store with the reference's messages; these bounds only keep a message sane.
  exec: z.tuple([NS, ID, z.string().max(1_000_000), z.array(z.union([z.string(), z.number(), z.null(), z.instanceof(Uint8Array)])).max(1000)]),
  begin: z.tuple([NS, ID]),
  commit: z.tuple([NS, ID]),
  rollback: z.tuple([NS, ID]),
  databaseSize: z.tuple([NS, ID]),
  bookmark: z.tuple([NS, ID]),
  bookmarkAt: z.tuple([NS, ID, z.number().finite()]),
  restoreOnNextSession: z.tuple([NS, ID, z.string().min(1).max(256)]),
  session: z.tuple([NS, ID]),
} as const satisfies CallSchemas<ObjectStorageProtocol>;

/**
 * The messages of coordination objects, declared once for both halves: the calls a binding in `env` makes
 * (`COORDINATION_CALLS`), the calls an instance makes to its own storage (`OBJECT_STORAGE_CALLS`, on a service
 * the host gives each isolate under a name no binding can have), and the events the host delivers to the
 * isolate that holds an instance. Arguments and results of RPC cross as V8 structured-clone bytes the host never
 * decodes. The isolate imports this file's types only.
 */
import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';
import type { CoordinationListOptions } from '../../storage/ports.js';
import type { HeldSocketsState, ObjectSocketEvent, ObjectSocketRef } from './websockets-protocol.js';

export { OBJECT_STORAGE_SERVICE } from './service-name.js';

/** A request on its way to an object's `fetch`, body read whole. */
export interface ObjectRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: Uint8Array | null;
}

/** The object's response, body read whole. */
export interface ObjectResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array | null;
  /** A 101 answer's socket (websockets-protocol.ts). */
  webSocket?: ObjectSocketRef;
}

/** What a caller asks of an object. */
export type ObjectCall =
  | { kind: 'rpc'; method: string; payload: Uint8Array }
  | { kind: 'fetch'; request: ObjectRequest };

/** One event for an object, as the host delivers it to the isolate holding (or about to create) its instance; `held` is the state of its hibernatable sockets (websockets-protocol.ts). */
export type ObjectEvent = ObjectEventBody & { held?: HeldSocketsState };

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

/** How an event ended: a serialised RPC result, a response, or the error the object threw. */
export type ObjectOutcome =
  /** `plainSocket`: host-only, set when the response's socket is joined to the object's isolate (websockets-handoff.ts). */
  | { ok: true; value?: Uint8Array; response?: ObjectResponse; plainSocket?: true }
  | { ok: false; error: RemoteError };

/** The isolate that holds instances, as the directory sees it (runtime/isolate.ts implements it). */
export interface ObjectOwner {
  readonly exited: boolean;
  runObject(event: ObjectEvent): Promise<ObjectOutcome>;
  /** Tells the isolate to forget its instance of the object (it was evicted, or moved to another isolate). */
  dropObject(namespace: string, id: string): void;
}

/** Calls of a binding in `env`. */
export interface CoordinationProtocol {
  event: { args: [id: string, name: string | null, call: ObjectCall]; result: ObjectOutcome };
}

/** Longest RPC payload or fetch body in either direction. */
export const RPC_MAX_BYTES = 32 * 1024 * 1024;

const BYTES = z.instanceof(Uint8Array).refine((b) => b.byteLength <= RPC_MAX_BYTES, { error: `at most ${RPC_MAX_BYTES} bytes` });
const HEADERS = z.array(z.tuple([z.string(), z.string()])).max(1000);
const ID = z.string().max(64);

export const COORDINATION_CALLS = {
  event: z.tuple([ID, z.string().max(4096).nullable(), z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('rpc'), method: z.string().min(1).max(256), payload: BYTES }),
    z.strictObject({ kind: z.literal('fetch'), request: z.strictObject({ method: z.string().max(32), url: z.string().max(16_384), headers: HEADERS, body: BYTES.nullable() }) }),
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
}

const NS = z.string().max(512);
const KEY = z.string().max(2048 * 4);

export const OBJECT_STORAGE_CALLS = {
  get: z.tuple([NS, ID, z.array(KEY).max(128)]),
  list: z.tuple([NS, ID, z.strictObject({
    start: KEY.optional(), startAfter: KEY.optional(), end: KEY.optional(), prefix: KEY.optional(),
    reverse: z.boolean().optional(), limit: z.number().int().positive().optional(),
  })]),
  write: z.tuple([NS, ID, z.array(z.tuple([KEY, z.instanceof(Uint8Array)])).max(100_000), z.array(KEY).max(100_000)]),
  deleteAll: z.tuple([NS, ID]),
  getAlarm: z.tuple([NS, ID]),
  setAlarm: z.tuple([NS, ID, z.number().finite().nullable()]),
} as const satisfies CallSchemas<ObjectStorageProtocol>;

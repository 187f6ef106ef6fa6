/**
 * The messages of WebSockets held by coordination objects (docs/bindings/coordination.md, WebSockets): the
 * events the host delivers for a hibernatable socket, the state of an object's sockets that travels with its
 * events, and the calls an instance makes about its sockets (on its storage service, so the host answers them
 * only for the isolate holding the instance). The limits and their texts are the original's (reference §4.5).
 */
import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';
import { MAX_ATTACHMENT_BYTES, MAX_AUTO_RESPONSE_CHARS, MAX_OBJECT_SOCKET_MESSAGE_BYTES, MAX_TAG_LENGTH, MAX_TAGS_PER_SOCKET } from './websockets-limits.js';

export * from './websockets-limits.js';

/** An event for one of an object's hibernatable sockets (`socket` is the number the instance gave it). */
export type ObjectSocketEvent =
  | { kind: 'ws-message'; socket: number; data: string | Uint8Array }
  | { kind: 'ws-close'; socket: number; code: number; reason: string; clean: boolean }
  | { kind: 'ws-error'; socket: number; message: string };

/** One hibernatable socket as the host holds it. */
export interface HeldSocketInfo {
  socket: number;
  tags: string[];
  attachment: Uint8Array | null;
  /** When the host last answered it with the auto-response (epoch ms). */
  autoResponseAt: number | null;
}

/**
 * What the isolate learns about an object's sockets with an event: everything (`sockets` present) when the
 * instance is new to it (first event, after eviction, or in a new isolate), otherwise only the auto-response
 * times that changed since its last event.
 */
export interface HeldSocketsState {
  sockets?: HeldSocketInfo[];
  autoResponse?: [request: string, response: string] | null;
  autoResponseTimes?: [socket: number, at: number][];
}

/** How a 101 response's socket leaves the object: joined to its isolate (`sid`), held by the host (`socket`), or, on its way to the caller, a one-time token. */
export type ObjectSocketRef = { sid: number } | { socket: number } | { token: string };

/** An instance's calls about its hibernatable sockets; each names its namespace and id, checked like storage calls. */
export interface ObjectSocketProtocol {
  wsAccept: { args: [namespace: string, id: string, socket: number, tags: string[]]; result: null };
  wsSend: { args: [namespace: string, id: string, socket: number, data: string | Uint8Array]; result: null };
  wsClose: { args: [namespace: string, id: string, socket: number, code: number, reason: string]; result: null };
  wsAttach: { args: [namespace: string, id: string, socket: number, attachment: Uint8Array | null]; result: null };
  wsAutoResponse: { args: [namespace: string, id: string, pair: [string, string] | null]; result: null };
}

const NS = z.string().max(512);
const ID = z.string().max(64);
const SOCKET = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const TAG = z.string().max(MAX_TAG_LENGTH);
const AUTO = z.string().max(MAX_AUTO_RESPONSE_CHARS);
const DATA = z.union([
  z.string().refine((s) => Buffer.byteLength(s) <= MAX_OBJECT_SOCKET_MESSAGE_BYTES, { error: `at most ${MAX_OBJECT_SOCKET_MESSAGE_BYTES} bytes` }),
  z.instanceof(Uint8Array).refine((b) => b.byteLength <= MAX_OBJECT_SOCKET_MESSAGE_BYTES, { error: `at most ${MAX_OBJECT_SOCKET_MESSAGE_BYTES} bytes` }),
]);

export const OBJECT_SOCKET_CALLS = {
  wsAccept: z.tuple([NS, ID, SOCKET, z.array(TAG).max(MAX_TAGS_PER_SOCKET)]),
  wsSend: z.tuple([NS, ID, SOCKET, DATA]),
  wsClose: z.tuple([NS, ID, SOCKET, z.number().int().min(1000).max(4999), z.string().refine((s) => Buffer.byteLength(s) <= 123, { error: 'at most 123 bytes' })]),
  wsAttach: z.tuple([NS, ID, SOCKET, z.instanceof(Uint8Array).refine((b) => b.byteLength <= MAX_ATTACHMENT_BYTES, { error: `at most ${MAX_ATTACHMENT_BYTES} bytes` }).nullable()]),
  wsAutoResponse: z.tuple([NS, ID, z.tuple([AUTO, AUTO]).nullable()]),
} as const satisfies CallSchemas<ObjectSocketProtocol>;

import { z } from 'zod';
import type { StoredObject } from '../../storage/ports.js';
import type { CallSchemas } from '../protocol.js';

/** An object as it travels to the isolate: its stored metadata without storage internals. */
export type WireObject = Omit<StoredObject, 'bucket' | 'blobId'> & {
  storageClass: 'Standard';
  range?: { offset: number; length: number };
};

/** Preconditions, already parsed by the isolate. Times in epoch ms; etags unquoted. */
export interface WireConditional {
  etagMatches?: string[];
  etagDoesNotMatch?: string[];
  uploadedBefore?: number;
  uploadedAfter?: number;
  secondsGranularity?: boolean;
}

/** A range, already checked for shape by the isolate. */
export interface WireRange {
  offset?: number;
  length?: number;
  suffix?: number;
}

/** A body given inline, by a finished streamed write, or empty. */
export type WireBody = Uint8Array | { writeId: string } | null;

/** HTTP and custom metadata as they travel: `cacheExpiry` in epoch ms. */
export interface WireMetadata {
  httpMetadata: Record<string, string | number>;
  customMetadata: Record<string, string>;
}

/** What `put` sends beside the key and body. */
export interface WirePutOptions extends WireMetadata {
  onlyIf: WireConditional | null;
  checksum: { algorithm: string; hex: string } | null;
}

/** What `list` sends. */
export interface WireListOptions {
  prefix: string;
  cursor: string | null;
  startAfter: string | null;
  delimiter: string | null;
  limit: number;
  include: string[];
}

/** One page of `list`. */
export interface WireListPage {
  objects: WireObject[];
  delimitedPrefixes: string[];
  truncated: boolean;
  cursor?: string;
}

/** The calls of a bucket binding (isolate: binding.ts, host: service.ts). Bodies over one chunk travel as a write stream. */
export interface ObjectsProtocol {
  head: { args: [key: string]; result: WireObject | null };
  get: { args: [key: string, onlyIf: WireConditional | null, range: WireRange | null]; result: { object: WireObject; body: boolean; inline?: Uint8Array } | null };
  read: { args: [key: string, version: string, offset: number, length: number]; result: Uint8Array };
  writeStart: { args: [algorithms: string[]]; result: string };
  writeChunk: { args: [writeId: string, chunk: Uint8Array]; result: null };
  writeAbort: { args: [writeId: string]; result: null };
  put: { args: [key: string, body: WireBody, options: WirePutOptions]; result: WireObject | null };
  delete: { args: [keys: string[]]; result: null };
  list: { args: [options: WireListOptions]; result: WireListPage };
  createUpload: { args: [key: string, metadata: WireMetadata]; result: string };
  uploadPart: { args: [key: string, uploadId: string, partNumber: number, body: WireBody]; result: { partNumber: number; etag: string } };
  abortUpload: { args: [key: string, uploadId: string]; result: null };
  completeUpload: { args: [key: string, uploadId: string, parts: { partNumber: number; etag: string }[]]; result: WireObject };
}

const KEY = z.string();
const COUNT = z.number().int().min(0);
const BYTES = z.instanceof(Uint8Array);
const BODY = z.union([BYTES, z.strictObject({ writeId: z.string() }), z.null()]);
const HASH = z.enum(['md5', 'sha1', 'sha256', 'sha384', 'sha512']);
const CONDITIONAL = z.strictObject({
  etagMatches: z.array(z.string()).optional(), etagDoesNotMatch: z.array(z.string()).optional(),
  uploadedBefore: z.number().optional(), uploadedAfter: z.number().optional(), secondsGranularity: z.boolean().optional(),
});
const RANGE = z.strictObject({ offset: COUNT.optional(), length: COUNT.optional(), suffix: COUNT.optional() });
const METADATA = { httpMetadata: z.record(z.string(), z.union([z.string(), z.number()])), customMetadata: z.record(z.string(), z.string()) };

/** The argument schemas the host checks every bucket call against. */
export const OBJECTS_CALLS = {
  head: z.tuple([KEY]),
  get: z.tuple([KEY, CONDITIONAL.nullable(), RANGE.nullable()]),
  read: z.tuple([KEY, z.string(), COUNT, COUNT]),
  writeStart: z.tuple([z.array(HASH)]),
  writeChunk: z.tuple([z.string(), BYTES]),
  writeAbort: z.tuple([z.string()]),
  put: z.tuple([KEY, BODY, z.strictObject({ onlyIf: CONDITIONAL.nullable(), ...METADATA, checksum: z.strictObject({ algorithm: HASH, hex: z.string() }).nullable() })]),
  delete: z.tuple([z.array(KEY)]),
  list: z.tuple([z.strictObject({
    prefix: z.string(), cursor: z.string().nullable(), startAfter: z.string().nullable(), delimiter: z.string().nullable(),
    limit: z.number().int().min(1), include: z.array(z.enum(['httpMetadata', 'customMetadata'])),
  })]),
  createUpload: z.tuple([KEY, z.strictObject(METADATA)]),
  uploadPart: z.tuple([KEY, z.string(), z.number().int(), BODY]),
  abortUpload: z.tuple([KEY, z.string()]),
  completeUpload: z.tuple([KEY, z.string(), z.array(z.strictObject({ partNumber: z.number().int(), etag: z.string() }))]),
} satisfies CallSchemas<ObjectsProtocol>;

import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';

/** One stored value as it travels to the isolate: the bytes, and the metadata as JSON text. */
export interface StoredValue {
  value: Uint8Array;
  metadata: string | null;
  /**
   * Milliseconds the value stays live as the host's clock runs: null when it has no expiration, 0 when a copy must
   * not be kept (it expires, and the host's clock is not the wall clock the isolate's read cache measures by).
   */
  ttlMs: number | null;
}

/** One key of a list page. */
export interface ListedKey {
  name: string;
  expiration: number | null;
  metadata: string | null;
}

/** The calls of a key-value binding (isolate: binding.ts, host: service.ts). Limits are checked by the isolate, expirations by the host. */
export interface KvProtocol {
  get: { args: [key: string]; result: StoredValue | null };
  getMany: { args: [keys: string[]]; result: (StoredValue | null)[] };
  put: { args: [key: string, value: Uint8Array, expiration: number | null, expirationTtl: number | null, metadata: string | null]; result: null };
  delete: { args: [key: string]; result: null };
  list: { args: [prefix: string, limit: number, cursor: string | null]; result: { keys: ListedKey[]; cursor: string | null } };
}

const KEY = z.string();

/** The argument schemas the host checks every key-value call against. */
export const KV_CALLS = {
  get: z.tuple([KEY]),
  getMany: z.tuple([z.array(KEY)]),
  put: z.tuple([KEY, z.instanceof(Uint8Array), z.number().nullable(), z.number().nullable(), z.string().nullable()]),
  delete: z.tuple([KEY]),
  list: z.tuple([z.string(), z.number().int().min(1), z.string().nullable()]),
} satisfies CallSchemas<KvProtocol>;

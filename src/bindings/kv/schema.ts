import { z } from 'zod';
import { BINDING_NAME } from '../names.js';

/** One entry of `kv_namespaces` in ledge.jsonc. */
export const KV_ENTRY_SCHEMA = z.strictObject({
  /** The name application code reads from `env`. */
  binding: BINDING_NAME,
  /** The namespace's id: which stored namespace this binding reaches. */
  id: z.string().min(1),
  /** Accepted for compatibility with existing configuration files; Ledge binds `id`. */
  preview_id: z.string().min(1).optional(),
});

/** A `kv_namespaces` entry. */
export type KvEntryConfig = z.infer<typeof KV_ENTRY_SCHEMA>;

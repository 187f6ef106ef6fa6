import { z } from 'zod';
import { BINDING_NAME } from '../names.js';

/** One entry of `services` in ledge.jsonc: another deployment of the same account, reached through `env` (docs/bindings/services.md). */
export const SERVICE_ENTRY_SCHEMA = z.strictObject({
  /** The name application code reads from `env`. */
  binding: BINDING_NAME,
  /** The deployment called: a deployment of the same account (under `ledge dev`, a project started in the same `ledge dev`). */
  service: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, {
    error: 'expected the name of a deployment of this account (lowercase letters, digits and dashes)',
  }),
  /** A named `WorkerEntrypoint` export of that deployment; without it, its default export. */
  entrypoint: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, { error: 'expected the name of an export (a JavaScript identifier)' }).optional(),
  /** Given to the callee as `ctx.props` on every call through this binding (JSON values). */
  props: z.record(z.string(), z.json()).optional(),
});

/** A `services` entry. */
export type ServiceEntryConfig = z.infer<typeof SERVICE_ENTRY_SCHEMA>;

import type { z } from 'zod';

/** What a binding kind declares to the configuration layer: where it sits in `ledge.jsonc` and which resource each entry names. */
export interface BindingConfigPlugin<Entry extends { binding: string } = { binding: string }> {
  /** The kind's name, e.g. `kv`. */
  readonly kind: string;
  /** Its key in `ledge.jsonc`, e.g. `kv_namespaces`. */
  readonly configKey: string;
  /** A strict zod object for one entry. */
  readonly entrySchema: z.ZodType<Entry>;
  /** The identity of the resource an entry points at (SPEC, Authentication 4: one binding name, distinct targets per environment). */
  resourceId(entry: Entry): string;
}

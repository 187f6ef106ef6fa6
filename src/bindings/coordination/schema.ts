import { z } from 'zod';
import { BINDING_NAME } from '../names.js';

/** An exported class's name. */
const CLASS_NAME = z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, { error: 'expected the name of an exported class' });

/** One entry of `durable_objects.bindings` as written (the original platform's shape: `name`, not `binding`). */
export const COORDINATION_BINDING_SCHEMA = z.strictObject({
  /** The name application code reads from `env`. */
  name: BINDING_NAME,
  /** The exported class that extends DurableObject. */
  class_name: CLASS_NAME,
  /** The deployment of this account whose module exports the class, when it is another one. @default this one */
  script_name: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, { error: 'expected a deployment name' }).optional(),
});

/** The `durable_objects` section: `{ bindings: [...] }`. */
export const COORDINATION_SECTION_SCHEMA = z.strictObject({
  bindings: z.array(COORDINATION_BINDING_SCHEMA).max(1000),
});

/** One binding as the host and the registry hold it: the original's entry with its `name` as `binding`. */
export const COORDINATION_ENTRY_SCHEMA = z.strictObject({
  binding: BINDING_NAME,
  class_name: CLASS_NAME,
  script_name: z.string().optional(),
});

/** One migration step of `migrations` (reference §4.6). */
export const MIGRATION_SCHEMA = z.strictObject({
  tag: z.string().min(1).max(64),
  new_classes: z.array(CLASS_NAME).optional(),
  new_sqlite_classes: z.array(CLASS_NAME).optional(),
  renamed_classes: z.array(z.strictObject({ from: CLASS_NAME, to: CLASS_NAME })).optional(),
  deleted_classes: z.array(CLASS_NAME).optional(),
});

/** The top-level `migrations` list. */
export const MIGRATIONS_SCHEMA = z.array(MIGRATION_SCHEMA).max(1000);

/** A `durable_objects` section. */
export type CoordinationSection = z.infer<typeof COORDINATION_SECTION_SCHEMA>;
/** A binding of the kind, as the host holds it. */
export type CoordinationEntry = z.infer<typeof COORDINATION_ENTRY_SCHEMA>;
/** One migration step. */
export type Migration = z.infer<typeof MIGRATION_SCHEMA>;

/** The section's bindings as registry entries, each with its path below the section. */
export function coordinationEntries(section: unknown): { entry: CoordinationEntry; path: string }[] {
  return ((section as CoordinationSection | undefined)?.bindings ?? []).map((b, i) => ({
    entry: { binding: b.name, class_name: b.class_name, ...(b.script_name === undefined ? {} : { script_name: b.script_name }) },
    path: `.bindings[${i}]`,
  }));
}

import { z } from 'zod';
import { BINDING_NAME } from '../names.js';

/** One lifecycle rule: delete objects after an age or on a date, abort stale multipart uploads. */
export const LIFECYCLE_RULE_SCHEMA = z.strictObject({
  id: z.string().min(1),
  /** @default true */
  enabled: z.boolean().optional(),
  /** Only keys starting with this; empty or absent means the whole bucket. */
  prefix: z.string().optional(),
  expire: z.union([
    z.strictObject({ days: z.number().int().min(1) }),
    z.strictObject({ date: z.string().refine((d) => !Number.isNaN(Date.parse(d)), { error: 'expected a date such as 2027-01-01' }) }),
  ]).optional(),
  abortMultipartAfterDays: z.number().int().min(1).optional(),
}).refine((rule) => rule.expire !== undefined || rule.abortMultipartAfterDays !== undefined, { error: 'a rule needs "expire" or "abortMultipartAfterDays"' });

/** A lifecycle rule. */
export type LifecycleRule = z.infer<typeof LIFECYCLE_RULE_SCHEMA>;

/** The rule every bucket has (reference: uncompleted multipart uploads are aborted after 7 days). */
export const DEFAULT_LIFECYCLE_RULE: LifecycleRule = { id: 'default-multipart-abort', enabled: true, prefix: '', abortMultipartAfterDays: 7 };

/** One entry of `buckets` in ledge.jsonc. */
export const BUCKET_ENTRY_SCHEMA = z.strictObject({
  binding: BINDING_NAME,
  bucket_name: z.string().regex(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/, { error: 'expected 3-63 lowercase letters, digits and dashes' }),
  /** When given, these rules replace the bucket's stored rules each time the project starts. */
  lifecycle: z.array(LIFECYCLE_RULE_SCHEMA).max(1000).optional(),
});

/** A `buckets` entry. */
export type BucketEntryConfig = z.infer<typeof BUCKET_ENTRY_SCHEMA>;

import { z } from 'zod';

/** A name application code reads from `env`: a JavaScript identifier. */
export const BINDING_NAME = z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, {
  error: 'expected a JavaScript identifier (letters, digits, _ or $; not starting with a digit)',
});

/** A valid project name made from a directory name (the reference's "synthetic project name"). */
export function toProjectName(base: string): string {
  const slug = base.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 63).replace(/-$/, '');
  return slug || 'edge-app';
}

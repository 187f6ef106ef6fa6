import { z } from 'zod';

/** A name application code reads from `env`: a JavaScript identifier. Each kind's schema uses it, and so do secrets. */
export const BINDING_NAME = z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, {
  error: 'expected a JavaScript identifier (letters, digits, _ or $; not starting with a digit)',
});

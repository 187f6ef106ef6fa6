/**
 * `ledge:workflows` (also imported as the original platform's `cloudflare:workflows`). Bundled into the
 * application; see docs/runtime.md, The runtime module, and docs/bindings/workflows.md.
 */
import { NON_RETRYABLE_BRAND } from '../../bindings/workflows/brand.js';

/** Thrown from a workflow step to fail it at once, with no further retries; the instance errors unless run() catches it. */
export class NonRetryableError extends Error {
  constructor(message?: string, name = 'NonRetryableError') {
    super(message);
    this.name = name;
  }
}
Object.defineProperty(NonRetryableError.prototype, NON_RETRYABLE_BRAND, { value: true });

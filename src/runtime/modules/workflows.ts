/**
 * `ledge:workflows` (also imported as the original platform's `cloudflare:workflows`). Bundled into the
 * application; see docs/runtime.md, The runtime module.
 */

/** Thrown from a workflow step to stop retrying it. */
export class NonRetryableError extends Error {
  constructor(message?: string, name = 'NonRetryableError') {
    super(message);
    this.name = name;
  }
}

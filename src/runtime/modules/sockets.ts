/**
 * `ledge:sockets` (also imported as the original platform's `cloudflare:sockets`). Bundled into the
 * application; see docs/runtime.md, The runtime module.
 */
import { requireHooks } from './hooks.js';

/** Opens an outbound TCP connection. Until the platform provides outbound sockets, calling it throws and says so. */
export function connect(address: unknown, options?: unknown): unknown {
  const open = requireHooks('connect()').connect;
  if (!open) throw new Error('connect() is not available in Ledge yet: outbound TCP sockets arrive with the sandbox and its egress rules (docs/runtime.md)');
  return open(address, options);
}

/**
 * `ledge:sockets` (also imported as the original platform's `cloudflare:sockets`). Bundled into the
 * application; see docs/runtime.md, The runtime module and Outbound TCP.
 */
import { requireHooks } from './hooks.js';

/**
 * Opens an outbound TCP connection to `address` (`"host:port"` or `{ hostname, port }`) and returns its
 * Socket. The host makes the connection under the platform's egress policy (runtime/tcp/).
 */
export function connect(address: unknown, options?: unknown): unknown {
  const open = requireHooks('connect()').connect;
  if (!open) throw new Error('connect() is not available in this isolate');
  return open(address, options);
}

import path from 'node:path';
import type { Logger } from '../platform/logger.js';
import { createEgressSessions } from '../runtime/egress/gateway.js';
import { createEgressPolicy, type EgressPolicy } from '../runtime/egress/policy.js';
import type { IsolateSpawner } from '../runtime/isolate-worker.js';
import { SandboxPool } from '../runtime/sandbox/pool.js';

/** `ledge dev --isolation process`: the project's isolates in a sandbox process, under the platform's egress policy. */
export interface DevSandbox {
  spawn: IsolateSpawner;
  policy: EgressPolicy;
  close(): Promise<void>;
}

/** Starts the sandbox pool of `ledge dev --isolation process` (one sandbox, no spare: one project runs). */
export function createDevSandbox(options: { stateDir: string; logger: Logger; egressAllow?: readonly string[] }): DevSandbox {
  const policy = createEgressPolicy({ allow: options.egressAllow });
  const egress = createEgressSessions({ policy, logger: options.logger });
  const pool = new SandboxPool({ dir: path.join(options.stateDir, 'sandboxes'), logger: options.logger, egress, spare: false });
  return {
    spawn: pool.spawnerFor('local'),
    policy,
    async close() {
      await pool.close();
      await egress.close();
    },
  };
}

import path from 'node:path';
import { LedgeError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { createEgressSessions, type EgressLookup, type PlatformAnswers, type PlatformFetch } from '../runtime/egress/gateway.js';
import { createEgressPolicy, type EgressPolicy } from '../runtime/egress/policy.js';
import { createThreadSpawner, type IsolateSpawner } from '../runtime/isolate-worker.js';
import { SandboxPool, type SandboxInfo } from '../runtime/sandbox/pool.js';

/** Where application code runs under `ledge serve` (docs/architecture.md, "Threat model"). */
export type IsolationMode = 'process' | 'thread';

/** The isolation options of the platform. */
export interface IsolationOptions {
  /** `process`: each account's isolates in its own sandbox process; `thread`: threads of the platform's process. @default "process" */
  isolation?: IsolationMode;
  /** Accept `thread` isolation with several accounts: all their code is trusted. @default false */
  trustAllCode?: boolean;
  /** `--egress-allow` entries: CIDR ranges, addresses or host names application code may reach beyond the public internet. */
  egressAllow?: readonly string[];
  /** Sandboxes that may run at once. @default 32 */
  maxSandboxes?: number;
  /** Start one sandbox ahead of need. @default true */
  spareSandbox?: boolean;
  /** The resolver of outbound fetch's host names (tests inject one so no query leaves the machine). @default the system's */
  egressLookup?: EgressLookup;
  /** Public data of the platform answered in-process for outbound fetch (a team domain's keys). */
  platformAnswers?: PlatformAnswers;
}

/** How the platform runs accounts' code, and what it lets that code reach. */
export interface Isolation {
  readonly mode: IsolationMode;
  spawnerFor(accountId: string): IsolateSpawner;
  /** The egress policy (the platform adds its listeners once they listen). */
  readonly policy: EgressPolicy;
  /** fetch for the platform's own requests to addresses an account configured (identity providers), under `policy`. */
  readonly egressFetch: PlatformFetch;
  /** Why a new account may not be created, or undefined. */
  readonly accountCreationRefusal: string | undefined;
  /** An account's limits changed: its running sandbox applies them at once. */
  refreshLimits(accountId: string): void;
  /** The sandboxes running now (empty under thread isolation). */
  sandboxes(): SandboxInfo[];
  close(): Promise<void>;
}

/** Sets up the isolation of `ledge serve`: checks bubblewrap for `process`, refuses `thread` with several accounts unless all code is trusted. */
export function createIsolation(options: IsolationOptions & { stateDir: string; logger: Logger; accountCount: number; accountMemoryMb(accountId: string): number }): Isolation {
  const mode = options.isolation ?? 'process';
  const policy = createEgressPolicy({ allow: options.egressAllow });
  const egress = createEgressSessions({ policy, logger: options.logger, lookup: options.egressLookup, platformAnswers: options.platformAnswers });
  if (mode === 'thread') {
    if (options.accountCount > 1 && !options.trustAllCode) {
      throw new LedgeError('bad_argument', `--isolation thread runs every account's code in the platform's own process; this state directory has ${options.accountCount} accounts, so it needs --trust-all-code (or use --isolation process)`);
    }
    options.logger.warn(`--isolation thread: application code runs in threads of the platform's own process, with no process boundary around it; run only code you trust${options.trustAllCode ? ' (--trust-all-code)' : ''}`);
    const spawner = createThreadSpawner({ egress });
    return {
      mode, policy, egressFetch: egress.fetch, spawnerFor: () => spawner, sandboxes: () => [], refreshLimits: () => undefined,
      accountCreationRefusal: options.trustAllCode ? undefined : 'this platform runs with --isolation thread, which hosts a single account; restart it with --isolation process (or --trust-all-code) to create more',
      close: () => egress.close(),
    };
  }
  const pool = new SandboxPool({
    dir: path.join(options.stateDir, 'sandboxes'), logger: options.logger, egress,
    accountMemoryMb: options.accountMemoryMb, maxSandboxes: options.maxSandboxes, spare: options.spareSandbox,
  });
  return {
    mode, policy, egressFetch: egress.fetch, accountCreationRefusal: undefined,
    spawnerFor: (accountId) => pool.spawnerFor(accountId),
    refreshLimits: (accountId) => pool.refreshLimit(accountId),
    sandboxes: () => pool.list(),
    async close() {
      await pool.close();
      await egress.close();
    },
  };
}

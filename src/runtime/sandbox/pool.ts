import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../platform/logger.js';
import type { EgressSessions } from '../egress/gateway.js';
import type { IsolateSpawner, IsolateWorkerSpec } from '../isolate-worker.js';
import { findBubblewrap, runtimeFiles } from './launcher.js';
import { Sandbox, type StopReason } from './sandbox.js';

/** Sandboxes that may run at once; past it the least recently used one is stopped. */
export const DEFAULT_MAX_SANDBOXES = 32;
/** Memory of one account's sandbox (all its isolates and the process around them) when the account sets none. */
export const DEFAULT_ACCOUNT_MEMORY_MB = 1024;

/** Options of the sandboxes of a platform. */
export interface SandboxPoolOptions {
  /** Directory for the sandboxes' slots (each holds only its account's bundles). Emptied at start. */
  dir: string;
  logger: Logger;
  egress: EgressSessions;
  /** The memory limit of an account's sandbox, in MiB. @default DEFAULT_ACCOUNT_MEMORY_MB for every account */
  accountMemoryMb?: (accountId: string) => number;
  /** @default DEFAULT_MAX_SANDBOXES */
  maxSandboxes?: number;
  /** Keep one sandbox started ahead, so an account's first event does not wait for a process to start. @default true */
  spare?: boolean;
}

/** Running sandboxes by account. */
export interface SandboxInfo {
  accountId: string;
  pid: number | undefined;
  isolates: number;
  rssBytes: number;
  peakRssBytes: number;
  cpuMs: number;
  /** Where, on the host, the socket its isolates connect to is (isolate-channel.ts). */
  channelPath: string;
}

/**
 * The sandbox processes of a platform: one per account with running isolates (SPEC: What the service does 4:
 * an account's code never shares a process with another account's). A sandbox starts on its account's first
 * isolate, or is taken from the spare started ahead; it stops when its last isolate stops, when the account
 * passes its memory limit, or when the cap is reached and it is the least recently used.
 */
export class SandboxPool {
  #options: SandboxPoolOptions;
  #byAccount = new Map<string, Sandbox>();
  #spare: Sandbox | undefined;
  #closed = false;
  #bwrap: string;

  constructor(options: SandboxPoolOptions) {
    this.#options = options;
    this.#bwrap = findBubblewrap();
    rmSync(options.dir, { recursive: true, force: true });
    if (options.spare !== false) this.#startSpare();
  }

  /** The spawner of an account's isolates: each starts in that account's sandbox. */
  spawnerFor(accountId: string): IsolateSpawner {
    return Object.assign((spec: IsolateWorkerSpec) => this.#sandboxFor(accountId).spawnWorker(spec), { remote: true });
  }

  /** The sandboxes running now. */
  list(): SandboxInfo[] {
    return [...this.#byAccount.values()].map((s) => ({ accountId: s.accountId as string, pid: s.pid, isolates: s.isolates, channelPath: s.channelPath, ...pick(s.usage) }));
  }

  /** The account's memory limit changed: its running sandbox is held to the new one from now on. */
  refreshLimit(accountId: string): void {
    this.#byAccount.get(accountId)?.assign(accountId, this.#options.accountMemoryMb?.(accountId) ?? DEFAULT_ACCOUNT_MEMORY_MB);
  }

  /** Stops every sandbox. */
  async close(): Promise<void> {
    this.#closed = true;
    const all = [...this.#byAccount.values(), ...(this.#spare ? [this.#spare] : [])];
    this.#byAccount.clear();
    this.#spare = undefined;
    await Promise.all(all.map((s) => s.stop('closed')));
  }

  #sandboxFor(accountId: string): Sandbox {
    const existing = this.#byAccount.get(accountId);
    if (existing && !existing.stopped) return existing;
    if (this.#byAccount.size >= (this.#options.maxSandboxes ?? DEFAULT_MAX_SANDBOXES)) this.#evictOne();
    let sandbox = this.#spare;
    this.#spare = undefined;
    if (!sandbox || sandbox.stopped) sandbox = this.#start();
    sandbox.assign(accountId, this.#options.accountMemoryMb?.(accountId) ?? DEFAULT_ACCOUNT_MEMORY_MB);
    this.#byAccount.set(accountId, sandbox);
    if (this.#options.spare !== false) setImmediate(() => this.#startSpare());
    return sandbox;
  }

  #evictOne(): void {
    let oldest: Sandbox | undefined;
    for (const s of this.#byAccount.values()) if (!oldest || s.lastUsed < oldest.lastUsed) oldest = s;
    if (!oldest) return;
    this.#options.logger.warn(`${this.#byAccount.size} sandboxes are running, the most allowed: the least recently used one (account ${oldest.accountId ?? ''}) is stopped`);
    this.#byAccount.delete(oldest.accountId as string);
    void oldest.stop('evicted');
  }

  #startSpare(): void {
    if (this.#closed || this.#spare) return;
    this.#spare = this.#start();
  }

  #start(): Sandbox {
    const id = randomBytes(6).toString('hex');
    return new Sandbox({
      id,
      launch: { bwrap: this.#bwrap, runtime: runtimeFiles() },
      slotDir: path.join(this.#options.dir, id),
      logger: this.#options.logger.child('sandbox'),
      egress: this.#options.egress,
      onStop: (sandbox, reason) => this.#onStop(sandbox, reason),
    });
  }

  #onStop(sandbox: Sandbox, reason: StopReason): void {
    if (sandbox === this.#spare) {
      this.#spare = undefined;
      // A spare that died by itself is not restarted in a loop; the next account's event starts one.
      if (reason === 'crashed') return;
    }
    if (sandbox.accountId !== undefined && this.#byAccount.get(sandbox.accountId) === sandbox) this.#byAccount.delete(sandbox.accountId);
  }
}

function pick(usage: Sandbox['usage']): Pick<SandboxInfo, 'rssBytes' | 'peakRssBytes' | 'cpuMs'> {
  return { rssBytes: usage.rssBytes, peakRssBytes: usage.peakRssBytes, cpuMs: usage.cpuMs };
}

/**
 * Leases, in the isolate (docs/bindings/coordination.md, "Calls inside one isolate"). When the host's directory
 * has placed an object in the same isolate as a caller of it, it leases the object to that isolate: the isolate's
 * stubs then run RPC calls to it here, on the same instance and through the same gates, without the host
 * carrying the event (its storage still goes through the host, which answers only the isolate holding the
 * object). The host ends a lease before it moves or drops the object; the isolate answers once the calls it
 * runs on the object have ended, so the object never has two instances. Runs in the isolate.
 */
import type { ObjectEvent, ObjectLease, ObjectOutcome } from './protocol.js';
import { realmShared } from '../rpc-values.js';

interface Held extends ObjectLease {
  /** Leased calls running now. */
  inflight: number;
  /** When the last leased call ended (the host's idle check asks). */
  lastUsed: number;
  drained: (() => void)[];
}

/** How a leased call runs (the runtime's: its event bookkeeping around runObjectEvent). */
export type LeasedRunner = (event: ObjectEvent) => Promise<ObjectOutcome>;

/**
 * The leases this isolate holds (by namespace, then id: the lookup of every call builds no key string), and how
 * their calls run: one per realm (rpc-values.ts, `realmShared`), since the runtime and the binding's half may be
 * two copies of this module when Ledge runs from its sources.
 */
const LEASES = realmShared('coordination-leases-by-namespace', () => ({ held: new Map<string, Map<string, Held>>(), runner: undefined as LeasedRunner | undefined }));
const held = LEASES.held;

function heldLease(namespace: string, id: string): Held | undefined {
  return held.get(namespace)?.get(id);
}

/** The runtime says how leased calls run; without it no lease is taken. */
export function installLeasedRunner(run: LeasedRunner): void {
  LEASES.runner = run;
}

/** The host leased an object to this isolate. */
export function grantLease(lease: ObjectLease): void {
  let ids = held.get(lease.namespace);
  if (!ids) held.set(lease.namespace, (ids = new Map()));
  if (!ids.has(lease.id)) ids.set(lease.id, { ...lease, inflight: 0, lastUsed: Date.now(), drained: [] });
}

/**
 * The host asks for a lease back. With `idleMs` (the idle check), a lease used within that time, or in use, is
 * kept: the answer is how long it has been unused (0 in use). Otherwise no new call starts under it, and the
 * answer (undefined) comes once the calls running under it have ended.
 */
export async function endLease(namespace: string, id: string, idleMs?: number): Promise<number | undefined> {
  const ids = held.get(namespace);
  const lease = ids?.get(id);
  if (!ids || !lease) return undefined;
  if (idleMs !== undefined) {
    const unused = lease.inflight > 0 ? 0 : Date.now() - lease.lastUsed;
    if (unused < idleMs) return unused;
  }
  ids.delete(id);
  if (ids.size === 0) held.delete(namespace);
  while (lease.inflight > 0) await new Promise<void>((resolve) => lease.drained.push(resolve));
  return undefined;
}

/** An RPC call on an object, run here under its lease. */
export type LeasedCall = (name: string | null, link: number, method: string, args: unknown[]) => Promise<{ value: unknown; linkDone?: true } | { error: { name: string; message: string } }>;

/**
 * Takes this isolate's lease on the object `id` of `namespace` for one call, or undefined when it holds none.
 * The lease counts the call from now (so the host cannot take it back before the call has run, even while the
 * call waits at its caller's output gate) until `end` is called, which the caller does however the call ends.
 */
export function takeLease(namespace: string, id: string): { run: LeasedCall; end(): void } | undefined {
  const lease = heldLease(namespace, id);
  const run = LEASES.runner;
  if (!lease || !run) return undefined;
  lease.inflight++;
  return new LeasedTicket(lease, run);
}

/** One call's hold on a lease (takeLease): its methods on the prototype, so a call allocates one object, not three. */
class LeasedTicket {
  readonly #lease: Held;
  readonly #runner: LeasedRunner;
  #ended = false;

  constructor(lease: Held, runner: LeasedRunner) {
    this.#lease = lease;
    this.#runner = runner;
  }

  async run(name: string | null, link: number, method: string, args: unknown[]): ReturnType<LeasedCall> {
    const lease = this.#lease;
    const outcome = await this.#runner({ kind: 'rpc', link, method, args, namespace: lease.namespace, className: lease.className, id: lease.id, name, sqlite: lease.sqlite });
    if (!outcome.ok) return { error: outcome.error };
    return outcome.linkDone === true ? { value: outcome.value, linkDone: true } : { value: outcome.value };
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    const lease = this.#lease;
    lease.inflight--;
    lease.lastUsed = Date.now();
    if (lease.inflight === 0 && lease.drained.length > 0) for (const wake of lease.drained.splice(0)) wake();
  }
}

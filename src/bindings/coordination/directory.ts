/**
 * The host's directory of live instances (docs/bindings/coordination.md): for each object with an instance,
 * the isolate holding it, its events in flight and its store handle. Every event for an object passes here, so
 * each id has at most one live instance: when the isolate serving the object's deployment changes, the old one
 * finishes the object's events in flight and drops it before the new one receives any. Storage calls are answered
 * only for the isolate named here. One directory per coordination store (a dev state, or one account).
 */
import type { Logger } from '../../platform/logger.js';
import { isLedgeError } from '../../platform/errors.js';
import { isSqlStatementError, isStoreStopped, type CoordinationObjectStore, type CoordinationStoragePort } from '../../storage/ports.js';
import { serveProtocol } from '../host-protocol.js';
import { BindingError, type BindingService } from '../plugin.js';
import { CARRIED_WRITES, OBJECT_STORAGE_CALLS, OBJECT_STORAGE_FAST, isCarriedWrites, type ObjectStorageProtocol, type ObjectCaller, type ObjectEvent, type ObjectOutcome, type ObjectOwner } from './protocol.js';
import { ObjectSocketHub } from './websockets-host.js';
import { OBJECT_SOCKET_CALLS, type ObjectSocketProtocol } from './websockets-protocol.js';

/** How long an instance with no event stays in memory before it is dropped and its store closed. @default 60000 */
export const OBJECT_IDLE_MS = 60_000;

/** `LEDGE_OBJECT_IDLE_MS`, when set to a positive integer, replaces OBJECT_IDLE_MS (for tests and operators who want eviction sooner). */
function idleFromEnvironment(): number | undefined {
  const value = Number(process.env['LEDGE_OBJECT_IDLE_MS']);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

interface Slot {
  namespace: string;
  id: string;
  owner: ObjectOwner | undefined;
  inflight: number;
  /** Events waiting for their placement (the isolate may still be starting): they keep the slot from the idle sweep. */
  waiting: number;
  drained: (() => void)[];
  /** Owner changes and counting happen one at a time per object. */
  turn: Promise<unknown>;
  store: Promise<CoordinationObjectStore> | undefined;
  idle: NodeJS.Timeout | undefined;
  /** Transactions the instance opened (`transactionSync`) and has not ended: rolled back if its isolate loses it. */
  openTransactions: number;
  /** A bookmark to restore to when the next instance starts (`onNextSessionRestoreBookmark`). */
  restoreOnNextSession: string | undefined;
  /** Its store stopped mid-call: the next event waits for the instance's events to end, and builds a new one. */
  reset?: boolean;
  /** The object's name, from an event that carried it: stored with an alarm it sets, so the alarm's instance has `ctx.id.name`. */
  name: string | undefined;
  /** The isolate holding the object under a lease (leases.ts): its own calls to the object run there, unseen here. */
  lease: ObjectOwner | undefined;
  /** A lease end asked and not answered yet: no lease is granted meanwhile. */
  leaseEnding: Promise<void> | undefined;
  /**
   * Its store as storage calls use it (resetOnStop), made once per `store` rather than per call; `handle`, once
   * the store has opened, is the store itself, which `get` and `write` call directly (with resetOnStop's mapping).
   */
  guarded?: { from: Promise<CoordinationObjectStore>; store: Promise<CoordinationObjectStore>; handle?: CoordinationObjectStore; onStopped: () => void };
}

/** The shape of a bookmark (storage/sqlite/pitr.ts): refused at once rather than when the next instance starts. */
const BOOKMARK = /^[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{12}$/;

/** Options of a directory. */
export interface DirectoryOptions {
  logger: Logger;
  /** @default OBJECT_IDLE_MS */
  idleMs?: number;
}

/** The live instances of one coordination store. */
export class CoordinationDirectory {
  readonly #port: CoordinationStoragePort;
  readonly #logger: Logger;
  readonly #idleMs: number;
  readonly #slots = new Map<string, Slot>();
  /** The hibernatable WebSockets of this directory's objects (websockets-host.ts). */
  readonly #sockets: ObjectSocketHub;

  constructor(port: CoordinationStoragePort, options: DirectoryOptions) {
    this.#port = port;
    this.#logger = options.logger;
    this.#idleMs = options.idleMs ?? idleFromEnvironment() ?? OBJECT_IDLE_MS;
    this.#sockets = new ObjectSocketHub({
      deliver: (event, host) => this.deliver(event, host),
      logger: options.logger,
      onPlainEnd: (key) => {
        const slot = this.#slots.get(key);
        if (slot && slot.inflight === 0 && slot.waiting === 0) this.#armIdle(key, slot);
      },
    });
  }

  /** Objects with an instance now. */
  get live(): number { return this.#slots.size; }

  /**
   * Delivers `event` to the object's instance, in the isolate `host` names (the one now serving the class's
   * deployment); `from` is the caller's end of a call's RPC link (alarms have none).
   */
  async deliver(event: ObjectEvent, host: () => Promise<ObjectOwner>, from?: ObjectCaller): Promise<ObjectOutcome> {
    const key = `${event.namespace}\n${event.id}`;
    let slot = this.#slots.get(key);
    if (!slot) {
      slot = { namespace: event.namespace, id: event.id, owner: undefined, inflight: 0, waiting: 0, drained: [], turn: Promise.resolve(), store: undefined, idle: undefined, openTransactions: 0, restoreOnNextSession: undefined, name: undefined, lease: undefined, leaseEnding: undefined };
      this.#slots.set(key, slot);
    }
    if (typeof event.name === 'string') slot.name = event.name;
    const s = slot;
    // Counted from now: an idle sweep while the isolate starts would otherwise drop the slot this event is placed in.
    s.waiting++;
    clearTimeout(s.idle);
    s.idle = undefined;
    const placed = s.turn.then(async () => {
      const owner = await host();
      const previous = s.owner;
      // An instance reset because its store stopped mid-call is replaced once its events end, by this event.
      const reset = previous === owner && s.reset === true;
      if (reset) {
        while (s.inflight > 0) await new Promise<void>((resolve) => s.drained.push(resolve));
        await this.#endLease(s);
        await this.#rollbackOpen(s);
        event.reset = true;
      }
      const fresh = previous !== owner || reset;
      if (previous !== owner) {
        if (previous && !previous.exited) {
          // The old isolate finishes this object's events, then forgets the instance; only then may a new one exist.
          while (s.inflight > 0) await new Promise<void>((resolve) => s.drained.push(resolve));
          // Calls it runs under its lease end too before the instance goes.
          await this.#endLease(s);
          previous.dropObject(s.namespace, s.id);
        }
        s.lease = undefined;
        // A transaction the old instance left open (its isolate stopped inside transactionSync) was never
        // acknowledged: it is rolled back before anyone else writes.
        await this.#rollbackOpen(s);
        s.owner = owner;
      }
      // The state of its hibernatable sockets travels with the event: all of it to an instance new to its isolate.
      s.reset = false;
      const held = this.#sockets.prepare(key, event, host, fresh);
      if (held) event.held = held;
      s.inflight++;
      // The caller is the isolate holding the object: it may run its next calls to it itself (leases.ts).
      if (from !== undefined && from.endpoint === owner.endpoint && s.lease === undefined && s.leaseEnding === undefined && !owner.exited) {
        s.lease = owner;
        owner.grantLease({ namespace: s.namespace, id: s.id, className: event.className, sqlite: event.sqlite });
      }
      return owner;
    }).finally(() => { s.waiting--; });
    s.turn = placed.catch(() => undefined);
    let owner: ObjectOwner;
    try {
      owner = await placed;
    } catch (err) {
      if (s.inflight === 0 && s.waiting === 0) this.#armIdle(key, s);
      throw err;
    }
    try {
      let outcome = await owner.runObject(event, from);
      if (outcome.writes !== undefined) outcome = await this.#commitCarried(s, owner, outcome);
      return this.#sockets.settle(key, outcome);
    } finally {
      this.#done(key, s);
    }
  }

  /**
   * Commits the writes an event's result carried (storage.ts `takeForResult`) before the result is released (the
   * output gate), and tells the isolate how it went; a failed commit fails the event, as a failed `write` does.
   */
  async #commitCarried(slot: Slot, owner: ObjectOwner, outcome: ObjectOutcome): Promise<ObjectOutcome> {
    const { writes, ...released } = outcome;
    // The usual shape passes a plain check; anything else goes through the schema.
    const parsed = isCarriedWrites(writes) ? { success: true as const, data: writes } : CARRIED_WRITES.safeParse(writes);
    // Malformed: nothing can be committed or answered (an isolate's own code is broken); the caller learns it.
    if (!parsed.success) return { ok: false, error: { name: 'Error', message: 'the object\'s result carried malformed writes' } };
    let error: string | undefined;
    try {
      if (slot.owner !== owner) throw new BindingError('Error', 'This object instance is no longer the live one (it was evicted or moved); its storage is closed to it.');
      slot.store ??= this.#port.open(slot.namespace, slot.id);
      const store = slot.store;
      await asUserError(async () => (await store).write(parsed.data.puts, parsed.data.deletes));
    } catch (err) {
      if (err instanceof BindingError) error = err.message;
      else {
        this.#logger.error(`committing the writes of object ${slot.id} (${slot.namespace}) failed: ${(err as Error)?.stack ?? String(err)}`);
        error = 'the object\'s storage failed inside the platform; the error was logged';
      }
    }
    if (!owner.exited) owner.settleCarried(parsed.data.seq, error);
    return error === undefined ? released as ObjectOutcome : { ok: false, error: { name: 'Error', message: error } };
  }

  /**
   * Runs `work` (an operator's delete of the object's data) once the object's events in flight have finished and its
   * instance is dropped; events that arrive meanwhile wait, then construct the instance again from storage.
   */
  async withoutInstance<T>(namespace: string, id: string, work: () => Promise<T>): Promise<T> {
    const slot = this.#slots.get(`${namespace}\n${id}`);
    if (!slot) return work();
    const done = slot.turn.then(async () => {
      while (slot.inflight > 0) await new Promise<void>((resolve) => slot.drained.push(resolve));
      await this.#endLease(slot);
      if (slot.owner && !slot.owner.exited) slot.owner.dropObject(namespace, id);
      slot.owner = undefined;
      const store = slot.store;
      slot.store = undefined;
      await (await store)?.close();
      return work();
    });
    slot.turn = done.catch(() => undefined);
    return done;
  }

  /** The storage service of one isolate: it answers for the objects this directory placed in that isolate, and no other. */
  storageService(owner: ObjectOwner): BindingService {
    const store = (namespace: string, id: string): Promise<CoordinationObjectStore> => {
      const slot = this.#slots.get(`${namespace}\n${id}`);
      if (!slot || slot.owner !== owner) throw new BindingError('Error', 'This object instance is no longer the live one (it was evicted or moved); its storage is closed to it.');
      slot.store ??= this.#port.open(namespace, id);
      if (slot.guarded?.from === slot.store) return slot.guarded.store;
      // Its store's process stopped mid-call (the time limit, or a kill): what the instance holds may no longer
      // match storage (an open transaction was rolled back there), so the next event builds a new one.
      const onStopped = (): void => {
        slot.reset = true;
        // Its calls must come here again, where the next one replaces the instance.
        void this.#endLease(slot);
      };
      const from = slot.store;
      const guarded: NonNullable<Slot['guarded']> = { from, store: from.then((handle) => {
        guarded.handle = handle;
        return resetOnStop(handle, onStopped);
      }), onStopped };
      slot.guarded = guarded;
      return guarded.store;
    };
    /** The object's open store, when its slot is this isolate's and it has opened (the usual call): no promise to wait on. */
    const opened = (namespace: string, id: string): NonNullable<Slot['guarded']> | undefined => {
      const slot = this.#slots.get(`${namespace}\n${id}`);
      const guarded = slot?.guarded;
      return guarded?.handle !== undefined && slot?.owner === owner && guarded.from === slot.store ? guarded : undefined;
    };
    const owns = (namespace: string, id: string): void => {
      const slot = this.#slots.get(`${namespace}\n${id}`);
      if (!slot || slot.owner !== owner) throw new BindingError('Error', 'This object instance is no longer the live one (it was evicted or moved); its WebSockets are closed to it.');
    };
    return serveProtocol<ObjectStorageProtocol & ObjectSocketProtocol>('coordination storage', { ...OBJECT_STORAGE_CALLS, ...OBJECT_SOCKET_CALLS }, {
      ...this.#sockets.handlers(owns),
      get: async ([ns, id, keys]) => {
        const ready = opened(ns, id);
        if (!ready?.handle) return [...(await (await store(ns, id)).get(keys))];
        try {
          return [...(await ready.handle.get(keys))];
        } catch (err) {
          throw stoppedError(err, ready.onStopped);
        }
      },
      // A list past the result bound is the application's to page (limit and startAfter): it sees the store's message.
      list: async ([ns, id, options]) => asUserError(async () => (await store(ns, id)).list(options)),
      // The store's refusals the application must see (SQL errors, bad arguments, the account's storage limit) reach it as an Error with their message.
      write: async ([ns, id, puts, deletes]) => {
        const ready = opened(ns, id);
        if (!ready?.handle) return asUserError(async () => (await store(ns, id)).write(puts, deletes));
        try {
          return await ready.handle.write(puts, deletes);
        } catch (err) {
          throw userError(stoppedError(err, ready.onStopped));
        }
      },
      deleteAll: async ([ns, id]) => { await (await store(ns, id)).deleteAll(); return null; },
      getAlarm: async ([ns, id]) => (await store(ns, id)).getAlarm(),
      setAlarm: async ([ns, id, time]) => { await (await store(ns, id)).setAlarm(time, this.#slots.get(`${ns}\n${id}`)?.name); return null; },
      exec: async ([ns, id, query, bindings]) => asUserError(async () => (await store(ns, id)).exec(query, bindings)),
      begin: async ([ns, id]) => {
        await (await store(ns, id)).begin();
        this.#slot(ns, id).openTransactions++;
        return null;
      },
      commit: async ([ns, id]) => {
        await asUserError(async () => (await store(ns, id)).commit());
        this.#slot(ns, id).openTransactions--;
        return null;
      },
      rollback: async ([ns, id]) => {
        await asUserError(async () => (await store(ns, id)).rollback());
        this.#slot(ns, id).openTransactions--;
        return null;
      },
      databaseSize: async ([ns, id]) => (await store(ns, id)).databaseSize(),
      bookmark: async ([ns, id]) => (await store(ns, id)).bookmark(),
      bookmarkAt: async ([ns, id, time]) => asUserError(async () => (await store(ns, id)).bookmarkAt(time)),
      restoreOnNextSession: async ([ns, id, bookmark]) => {
        if (!BOOKMARK.test(bookmark)) throw new BindingError('Error', `"${bookmark.slice(0, 64)}" is not a bookmark (getCurrentBookmark() and getBookmarkForTime() give them)`);
        const now = await (await store(ns, id)).bookmark();
        this.#slot(ns, id).restoreOnNextSession = bookmark;
        return now;
      },
      session: async ([ns, id]) => {
        const handle = await store(ns, id);
        const slot = this.#slot(ns, id);
        const bookmark = slot.restoreOnNextSession;
        if (bookmark === undefined) return null;
        slot.restoreOnNextSession = undefined;
        await this.#rollbackOpen(slot);
        await asUserError(() => handle.restore(bookmark));
        return null;
      },
    }, OBJECT_STORAGE_FAST);
  }

  #slot(namespace: string, id: string): Slot {
    const slot = this.#slots.get(`${namespace}\n${id}`);
    if (!slot) throw new BindingError('Error', 'This object instance is no longer the live one (it was evicted or moved); its storage is closed to it.');
    return slot;
  }

  /** Rolls back every transaction left open on the object's store. */
  async #rollbackOpen(slot: Slot): Promise<void> {
    if (slot.openTransactions === 0 || !slot.store) return;
    const handle = await slot.store;
    while (slot.openTransactions > 0) {
      slot.openTransactions--;
      try {
        await handle.rollback();
      } catch (err) {
        this.#logger.error(`rolling back a transaction left open by object ${slot.id} (${slot.namespace}) failed: ${(err as Error).message}`);
        slot.openTransactions = 0;
      }
    }
  }

  /** Drops every instance and closes every store handle. */
  async close(): Promise<void> {
    const slots = [...this.#slots.values()];
    this.#slots.clear();
    this.#sockets.close();
    await Promise.all(slots.map((slot) => this.#release(slot)));
  }

  #done(key: string, slot: Slot): void {
    slot.inflight--;
    if (slot.inflight > 0) return;
    for (const wake of slot.drained.splice(0)) wake();
    if (slot.waiting === 0) this.#armIdle(key, slot);
  }

  /**
   * Drops the instance after the idle time, unless an event or a socket joined to its isolate keeps it (a
   * hibernatable one does not); an instance under a lease is asked first whether it was used meanwhile, and is
   * kept until it has been unused for the idle time.
   */
  #armIdle(key: string, slot: Slot, ms = this.#idleMs): void {
    clearTimeout(slot.idle);
    const idle = (): boolean => slot.inflight === 0 && slot.waiting === 0 && this.#slots.get(key) === slot && !this.#sockets.keepsInstance(key);
    slot.idle = setTimeout(() => {
      slot.idle = undefined;
      if (!idle()) return;
      if (slot.lease) {
        void this.#endLease(slot, this.#idleMs).then((unused) => {
          if (unused !== undefined) {
            // Asked again when its idle time would end, but not sooner than a quarter of it: the answer is the
            // isolate's word, and one forged as "unused for nearly the idle time, kept" each time made this a
            // check every millisecond per leased object, on the platform's main thread, for ever.
            if (idle() && slot.idle === undefined) this.#armIdle(key, slot, Math.max(this.#idleMs / 4, this.#idleMs - unused));
          } else if (idle() && !slot.lease) this.#evict(key, slot);
        }, () => undefined);
        return;
      }
      this.#evict(key, slot);
    }, ms);
    slot.idle.unref();
  }

  #evict(key: string, slot: Slot): void {
    this.#slots.delete(key);
    this.#sockets.forget(key);
    void this.#release(slot);
  }

  /**
   * Takes the object's lease back, if an isolate holds it: resolves once no call runs under it any more. With
   * `idleMs` (the idle check), a lease used within that time is kept, and the answer is how long it was unused.
   */
  async #endLease(slot: Slot, idleMs?: number): Promise<number | undefined> {
    while (slot.leaseEnding) await slot.leaseEnding;
    const owner = slot.lease;
    if (!owner) return undefined;
    if (owner.exited) {
      slot.lease = undefined;
      return undefined;
    }
    // Forced: no call is granted under it from now; the idle check leaves it in place unless the isolate gives it back.
    if (idleMs === undefined) slot.lease = undefined;
    const ending = owner.endLease(slot.namespace, slot.id, idleMs);
    slot.leaseEnding = ending.then(() => undefined, () => undefined);
    try {
      const unused = await ending;
      if (unused === undefined && slot.lease === owner) slot.lease = undefined;
      return unused;
    } finally {
      slot.leaseEnding = undefined;
    }
  }

  async #release(slot: Slot): Promise<void> {
    clearTimeout(slot.idle);
    if (slot.owner && !slot.owner.exited) slot.owner.dropObject(slot.namespace, slot.id);
    await this.#rollbackOpen(slot).catch(() => undefined);
    const store = slot.store;
    slot.store = undefined;
    try {
      await (await store)?.close();
    } catch (err) {
      this.#logger.error(`closing the store of object ${slot.id} (${slot.namespace}) failed: ${(err as Error).message}`);
    }
  }
}

/**
 * Runs a store call whose failures are the application's doing (a SQL error, a refused statement, a bookmark
 * that is not one, a commit with no transaction): the application gets the store's message, as on the original.
 */
async function asUserError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw userError(err);
  }
}

/** asUserError's mapping of one failure: the error to throw. */
function userError(err: unknown): unknown {
  if (isSqlStatementError(err) || (isLedgeError(err) && (err.code === 'bad_argument' || err.code === 'wrong_state' || err.code === 'operation_failed'))) return new BindingError('Error', err.message);
  return err;
}

/** resetOnStop's mapping of one failure of a store call: the error to throw. */
function stoppedError(err: unknown, onStopped: () => void): unknown {
  if (!isStoreStopped(err)) return err;
  onStopped();
  return new BindingError('Error', err.message);
}

/**
 * The handle, with every call that fails because the store's process stopped (isStoreStopped) told to `onStopped`
 * and given to the application as an Error with its message (it names what happened and that nothing was kept).
 */
function resetOnStop(handle: CoordinationObjectStore, onStopped: () => void): CoordinationObjectStore {
  // Each method's wrapper is made once (the handle is kept for the object's storage calls, not made per call).
  const wrappers = new Map<PropertyKey, { of: unknown; wrapper: (...args: unknown[]) => Promise<unknown> }>();
  return new Proxy(handle, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const known = wrappers.get(property);
      if (known?.of === value) return known.wrapper;
      const wrapper = async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (err) {
          throw stoppedError(err, onStopped);
        }
      };
      wrappers.set(property, { of: value, wrapper });
      return wrapper;
    },
  });
}

const directories = new WeakMap<CoordinationStoragePort, CoordinationDirectory>();

/** The directory of a coordination store: one per store, so one per dev state or per account. */
export function directoryFor(port: CoordinationStoragePort, options: DirectoryOptions): CoordinationDirectory {
  let directory = directories.get(port);
  if (!directory) directories.set(port, (directory = new CoordinationDirectory(port, options)));
  return directory;
}

import type { StoragePorts } from '../../storage/ports.js';

/** Who is told of writes to one store: per namespace, the listeners given each written key. */
type Watchers = Map<string, Set<(keys: string[]) => void>>;

/**
 * Writes to key-value namespaces, told to whoever watches them: the isolates of a sandbox whose read cache holds
 * their values (docs/bindings/kv.md, "Read cache"). Keyed by the store itself, so a write through any binding of any
 * deployment on that store reaches every watcher of the namespace, and nothing reaches a watcher of another store
 * (another account's: each account has its own `StoragePorts`) or another namespace. Ports that serve another's
 * stores (`sharedFrom`: the projects of one `ledge dev a/ b/`) are that store's.
 */
const byStore = new WeakMap<StoragePorts, Watchers>();

/** Calls `listener` with the keys of every write to `namespace` of `storage` from now on; returns the function that stops it. */
export function watchKvWrites(storage: StoragePorts, namespace: string, listener: (keys: string[]) => void): () => void {
  const owner = storage.sharedFrom ?? storage;
  let watchers = byStore.get(owner);
  if (!watchers) byStore.set(owner, (watchers = new Map()));
  let set = watchers.get(namespace);
  if (!set) watchers.set(namespace, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && watchers.get(namespace) === set) watchers.delete(namespace);
  };
}

/**
 * Tells the watchers of `namespace` that `keys` were written. Called after the write is committed (a reader
 * told sooner could read the old value again and keep it) and before it is acknowledged.
 */
export function announceKvWrite(storage: StoragePorts, namespace: string, keys: string[]): void {
  const set = byStore.get(storage.sharedFrom ?? storage)?.get(namespace);
  if (!set) return;
  // Every watcher is told even if one throws: one that stopped the loop left the rest keeping the old value.
  let failure: unknown;
  for (const listener of [...set]) {
    try {
      listener(keys);
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure !== undefined) throw failure;
}

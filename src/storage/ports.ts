/**
 * Storage ports: the only way anything above src/storage reaches stored data. The embedded adapters
 * (SQLite, files) implement them today; PostgreSQL and S3-compatible adapters implement the same
 * interfaces for scale-out. Every method is async so a networked adapter fits.
 */

/** One stored key-value entry. `expiration` is in epoch seconds. */
export interface KvEntry {
  value: Uint8Array;
  expiration: number | null;
  /** JSON text of the metadata, or null. */
  metadata: string | null;
}

/** One key as `list` reports it. */
export interface KvListedKey {
  name: string;
  expiration: number | null;
  metadata: string | null;
}

/** Key-value namespaces. Keys sort in UTF-8 byte order; entries whose expiration is at or before `now` do not exist. */
export interface KvStoragePort {
  get(namespace: string, key: string, now: number): Promise<KvEntry | null>;
  put(namespace: string, key: string, entry: KvEntry): Promise<void>;
  delete(namespace: string, key: string): Promise<void>;
  /** Keys after `after` (exclusive) that start with `prefix`, at most `limit`, in byte order. */
  list(namespace: string, options: { prefix: string; after: string | null; limit: number }, now: number): Promise<KvListedKey[]>;
}

/** Every port of one platform's state. */
export interface StoragePorts {
  kv: KvStoragePort;
  close(): void;
}

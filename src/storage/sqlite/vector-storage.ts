import type Database from 'better-sqlite3';
import type { MetadataIndexRecord, MetadataIndexType, StoredVector, VectorIndexRecord, VectorMetric, VectorMutation, VectorStoragePort, VectorWriteOutcome } from '../vectors.js';

interface IndexRow {
  name: string; dimensions: number; metric: string; description: string; created_on: string; modified_on: string;
  vector_count: number; last_mutation: string | null; last_mutation_at: string | null;
}
interface VectorRow { id: string; namespace: string | null; vals: Buffer; metadata: string | null; indexed: string | null }

/** A stored BLOB as float32 values: a view when the buffer is aligned for one (each row's buffer is its own), else a copy. */
function toFloats(blob: Buffer): Float32Array {
  if (blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4);
  const out = new Float32Array(blob.byteLength / 4);
  new Uint8Array(out.buffer).set(blob);
  return out;
}

/** Rows one scan reads before it lets the event loop run: a large index never holds the host's thread for longer. */
const SCAN_PAGE_ROWS = 512;

function toBlob(values: Float32Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

function toVector(row: VectorRow): StoredVector {
  return { id: row.id, namespace: row.namespace, values: toFloats(row.vals), metadata: row.metadata, indexed: row.indexed };
}

function toIndex(row: IndexRow): VectorIndexRecord {
  return {
    name: row.name, dimensions: row.dimensions, metric: row.metric as VectorMetric, description: row.description, created_on: row.created_on, modified_on: row.modified_on,
    vectorCount: row.vector_count, lastMutation: row.last_mutation, lastMutationAt: row.last_mutation_at,
  };
}

/**
 * The vector index port on SQLite: one row per vector with its float32 values as a BLOB. Every write is one
 * transaction committed before the call returns (WAL, synchronous=NORMAL: it survives kill -9), and the index's
 * count and last mutation change in the same transaction.
 */
export function createSqliteVectorStorage(db: Database.Database): VectorStoragePort {
  db.exec(`
    CREATE TABLE IF NOT EXISTS vector_indexes (
      name TEXT PRIMARY KEY, dimensions INTEGER NOT NULL, metric TEXT NOT NULL, description TEXT NOT NULL,
      created_on TEXT NOT NULL, modified_on TEXT NOT NULL, vector_count INTEGER NOT NULL DEFAULT 0,
      last_mutation TEXT, last_mutation_at TEXT
    );
    CREATE TABLE IF NOT EXISTS vector_metadata_indexes (
      index_name TEXT NOT NULL, property TEXT NOT NULL, type TEXT NOT NULL, generation INTEGER NOT NULL, created_on TEXT NOT NULL,
      PRIMARY KEY (index_name, property)
    );
    CREATE TABLE IF NOT EXISTS vector_generations (id INTEGER PRIMARY KEY AUTOINCREMENT, index_name TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS vectors (
      index_name TEXT NOT NULL, id TEXT NOT NULL, namespace TEXT, vals BLOB NOT NULL, metadata TEXT, indexed TEXT,
      PRIMARY KEY (index_name, id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS vectors_by_namespace ON vectors (index_name, namespace, id);
  `);
  const getIndex = db.prepare<[string]>('SELECT * FROM vector_indexes WHERE name = ?');
  const listIndexes = db.prepare('SELECT * FROM vector_indexes ORDER BY name');
  const insertIndex = db.prepare<[string, number, string, string, string, string]>(
    'INSERT OR IGNORE INTO vector_indexes (name, dimensions, metric, description, created_on, modified_on) VALUES (?, ?, ?, ?, ?, ?)');
  const deleteIndex = db.prepare<[string]>('DELETE FROM vector_indexes WHERE name = ?');
  const deleteVectors = db.prepare<[string]>('DELETE FROM vectors WHERE index_name = ?');
  const deleteMetaIndexes = db.prepare<[string]>('DELETE FROM vector_metadata_indexes WHERE index_name = ?');
  const listMeta = db.prepare<[string]>('SELECT property, type, generation, created_on FROM vector_metadata_indexes WHERE index_name = ? ORDER BY property');
  const newGeneration = db.prepare<[string]>('INSERT INTO vector_generations (index_name) VALUES (?)');
  const insertMeta = db.prepare<[string, string, string, number, string]>('INSERT OR IGNORE INTO vector_metadata_indexes (index_name, property, type, generation, created_on) VALUES (?, ?, ?, ?, ?)');
  const deleteMeta = db.prepare<[string, string]>('DELETE FROM vector_metadata_indexes WHERE index_name = ? AND property = ?');
  const mutated = db.prepare<[string, string, string, number, string]>('UPDATE vector_indexes SET last_mutation = ?, last_mutation_at = ?, modified_on = ?, vector_count = vector_count + ? WHERE name = ?');
  const exists = db.prepare<[string, string]>('SELECT 1 FROM vectors WHERE index_name = ? AND id = ?').pluck();
  const count = db.prepare<[string]>('SELECT vector_count FROM vector_indexes WHERE name = ?').pluck();
  const namespaceUsed = db.prepare<[string, string]>('SELECT 1 FROM vectors WHERE index_name = ? AND namespace = ? LIMIT 1').pluck();
  const namespaceCount = db.prepare<[string]>('SELECT COUNT(*) FROM (SELECT DISTINCT namespace FROM vectors WHERE index_name = ? AND namespace IS NOT NULL)').pluck();
  const upsert = db.prepare<[string, string, string | null, Buffer, string | null, string | null]>('INSERT OR REPLACE INTO vectors (index_name, id, namespace, vals, metadata, indexed) VALUES (?, ?, ?, ?, ?, ?)');
  const deleteOne = db.prepare<[string, string]>('DELETE FROM vectors WHERE index_name = ? AND id = ?');
  const getOne = db.prepare<[string, string]>('SELECT id, namespace, vals, metadata, indexed FROM vectors WHERE index_name = ? AND id = ?');
  const scanAll = db.prepare<[string, string, number]>('SELECT id, namespace, vals, NULL AS metadata, indexed FROM vectors WHERE index_name = ? AND id > ? ORDER BY id LIMIT ?');
  const scanNamespace = db.prepare<[string, string, string, number]>('SELECT id, namespace, vals, NULL AS metadata, indexed FROM vectors WHERE index_name = ? AND namespace = ? AND id > ? ORDER BY id LIMIT ?');

  const record = (index: string, mutation: VectorMutation, added = 0) => mutated.run(mutation.id, mutation.at, mutation.at, added, index);

  const write = db.transaction((index: string, vectors: StoredVector[], mode: 'insert' | 'upsert', mutation: VectorMutation, limits: { maxVectors: number; maxNamespaces: number }): VectorWriteOutcome => {
    // Within one batch the first of an id wins for insert, the last for upsert, as across batches.
    const batch = new Map<string, StoredVector>();
    for (const v of vectors) if (mode === 'upsert' || !batch.has(v.id)) batch.set(v.id, v);
    const fresh = [...batch.values()].filter((v) => !exists.get(index, v.id));
    const stored = count.get(index) as number | undefined;
    // Deleted since the caller looked: nothing is written under a name no index has.
    if (stored === undefined) return { ok: false, refused: 'no_index', count: 0 };
    const total = stored + fresh.length;
    if (total > limits.maxVectors) return { ok: false, refused: 'vectors', count: total };
    const newNamespaces = new Set([...batch.values()].flatMap((v) => (v.namespace !== null && !namespaceUsed.get(index, v.namespace) ? [v.namespace] : [])));
    if (newNamespaces.size > 0) {
      const namespaces = (namespaceCount.get(index) as number) + newNamespaces.size;
      if (namespaces > limits.maxNamespaces) return { ok: false, refused: 'namespaces', count: namespaces };
    }
    const toWrite = mode === 'upsert' ? [...batch.values()] : fresh;
    for (const v of toWrite) upsert.run(index, v.id, v.namespace, toBlob(v.values), v.metadata, v.indexed);
    record(index, mutation, fresh.length);
    return { ok: true, written: toWrite.length };
  });

  return {
    async createIndex(index, now) {
      return insertIndex.run(index.name, index.dimensions, index.metric, index.description, now, now).changes === 1;
    },
    async getIndex(name) {
      const row = getIndex.get(name) as IndexRow | undefined;
      return row ? toIndex(row) : null;
    },
    async listIndexes() {
      return (listIndexes.all() as IndexRow[]).map(toIndex);
    },
    async deleteIndex(name) {
      return db.transaction(() => {
        deleteVectors.run(name);
        deleteMetaIndexes.run(name);
        return deleteIndex.run(name).changes === 1;
      })();
    },
    async createMetadataIndex(index, propertyName, indexType, mutation) {
      return db.transaction(() => {
        const generation = Number(newGeneration.run(index).lastInsertRowid);
        if (insertMeta.run(index, propertyName, indexType, generation, mutation.at).changes !== 1) return false;
        record(index, mutation);
        return true;
      })();
    },
    async listMetadataIndexes(index) {
      return (listMeta.all(index) as { property: string; type: string; generation: number; created_on: string }[])
        .map((r): MetadataIndexRecord => ({ propertyName: r.property, indexType: r.type as MetadataIndexType, generation: r.generation, created_on: r.created_on }));
    },
    async deleteMetadataIndex(index, propertyName, mutation) {
      return db.transaction(() => {
        if (deleteMeta.run(index, propertyName).changes !== 1) return false;
        record(index, mutation);
        return true;
      })();
    },
    async write(index, vectors, mode, mutation, limits) {
      return write(index, vectors, mode, mutation, limits);
    },
    async delete(index, ids, mutation) {
      return db.transaction(() => {
        let deleted = 0;
        for (const id of new Set(ids)) deleted += deleteOne.run(index, id).changes;
        record(index, mutation, -deleted);
        return deleted;
      })();
    },
    async get(index, ids) {
      return ids.flatMap((id) => {
        const row = getOne.get(index, id) as VectorRow | undefined;
        return row ? [toVector(row)] : [];
      });
    },
    async scan(index, namespace, visit) {
      // In pages by id, yielding between them: other requests run while a large index is searched. A write between
      // two pages is seen or not by this scan, as a write racing a query is.
      let after = '';
      for (;;) {
        const rows = (namespace === undefined ? scanAll.all(index, after, SCAN_PAGE_ROWS) : scanNamespace.all(index, namespace, after, SCAN_PAGE_ROWS)) as VectorRow[];
        for (const row of rows) visit(toVector(row));
        if (rows.length < SCAN_PAGE_ROWS) return;
        after = (rows[rows.length - 1] as VectorRow).id;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
  };
}

import type { SqlLike } from '../tasks/store.js';
import { DocumentCatalogError, checkName } from './model.js';

/**
 * Chunk metadata for a vector index (SPEC: Resources, Vector index chunk metadata): per chunk its source id
 * and revision, chunk id, content hash, embedding model and index generation. A generation belongs to one
 * embedding model: the schema's composite foreign key refuses a chunk of any other model, even at equal
 * dimension, and a model upgrade opens a new generation. The vectors themselves live in a vector index binding
 * (one index per generation) or wherever the application keeps them, under the chunk ids recorded here.
 */
export const CHUNKS_SCHEMA_SQL = `CREATE TABLE IF NOT EXISTS index_generations (
  generation INTEGER PRIMARY KEY CHECK (generation > 0),
  embedding_model TEXT NOT NULL CHECK (length(embedding_model) > 0),
  dimensions INTEGER NOT NULL CHECK (typeof(dimensions) = 'integer' AND dimensions > 0),
  state TEXT NOT NULL CHECK (state IN ('building', 'active', 'retired')),
  created_at TEXT NOT NULL,
  UNIQUE (generation, embedding_model)
);
CREATE TABLE IF NOT EXISTS index_chunks (
  generation INTEGER NOT NULL,
  embedding_model TEXT NOT NULL,
  chunk_id TEXT NOT NULL CHECK (length(chunk_id) > 0),
  source_id TEXT NOT NULL CHECK (length(source_id) > 0),
  source_revision INTEGER NOT NULL CHECK (typeof(source_revision) = 'integer' AND source_revision > 0),
  content_hash TEXT NOT NULL CHECK (length(content_hash) = 64 AND content_hash NOT GLOB '*[^0-9a-f]*'),
  created_at TEXT NOT NULL,
  PRIMARY KEY (generation, chunk_id),
  FOREIGN KEY (generation, embedding_model) REFERENCES index_generations (generation, embedding_model)
);
CREATE INDEX IF NOT EXISTS index_chunks_source ON index_chunks (source_id, generation);`;

/** One generation of the index: all its vectors come from `embeddingModel`. */
export interface IndexGeneration {
  generation: number;
  embeddingModel: string;
  dimensions: number;
  state: 'building' | 'active' | 'retired';
  createdAt: string;
}

/** The metadata recorded for one chunk. */
export interface ChunkRecord {
  generation: number;
  embeddingModel: string;
  chunkId: string;
  sourceId: string;
  sourceRevision: number;
  /** SHA-256 of the chunk's text, 64 lowercase hex digits. */
  contentHash: string;
}

interface GenerationRow { generation: number; embedding_model: string; dimensions: number; state: IndexGeneration['state']; created_at: string }
interface ChunkRow { generation: number; embedding_model: string; chunk_id: string; source_id: string; source_revision: number; content_hash: string }

const toGeneration = (r: GenerationRow): IndexGeneration => ({ generation: r.generation, embeddingModel: r.embedding_model, dimensions: r.dimensions, state: r.state, createdAt: r.created_at });
const toChunk = (r: ChunkRow): ChunkRecord => ({ generation: r.generation, embeddingModel: r.embedding_model, chunkId: r.chunk_id, sourceId: r.source_id, sourceRevision: r.source_revision, contentHash: r.content_hash });

/** The chunk metadata of an application's vector index, over a SQL database binding. */
export function createChunkCatalog(db: SqlLike, options: { now?: () => number } = {}) {
  const now = options.now ?? (() => Date.now());
  let ready: Promise<unknown> | undefined;
  const schema = () => (ready ??= db.exec(CHUNKS_SCHEMA_SQL.replace(/\n\s*/g, ' ').replace(/; /g, ';\n')).catch((err: unknown) => {
    ready = undefined;
    throw err;
  }));

  async function generation(number: number): Promise<IndexGeneration> {
    await schema();
    const row = (await db.prepare('SELECT * FROM index_generations WHERE generation = ?').bind(number).first()) as GenerationRow | null;
    if (!row) throw new DocumentCatalogError('not_found', `index generation ${number} does not exist`);
    return toGeneration(row);
  }

  return {
    /** Opens a new generation (state `building`) for `embeddingModel`: the way to change models. */
    async openGeneration(input: { embeddingModel: string; dimensions: number }): Promise<IndexGeneration> {
      await schema();
      const embeddingModel = checkName('embeddingModel', input.embeddingModel);
      if (!Number.isSafeInteger(input.dimensions) || input.dimensions < 1) throw new DocumentCatalogError('bad_argument', `dimensions: expected an integer > 0, got ${String(input.dimensions)}`);
      const at = new Date(now()).toISOString();
      // One statement: the next number and the insert cannot interleave with another writer's.
      const row = (await db.prepare(`INSERT INTO index_generations (generation, embedding_model, dimensions, state, created_at)
        SELECT COALESCE(MAX(generation), 0) + 1, ?, ?, 'building', ? FROM index_generations RETURNING *`).bind(embeddingModel, input.dimensions, at).first()) as GenerationRow;
      return toGeneration(row);
    },

    /** Makes `number` the generation queries use; the one active before is retired in the same step. */
    async activate(number: number): Promise<IndexGeneration> {
      const target = await generation(number);
      if (target.state === 'retired') throw new DocumentCatalogError('wrong_state', `index generation ${number}: activate refused in state retired (open a new generation instead)`);
      await db.batch([
        db.prepare("UPDATE index_generations SET state = 'retired' WHERE state = 'active' AND generation <> ?").bind(number),
        db.prepare("UPDATE index_generations SET state = 'active' WHERE generation = ?").bind(number),
      ]);
      return { ...target, state: 'active' };
    },

    /** The active generation, or null before the first activation. */
    async active(): Promise<IndexGeneration | null> {
      await schema();
      const row = (await db.prepare("SELECT * FROM index_generations WHERE state = 'active'").first()) as GenerationRow | null;
      return row ? toGeneration(row) : null;
    },

    /** Every generation, newest first. */
    async generations(): Promise<IndexGeneration[]> {
      await schema();
      return ((await db.prepare('SELECT * FROM index_generations ORDER BY generation DESC').all()).results as GenerationRow[]).map(toGeneration);
    },

    /**
     * Records chunks of one generation (all or none). A chunk whose `embeddingModel` is not the generation's is
     * refused, naming both models, whatever its dimension; so is a chunk for a retired generation.
     */
    async record(number: number, chunks: Omit<ChunkRecord, 'generation'>[]): Promise<ChunkRecord[]> {
      const target = await generation(number);
      if (target.state === 'retired') throw new DocumentCatalogError('wrong_state', `index generation ${number} is retired; record chunks in a generation being built or active`);
      for (const [i, chunk] of chunks.entries()) {
        if (chunk.embeddingModel !== target.embeddingModel) {
          throw new DocumentCatalogError('bad_argument', `chunks[${i}]: embedded with ${String(chunk.embeddingModel)}, but index generation ${number} holds only ${target.embeddingModel} vectors; open a new generation for a new model`);
        }
        checkName(`chunks[${i}].chunkId`, chunk.chunkId);
        checkName(`chunks[${i}].sourceId`, chunk.sourceId);
        if (!Number.isSafeInteger(chunk.sourceRevision) || chunk.sourceRevision < 1) throw new DocumentCatalogError('bad_argument', `chunks[${i}].sourceRevision: expected an integer > 0`);
        if (typeof chunk.contentHash !== 'string' || !/^[0-9a-f]{64}$/.test(chunk.contentHash)) throw new DocumentCatalogError('bad_argument', `chunks[${i}].contentHash: expected the SHA-256 of the chunk, 64 lowercase hex digits`);
      }
      const at = new Date(now()).toISOString();
      await db.batch(chunks.map((c) => db.prepare(`INSERT INTO index_chunks (generation, embedding_model, chunk_id, source_id, source_revision, content_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (generation, chunk_id) DO UPDATE SET source_id = excluded.source_id, source_revision = excluded.source_revision, content_hash = excluded.content_hash, created_at = excluded.created_at`)
        .bind(number, c.embeddingModel, c.chunkId, c.sourceId, c.sourceRevision, c.contentHash, at)));
      return chunks.map((c) => ({ ...c, generation: number }));
    },

    /** The chunks of a source: in `generation`, or in the active one. */
    async chunksOf(sourceId: string, options: { generation?: number } = {}): Promise<ChunkRecord[]> {
      await schema();
      const rows = (options.generation === undefined
        ? await db.prepare("SELECT c.* FROM index_chunks c JOIN index_generations g ON g.generation = c.generation WHERE c.source_id = ? AND g.state = 'active' ORDER BY c.chunk_id").bind(sourceId).all()
        : await db.prepare('SELECT * FROM index_chunks WHERE source_id = ? AND generation = ? ORDER BY chunk_id').bind(sourceId, options.generation).all()).results as ChunkRow[];
      return rows.map(toChunk);
    },

    /** Chunks of a source recorded from an older revision than `currentRevision`: to embed again. */
    async stale(sourceId: string, currentRevision: number): Promise<ChunkRecord[]> {
      await schema();
      return ((await db.prepare('SELECT * FROM index_chunks WHERE source_id = ? AND source_revision < ? ORDER BY generation, chunk_id').bind(sourceId, currentRevision).all()).results as ChunkRow[]).map(toChunk);
    },

    /** Forgets every chunk of a source, in all generations (a withdrawn document's cleanup); returns them, to delete their vectors. */
    async forget(sourceId: string): Promise<ChunkRecord[]> {
      await schema();
      const rows = ((await db.prepare('SELECT * FROM index_chunks WHERE source_id = ? ORDER BY generation, chunk_id').bind(sourceId).all()).results as ChunkRow[]).map(toChunk);
      await db.prepare('DELETE FROM index_chunks WHERE source_id = ?').bind(sourceId).run();
      return rows;
    },
  };
}

/** A chunk catalog. */
export type ChunkCatalog = ReturnType<typeof createChunkCatalog>;

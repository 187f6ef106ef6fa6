import type { SqlLike } from '../tasks/store.js';
import { DOCUMENTS_SCHEMA_SQL } from './schema.js';
import { DocumentCatalogError, checkName, checkRevision, checkVersion, documentTransition, type DocumentState, type VersionInput } from './model.js';

/** One stored revision of a document: its original's key, digest and size. */
export interface DocumentVersion extends VersionInput {
  revision: number;
  createdAt: string;
}

/** An active document with its current version. */
export interface CurrentDocument {
  id: string;
  ownerId: string;
  state: 'active';
  currentRevision: number;
  version: DocumentVersion;
}

/** A document's state without any version: what can be shown of a withdrawn one. */
export interface DocumentStatus {
  id: string;
  ownerId: string;
  state: DocumentState;
  currentRevision: number;
  withdrawnAt: string | null;
  cleanup: CleanupJob | null;
}

/** The job a withdrawal leaves: remove what was derived from the document (vectors, caches), retried until done. */
export interface CleanupJob {
  documentId: string;
  state: 'pending' | 'done';
  attempts: number;
  lastError: string | null;
  notBefore: number | null;
  createdAt: string;
  doneAt: string | null;
}

/** Back-off of a failed cleanup: doubles from `baseMs` up to `maxDelayMs`. */
export interface CleanupBackoff { baseMs: number; maxDelayMs: number }
const DEFAULT_BACKOFF: CleanupBackoff = { baseMs: 1000, maxDelayMs: 5 * 60_000 };

interface DocumentRow { id: string; owner_id: string; current_revision: number; state: DocumentState; withdrawn_at: string | null }
interface VersionRow { revision: number; object_key: string; sha256: string; byte_size: number; created_at: string }
interface CleanupRow { document_id: string; state: 'pending' | 'done'; attempts: number; last_error: string | null; not_before: number | null; created_at: string; done_at: string | null }

const toVersion = (row: VersionRow): DocumentVersion => ({ revision: row.revision, objectKey: row.object_key, sha256: row.sha256, byteSize: row.byte_size, createdAt: row.created_at });
const toCleanup = (row: CleanupRow): CleanupJob => ({ documentId: row.document_id, state: row.state, attempts: row.attempts, lastError: row.last_error, notBefore: row.not_before, createdAt: row.created_at, doneAt: row.done_at });

/**
 * The document catalog over a SQL database binding (SPEC: Document catalog model, Document state, Errors rule 1).
 * A new revision is a compare-and-swap on `current_revision`: it commits only if the document is still at the
 * revision the editor started from, otherwise it is refused with `revision_conflict` and the revision to reread,
 * so an older page never overwrites newer content. Withdrawal hides the document from every read in the same
 * commit that records its cleanup job; physical deletion (`purge`) is a separate, later step.
 */
export function createDocumentCatalog(db: SqlLike, options: { now?: () => number; backoff?: CleanupBackoff } = {}) {
  const now = options.now ?? (() => Date.now());
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const iso = () => new Date(now()).toISOString();
  let ready: Promise<unknown> | undefined;
  const schema = () => (ready ??= db.exec(DOCUMENTS_SCHEMA_SQL.replace(/\n\s*/g, ' ').replace(/; /g, ';\n')).catch((err: unknown) => {
    ready = undefined; // a failed setup is tried again by the next call
    throw err;
  }));

  async function row(id: string): Promise<DocumentRow | null> {
    await schema();
    return (await db.prepare('SELECT id, owner_id, current_revision, state, withdrawn_at FROM documents WHERE id = ?').bind(id).first()) as DocumentRow | null;
  }

  async function existing(id: string): Promise<DocumentRow> {
    const found = await row(id);
    if (!found) throw new DocumentCatalogError('not_found', `document ${id} does not exist`);
    return found;
  }

  async function cleanupOf(id: string): Promise<CleanupJob | null> {
    const found = (await db.prepare('SELECT * FROM document_cleanup WHERE document_id = ?').bind(id).first()) as CleanupRow | null;
    return found ? toCleanup(found) : null;
  }

  /** The active document and its current version, or null when it is missing or withdrawn. */
  async function get(id: string): Promise<CurrentDocument | null> {
    await schema();
    // One statement: the state check and the version read see the same snapshot, so a withdrawal is never half seen.
    const found = (await db.prepare(`SELECT d.id, d.owner_id, d.current_revision, v.revision, v.object_key, v.sha256, v.byte_size, v.created_at
      FROM documents d JOIN document_versions v ON v.document_id = d.id AND v.revision = d.current_revision
      WHERE d.id = ? AND d.state = 'active'`).bind(checkName('id', id)).first()) as (VersionRow & { id: string; owner_id: string; current_revision: number }) | null;
    if (!found) return null;
    return { id: found.id, ownerId: found.owner_id, state: 'active', currentRevision: found.current_revision, version: toVersion(found) };
  }

  return {
    /** Creates a document at revision 1; an id already used (active or withdrawn) is a `conflict`. */
    async create(input: { id: string; ownerId: string } & VersionInput): Promise<CurrentDocument> {
      await schema();
      const id = checkName('id', input.id);
      const ownerId = checkName('ownerId', input.ownerId);
      const version = checkVersion(input);
      const at = iso();
      const [inserted] = await db.batch([
        db.prepare("INSERT INTO documents (id, owner_id, current_revision, state) VALUES (?, ?, 1, 'active') ON CONFLICT DO NOTHING").bind(id, ownerId),
        db.prepare('INSERT INTO document_versions (document_id, revision, object_key, sha256, byte_size, created_at) SELECT ?, 1, ?, ?, ?, ? WHERE changes() = 1')
          .bind(id, version.objectKey, version.sha256, version.byteSize, at),
      ]);
      if (inserted?.meta.changes !== 1) throw new DocumentCatalogError('conflict', `document ${id} already exists; add a revision to it instead`);
      return { id, ownerId, state: 'active', currentRevision: 1, version: { revision: 1, ...version, createdAt: at } };
    },

    get,

    /**
     * Commits a new revision if the document is still at `expectedRevision` (compare-and-swap). Otherwise:
     * `revision_conflict` with `currentRevision` when someone committed first, `wrong_state` when it was withdrawn.
     */
    async revise(id: string, expectedRevision: number, input: VersionInput): Promise<CurrentDocument> {
      checkName('id', id);
      const expected = checkRevision(expectedRevision);
      const version = checkVersion(input);
      await schema();
      const at = iso();
      const [versioned] = await db.batch([
        db.prepare(`INSERT INTO document_versions (document_id, revision, object_key, sha256, byte_size, created_at)
          SELECT id, current_revision + 1, ?, ?, ?, ? FROM documents WHERE id = ? AND current_revision = ? AND state = 'active'`)
          .bind(version.objectKey, version.sha256, version.byteSize, at, id, expected),
        db.prepare("UPDATE documents SET current_revision = current_revision + 1 WHERE id = ? AND current_revision = ? AND state = 'active' AND changes() = 1").bind(id, expected),
      ]);
      if (versioned?.meta.changes === 1) {
        const ownerId = (await existing(id)).owner_id;
        return { id, ownerId, state: 'active', currentRevision: expected + 1, version: { revision: expected + 1, ...version, createdAt: at } };
      }
      const current = await existing(id);
      documentTransition(id, current.state, 'revise');
      throw new DocumentCatalogError('revision_conflict', `document ${id} is at revision ${current.current_revision}, not ${expected}: reread it and apply the change again`, current.current_revision);
    },

    /** The document's state, revision and cleanup job, also once withdrawn; never a version or object key. */
    async status(id: string): Promise<DocumentStatus> {
      const found = await existing(checkName('id', id));
      return { id: found.id, ownerId: found.owner_id, state: found.state, currentRevision: found.current_revision, withdrawnAt: found.withdrawn_at, cleanup: await cleanupOf(id) };
    },

    /** The revisions of an active document, newest first; none for a withdrawn or missing one. */
    async versions(id: string): Promise<DocumentVersion[]> {
      await schema();
      const rows = (await db.prepare(`SELECT v.revision, v.object_key, v.sha256, v.byte_size, v.created_at FROM document_versions v
        JOIN documents d ON d.id = v.document_id WHERE d.id = ? AND d.state = 'active' ORDER BY v.revision DESC`).bind(checkName('id', id)).all()).results as VersionRow[];
      return rows.map(toVersion);
    },

    /**
     * Withdraws the document: from this commit on no read returns it. The same commit records its cleanup job
     * (`runCleanups`). With `expectedRevision`, only if nobody committed a newer revision meanwhile.
     */
    async withdraw(id: string, options: { expectedRevision?: number } = {}): Promise<DocumentStatus> {
      checkName('id', id);
      const expected = options.expectedRevision === undefined ? undefined : checkRevision(options.expectedRevision);
      await schema();
      const at = iso();
      const [withdrawn] = await db.batch([
        db.prepare(`UPDATE documents SET state = 'withdrawn', withdrawn_at = ? WHERE id = ? AND state = 'active'${expected === undefined ? '' : ' AND current_revision = ?'}`)
          .bind(...[at, id, ...(expected === undefined ? [] : [expected])]),
        db.prepare("INSERT INTO document_cleanup (document_id, state, created_at) SELECT ?, 'pending', ? WHERE changes() = 1").bind(id, at),
      ]);
      const current = await existing(id);
      if (withdrawn?.meta.changes !== 1) {
        documentTransition(id, current.state, 'withdraw');
        throw new DocumentCatalogError('revision_conflict', `document ${id} is at revision ${current.current_revision}, not ${String(expected)}: reread it before withdrawing`, current.current_revision);
      }
      return { id, ownerId: current.owner_id, state: 'withdrawn', currentRevision: current.current_revision, withdrawnAt: at, cleanup: await cleanupOf(id) };
    },

    /** Cleanup jobs, oldest first: all, or those in `state`. */
    async cleanups(state?: 'pending' | 'done'): Promise<CleanupJob[]> {
      await schema();
      const rows = (state === undefined
        ? await db.prepare('SELECT * FROM document_cleanup ORDER BY created_at, document_id').all()
        : await db.prepare('SELECT * FROM document_cleanup WHERE state = ? ORDER BY created_at, document_id').bind(state).all()).results as CleanupRow[];
      return rows.map(toCleanup);
    },

    /**
     * Runs the due cleanup jobs: `work(job, objectKeys)` removes what was derived from the document. A job
     * is marked done only after `work` resolved; a failure is recorded (attempts, the error's message, a
     * back-off) and the job is tried again by a later run. Returns the ids done and failed in this run.
     */
    async runCleanups(work: (job: CleanupJob, objectKeys: string[]) => Promise<void>, options: { limit?: number } = {}): Promise<{ done: string[]; failed: string[] }> {
      await schema();
      const due = (await db.prepare("SELECT * FROM document_cleanup WHERE state = 'pending' AND (not_before IS NULL OR not_before <= ?) ORDER BY created_at, document_id LIMIT ?")
        .bind(now(), options.limit ?? 20).all()).results as CleanupRow[];
      const done: string[] = [];
      const failed: string[] = [];
      for (const job of due.map(toCleanup)) {
        const keys = ((await db.prepare('SELECT object_key FROM document_versions WHERE document_id = ? ORDER BY revision').bind(job.documentId).all()).results as { object_key: string }[]).map((r) => r.object_key);
        try {
          await work(job, keys);
        } catch (err) {
          const attempts = job.attempts + 1;
          const delay = Math.min(backoff.maxDelayMs, backoff.baseMs * 2 ** (attempts - 1));
          const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
          await db.prepare("UPDATE document_cleanup SET attempts = ?, last_error = ?, not_before = ? WHERE document_id = ? AND state = 'pending'").bind(attempts, message, now() + delay, job.documentId).run();
          failed.push(job.documentId);
          continue;
        }
        await db.prepare("UPDATE document_cleanup SET state = 'done', attempts = ?, last_error = NULL, not_before = NULL, done_at = ? WHERE document_id = ? AND state = 'pending'")
          .bind(job.attempts + 1, iso(), job.documentId).run();
        done.push(job.documentId);
      }
      return { done, failed };
    },

    /**
     * Deletes a withdrawn document's rows (physical deletion, separate from withdrawal) once its cleanup is
     * done, and returns the object keys of its originals for the caller to delete from the object store.
     */
    async purge(id: string): Promise<{ objectKeys: string[] }> {
      const current = await existing(checkName('id', id));
      documentTransition(id, current.state, 'purge');
      const cleanup = await cleanupOf(id);
      if (cleanup?.state !== 'done') throw new DocumentCatalogError('wrong_state', `document ${id}: purge refused while its cleanup job is ${cleanup?.state ?? 'missing'}; run the cleanups first`);
      const keys = ((await db.prepare('SELECT object_key FROM document_versions WHERE document_id = ? ORDER BY revision').bind(id).all()).results as { object_key: string }[]).map((r) => r.object_key);
      await db.batch([
        db.prepare('DELETE FROM document_versions WHERE document_id = ?').bind(id),
        db.prepare('DELETE FROM document_cleanup WHERE document_id = ?').bind(id),
        db.prepare("DELETE FROM documents WHERE id = ? AND state = 'withdrawn'").bind(id),
      ]);
      return { objectKeys: keys };
    },
  };
}

/** A document catalog. */
export type DocumentCatalog = ReturnType<typeof createDocumentCatalog>;

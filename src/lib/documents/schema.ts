/**
 * The document catalog tables of the reference (SPEC: Resources, Document catalog model), as a migration:
 * paste it into `ledge db migrations create <db> documents`, or let `createDocumentCatalog` apply it. The
 * constraints are the reference's, enforced by the database itself, so a write that skips the library cannot
 * break them either. `document_cleanup` is the observable, retryable job a withdrawal leaves behind.
 */
export const DOCUMENTS_SCHEMA_SQL = `CREATE TABLE IF NOT EXISTS documents (
  id TEXT PRIMARY KEY CHECK (length(id) > 0),
  owner_id TEXT NOT NULL CHECK (length(owner_id) > 0),
  current_revision INTEGER NOT NULL CHECK (typeof(current_revision) = 'integer' AND current_revision > 0),
  state TEXT NOT NULL CHECK (state IN ('active', 'withdrawn')),
  withdrawn_at TEXT
);
CREATE TABLE IF NOT EXISTS document_versions (
  document_id TEXT NOT NULL REFERENCES documents (id),
  revision INTEGER NOT NULL CHECK (typeof(revision) = 'integer' AND revision > 0),
  object_key TEXT NOT NULL CHECK (length(object_key) > 0),
  sha256 TEXT NOT NULL CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
  byte_size INTEGER NOT NULL CHECK (typeof(byte_size) = 'integer' AND byte_size >= 0),
  created_at TEXT NOT NULL,
  PRIMARY KEY (document_id, revision)
);
CREATE TABLE IF NOT EXISTS document_cleanup (
  document_id TEXT PRIMARY KEY REFERENCES documents (id),
  state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  not_before INTEGER,
  created_at TEXT NOT NULL,
  done_at TEXT
);
CREATE INDEX IF NOT EXISTS document_cleanup_due ON document_cleanup (state, not_before);`;

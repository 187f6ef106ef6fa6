export { DOCUMENT_STATES, DOCUMENT_ERROR_CODES, DocumentCatalogError, isDocumentCatalogError, documentTransition } from './model.js';
export type { DocumentState, DocumentMove, DocumentErrorCode, VersionInput } from './model.js';
export { createDocumentCatalog } from './store.js';
export type { DocumentCatalog, CurrentDocument, DocumentVersion, DocumentStatus, CleanupJob, CleanupBackoff } from './store.js';
export { DOCUMENTS_SCHEMA_SQL } from './schema.js';
export type { SqlLike } from '../tasks/store.js';
export { createChunkCatalog, CHUNKS_SCHEMA_SQL } from './chunks.js';
export type { ChunkCatalog, ChunkRecord, IndexGeneration } from './chunks.js';

/**
 * The document states of the reference (SPEC: States and transitions, Document state) as pure functions:
 * `active` and `withdrawn`. The reference shows no transitions; the ones here are what a catalog needs and
 * what its rules imply: a new revision only of an active document and only from the revision the editor
 * started from (SPEC: Errors, rule 1), withdrawal once and at once, physical deletion only after withdrawal.
 */
import { LedgeError, isLedgeError } from '../../platform/errors.js';

/** The two states. */
export const DOCUMENT_STATES = ['active', 'withdrawn'] as const;
/** A document's state. */
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** What can be asked of a document. */
export type DocumentMove = 'revise' | 'withdraw' | 'purge';

/**
 * Why a change was refused: `revision_conflict` (someone committed a newer revision: reread), `wrong_state`
 * (not allowed in the document's state), `not_found`, `conflict` (the id is taken), `bad_argument`.
 */
export const DOCUMENT_ERROR_CODES = ['revision_conflict', 'wrong_state', 'not_found', 'conflict', 'bad_argument'] as const;
/** One of `DOCUMENT_ERROR_CODES`. */
export type DocumentErrorCode = (typeof DOCUMENT_ERROR_CODES)[number];

/** A refused catalog change; `currentRevision` is set on a revision conflict (the revision to reread). */
export class DocumentCatalogError extends LedgeError {
  declare readonly code: DocumentErrorCode;
  readonly currentRevision: number | undefined;
  constructor(code: DocumentErrorCode, message: string, currentRevision?: number) {
    super(code, message);
    this.name = 'DocumentCatalogError';
    this.currentRevision = currentRevision;
  }
}

/** True when `err` is a refused catalog change, identified by its code (errors cross threads, so not by class). */
export function isDocumentCatalogError(err: unknown): err is { code: DocumentErrorCode; message: string; currentRevision?: number } {
  return isLedgeError(err) && (DOCUMENT_ERROR_CODES as readonly string[]).includes(err.code);
}

/** The state after `move`, or the refusal naming the document, the move and its state. */
export function documentTransition(id: string, state: DocumentState, move: DocumentMove): DocumentState | null {
  if (move === 'revise' && state === 'active') return 'active';
  if (move === 'withdraw' && state === 'active') return 'withdrawn';
  if (move === 'purge' && state === 'withdrawn') return null;
  const why = move === 'purge' ? 'withdraw it first: withdrawal and physical deletion are separate steps' : 'a withdrawn document takes no changes';
  throw new DocumentCatalogError('wrong_state', `document ${id}: ${move} refused in state ${state} (${why})`);
}

/** What one revision records about its original in the object store. */
export interface VersionInput {
  /** Key of the original in the object store. */
  objectKey: string;
  /** SHA-256 of the original, 64 lowercase hex digits. */
  sha256: string;
  /** Size of the original in bytes. */
  byteSize: number;
}

/** Checks a version's fields; the error names the field and what it got. */
export function checkVersion(input: VersionInput): VersionInput {
  if (typeof input !== 'object' || input === null) throw new DocumentCatalogError('bad_argument', 'expected { objectKey, sha256, byteSize }');
  const { objectKey, sha256, byteSize } = input;
  if (typeof objectKey !== 'string' || objectKey === '') throw new DocumentCatalogError('bad_argument', 'objectKey: expected the non-empty key of the original in the object store');
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) throw new DocumentCatalogError('bad_argument', `sha256: expected 64 lowercase hex digits, got ${typeof sha256 === 'string' ? `${sha256.length} characters` : typeof sha256}`);
  if (typeof byteSize !== 'number' || !Number.isSafeInteger(byteSize) || byteSize < 0) throw new DocumentCatalogError('bad_argument', `byteSize: expected an integer >= 0, got ${String(byteSize)}`);
  return { objectKey, sha256, byteSize };
}

/** Checks an id-like string argument. */
export function checkName(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new DocumentCatalogError('bad_argument', `${name}: expected a non-empty string`);
  return value;
}

/** Checks a revision number the caller started from. */
export function checkRevision(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw new DocumentCatalogError('bad_argument', `expectedRevision: expected an integer > 0, got ${String(value)}`);
  return value;
}

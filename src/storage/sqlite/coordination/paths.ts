import { createHash } from 'node:crypto';
import path from 'node:path';
import { LedgeError } from '../../../lib/errors.js';

/**
 * Where coordination objects live under a state directory (docs/bindings/coordination.md, Storage):
 * `coordination/index.sqlite` (which objects exist, and their alarms) and one folder per namespace holding
 * `<id>.sqlite` with its WAL and its history (`<id>.sqlite.history/`).
 */
export const COORDINATION_DIR = 'coordination';

/** Where deleted namespaces and objects go before they are removed, so a removal is one rename. */
export const TRASH_DIR = '.trash';

const ID = /^[0-9a-f]{64}$/;

/** Refuses anything but an object id's 64 lower-case hex digits: the id becomes a file name. */
export function checkObjectId(id: string): void {
  if (typeof id !== 'string' || !ID.test(id)) throw new LedgeError('bad_argument', 'a coordination object id must be 64 lower-case hex digits');
}

/** Refuses an empty or overlong namespace name. */
export function checkNamespace(namespace: string): void {
  if (typeof namespace !== 'string' || namespace.length === 0 || namespace.length > 1024) {
    throw new LedgeError('bad_argument', 'a coordination namespace must be a non-empty string of at most 1024 characters');
  }
}

/**
 * A namespace's folder name: a readable part (letters, digits, `-` and `_` from the name, at most 48) and 16 hex
 * digits of the name's SHA-256, so any namespace string (slashes, dots, `..`, NUL, any length) maps to one
 * safe name and two namespaces never share a folder.
 */
export function namespaceFolder(namespace: string): string {
  const readable = namespace.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48) || 'ns';
  const digest = createHash('sha256').update(namespace).digest('hex').slice(0, 16);
  return `${readable}.${digest}`;
}

/** The database file of one object. */
export function objectFile(root: string, namespace: string, id: string): string {
  return path.join(root, namespaceFolder(namespace), `${id}.sqlite`);
}

/** Every file and folder that makes up one object's storage (its database, WAL, shared memory, history). */
export function objectPaths(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`, `${file}.history`];
}

/**
 * The coordination objects of one account, inside its coordination store process: the same
 * SqliteCoordinationStorage (and so the same point-in-time history and index) the embedded storage runs, under
 * `<dir>/coordination/`. The host (coordination-process-storage.ts) sends each object call with the account's
 * storage limit as it is now, so an operator's change applies at the next write.
 */
import path from 'node:path';
import type { Clock } from '../../platform/clock.js';
import { LedgeError } from '../../platform/errors.js';
import type { CoordinationListOptions, CoordinationObjectStore } from '../ports.js';
import { createSqliteCoordinationStorage, type SqliteCoordinationStorage } from '../sqlite/coordination-storage.js';
import { damagedFileError, isDamagedFile } from '../sqlite/damage.js';
import type { StoreCallEvents, StoreHandlers } from './protocol.js';

/** The methods of one object's store the host may call (each takes the limit, the namespace and the id first). */
export const OBJECT_METHODS = ['get', 'list', 'write', 'deleteAll', 'exec', 'begin', 'commit', 'rollback', 'databaseSize', 'bookmark', 'bookmarkAt', 'restore', 'getAlarm', 'setAlarm'] as const;
/** One of OBJECT_METHODS. */
export type ObjectMethod = typeof OBJECT_METHODS[number];

/**
 * The refusal past the account's limit as the child words it: the host reads the numbers back and words it as its
 * caller asked (the account's limit, or `ledge dev`'s flag), since a function cannot cross the process.
 */
export function limitRefusal(limitBytes: number, usedBytes: number): string {
  return `coordination storage limit reached: ${limitBytes} ${usedBytes}`;
}

/** The numbers of a limitRefusal text, or undefined for any other text. */
export function parseLimitRefusal(message: string): { limitBytes: number; usedBytes: number } | undefined {
  const match = /^coordination storage limit reached: (\d{1,16}) (\d{1,16})$/.exec(message);
  return match ? { limitBytes: Number(match[1]), usedBytes: Number(match[2]) } : undefined;
}

/** The handlers of the `coordination` kind. */
export function createCoordinationHandlers(dir: string, clock: Clock, events: StoreCallEvents): StoreHandlers {
  let maxBytes: number | undefined;
  const root = path.join(dir, 'coordination');
  let opened: SqliteCoordinationStorage | undefined;
  /** The storage, opened on the first call: a damaged index fails that call (store_damaged), not the process's start. */
  const storage = (): SqliteCoordinationStorage => {
    if (opened) return opened;
    try {
      opened = createSqliteCoordinationStorage(root, { clock, maxBytes: () => maxBytes, limitMessage: limitRefusal, onCommitted: events.committed });
    } catch (err) {
      throw isDamagedFile(err) ? damagedFileError('the coordination objects index', path.join(root, 'index.sqlite'), err) : err;
    }
    return opened;
  };
  /** The object's store: it holds no connection (the storage's handle cache does), so one is made per call. */
  const object = async (args: unknown[]): Promise<CoordinationObjectStore> => {
    const [limit, namespace, id] = args;
    if (!(limit === null || (typeof limit === 'number' && Number.isSafeInteger(limit) && limit >= 0)) || typeof namespace !== 'string' || typeof id !== 'string') {
      throw new LedgeError('bad_argument', 'an object call names its storage limit, namespace and id');
    }
    maxBytes = limit ?? undefined;
    return storage().open(namespace, id);
  };
  const methods: StoreHandlers['methods'] = {
    list: ([namespace, options]) => storage().list(namespace as string, options as { cursor?: string; limit: number }),
    retryAlarm: ([namespace, id, fired, next]) => storage().retryAlarm(namespace as string, id as string, fired as number, next as number | null),
    namespaces: () => storage().namespaces(),
    usage: () => storage().usage(),
    deleteObject: ([namespace, id]) => storage().deleteObject(namespace as string, id as string),
    renameNamespace: ([from, to]) => storage().renameNamespace(from as string, to as string),
    deleteNamespace: ([namespace]) => storage().deleteNamespace(namespace as string),
    'object.get': async (args) => [...await (await object(args)).get(args[3] as string[])],
    'object.list': async (args) => (await object(args)).list(args[3] as CoordinationListOptions),
    'object.write': async (args) => (await object(args)).write(args[3] as [string, Uint8Array][], args[4] as string[]),
    'object.deleteAll': async (args) => (await object(args)).deleteAll(),
    'object.exec': async (args) => (await object(args)).exec(args[3] as string, args[4] as unknown[]),
    'object.begin': async (args) => (await object(args)).begin(),
    'object.commit': async (args) => (await object(args)).commit(),
    'object.rollback': async (args) => (await object(args)).rollback(),
    'object.databaseSize': async (args) => (await object(args)).databaseSize(),
    'object.bookmark': async (args) => (await object(args)).bookmark(),
    'object.bookmarkAt': async (args) => (await object(args)).bookmarkAt(args[3] as number),
    'object.restore': async (args) => (await object(args)).restore(args[3] as string),
    'object.getAlarm': async (args) => (await object(args)).getAlarm(),
    'object.setAlarm': async (args) => (await object(args)).setAlarm(args[3] as number | null, typeof args[4] === 'string' ? args[4] : undefined),
  };
  return {
    methods,
    close: () => opened?.close(),
  };
}

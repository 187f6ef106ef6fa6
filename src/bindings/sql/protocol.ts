import { z } from 'zod';
import type { SqlResult } from '../../storage/ports.js';
import type { CallSchemas } from '../protocol.js';

/** A value bound to a statement as it travels: booleans are already 1/0, bytes a Uint8Array. */
export type WireValue = number | string | null | Uint8Array;

/** A statement and its bound values as they travel to the service. */
export interface WireQuery {
  sql: string;
  params: WireValue[];
}

/** What one statement produced, as the storage port reports it. */
export type WireResult = SqlResult;

/** The calls of a SQL database binding (isolate: binding.ts, host: service.ts). */
export interface SqlProtocol {
  /** Statements in one transaction; `withBookmark` (sessions) adds the bookmark after them. */
  query: { args: [queries: WireQuery[], format: 'objects' | 'rows', withBookmark: boolean]; result: { results: WireResult[]; bookmark?: string } };
  exec: { args: [sql: string]; result: { count: number; duration: number } };
}

const WIRE_QUERY = z.strictObject({ sql: z.string(), params: z.array(z.union([z.number(), z.string(), z.null(), z.instanceof(Uint8Array)])) });

/** The argument schemas the host checks every SQL call against. */
export const SQL_CALLS = {
  query: z.tuple([z.array(WIRE_QUERY), z.enum(['objects', 'rows']), z.boolean()]),
  exec: z.tuple([z.string()]),
} satisfies CallSchemas<SqlProtocol>;

import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';
import { CACHE_LIMITS } from './limits.js';

/** A matched response as it crosses to the isolate: headers as a flat name, value list. */
export interface CachedAnswer {
  status: number;
  statusText: string;
  headers: string[];
  body: Uint8Array | null;
}

/**
 * The calls of the Cache API (isolate: caches.ts, host: service.ts). The cache is not a configured binding:
 * every isolate has it under CACHE_SERVICE (limits.ts), and its calls are checked against these declarations
 * like any binding's (host-protocol.ts). The isolate names the cache by its stored name and the entry by URL.
 */
export interface CacheProtocol {
  match: { args: [cache: string, url: string, conditions: string[]]; result: CachedAnswer | null };
  put: { args: [cache: string, url: string, status: number, statusText: string, headers: string[], body: Uint8Array]; result: undefined };
  delete: { args: [cache: string, url: string]; result: boolean };
}

// A stored name is `default` or `open:<name>` (limits.ts, namedCache): the prefix is 5 characters.
const CACHE_NAME = z.string().min(1).max(CACHE_LIMITS.maxNameLength + 5);
const URL_KEY = z.string().max(CACHE_LIMITS.maxUrlLength);
const HEADER_LIST = z.array(z.string()).refine((list) => list.length % 2 === 0, { error: 'expected a flat list of header names and values' });

/** The argument schemas the host checks every Cache API call against. */
export const CACHE_CALLS = {
  match: z.tuple([CACHE_NAME, URL_KEY, HEADER_LIST]),
  put: z.tuple([CACHE_NAME, URL_KEY, z.number().int(), z.string(), HEADER_LIST, z.instanceof(Uint8Array)]),
  delete: z.tuple([CACHE_NAME, URL_KEY]),
} satisfies CallSchemas<CacheProtocol>;

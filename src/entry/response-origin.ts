// Where a response came from, and the id of its event (SPEC, Errors: "Record whether the response came from
// the edge, the application or a third party"; "5xx or timeout: check request id first"). Every response
// leaves the entry layer through `labelResponse`; docs/errors.md says what a reader of these headers learns.
import { randomFillSync } from 'node:crypto';
import type { DispatchResponse } from '../runtime/isolate.js';

/** Names who made a response: `platform` (Ledge itself) or `upstream` (a tunnel's origin). Absent on an application's. */
export const ORIGIN_HEADER = 'ledge-origin';
/** The event's id, on every response and in every log line of that event. */
export const REQUEST_ID_HEADER = 'ledge-request-id';

/** Who made a response other than the application: the platform itself, or an origin behind a tunnel. */
export type ResponseOrigin = NonNullable<DispatchResponse['origin']>;

const ID_BYTES = 8;
/** Random bytes drawn in batches: one kernel call per 512 ids instead of one per request. */
const pool = new Uint8Array(ID_BYTES * 512);
let taken = pool.length;
/** Two hex digits per byte value: building the id in JavaScript costs a tenth of a native hex encoding per call. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** A new request id: 16 hexadecimal characters, random (ids of different processes never need coordinating). */
export function newRequestId(): string {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  let id = '';
  for (let i = taken; i < taken + ID_BYTES; i++) id += HEX[pool[i] as number];
  taken += ID_BYTES;
  return id;
}

/** Marks a response as the platform's own (a 404 for an unknown host, a gateway answer, an API answer...). */
export function madeByPlatform(response: DispatchResponse): DispatchResponse {
  return response.origin === 'platform' ? response : { ...response, origin: 'platform' };
}

/**
 * The response as it leaves the platform: `ledge-origin` says who made it (the platform's own and a tunnel
 * origin's are labelled whatever they carried; an application's keeps its own label unless that label claims
 * `platform`, which is removed), and `ledge-request-id` is the event's id (an id the responder set is replaced).
 */
export function labelResponse(response: DispatchResponse, requestId: string): DispatchResponse {
  const source = response.headers;
  const headers: string[] = [];
  for (let i = 0; i < source.length; i += 2) {
    const name = source[i] as string;
    const value = source[i + 1] as string;
    // Only two names matter; their lengths rule out almost every other header without a lowercase copy.
    if (name.length === REQUEST_ID_HEADER.length && name.toLowerCase() === REQUEST_ID_HEADER) continue;
    if (name.length === ORIGIN_HEADER.length && name.toLowerCase() === ORIGIN_HEADER && (response.origin !== undefined || claimsPlatform(value))) continue;
    headers.push(name, value);
  }
  if (response.origin !== undefined) headers.push(ORIGIN_HEADER, response.origin);
  headers.push(REQUEST_ID_HEADER, requestId);
  return { ...response, headers };
}

/** True when a label names the platform in any spelling (`Platform`, ` platform `, `x, platform`). */
function claimsPlatform(value: string): boolean {
  return value.split(',').some((part) => part.trim().toLowerCase() === 'platform');
}

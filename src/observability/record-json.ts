import type { InvocationRecord } from './record.js';

/**
 * A string as JSON. Most strings of a record (ids, names, URLs) need no escaping and are quoted as they are;
 * anything with a quote, a backslash, a control character or a surrogate (a lone one must be escaped) goes
 * through JSON.stringify.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function str(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}

function num(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/**
 * A record as JSON, the same text `JSON.stringify(record)` gives for the records `toRecord` builds (same keys,
 * same order; record-json.test.ts compares them), at a fraction of its cost: JSON.stringify of a record took
 * about 6 µs of the platform's main thread on the shared development machine, this about 1 µs (issue 17,
 * item 6). A field this does not know would be lost, so the record's type is listed here whole.
 */
export function encodeRecord(r: InvocationRecord): string {
  let out = `{"id":${str(r.id)},"time":${num(r.time)},"deployment":${str(r.deployment)},"version":${str(r.version)},"kind":${str(r.kind)},"outcome":${str(r.outcome)},"cpu_ms":${num(r.cpu_ms)},"wall_ms":${num(r.wall_ms)},"subrequests":${num(r.subrequests)},"logs":[`;
  for (let i = 0; i < r.logs.length; i++) {
    const line = r.logs[i] as InvocationRecord['logs'][number];
    out += `${i ? ',' : ''}{"time":${num(line.time)},"level":${str(line.level)},"message":${str(line.message)}}`;
  }
  out += ']';
  if (r.request_id !== undefined) out += `,"request_id":${str(r.request_id)}`;
  if (r.method !== undefined) out += `,"method":${str(r.method)}`;
  if (r.url !== undefined) out += `,"url":${str(r.url)}`;
  if (r.trigger !== undefined) out += `,"trigger":${str(r.trigger)}`;
  if (r.status !== undefined) out += `,"status":${num(r.status)}`;
  if (r.origin !== undefined) out += `,"origin":${str(r.origin)}`;
  if (r.dropped_logs !== undefined) out += `,"dropped_logs":${num(r.dropped_logs)}`;
  if (r.error !== undefined) {
    out += `,"error":{"name":${str(r.error.name)},"message":${str(r.error.message)}`;
    if (r.error.stack !== undefined) out += `,"stack":${str(r.error.stack)}`;
    if (r.error.remote !== undefined) out += `,"remote":${r.error.remote}`;
    out += '}';
  }
  return `${out}}`;
}

/** Access check the connector makes before proxying (control-plane.md 3.6): a signed assertion with one of `audTag`. */
export interface OriginAccess {
  readonly required: boolean;
  readonly teamName: string;
  readonly audTag: readonly string[];
}

/**
 * How the connector talks to an origin, as the configuration's `originRequest` sets it (control-plane.md 3.6).
 * Durations are read as Go-style text (`30s`, `1m30s`, `500ms`) or a number of seconds, and kept in milliseconds.
 */
export interface OriginRequest {
  readonly access?: OriginAccess;
  readonly caPool?: string;
  readonly connectTimeoutMs?: number;
  readonly disableChunkedEncoding?: boolean;
  readonly http2Origin?: boolean;
  readonly httpHostHeader?: string;
  readonly keepAliveConnections?: number;
  readonly keepAliveTimeoutMs?: number;
  readonly matchSNItoHost?: boolean;
  readonly noHappyEyeballs?: boolean;
  readonly noTLSVerify?: boolean;
  readonly originServerName?: string;
  readonly proxyType?: '' | 'socks';
  readonly tcpKeepAliveMs?: number;
  readonly tlsTimeoutMs?: number;
}

type Kind = 'boolean' | 'string' | 'duration' | 'count' | 'proxyType' | 'access';

/** Every key the reference records, with how its value is read; other keys are reported as unused. */
const KEYS: Readonly<Record<string, Kind>> = {
  access: 'access', caPool: 'string', connectTimeout: 'duration', disableChunkedEncoding: 'boolean',
  http2Origin: 'boolean', httpHostHeader: 'string', keepAliveConnections: 'count', keepAliveTimeout: 'duration',
  matchSNItoHost: 'boolean', noHappyEyeballs: 'boolean', noTLSVerify: 'boolean', originServerName: 'string',
  proxyType: 'proxyType', tcpKeepAlive: 'duration', tlsTimeout: 'duration',
};

const DURATION_UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** The outcome of reading one `originRequest` block: what it sets, its problems and its unused keys. */
export interface ParsedOriginRequest {
  value: OriginRequest;
  problems: string[];
  unused: string[];
}

/** Reads an `originRequest` block; messages name the key as `originRequest.<key>`, without a rule number. */
export function parseOriginRequest(raw: unknown): ParsedOriginRequest {
  const out: ParsedOriginRequest = { value: {}, problems: [], unused: [] };
  if (raw === undefined || raw === null) return out;
  if (!isMapping(raw)) {
    out.problems.push(`originRequest must be a mapping of settings, got ${describe(raw)}`);
    return out;
  }
  const value: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(raw)) {
    const kind = KEYS[key];
    if (kind === undefined) {
      out.unused.push(`originRequest.${key}`);
      continue;
    }
    const read = readValue(kind, v);
    if ('problem' in read) out.problems.push(`originRequest.${key} ${read.problem}, got ${describe(v)}`);
    else value[kind === 'duration' ? `${key}Ms` : key] = read.value;
  }
  out.value = Object.freeze(value) as OriginRequest;
  return out;
}

/** A rule's settings over the file's defaults, as the reference applies them (a rule's `access` replaces the default's whole). */
export function mergeOriginRequest(defaults: OriginRequest, own: OriginRequest): OriginRequest {
  return Object.freeze({ ...defaults, ...own });
}

function readValue(kind: Kind, v: unknown): { value: unknown } | { problem: string } {
  switch (kind) {
    case 'boolean':
      return typeof v === 'boolean' ? { value: v } : { problem: 'must be true or false' };
    case 'string':
      return typeof v === 'string' ? { value: v } : { problem: 'must be a string' };
    case 'count':
      return Number.isInteger(v) && (v as number) >= 0 ? { value: v } : { problem: 'must be a whole number, 0 or more' };
    case 'proxyType':
      return v === '' || v === 'socks' ? { value: v } : { problem: 'must be "" or "socks"' };
    case 'duration': {
      const ms = toMilliseconds(v);
      return ms === null ? { problem: 'must be a duration such as "30s" or "1m30s", or a number of seconds' } : { value: ms };
    }
    case 'access':
      return readAccess(v);
  }
}

function readAccess(v: unknown): { value: OriginAccess } | { problem: string } {
  if (!isMapping(v)) return { problem: 'must be a mapping with teamName and audTag' };
  const { required = false, teamName, audTag } = v;
  if (typeof required !== 'boolean') return { problem: 'has a "required" that is not true or false' };
  if (typeof teamName !== 'string' || teamName === '') return { problem: 'needs a "teamName" (a non-empty string)' };
  if (!Array.isArray(audTag) || audTag.length === 0 || !audTag.every((t) => typeof t === 'string' && t !== '')) {
    return { problem: 'needs an "audTag" list of one or more audience tags' };
  }
  return { value: Object.freeze({ required, teamName, audTag: Object.freeze([...audTag] as string[]) }) };
}

/** `30s`, `1m30s`, `1.5h`, `250ms` (Go's duration units from ms up) or a number of seconds; null when neither. */
function toMilliseconds(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v * 1000) : null;
  if (typeof v !== 'string' || !/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(v)) return null;
  let total = 0;
  for (const [, amount, , unit] of v.matchAll(/(\d+(\.\d+)?)(ms|s|m|h)/g)) total += Number(amount) * (DURATION_UNITS[unit as string] ?? 0);
  return Math.round(total);
}

/** True for a plain mapping (not a list, not null). */
export function isMapping(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A short rendering of a value for a message. */
export function describe(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (isMapping(v)) return 'a mapping';
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

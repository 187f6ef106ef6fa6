/**
 * Whether, and for how long, the Cache API stores a response (docs/cache.md), as the original documents:
 * `Cache-Control` (`no-store`, `no-cache`, `private`, `s-maxage` over `max-age`), then `Expires`, then
 * the original's default edge TTL by status code; a response with `Set-Cookie` is stored only when
 * `Cache-Control: private=Set-Cookie` (or `no-cache=Set-Cookie`) says to drop the cookie.
 */

/** Default time to live by status when the response gives none (the original's edge TTL table), in seconds. */
const DEFAULT_TTL_S: Readonly<Record<number, number>> = { 200: 7200, 206: 7200, 301: 7200, 302: 1200, 303: 1200, 404: 180, 410: 180 };

/** The outcome for one response: stored until `expiresAt` with `headers`, or not stored and why. */
export type CacheDecision = { store: true; expiresAt: number; headers: string[] } | { store: false; reason: string };

/** Directives of a `Cache-Control` value: lowercase names, values unquoted (`true` for a bare directive). */
export function parseCacheControl(value: string | null): Map<string, string | true> {
  const directives = new Map<string, string | true>();
  if (!value) return directives;
  // Split on commas outside quotes: `private="set-cookie, x"` is one directive.
  for (const part of value.match(/(?:[^,"]|"[^"]*")+/g) ?? []) {
    const eq = part.indexOf('=');
    const name = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase();
    if (!name) continue;
    const raw = eq === -1 ? true : part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (!directives.has(name)) directives.set(name, raw);
  }
  return directives;
}

function seconds(value: string | true | undefined): number | undefined {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

function lists(value: string | true | undefined, header: string): boolean {
  return typeof value === 'string' && value.split(',').some((h) => h.trim().toLowerCase() === header);
}

/** Decides for a response with `status` and flat `headers`, put at `now` (epoch ms). */
export function decide(status: number, headers: readonly string[], now: number): CacheDecision {
  const get = (name: string): string | null => {
    const values: string[] = [];
    for (let i = 0; i < headers.length; i += 2) if ((headers[i] as string).toLowerCase() === name) values.push(headers[i + 1] as string);
    return values.length ? values.join(', ') : null;
  };
  const cc = parseCacheControl(get('cache-control'));
  if (cc.has('no-store')) return { store: false, reason: 'Cache-Control: no-store' };
  const privateValue = cc.get('private');
  const dropsCookie = lists(privateValue, 'set-cookie') || lists(cc.get('no-cache'), 'set-cookie');
  if (privateValue !== undefined && !dropsCookie) return { store: false, reason: 'Cache-Control: private' };
  if (cc.get('no-cache') === true) return { store: false, reason: 'Cache-Control: no-cache (nothing could revalidate it)' };
  const hasCookie = get('set-cookie') !== null;
  if (hasCookie && !dropsCookie) return { store: false, reason: 'the response sets a cookie (use Cache-Control: private=Set-Cookie to store it without)' };
  let ttl = seconds(cc.get('s-maxage')) ?? seconds(cc.get('max-age'));
  if (ttl === undefined) {
    const expires = get('expires');
    if (expires !== null) {
      const at = Date.parse(expires);
      const date = get('date');
      const base = date !== null && !Number.isNaN(Date.parse(date)) ? Date.parse(date) : now;
      // An invalid Expires (such as "0") means already expired.
      ttl = Number.isNaN(at) ? 0 : Math.floor((at - base) / 1000);
    }
  }
  ttl ??= DEFAULT_TTL_S[status] ?? 0;
  if (ttl <= 0) return { store: false, reason: 'the response is already stale (no time to live)' };
  const kept = dropsCookie && hasCookie ? headers.filter((_, i) => i % 2 === 1 ? (headers[i - 1] as string).toLowerCase() !== 'set-cookie' : (headers[i] as string).toLowerCase() !== 'set-cookie') : [...headers];
  return { store: true, expiresAt: now + ttl * 1000, headers: kept };
}

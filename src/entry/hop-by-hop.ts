/**
 * Headers that belong to one connection rather than to the message (RFC 9110 7.6.1): a proxy or the
 * platform's own listener never passes them on. Names are compared lowercase; `proxy-*` covers
 * Proxy-Connection, Proxy-Authenticate, Proxy-Authorization and the like.
 */
const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** Whether a header (name already lowercase) is hop-by-hop, counting the names its message's Connection header lists. */
export function isHopByHop(lowerName: string, connectionOptions: ReadonlySet<string>): boolean {
  return HOP_BY_HOP.has(lowerName) || lowerName.startsWith('proxy-') || connectionOptions.has(lowerName);
}

/** The header names listed by the Connection header(s) of a message, lowercase (`Connection: close, X-Foo` → close, x-foo). */
export function connectionOptions(pairs: Iterable<readonly [string, string]>): Set<string> {
  const names = new Set<string>();
  for (const [name, value] of pairs) {
    if (name.length !== 10 || name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) {
      const trimmed = token.trim().toLowerCase();
      if (trimmed) names.add(trimmed);
    }
  }
  return names;
}

/** A flat header list (name, value, name, value...) as pairs. */
export function* headerPairs(flat: readonly string[]): Generator<[string, string]> {
  for (let i = 0; i + 1 < flat.length; i += 2) yield [flat[i] as string, flat[i + 1] as string];
}

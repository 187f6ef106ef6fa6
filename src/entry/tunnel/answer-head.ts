import { validateHeaderName, validateHeaderValue } from 'node:http';

/**
 * What makes a connector's response head unusable, or null. A connector answers final responses only: an
 * interim status would leave the client waiting for a second head on a connection the platform frames, so
 * it is refused unless the client asked to upgrade to a WebSocket (then only 101). A header the HTTP
 * grammar does not allow (a line break in a value, a space in a name) would break the response's framing.
 */
export function headProblem(status: number, headers: readonly [string, string][], webSocket: boolean): string | null {
  if (status < 200 && !(status === 101 && webSocket)) return `the interim status ${status}`;
  for (const [name, value] of headers) {
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch {
      return `a header that is not valid HTTP (${JSON.stringify(name.slice(0, 40))})`;
    }
  }
  return null;
}

/** `Upgrade: websocket` with `Connection: upgrade` (RFC 6455 4.1), names and values in any case. */
export function isWebSocketUpgrade(headers: readonly [string, string][]): boolean {
  const value = (name: string) => headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v.toLowerCase()).join(',');
  return value('upgrade').split(',').some((t) => t.trim() === 'websocket') && value('connection').split(',').some((t) => t.trim() === 'upgrade');
}

import { validateHeaderName, validateHeaderValue } from 'node:http';

/**
 * What makes a connector's response head unusable, or null. A connector answers final responses only: an
 * interim status would leave the client waiting for a second head on a connection the platform frames, so
 * it is refused; 101 included, since a WebSocket upgrade is accepted by `ws-accepted`, never by a response
 * head (docs/tunnels.md). A header the HTTP grammar does not allow (a line break in a value, a space in a
 * name) would break the response's framing.
 */
export function headProblem(status: number, headers: readonly [string, string][]): string | null {
  if (status < 200) return `the interim status ${status}`;
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

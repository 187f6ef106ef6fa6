import { Agent, buildConnector } from 'undici';

/**
 * Resolves a host name (or checks a literal address) and answers the one address a connection may go to,
 * or rejects with why it may not connect at all.
 */
export type CheckedResolver = (hostname: string, port: number) => Promise<string>;

/**
 * An undici Agent whose every new connection asks `resolveChecked` for its address and connects to exactly
 * that address: the name is resolved once, by the check, so a DNS answer that changes between the check and
 * the connection (DNS rebinding) cannot send it elsewhere. TLS still names and verifies the host name (undici
 * keeps `servername`). A refusal fails the request before any connection is opened.
 */
export function pinnedAgent(resolveChecked: CheckedResolver, options: { connectTimeoutMs: number }): Agent {
  const base = buildConnector({ timeout: options.connectTimeoutMs });
  return new Agent({
    connect(connectOptions, callback) {
      const hostname = connectOptions.hostname.replace(/^\[|\]$/g, '');
      const port = Number(connectOptions.port) || (connectOptions.protocol === 'https:' ? 443 : 80);
      void resolveChecked(hostname, port).then(
        (address) => base({ ...connectOptions, hostname: address }, callback),
        (err: Error) => callback(err, null),
      );
    },
  });
}

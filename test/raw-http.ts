// Raw HTTP/1.1 over node:net, the way an attacker talks to the listener: pipelined requests, odd request
// lines and headers, and every byte the server sends back, unparsed.
import { connect } from 'node:net';

/** What came back on one connection. */
export interface RawAnswer {
  /** Every byte the server sent, as latin1 text. */
  text: string;
  /** True when the server closed the connection; false when it only went quiet (keep-alive). */
  closed: boolean;
}

/**
 * Sends `request` (one or several pipelined requests) on a new connection and collects the answer until the
 * server closes or, once it has sent something, is quiet for `quietMs` (a deployment's first request may
 * first have to start its isolate).
 */
export function rawExchange(baseUrl: string, request: string, quietMs = 800): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request, 'latin1'));
    const chunks: Buffer[] = [];
    let timer = setTimeout(quiet, 15_000);
    function quiet(): void {
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed: false });
    }
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      clearTimeout(timer);
      timer = setTimeout(quiet, quietMs);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed: true });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A reset after the server gave up on the connection is a close, as far as the client can tell.
      if (err.code !== 'ECONNRESET') reject(err);
    });
  });
}

/** The status lines in an answer, in order (`HTTP/1.1 200 OK`, ...), wherever they are: a pipelined response follows a body on the same line. */
export function statusLines(text: string): string[] {
  return [...text.matchAll(/HTTP\/1\.[01] \d{3} [^\r\n]*/g)].map((m) => m[0]);
}

/** A GET request line with a Host header (and extra header lines), for pipelining. */
export function get(path: string, host: string, ...headers: string[]): string {
  return `GET ${path} HTTP/1.1\r\nhost: ${host}\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;
}

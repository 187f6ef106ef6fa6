import type { CallHandlers } from '../protocol.js';
import type { AssetsProtocol } from './protocol.js';

/** What the assets binding answers from: the deployment's asset server (entry/assets/handler.ts), as its HTTP answer. */
export interface AssetSource {
  fetch(request: { method: string; url: string; headers: string[] }): Promise<{ status: number; headers: string[]; body: string | Uint8Array | null | AsyncIterable<Uint8Array> }>;
}

/** The host side of the assets binding: answers `fetch` from the deployment's asset server, never from the application. */
export function createAssetsHandlers(server: AssetSource): CallHandlers<AssetsProtocol> {
  return {
    async fetch([request]) {
      const response = await server.fetch({ method: request.method, url: request.url, headers: request.headers.flat() });
      const headers: [string, string][] = [];
      for (let i = 0; i < response.headers.length; i += 2) headers.push([response.headers[i] as string, response.headers[i + 1] as string]);
      return { status: response.status, headers, body: await collect(response.body) };
    },
  };
}

async function collect(body: string | Uint8Array | null | AsyncIterable<Uint8Array>): Promise<Uint8Array | null> {
  if (body === null || body instanceof Uint8Array) return body;
  if (typeof body === 'string') return new TextEncoder().encode(body);
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

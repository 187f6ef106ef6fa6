import type { AssetServer } from '../../entry/assets/handler.js';
import { BindingError, type BindingService } from '../plugin.js';
import type { AssetAnswer } from './binding.js';

/** The host side of the assets binding: answers `fetch` from the deployment's asset server, never from the application. */
export function createAssetsService(server: AssetServer): BindingService {
  return {
    async call(method, args) {
      if (method !== 'fetch') throw new BindingError('TypeError', `the assets binding has no method ${method}`);
      const request = args[0] as { method: string; url: string; headers: [string, string][] };
      const response = await server.fetch({ method: request.method, url: request.url, headers: request.headers.flat() });
      const headers: [string, string][] = [];
      for (let i = 0; i < response.headers.length; i += 2) headers.push([response.headers[i] as string, response.headers[i + 1] as string]);
      return { status: response.status, headers, body: await collect(response.body) } satisfies AssetAnswer;
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

import type { Logger } from '../platform/logger.js';
import { refuseStrayUpgrade } from './websocket-upgrade.js';
import { newRequestId } from './response-origin.js';
import { DEFAULT_MAX_REQUEST_BYTES, limitBody, serveEvent, type Dispatcher } from './serve.js';

/** Turns a dispatcher into `(Request) => Promise<Response>`, so tests and tools can call a deployment without a socket. */
export function createFetchAdapter(dispatch: Dispatcher, logger: Logger, maxRequestBytes = DEFAULT_MAX_REQUEST_BYTES): (request: Request) => Promise<Response> {
  return async function requestInProcess(request) {
    const headers: string[] = [];
    for (const [name, value] of request.headers) headers.push(name, value);
    if (!request.headers.has('host')) headers.push('host', new URL(request.url).host);
    const body = request.body ? limitBody(request.body as unknown as AsyncIterable<Uint8Array>, maxRequestBytes) : null;
    const requestId = newRequestId();
    const response = refuseStrayUpgrade(await serveEvent(dispatch, { method: request.method, url: request.url, headers, body, signal: request.signal, requestId }, logger), logger, requestId);
    const init = { status: response.status, statusText: response.statusText, headers: pairs(response.headers) };
    const nullBody = request.method === 'HEAD' || [101, 204, 205, 304].includes(response.status);
    if (nullBody || response.body === null) return new Response(null, init);
    if (typeof response.body === 'string') return new Response(response.body, init);
    if (response.body instanceof Uint8Array) return new Response(response.body as Uint8Array<ArrayBuffer>, init);
    const iterator = response.body[Symbol.asyncIterator]();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() { await iterator.return?.(); },
    });
    return new Response(stream, init);
  };
}

function pairs(flat: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i] as string, flat[i + 1] as string]);
  return out;
}

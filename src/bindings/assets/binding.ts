import type { BindingCall } from '../protocol.js';
import { withOriginalName } from '../original-names.js';
import type { AssetsProtocol } from './protocol.js';

/**
 * The assets binding application code finds in `env` (isolate side): `fetch()` takes what the global
 * `fetch` takes and answers from the deployment's assets, with html_handling and not_found_handling
 * applied; the request never leaves the platform (docs/assets.md, The binding).
 */
export class AssetsBinding {
  readonly #call: BindingCall<AssetsProtocol>;

  constructor(call: BindingCall<AssetsProtocol>) {
    this.#call = call;
  }

  async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    // A relative URL has no base in the isolate; the original resolves it against an unnamed host.
    const request = typeof input === 'string' && input.startsWith('/') ? new Request(new URL(input, 'http://assets.local'), init) : new Request(input, init);
    const answer = await this.#call('fetch', [{ method: request.method, url: request.url, headers: [...request.headers] }]);
    const nullBody = answer.body === null || [101, 204, 205, 304].includes(answer.status);
    return new Response(nullBody ? null : (answer.body as Uint8Array<ArrayBuffer>), { status: answer.status, headers: answer.headers });
  }
}

/** The original platform's name for a binding with `fetch`: `env.ASSETS.constructor.name === "Fetcher"`. */
export const Fetcher = withOriginalName(AssetsBinding, 'Fetcher');

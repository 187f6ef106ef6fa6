import type { BindingCall } from '../protocol.js';
import type { RateLimitProtocol } from './protocol.js';

/**
 * The rate limiter application code finds in `env` (isolate side), as the original's binding: `limit({ key })`
 * resolves to `{ success }`, false once the key has used its calls in the current window.
 */
export class RateLimit {
  readonly #call: BindingCall<RateLimitProtocol>;

  constructor(call: BindingCall<RateLimitProtocol>) {
    this.#call = call;
  }

  async limit(options: { key: string }): Promise<{ success: boolean }> {
    if (typeof options !== 'object' || options === null || typeof options.key !== 'string') throw new TypeError('limit() takes { key: string }: the key whose calls are counted (a user id, an IP address, a path)');
    if (options.key.length > 1024) throw new TypeError('limit(): a key is at most 1024 characters');
    const { success } = await this.#call('limit', [options.key]);
    return { success };
  }
}

import type { KvStoragePort } from '../../../src/storage/ports.js';
import type { CallHandlers } from '../../../src/bindings/protocol.js';
import type { CounterProtocol } from './protocol.js';

/** The host half: the count lives in the key-value store, in a namespace of its own. */
export function createCounterHandlers(name: string, storage: KvStoragePort): CallHandlers<CounterProtocol> {
  const namespace = `counter:${name}`;
  const read = async () => {
    const stored = await storage.get(namespace, 'count', 0);
    return stored === null ? 0 : Number(new TextDecoder().decode(stored.value));
  };
  return {
    async add([by]) {
      const next = (await read()) + by;
      await storage.put(namespace, 'count', { value: new TextEncoder().encode(String(next)), expiration: null, metadata: null });
      return next;
    },
    read: () => read(),
  };
}

import type { IsolatePart } from '../isolate-part.js';
import { typedCall } from '../protocol.js';
import { KvNamespace } from './binding.js';
import type { KvProtocol } from './protocol.js';
import { KvReadCache } from './read-cache.js';

/** One read cache for every key-value binding of the isolate (this module is loaded once per isolate). */
let cache: KvReadCache | undefined;

/** The isolate half of the key-value kind: a `KvNamespace` in `env`. */
export const ISOLATE_PART = {
  kind: 'kv',
  module: import.meta.url,
  create(transport, context) {
    if (!context.onPush) return new KvNamespace(typedCall<KvProtocol>(transport));
    // The host pushes this binding's writes: reads may be kept in the isolate's cache (read-cache.ts).
    cache ??= new KvReadCache();
    const store = cache;
    const ns = store.register();
    context.onPush((keys) => store.drop(ns, Array.isArray(keys) && keys.every((k) => typeof k === 'string') ? keys : null));
    return new KvNamespace(typedCall<KvProtocol>(transport), { store, ns });
  },
} satisfies IsolatePart;

import type { IsolatePart } from '../isolate-part.js';
import { typedCall } from '../protocol.js';
import { KvNamespace } from './binding.js';
import type { KvProtocol } from './protocol.js';

/** The isolate half of the key-value kind: a `KvNamespace` in `env`. */
export const ISOLATE_PART = {
  kind: 'kv',
  module: import.meta.url,
  create: (transport) => new KvNamespace(typedCall<KvProtocol>(transport)),
} satisfies IsolatePart;

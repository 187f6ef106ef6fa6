import type { IsolatePart } from '../isolate-part.js';
import { typedCall } from '../protocol.js';
import { NamedObjectBucket } from './binding.js';
import type { ObjectsProtocol } from './protocol.js';

/** The isolate half of the object store kind: an `R2Bucket`-named `ObjectBucket` in `env`. */
export const ISOLATE_PART = {
  kind: 'objects',
  module: import.meta.url,
  create: (transport) => new NamedObjectBucket(typedCall<ObjectsProtocol>(transport)),
} satisfies IsolatePart;

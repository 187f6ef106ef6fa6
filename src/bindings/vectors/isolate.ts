import type { IsolatePart } from '../isolate-part.js';
import { typedCall } from '../protocol.js';
import { VectorizeIndex } from './binding.js';
import type { VectorsProtocol } from './protocol.js';

/** The isolate half of the vector index kind: a `VectorizeIndex` (a `VectorIndex`) in `env`. */
export const ISOLATE_PART = {
  kind: 'vectors',
  module: import.meta.url,
  create: (transport) => new VectorizeIndex(typedCall<VectorsProtocol>(transport)),
} satisfies IsolatePart;

import type { IsolatePart } from '../../../src/bindings/isolate-part.js';
import { typedCall } from '../../../src/bindings/protocol.js';
import { Counter } from './binding.js';
import type { CounterProtocol } from './protocol.js';

/** The isolate half of the counter kind. */
export const ISOLATE_PART = {
  kind: 'counter',
  module: import.meta.url,
  create: (transport) => new Counter(typedCall<CounterProtocol>(transport)),
} satisfies IsolatePart;

import type { IsolatePart } from '../isolate-part.js';
import { typedCall } from '../protocol.js';
import { createServiceStub } from './binding.js';
import type { ServicesProtocol } from './protocol.js';

/** The isolate half of service bindings: a Fetcher with RPC methods in `env`. */
export const ISOLATE_PART = {
  kind: 'services',
  module: import.meta.url,
  create: (transport, context) => createServiceStub(typedCall<ServicesProtocol>(transport), context.rpc, 'service binding'),
} satisfies IsolatePart;

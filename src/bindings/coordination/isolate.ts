import type { IsolatePart } from '../isolate-part.js';
import { typedCall } from '../protocol.js';
import { DurableObjectNamespace } from './namespace.js';
import type { CoordinationProtocol } from './protocol.js';

/** The isolate half of coordination objects: a namespace in `env` (instances themselves run as runtime events: instances.ts). */
export const ISOLATE_PART = {
  kind: 'coordination',
  module: import.meta.url,
  create: (transport, context) => new DurableObjectNamespace(typedCall<CoordinationProtocol>(transport), String(context.options?.['namespace'] ?? ''), context.rpc, context.webSockets),
} satisfies IsolatePart;

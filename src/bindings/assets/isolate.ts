import type { IsolatePart } from '../isolate-part.js';
import { typedCall } from '../protocol.js';
import { Fetcher } from './binding.js';
import type { AssetsProtocol } from './protocol.js';

/** The isolate half of the assets kind: a `Fetcher`-named `AssetsBinding` in `env`. */
export const ISOLATE_PART = {
  kind: 'assets',
  module: import.meta.url,
  create: (transport) => new Fetcher(typedCall<AssetsProtocol>(transport)),
} satisfies IsolatePart;

import type { IsolatePart } from '../isolate-part.js';
import { typedCall } from '../protocol.js';
import { NamedDatabase } from './binding.js';
import type { SqlProtocol } from './protocol.js';

/** The isolate half of the SQL database kind: a `D1Database`-named `SqlDatabaseBinding` in `env`. */
export const ISOLATE_PART = {
  kind: 'sql',
  module: import.meta.url,
  create: (transport, context) => new NamedDatabase(typedCall<SqlProtocol>(transport), context.options?.['errorPrefix'] === 'D1' ? 'D1' : 'SQL'),
} satisfies IsolatePart;

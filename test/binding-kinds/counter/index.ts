import { z } from 'zod';
import type { BackgroundRunner, BindingPlugin } from '../../../src/bindings/plugin.js';
import { ISOLATE_PART } from './isolate.js';
import { COUNTER_CALLS, type CounterProtocol } from './protocol.js';
import { createCounterHandlers } from './service.js';

const ENTRY = z.strictObject({ binding: z.string(), name: z.string().min(1) });

/**
 * A throwaway binding kind, built only from its own folder: `counters: [{ binding, name }]`. Registering it
 * is one line: the list of kinds the host is given (`[...BINDINGS, COUNTER_PLUGIN]`).
 */
export const COUNTER_PLUGIN = {
  kind: 'counter',
  configKey: 'counters',
  entrySchema: ENTRY,
  resourceId: (entry) => entry.name,
  resource: {
    field: 'name', key: 'counter', area: 'counters', areaLabel: 'counters',
    api: {
      path: '/counters', param: 'counter_name', label: 'counter', refIsName: true, idStyle: 'hex',
      body: z.strictObject({ name: z.string().min(1) }),
      view: (r) => ({ name: r.name }),
      result: z.object({ name: z.string() }),
    },
  },
  calls: COUNTER_CALLS,
  handlers: (entry, context) => createCounterHandlers(entry.name, context.storage.kv),
  isolate: ISOLATE_PART,
  // Background work: each tick adds 100 to every counter of the section, so a test sees the host run it.
  runner: {
    async start(context): Promise<BackgroundRunner> {
      const entries = z.array(ENTRY).parse(context.section);
      return {
        async tick() {
          for (const entry of entries) await createCounterHandlers(entry.name, context.storage.kv).add([100]);
          return entries.length;
        },
        stop: () => Promise.resolve(),
      };
    },
  },
} as const satisfies BindingPlugin<z.infer<typeof ENTRY>, CounterProtocol>;

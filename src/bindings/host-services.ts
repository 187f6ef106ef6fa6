import { serveProtocol } from './host-protocol.js';
import type { BindingService, BoundBinding, ServiceContext } from './plugin.js';
import { BINDINGS, type BindingRegistry } from './registry.js';

/** The bindings a configuration declares (its `bindings` by configuration key), each with its host-side service: exactly those, nothing else. */
export function createBindingServices(config: { readonly bindings: Readonly<Record<string, readonly { binding: string }[]>> }, context: ServiceContext, registry: BindingRegistry = BINDINGS): BoundBinding[] {
  const out: BoundBinding[] = [];
  for (const plugin of registry) {
    for (const entry of config.bindings[plugin.configKey] ?? []) {
      // Every call is checked against the kind's protocol before its handler runs (host-protocol.ts).
      const isolateOptions = plugin.isolateOptions?.(entry, context);
      const service: BindingService = serveProtocol(plugin.kind, plugin.calls, plugin.handlers(entry, context));
      const watch = plugin.watch;
      if (watch) service.watch = (push) => watch(entry, context, push);
      out.push({ name: entry.binding, kind: plugin.kind, isolateModule: plugin.isolate.module, ...(isolateOptions ? { isolateOptions } : {}), service });
    }
  }
  return out;
}

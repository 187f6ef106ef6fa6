import type { ProjectConfig } from '../config/load.js';
import type { BindingService, ServiceContext } from './plugin.js';
import { BINDINGS } from './registry.js';

/** The bindings a configuration declares (its `bindings` by configuration key), each with its host-side service: exactly those, nothing else. */
export function createBindingServices(config: Pick<ProjectConfig, 'bindings'>, context: ServiceContext): { name: string; kind: string; service: BindingService }[] {
  const out: { name: string; kind: string; service: BindingService }[] = [];
  for (const plugin of Object.values(BINDINGS)) {
    for (const entry of config.bindings[plugin.configKey] ?? []) {
      out.push({ name: entry.binding, kind: plugin.kind, service: plugin.createService(entry, context) });
    }
  }
  return out;
}

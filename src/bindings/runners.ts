import type { BackgroundRunner, RunnerContext } from './plugin.js';
import { BINDINGS, type BindingRegistry } from './registry.js';

/** The background runners of one deployment version, by kind. */
export interface BindingRunners {
  /** Runs what is due now in the runners of `kind` (every kind when absent) and waits for it; resolves with how much ran. */
  tick(kind?: string): Promise<number>;
  /** Stops every runner; resolves once their work in flight has finished or been handed back. */
  stop(): Promise<void>;
}

/**
 * Starts the background runner of each kind whose section the version's configuration has (queue
 * consumers, bucket lifecycle): the one way `ledge dev` and `ledge serve` start background work. A runner
 * that fails to start stops those already started, and the error is thrown.
 */
export async function startBindingRunners(sections: Readonly<Record<string, unknown>>, context: Omit<RunnerContext, 'section'>, registry: BindingRegistry = BINDINGS): Promise<BindingRunners> {
  const started: { kind: string; runner: BackgroundRunner }[] = [];
  try {
    for (const plugin of registry) {
      const section = sections[plugin.configKey];
      if (!plugin.runner || section === undefined) continue;
      started.push({ kind: plugin.kind, runner: await plugin.runner.start({ ...context, section }) });
    }
  } catch (err) {
    await Promise.all(started.map(({ runner }) => runner.stop()));
    throw err;
  }
  return {
    async tick(kind) {
      const chosen = started.filter((s) => kind === undefined || s.kind === kind);
      return (await Promise.all(chosen.map(({ runner }) => runner.tick()))).reduce((sum, n) => sum + n, 0);
    },
    async stop() {
      await Promise.all(started.map(({ runner }) => runner.stop()));
    },
  };
}

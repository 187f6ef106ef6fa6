import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { RunnerCrons } from '../bindings/plugin.js';
import { createCronScheduler } from '../entry/cron/scheduler.js';
import type { StoragePorts } from '../storage/ports.js';

/**
 * The host's cron scheduler as binding runners use it (`RunnerContext.crons`; workflow `triggers.crons`):
 * the same scheduler, cron state and firing identities as a deployment's own crons, catching up only the
 * latest missed window. The cron store opens when a runner first asks for crons.
 */
export function runnerCrons(options: { storage: Pick<StoragePorts, 'cron'>; clock: Clock; logger: Logger; timers: boolean }): RunnerCrons {
  const { clock, logger, timers } = options;
  return (name, crons, run) => {
    const scheduler = createCronScheduler({
      deployment: name, crons, catchUp: 'latest', clock, state: options.storage.cron, logger, timers,
      async run(firing) {
        try {
          await run(firing);
          return { outcome: 'ok', noRetry: false };
        } catch (err) {
          return { outcome: 'exception', noRetry: false, error: { name: 'Error', message: (err as Error)?.message ?? String(err) } };
        }
      },
    });
    if (timers) void scheduler.tick();
    return scheduler;
  };
}

import type { Logger } from '../platform/logger.js';

/** The stop signals of a long-running command, listened for from the moment this is created. */
export interface StopSignals {
  /** Runs `stop` once when SIGINT or SIGTERM arrives (at once if one already has) and resolves when it has finished. */
  until(stop: () => Promise<unknown>): Promise<void>;
}

/**
 * Listens for SIGINT and SIGTERM before the command starts anything, so a signal sent as soon as the command says
 * it is ready (a supervisor or a test reacting to "ready on") is never met by the default action, which would end
 * the process by the signal and skip the clean stop. The listeners stay for the whole stop for the same reason:
 * a second signal, or one Node re-delivers while worker threads close, must not end it either.
 */
export function listenForStop(logger: Logger, message = 'stopping'): StopSignals {
  let signalled = false;
  let onSignal: (() => void) | undefined;
  const listener = () => {
    if (signalled) return;
    signalled = true;
    onSignal?.();
  };
  process.on('SIGINT', listener);
  process.on('SIGTERM', listener);
  return {
    until(stop) {
      return new Promise<void>((resolve) => {
        const run = () => {
          logger.info(message);
          void stop().then(() => resolve(), () => resolve());
        };
        if (signalled) run();
        else onSignal = run;
      });
    },
  };
}

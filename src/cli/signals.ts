import type { Logger } from '../lib/logger.js';

/** Waits for SIGINT or SIGTERM, then runs `stop` once and resolves when it has finished. */
export function untilStopped(logger: Logger, stop: () => Promise<unknown>, message = 'stopping'): Promise<void> {
  return new Promise<void>((resolve) => {
    const onSignal = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      logger.info(message);
      void stop().then(() => resolve(), () => resolve());
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

import type { Logger } from '../lib/logger.js';

/** Waits for SIGINT or SIGTERM, then runs `stop` once and resolves when it has finished. */
export function untilStopped(logger: Logger, stop: () => Promise<unknown>, message = 'stopping'): Promise<void> {
  return new Promise<void>((resolve) => {
    let stopping = false;
    // The listeners stay for the whole stop: without one, a second signal (or one Node re-delivers while
    // worker threads close) would end the process by the signal's default action, skipping the clean stop.
    const onSignal = () => {
      if (stopping) return;
      stopping = true;
      logger.info(message);
      void stop().then(() => resolve(), () => resolve());
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

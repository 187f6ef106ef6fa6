/**
 * `scheduler.wait(ms, { signal })`: an awaitable `setTimeout`. Resolves with undefined after at least
 * `ms` milliseconds (a negative or non-numeric delay waits 0 ms); an aborted signal rejects it with the signal's reason and clears the timer.
 */

/** The longest delay a timer can hold (2^31 - 1 ms, about 24.8 days); a longer wait is refused rather than cut short. */
const MAX_DELAY_MS = 2_147_483_647;

/** Options of `scheduler.wait`. */
export interface WaitOptions {
  signal?: AbortSignal;
}

/** Creates the `scheduler` global, bound to the timers the isolate had when it started. */
export function createScheduler(timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis): { wait(ms: number, options?: WaitOptions): Promise<void> } {
  const { setTimeout: schedule, clearTimeout: cancel } = timers;
  return Object.freeze({
    wait(ms: number, options?: WaitOptions): Promise<void> {
      const delay = Number(ms);
      if (delay > MAX_DELAY_MS) return Promise.reject(new RangeError(`scheduler.wait(): the delay must be at most ${MAX_DELAY_MS} ms, got ${String(ms)}`));
      const signal = options?.signal;
      if (signal !== undefined && !(signal instanceof AbortSignal)) return Promise.reject(new TypeError('scheduler.wait(): options.signal must be an AbortSignal'));
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          cancel(timer);
          reject(signal?.reason);
        };
        const timer = schedule(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, Number.isNaN(delay) || delay < 0 ? 0 : delay);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  });
}

/** Options of a pump. */
export interface PumpOptions {
  /** Looks once for work and starts it (`track`ing what runs on); may `wakeIn` to look again later. */
  pumpOnce(): Promise<void>;
  /** Told when `pumpOnce` failed; the pump looks again after `retryMs` (with timers). */
  onError(err: unknown): void;
  retryMs: number;
  /** Run by real timers; false in tests that drive `tick()` with a manual clock. */
  timers: boolean;
}

/** The loop of a background runner that starts work from a store (queue consumers, workflow runners). */
export interface Pump {
  /** Looks for work now; a call while a look runs asks for one more look after it, and shares its promise. */
  pump(): Promise<void>;
  /** Looks again in `ms` (replacing an earlier wake); nothing without timers or once stopped. */
  wakeIn(ms: number): void;
  /** Work started by a look: waited for by `drain` and `stop`; its end starts another look (with timers). */
  track(work: Promise<void>): void;
  /** How much tracked work is running. */
  readonly running: number;
  readonly stopped: boolean;
  /** Looks, and waits for what it started, again until a look starts nothing. */
  drain(): Promise<void>;
  /** Starts no new look; resolves once the look and the work in flight have ended. */
  stop(): Promise<void>;
}

/** Creates a pump: one look at a time, looks asked for meanwhile merged into one more, work in flight tracked. */
export function createPump(options: PumpOptions): Pump {
  const inflight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pumping: Promise<void> | undefined;
  let again = false;

  const pump = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = options.pumpOnce().catch((err: unknown) => {
      options.onError(err);
      wakeIn(options.retryMs);
    }).finally(() => {
      pumping = undefined;
      if (again && !stopped) {
        again = false;
        void pump();
      }
    });
    return pumping;
  };

  function wakeIn(ms: number): void {
    if (!options.timers || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void pump(), ms);
    timer.unref();
  }

  return {
    pump,
    wakeIn,
    track(work) {
      const tracked: Promise<void> = work.finally(() => {
        inflight.delete(tracked);
        if (!stopped && options.timers) void pump();
      });
      inflight.add(tracked);
    },
    get running() { return inflight.size; },
    get stopped() { return stopped; },
    async drain() {
      for (;;) {
        await pump();
        if (inflight.size === 0) return;
        await Promise.all(inflight);
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pumping;
      await Promise.all(inflight);
    },
  };
}

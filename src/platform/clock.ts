/** The one source of time: tests replace it to exercise expiry, back-off and limits without sleeping. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** The real wall clock. */
export const SYSTEM_CLOCK: Clock = { now: () => Date.now() };

/** A clock that only moves when told to, for tests. */
export function createManualClock(start = Date.UTC(2026, 9, 1)): Clock & { advance(ms: number): void; set(ms: number): void } {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) { t += ms; },
    set(ms: number) { t = ms; },
  };
}

/** Today's date in UTC as `YYYY-MM-DD`. */
export function utcDate(clock: Clock): string {
  return new Date(clock.now()).toISOString().slice(0, 10);
}

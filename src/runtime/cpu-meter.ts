/**
 * CPU accounting of one isolate: every millisecond its event loop is busy is booked, either to the events
 * in flight or, when none is, to the isolate's background (timers and loops left running after a response).
 * Readings are taken by the host (never trusted from the isolate) at every change between "no event in
 * flight" and "some event in flight" and at every watchdog tick, so each reading covers a stretch in which
 * the state did not change and the booking is exact.
 */

/**
 * Background CPU forgiven per second with no event in flight: a tenth of a core. An idle isolate uses 15 to
 * 40 ms a second of event-loop time (its heartbeat turns the loop every 5 ms; measured on a loaded 2-core
 * machine), housekeeping timers need little more, and a loop that keeps a core busy gains 900 ms a second.
 */
export const BACKGROUND_FORGIVEN_MS_PER_S = 100;

/** CPU an isolate or a deployment has used, in milliseconds of event-loop busy time. */
export interface CpuUsage {
  /** Every busy millisecond, in flight or not. */
  cpuMs: number;
  /** The part used with no event in flight (module loading included). */
  backgroundMs: number;
}

/** The host-side meter of one isolate's busy time. */
export class CpuMeter {
  #readActive: () => number;
  #lastActive = 0;
  #lastAt: number;
  #usage: CpuUsage = { cpuMs: 0, backgroundMs: 0 };
  #debt = 0;

  /** `readActive` returns the isolate's total event-loop busy time so far (ms). */
  constructor(readActive: () => number, now: number) {
    this.#readActive = readActive;
    this.#lastAt = now;
  }

  /** What the isolate has used so far. */
  get usage(): CpuUsage { return { ...this.#usage }; }

  /** Background CPU not yet forgiven: past `limits.cpu_ms` the isolate keeps running with nothing to serve. */
  get backgroundDebtMs(): number { return this.#debt; }

  /**
   * Books the busy time since the last reading; returns it so the caller can share it among the events in
   * flight. `inFlight` says whether any event was in flight over the whole stretch; `enforced` is false while
   * the module loads (its top-level work is counted, but it is not background work to stop).
   */
  take(now: number, inFlight: boolean, enforced: boolean): number {
    const active = this.#readActive();
    const busy = Math.max(0, active - this.#lastActive);
    const elapsed = Math.max(0, now - this.#lastAt);
    this.#lastActive = active;
    this.#lastAt = now;
    this.#usage.cpuMs += busy;
    if (!inFlight) {
      this.#usage.backgroundMs += busy;
      if (enforced) this.#debt = Math.max(0, this.#debt + busy - (elapsed * BACKGROUND_FORGIVEN_MS_PER_S) / 1000);
    }
    return busy;
  }
}

/** The sum of several usages. */
export function addUsage(total: CpuUsage, more: CpuUsage): CpuUsage {
  return { cpuMs: total.cpuMs + more.cpuMs, backgroundMs: total.backgroundMs + more.backgroundMs };
}

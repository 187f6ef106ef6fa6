/**
 * Runs a function once the microtasks queued now, and every one they queue in turn, have run: the point where the
 * code running now truly waits (for I/O or a timer), reached without ending the event loop's turn. Runs in the isolate.
 *
 * The input gate delivers an object's next event there, and an object's writes leave there (gates.ts, storage.ts):
 * both used to wait for `setImmediate`, which, when scheduled from the loop's check phase (where the gate delivered
 * events), runs only in the next turn, after everything that arrived meanwhile: a call waited a turn per stage.
 */
import process from 'node:process';

// Taken before application code runs, which shares this realm.
const nextTick = process.nextTick.bind(process);
const microtask = globalThis.queueMicrotask.bind(globalThis);
const immediate = globalThis.setImmediate;
const now = performance.now.bind(performance);

/**
 * How long (ms) runs scheduled here may follow each other without the loop turning. Past it they wait for the next
 * turn (`setImmediate`), as before: a long queue of events on one object must not hold the loop (its timers, the
 * heartbeat the host's CPU limit watches, messages from the host) for the whole queue.
 */
export const EARLY_RUN_BUDGET_MS = 1;

let budgetMs = EARLY_RUN_BUDGET_MS;

/** Sets the budget (tests: Infinity, to observe the order of runs whatever the machine's load). */
export function setEarlyRunBudget(ms: number): void {
  budgetMs = ms;
}

/** When the current stretch of early runs began (-1: none since the loop last reached its check phase). */
let stretchFrom = -1;
const endStretch = (): void => { stretchFrom = -1; };

/**
 * `fn` runs after the microtask queue has drained, or in the next turn once early runs have held the loop for
 * EARLY_RUN_BUDGET_MS. A tick runs before the microtask queue only when scheduled outside it (a macrotask's own
 * code, another tick); the microtask in between puts the second tick after the drain in both cases.
 */
export function afterMicrotasks(fn: () => void): void {
  const at = now();
  if (stretchFrom < 0) {
    stretchFrom = at;
    immediate(endStretch);
  } else if (at - stretchFrom > budgetMs) {
    immediate(fn);
    return;
  }
  nextTick(() => microtask(() => nextTick(fn)));
}

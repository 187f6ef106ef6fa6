import { Buffer } from 'node:buffer';

/**
 * How much console output application code may send to the platform's log: the reference keeps 256 KB of log
 * events per invocation and records nothing more of it. Without a bound, one `console.log` of a 64 MB string
 * or a loop of short lines filled the platform's log, and under process isolation made a channel frame past its
 * limit, which stops the account's whole sandbox as a protocol violation (test/sandbox-escape-runtime.test.ts).
 */
export const CONSOLE_BYTES_PER_EVENT = 256 * 1024;

/** Lines logged outside any event (module scope, timers left running) share this much per second. */
const BACKGROUND_WINDOW_MS = 1000;

interface Spent { bytes: number; noticed: boolean }

/** What of one console line goes to the log: the line (whole or cut), and the notice that the budget ran out. */
export interface Admitted { line?: string; notice?: string }

/**
 * Decides, line by line, what of the console output goes to the log: whole lines while the owner's budget lasts,
 * the line that crosses it cut to fit, then one notice, then nothing. `owner` is the event's own state object (a
 * weak key: its budget goes with it), or undefined for output outside events (`windowed` names it in the notice).
 */
export function createConsoleBudget(limit = CONSOLE_BYTES_PER_EVENT, now: () => number = Date.now, windowed = 'outside events'): (owner: object | undefined, message: string) => Admitted {
  const spent = new WeakMap<object, Spent>();
  let background: Spent = { bytes: 0, noticed: false };
  let windowStart = -Infinity;
  return function admit(owner, message) {
    let account: Spent;
    if (owner === undefined) {
      const t = now();
      if (t - windowStart >= BACKGROUND_WINDOW_MS) { windowStart = t; background = { bytes: 0, noticed: false }; }
      account = background;
    } else {
      account = spent.get(owner) ?? { bytes: 0, noticed: false };
      spent.set(owner, account);
    }
    const left = limit - account.bytes;
    // A character is at most 3 bytes of UTF-8: counting exactly only matters near the end of the budget.
    const bytes = message.length * 3 <= left ? message.length : Buffer.byteLength(message);
    if (bytes <= left) {
      account.bytes += bytes;
      return { line: message };
    }
    account.bytes = limit;
    if (account.noticed) return {};
    account.noticed = true;
    const notice = owner === undefined
      ? `console output ${windowed} passed ${limit / 1024} KB in one second; further lines are dropped until the next second`
      : `console output of this event passed ${limit / 1024} KB; the rest of its lines are dropped`;
    return left > 0 ? { line: `${cut(message, left)} …[truncated]`, notice } : { notice };
  }
}

/** The longest start of `text` within `maxBytes` of UTF-8 (never splitting a surrogate pair). */
function cut(text: string, maxBytes: number): string {
  let end = Math.min(text.length, maxBytes);
  while (end > 0 && Buffer.byteLength(text.slice(0, end)) > maxBytes) end = Math.floor(end * 0.9);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end);
}

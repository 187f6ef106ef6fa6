/**
 * A console of Ledge's own. Node's global console holds the worker's stdout and stderr (`_stdout`,
 * `_stderr` and symbol-keyed internals): writing there bypasses the log, and the streams lead on to the
 * worker's internal channel to the host thread. The isolate keeps the methods Ledge installed (they send
 * log messages to the host) and gets the rest of the Console API from a private Console that writes to
 * those same methods. Bound methods expose nothing of the instance behind them.
 */
import { Console } from 'node:console';
import { Writable } from 'node:stream';

type LogMethod = (...args: unknown[]) => void;

/** The methods Ledge's isolate already routes to the host log (isolate-main.ts, installConsole). */
const ROUTED = ['log', 'info', 'debug', 'trace', 'warn', 'error'] as const;
/** The rest of the Console API, formatted by Node's Console and written through the routed methods. */
const FORMATTED = ['assert', 'count', 'countReset', 'dir', 'dirxml', 'group', 'groupCollapsed', 'groupEnd', 'table', 'time', 'timeEnd', 'timeLog'] as const;

/** Replaces `globalThis.console` with a plain object of log methods. */
export function replaceConsole(): void {
  const current = globalThis.console as unknown as Record<string, LogMethod>;
  const routed = Object.fromEntries(ROUTED.map((name) => [name, current[name]])) as Record<(typeof ROUTED)[number], LogMethod>;
  const sink = (write: LogMethod) => new Writable({
    decodeStrings: false,
    write(chunk: unknown, _encoding, done) {
      write(String(chunk).replace(/\n$/, ''));
      done();
    },
  });
  const formatter = new Console({ stdout: sink(routed.info), stderr: sink(routed.warn) }) as unknown as Record<string, LogMethod>;
  const safe: Record<string, unknown> = { ...routed };
  for (const name of FORMATTED) safe[name] = formatter[name];
  for (const name of ['profile', 'profileEnd', 'timeStamp']) safe[name] = function noop(): void { /* no profiler in the isolate */ };
  Object.defineProperty(safe, Symbol.toStringTag, { value: 'console', configurable: true });
  Object.defineProperty(globalThis, 'console', { value: safe, writable: true, configurable: true, enumerable: false });
}

/**
 * Node's own host objects leave the isolate's global scope (issue 13, item 4; docs/runtime.md). Node puts
 * `process`, `Buffer` and `global` on every worker's global object; from `process` alone application code
 * could kill the platform, load native code or reach the host's files. Ledge's isolate code imports what
 * it needs from `node:process` and `node:buffer`, so nothing of its own depends on the globals.
 *
 * Under `nodejs_compat` the names exist again as documented stand-ins: `process` is the same small shim
 * the bundler injects (`env` with the deployment's text variables and secrets from a 2025-04-01 compatibility date on, `nextTick`, no `exit`), `Buffer` is the `buffer` package (the same
 * class `node:buffer` gives application code; its allocations are zero-filled, where Node's
 * `allocUnsafe` hands out recycled memory that may hold another deployment's data), `global` is
 * `globalThis`.
 *
 * One reader of the globals must keep Node's own: the fetch implementation built into Node (undici)
 * names `Buffer` and `global` as globals in its code. So those two names are answered by a proxy at the
 * root of the global object's prototype chain, which gives Node's values only to lookups made from
 * undici's own file and the stand-ins (or nothing) to everyone else. Node's class is also made harmless in this thread
 * (zero-filled allocations, no shared pool), in case it ever leaks.
 */
import { Buffer as NodeBuffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { addBase64url } from './buffer-encodings.js';
import { callerFileName } from './stack-traces.js';

/**
 * Globals Node adds that the edge has no equivalent for. `BroadcastChannel` reaches every thread of
 * the process with a channel of the same name, other deployments' isolates included.
 */
const HOST_GLOBALS = ['process', 'Buffer', 'global', 'require', 'module', 'exports', '__filename', '__dirname', 'BroadcastChannel'] as const;
/** The one file whose global `Buffer` lookups get Node's class. */
const UNDICI_FILE = 'node:internal/deps/undici/undici';

const require = createRequire(import.meta.url);

/** Where the `Buffer` stand-in comes from: `buffer/` names the package, not Node's built-in module. */
export const BUFFER_POLYFILL_URL = pathToFileURL(require.resolve('buffer/')).href;

/** Removes Node's host objects from the global scope; with `nodejs_compat`, installs the stand-ins. */
export function replaceHostObjects(nodejsCompat: boolean, processEnv: Readonly<Record<string, string>> = {}): void {
  // Loaded before any application code runs: a CommonJS module evaluating later could run application
  // getters while its wrapper (holding the real `require`) is on the stack.
  const polyfill = nodejsCompat ? (require('buffer/') as { Buffer: Parameters<typeof addBase64url>[0] }).Buffer : undefined;
  if (polyfill) addBase64url(polyfill);
  hardenNodeBuffer();
  for (const name of HOST_GLOBALS) Reflect.deleteProperty(globalThis, name);
  answerUndici({ Buffer: polyfill, global: nodejsCompat ? globalThis : undefined });
  hideGlobalDispatcher();
  if (nodejsCompat) Object.defineProperty(globalThis, 'process', { value: createProcessStandIn(processEnv), writable: true, configurable: true, enumerable: false });
}

/**
 * Puts a proxy between the global object and its prototype that answers the names undici reads as
 * globals: Node's `Buffer` and `global` for lookups made from undici's file, the stand-in (or nothing)
 * for everyone else. Every other name goes straight to the original prototype. A global lookup asks
 * `has` and then `get` at once, so the caller checked in `has` is remembered for the `get` that follows.
 */
function answerUndici(standIns: { Buffer: unknown; global: unknown }): void {
  const forUndici: Record<string, unknown> = { Buffer: NodeBuffer, global: globalThis };
  const forOthers: Record<string, unknown> = standIns;
  let undiciAsked = false;
  const handler: ProxyHandler<object> = {
    has(target, key) {
      if (key !== 'Buffer' && key !== 'global') return Reflect.has(target, key);
      undiciAsked = callerFileName(handler.has as () => unknown) === UNDICI_FILE;
      return undiciAsked || forOthers[key] !== undefined;
    },
    get(target, key, receiver) {
      if (key !== 'Buffer' && key !== 'global') return Reflect.get(target, key, receiver);
      const fromUndici = undiciAsked || callerFileName(handler.get as () => unknown) === UNDICI_FILE;
      undiciAsked = false;
      return fromUndici ? forUndici[key] : forOthers[key];
    },
  };
  Object.setPrototypeOf(globalThis, new Proxy(Object.getPrototypeOf(globalThis) as object, handler));
}

/**
 * Node's fetch keeps its connection pool (an undici Agent: clients, their sockets, Node's Buffers in every
 * callback) on the global object, under a registered symbol any code can read. The property cannot be
 * removed (undici defines it non-configurable), so its value becomes a stand-in that forwards `dispatch`
 * for undici's own calls, which is all `fetch()` needs, and refuses everyone else. An application may still
 * put a dispatcher of its own there; its own fetch calls then go through it.
 */
function hideGlobalDispatcher(): void {
  void globalThis.Response; // Loads Node's fetch, which creates the agent, if nothing has yet.
  const key = Symbol.for('undici.globalDispatcher.1');
  const slot = globalThis as unknown as Record<symbol, { dispatch(options: unknown, handler: unknown): boolean } | undefined>;
  const agent = slot[key];
  if (typeof agent?.dispatch !== 'function') return;
  slot[key] = Object.freeze({
    isMockActive: false,
    dispatch: function dispatch(options: unknown, handler: unknown): boolean {
      if (callerFileName(dispatch) !== UNDICI_FILE) throw new TypeError("The platform's HTTP connection pool is not available to application code; fetch() uses it");
      return agent.dispatch(options, handler);
    },
  });
}

/** Node's Buffer in this thread: allocations zero-filled and never carved out of a shared pool. */
function hardenNodeBuffer(): void {
  const alloc = NodeBuffer.alloc;
  Object.defineProperty(NodeBuffer, 'allocUnsafe', { value: function allocUnsafe(size: number) { return alloc(size); }, writable: true, configurable: true });
  Object.defineProperty(NodeBuffer, 'allocUnsafeSlow', { value: function allocUnsafeSlow(size: number) { return alloc(size); }, writable: true, configurable: true });
  // A small Buffer.from() would otherwise be a view into an 8 KiB pool whose `.buffer` shows the rest.
  NodeBuffer.poolSize = 0;
}

/**
 * The `process` stand-in; the shim the bundler injects for `process` and `node:process` (src/runtime/bundle.ts)
 * is this same object. `env` starts with the deployment's text variables and secrets when it fills them (a
 * copy: writing to it changes nothing else).
 */
function createProcessStandIn(processEnv: Readonly<Record<string, string>>): Record<string, unknown> {
  const enqueue = queueMicrotask;
  const warn = console.warn.bind(console);
  const standIn: Record<string, unknown> = {
    env: { ...processEnv },
    argv: [],
    platform: 'linux',
    version: 'v20.0.0',
    versions: {},
    browser: false,
    nextTick: (fn: (...args: unknown[]) => void, ...args: unknown[]) => enqueue(() => fn(...args)),
    cwd: () => '/',
    exit: () => { throw new Error('process.exit() is not available to applications'); },
    on: () => standIn,
    off: () => standIn,
    emitWarning: (warning: unknown) => warn(String(warning)),
  };
  return standIn;
}

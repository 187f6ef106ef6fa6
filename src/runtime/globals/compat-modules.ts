/**
 * The `nodejs_compat` modules application code gets in place of Node's own, where Node's would hand it
 * host objects (docs/runtime.md). The import guard (import-guard.ts) resolves the application's imports
 * of these names to the URLs below; imports made from those modules reach Node's real ones.
 *
 * - `node:buffer`: the `buffer` package (see host-objects.ts), with the rest of Node's module by name.
 * - `node:async_hooks`: Node's `AsyncLocalStorage` and `AsyncResource` (what the edge offers), but not
 *   `createHook` or `executionAsyncResource`: the resource of the current callback is the isolate's
 *   channel to the host, and it carries the runtime's own per-event state.
 * - `node:diagnostics_channel`: the unenv implementation, whose channels are the application's alone;
 *   Node's own channels publish the sockets and requests of its fetch.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { BUFFER_POLYFILL_URL } from './host-objects.js';

const require = createRequire(import.meta.url);

const ASYNC_HOOKS_SOURCE = `import hooks from 'node:async_hooks';
const { AsyncLocalStorage, AsyncResource, executionAsyncId, triggerAsyncId, asyncWrapProviders } = hooks;
function unavailable(name) {
  return function notAvailable() { throw new Error('async_hooks.' + name + '() is not available in Ledge: use AsyncLocalStorage or AsyncResource'); };
}
const createHook = unavailable('createHook');
const executionAsyncResource = unavailable('executionAsyncResource');
export { AsyncLocalStorage, AsyncResource, executionAsyncId, triggerAsyncId, asyncWrapProviders, createHook, executionAsyncResource };
export default { AsyncLocalStorage, AsyncResource, executionAsyncId, triggerAsyncId, asyncWrapProviders, createHook, executionAsyncResource };
`;

/**
 * `node:buffer`: the `buffer` package's classes, with the rest of Node's module the package predates and
 * libraries import by name (`import { Blob } from 'node:buffer'`, `constants`, `isUtf8`): the web classes and
 * functions of the global scope, and checks written on TextDecoder.
 */
const BUFFER_SOURCE = `import pkg from ${JSON.stringify(BUFFER_POLYFILL_URL)};
const { Buffer, SlowBuffer, INSPECT_MAX_BYTES, kMaxLength } = pkg;
const { Blob, File, atob, btoa } = globalThis;
const kStringMaxLength = 2 ** 29 - 24;
const constants = Object.freeze({ MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: kStringMaxLength });
const bytesOf = (input) => ArrayBuffer.isView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength) : new Uint8Array(input);
function isUtf8(input) {
  try { new TextDecoder('utf-8', { fatal: true }).decode(bytesOf(input)); return true; } catch { return false; }
}
function isAscii(input) { return bytesOf(input).every((b) => b < 0x80); }
export { Buffer, SlowBuffer, INSPECT_MAX_BYTES, kMaxLength, kStringMaxLength, constants, Blob, File, atob, btoa, isUtf8, isAscii };
export default { Buffer, SlowBuffer, INSPECT_MAX_BYTES, kMaxLength, kStringMaxLength, constants, Blob, File, atob, btoa, isUtf8, isAscii };
`;

/** Bare module name → the URL application code gets for it. */
export const COMPAT_REPLACEMENTS: Readonly<Record<string, string>> = Object.freeze({
  buffer: `data:text/javascript,${encodeURIComponent(BUFFER_SOURCE)}`,
  async_hooks: `data:text/javascript,${encodeURIComponent(ASYNC_HOOKS_SOURCE)}`,
  diagnostics_channel: pathToFileURL(require.resolve('unenv/node/diagnostics_channel')).href,
});

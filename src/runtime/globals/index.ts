/**
 * The isolate's global scope (docs/runtime.md, "Global scope"; issue 13 item 4, issue 14 item 4).
 * `installGlobalScope` runs once in the worker, after Ledge's own isolate code has taken what it needs
 * and before the application's bundle loads: it adds the edge's web APIs, removes Node's host objects
 * (or puts the `nodejs_compat` stand-ins in their place), gives the application a console of its own,
 * and guards stack-trace callbacks. `guardApplicationImports` runs before both, ahead of the binding
 * kinds' isolate modules: it refuses application imports outside the bundle.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { URLPattern } from 'urlpattern-polyfill/urlpattern';
import { NODEJS_COMPAT_MODULES } from '../bundle-node.js';
import { replaceConsole } from './console.js';
import { COMPAT_REPLACEMENTS } from './compat-modules.js';
import { replaceHostObjects } from './host-objects.js';
import { guardImports } from './import-guard.js';
// Installs the built-ins Node 20 lacks as this module loads, in the isolate's worker only (isolate-main.ts imports this).
import './language.js';
import { guardStackTraces } from './stack-traces.js';
import { DigestStream } from './web/digest-stream.js';
import { FixedLengthStream, IdentityTransformStream, withFixedLengths } from './web/identity-stream.js';
import { HTMLRewriter } from './web/html-rewriter.js';
import { installRequestCf } from './web/request-cf.js';
import { createScheduler } from './web/scheduler.js';
import { installTimingSafeEqual } from './web/timing-safe-equal.js';

export { defineRequestCf } from './web/request-cf.js';

/** What the global scope depends on. */
export interface GlobalScopeOptions {
  /** Absolute path of the application's bundle: its directory holds only application code. */
  bundlePath: string;
  /** Whether the deployment has the `nodejs_compat` flag. */
  nodejsCompat: boolean;
  /** Whether the deployment has `nodejs_als`: node:async_hooks alone is importable without `nodejs_compat`. */
  nodejsAls?: boolean;
  /** What `process.env` starts with under `nodejs_compat` (process-env.ts); empty when the deployment does not fill it. */
  processEnv?: Readonly<Record<string, string>>;
}

/** Installs the application's global scope; call once, right before the bundle is imported. */
export function installGlobalScope(options: GlobalScopeOptions): void {
  installWebApis();
  guardStackTraces();
  replaceHostObjects(options.nodejsCompat, options.processEnv);
  replaceConsole();
}

/**
 * Hands the import guard its policy; call once, before anything the worker imports after its init arrived.
 * A standby isolate (isolate-init.ts) registered the guard before it knew its application, and every import
 * waits until the policy is there: Ledge's own later imports (the binding kinds' isolate modules) included,
 * so this must come first. They resolve as usual under it, being outside the bundle's directory.
 */
export function guardApplicationImports(options: GlobalScopeOptions): void {
  const alsOnly = !options.nodejsCompat && options.nodejsAls === true;
  guardImports({
    appDir: pathToFileURL(path.dirname(options.bundlePath) + path.sep).href,
    nodeModules: options.nodejsCompat ? NODEJS_COMPAT_MODULES : alsOnly ? ['async_hooks'] : [],
    replaced: options.nodejsCompat ? COMPAT_REPLACEMENTS : alsOnly ? { async_hooks: COMPAT_REPLACEMENTS.async_hooks as string } : {},
  });
}

function define(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
}

/** The edge's APIs beyond what Node provides; HTMLRewriter's WebAssembly loads on first use. */
function installWebApis(): void {
  define(globalThis, 'URLPattern', URLPattern);
  define(globalThis, 'scheduler', createScheduler({ setTimeout, clearTimeout }));
  define(globalThis.crypto, 'DigestStream', DigestStream);
  installTimingSafeEqual();
  define(globalThis, 'IdentityTransformStream', IdentityTransformStream);
  define(globalThis, 'FixedLengthStream', FixedLengthStream);
  define(globalThis, 'Response', withFixedLengths(globalThis.Response));
  define(globalThis, 'HTMLRewriter', HTMLRewriter);
  installRequestCf();
}

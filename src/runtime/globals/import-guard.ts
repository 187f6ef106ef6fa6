/**
 * Which modules application code may load at run time (issue 13, item 4). The bundler refuses Node.js
 * imports it can see, but `import('node:' + name)`, an `import()` inside eval'd code or a `data:` URL
 * are only known when they run. A module resolve hook, registered for this worker thread before the
 * application loads, answers every such import: code in the bundle's directory (or with no file of its
 * own) gets the `nodejs_compat` subset when the flag is on and nothing else, whatever it computes.
 * Ledge's own modules resolve as usual. The hook runs on Node's loader thread, out of the
 * application's reach.
 */
import { register } from 'node:module';
import { MessageChannel, type MessagePort } from 'node:worker_threads';

/** What the resolve hook decides by; plain data, since it crosses to the loader thread. */
export interface ImportPolicy {
  /** `file:` URL of the directory holding the application's bundle (with a trailing slash). */
  appDir: string;
  /** Bare names of the `node:` modules application code may import (empty without `nodejs_compat`). */
  nodeModules: readonly string[];
  /** Bare names served to application code by another module instead of Node's own, with that module's URL. */
  replaced: Readonly<Record<string, string>>;
}

/** The outcome for one import: Node's own resolution, a replacement URL, or a refusal with its message. */
export type ImportDecision = { allow: true } | { allow: true; url: string } | { allow: false; message: string };

/**
 * Decides one import. Kept free of outside references: its source text is what the loader thread runs.
 * Importers outside the bundle's directory are Ledge's own modules; code with no file (eval'd code, a
 * `data:` module) counts as application code.
 */
export function decideImport(policy: ImportPolicy, specifier: string, parentURL: string | undefined): ImportDecision {
  const fromApp = parentURL === undefined || !parentURL.startsWith('file:') || parentURL.startsWith(policy.appDir);
  // A replacement module is Ledge's code, even when it is a data: URL; it imports the real module.
  if (!fromApp || Object.values(policy.replaced).includes(parentURL as string)) return { allow: true };
  const bare = specifier.startsWith('node:') ? specifier.slice(5) : specifier;
  if (policy.nodeModules.includes(bare)) {
    const url = policy.replaced[bare];
    return url === undefined ? { allow: true } : { allow: true, url };
  }
  const shown = specifier.length > 80 ? `${specifier.slice(0, 80)}...` : specifier;
  const why = specifier.startsWith('node:') || /^[a-z_]+(\/[a-z_]+)?$/.test(specifier)
    ? (policy.nodeModules.length === 0
      ? 'Node.js modules need "compatibility_flags": ["nodejs_compat"] in ledge.jsonc'
      : `it is not in Ledge's nodejs_compat subset (${policy.nodeModules.map((m) => `node:${m}`).join(', ')})`)
    : 'application code can import only what was bundled with it';
  return { allow: false, message: `No such module "${shown}": ${why}` };
}

/** The loader-thread module: the decision above, wired into Node's `initialize`/`resolve` hooks. */
function hookSource(): string {
  return `let policy;
let arrived;
let runtimeRoot;
export function initialize(data) {
  if (data.policy) { policy = data.policy; return; }
  // Registered ahead of the policy (a standby isolate): application imports wait until it arrives.
  runtimeRoot = data.runtimeRoot;
  arrived = new Promise((resolve) => data.port.once('message', (p) => { policy = p; data.port.close(); resolve(); }));
}
const decide = ${decideImport.toString()};
export async function resolve(specifier, context, nextResolve) {
  // Ledge's own files (the binding kinds' isolate modules, loaded before the policy is sent) resolve at once:
  // waiting for the policy there would wait forever, and no application code has loaded yet.
  if (!policy && typeof context.parentURL === 'string' && context.parentURL.startsWith(runtimeRoot)) return nextResolve(specifier, context);
  if (!policy) await arrived;
  const decision = decide(policy, specifier, context.parentURL);
  if (!decision.allow) throw Object.assign(new Error(decision.message), { code: 'ERR_MODULE_NOT_FOUND' });
  if (decision.url) return { url: decision.url, shortCircuit: true };
  return nextResolve(specifier, context);
}
`;
}

const HOOK_URL = () => `data:text/javascript,${encodeURIComponent(hookSource())}`;

/** The port of a hook registered ahead of its policy (prepareImportGuard), until guardImports sends the policy. */
let policyPort: MessagePort | undefined;

/**
 * Registers the hook for this thread before the policy is known (a standby isolate, isolate-init.ts), so
 * the loader thread starts ahead of need; until guardImports hands it the policy, every import it is asked
 * about waits.
 */
export function prepareImportGuard(): void {
  const { port1, port2 } = new MessageChannel();
  register(HOOK_URL(), { data: { port: port2, runtimeRoot: runtimeRoot() }, transferList: [port2] });
  policyPort = port1;
}

/** The root of Ledge's runtime files (the package, holding dist/ and node_modules/; or the directory of the bundled isolate entry). */
function runtimeRoot(): string {
  const here = import.meta.url;
  return (/\/runtime\/globals\/import-guard\.[jt]s$/.test(here) ? new URL('../../../', here) : new URL('./', here)).href;
}

/**
 * Registers the hook for this thread, or hands the policy to the one prepareImportGuard registered. Node 20
 * starts one loader thread per worker that registers hooks, so this costs about one thread start per
 * isolate (docs/runtime.md), ahead of need in a standby isolate.
 */
export function guardImports(policy: ImportPolicy): void {
  if (policyPort) {
    // The loader thread closes the channel once it has the policy.
    policyPort.postMessage(policy);
    policyPort = undefined;
    return;
  }
  register(HOOK_URL(), { data: { policy } });
}

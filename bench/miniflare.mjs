// Miniflare 4, the baseline some benchmarks run beside Ledge in the same run (bench/coordination.mjs,
// bench/workflows.mjs): started one way for all of them, on a fresh persisted state, with the pid of its workerd
// (where its work and CPU are) for those that measure CPU.
import { readFileSync, rmSync } from 'node:fs';

/** The compatibility date the baselines run with. */
export const MINIFLARE_COMPATIBILITY_DATE = '2025-10-01';

/**
 * Starts Miniflare on `script` (an ES module) with the other Miniflare options given (bindings, `*Persist`
 * directories); every `*Persist` directory is emptied first. With `listen`, it serves HTTP on a free loopback
 * port (`url`); otherwise use `mf.dispatchFetch`. Resolves once it is ready.
 */
export async function startMiniflare({ script, listen = false, ...options }) {
  const { Miniflare } = await import('miniflare');
  for (const [name, value] of Object.entries(options)) {
    if (name.endsWith('Persist') && typeof value === 'string') rmSync(value, { recursive: true, force: true });
  }
  const mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: MINIFLARE_COMPATIBILITY_DATE,
    ...(listen ? { host: '127.0.0.1', port: 0 } : {}),
    ...options,
  });
  const url = await mf.ready;
  return {
    mf,
    url: url.origin,
    // workerd is Miniflare's child process: the Node process only proxies setup.
    workerdPid: findDescendant(process.pid, 'workerd'),
    dispose: () => mf.dispose(),
  };
}

/** The pids of a process's children (none where /proc has no answer). */
export function children(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The pid of a descendant of `pid` whose command name contains `name`. */
function findDescendant(pid, name) {
  for (const child of children(pid)) {
    try {
      if (readFileSync(`/proc/${child}/comm`, 'utf8').includes(name)) return child;
    } catch { /* it exited */ }
    const deeper = findDescendant(child, name);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

import type { ChildProcess } from 'node:child_process';
import { childrenOf } from './proc-stats.js';

/**
 * SIGKILLs bubblewrap and the process it cloned. bubblewrap's inner process asks to die with its parent only
 * once it runs, and waits for the outer one to finish its set-up: killed while starting, the outer one alone
 * would leave it waiting for ever. Stopped first, the outer one cannot clone while its children are read.
 */
export function killSandboxTree(child: ChildProcess): void {
  const pid = child.pid;
  if (pid !== undefined && child.exitCode === null && child.signalCode === null) {
    const signal = (target: number, name: NodeJS.Signals) => {
      try { process.kill(target, name); } catch { /* gone already: its exit is on its way */ }
    };
    signal(pid, 'SIGSTOP');
    for (const inner of childrenOf(pid)) signal(inner, 'SIGKILL');
  }
  child.kill('SIGKILL');
}

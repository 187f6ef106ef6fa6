import { readdirSync, readFileSync } from 'node:fs';

/** What the kernel says a process tree uses. */
export interface TreeUsage {
  /** Resident memory of every process in the tree (so ArrayBuffers and native memory count), in bytes. */
  rssBytes: number;
  /** User plus system CPU time of every process in the tree (all their threads), in milliseconds. */
  cpuMs: number;
  /** How many processes the tree has. */
  processes: number;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * Reads a process tree's memory and CPU from /proc: `root`, its children (from each thread's `children` file)
 * and theirs. Read by the host, never reported by the sandbox, so code inside cannot lie about it.
 * Processes that exit while being read are skipped.
 */
export function readTreeUsage(root: number): TreeUsage {
  const usage: TreeUsage = { rssBytes: 0, cpuMs: 0, processes: 0 };
  const queue = [root];
  const seen = new Set<number>();
  while (queue.length > 0 && seen.size < 4096) {
    const pid = queue.pop() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    const stat = readOrNull(`/proc/${pid}/stat`);
    const status = readOrNull(`/proc/${pid}/status`);
    if (stat === null || status === null) continue;
    usage.processes++;
    // Fields after the command name (which may hold spaces) start at the state, field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    usage.cpuMs += ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * (1000 / TICKS_PER_SECOND);
    const rss = /^VmRSS:\s+(\d+) kB$/m.exec(status);
    usage.rssBytes += rss ? Number(rss[1]) * 1024 : 0;
    for (const child of childrenOf(pid)) queue.push(child);
  }
  return usage;
}

/** The processes `pid` started (each of its threads' `children` file); empty once it is gone. */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  // A child is listed under the thread that started it, so every thread is read.
  for (const task of tasks) {
    const text = readOrNull(`/proc/${pid}/task/${task}/children`);
    if (text) for (const part of text.trim().split(/\s+/)) if (part) out.push(Number(part));
  }
  return out;
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

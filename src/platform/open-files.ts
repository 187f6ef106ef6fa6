import { readFileSync } from 'node:fs';

/** The process's resource limits as Linux reports them; undefined where there is no /proc. */
export function readProcessLimits(): string | undefined {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The soft limit of open files in that report: a number, Infinity for "unlimited", undefined when the report is
 * missing or does not say. The bounds that must leave descriptors for the rest of the platform (open object
 * databases, connections of a listener) derive from it.
 */
export function softOpenFileLimit(limits: string | undefined): number | undefined {
  const soft = /^Max open files\s+(\d+|unlimited)/m.exec(limits ?? '')?.[1];
  if (soft === undefined) return undefined;
  return soft === 'unlimited' ? Infinity : Number(soft);
}

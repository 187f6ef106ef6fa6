/**
 * Builds of uploads, in turn. Each build is a process (a bubblewrap sandbox with Node and esbuild, tens of MB)
 * for up to a minute, and a deploy starts one: unbounded, one token holder sending many deploys at once started
 * as many builds, taking the platform's memory and cores from every account. Here at most `total` run at once and
 * at most `perAccount` of one account; the others wait in the order they came, so one account's flood holds one
 * slot and another account's deploy takes the next free one.
 */
export interface BuildQueue {
  /** Runs `build` for `account` when a slot is free; resolves or rejects as it does. */
  run<T>(account: string, build: () => Promise<T>): Promise<T>;
}

export function createBuildQueue(options: { total: number; perAccount: number }): BuildQueue {
  let running = 0;
  const runningOf = new Map<string, number>();
  const waiting: { account: string; start(): void }[] = [];

  /** Starts waiting builds, oldest first, while the platform and their account have a free slot. */
  const startWaiting = () => {
    for (let i = 0; i < waiting.length && running < options.total;) {
      const next = waiting[i] as { account: string; start(): void };
      if ((runningOf.get(next.account) ?? 0) >= options.perAccount) { i++; continue; }
      waiting.splice(i, 1);
      running++;
      runningOf.set(next.account, (runningOf.get(next.account) ?? 0) + 1);
      next.start();
    }
  };

  return {
    async run(account, build) {
      await new Promise<void>((start) => { waiting.push({ account, start }); startWaiting(); });
      try {
        return await build();
      } finally {
        running--;
        const left = (runningOf.get(account) ?? 1) - 1;
        if (left === 0) runningOf.delete(account);
        else runningOf.set(account, left);
        startWaiting();
      }
    },
  };
}

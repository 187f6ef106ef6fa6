/** Searches of one account's vector indexes that scan at once; more wait in order (test/vectors-query-flood.test.ts). */
export const SEARCHES_AT_ONCE = 2;

interface Turns { running: number; waiting: (() => void)[] }

const byAccount = new Map<string, Turns>();

/**
 * Runs `scan` when the account has a turn. A search reads its whole index on the platform's thread, a page of
 * vectors between other work, so without turns forty queries of one account at once put forty pages between every
 * other request of the platform: another account's requests went from 13 to 640 ms (median) meanwhile. With turns,
 * an account's queries take no more of the thread at once than two do, whatever their number; they wait for it
 * instead, within their event's wall-time limit.
 */
export async function inSearchTurn<T>(account: string, scan: () => Promise<T>): Promise<T> {
  let turns = byAccount.get(account);
  if (!turns) byAccount.set(account, (turns = { running: 0, waiting: [] }));
  const mine = turns;
  if (mine.running >= SEARCHES_AT_ONCE) await new Promise<void>((resolve) => mine.waiting.push(resolve));
  else mine.running++;
  try {
    return await scan();
  } finally {
    // The turn passes to the next in line as it is; the count drops only when nobody waits.
    const next = mine.waiting.shift();
    if (next) next();
    else if (--mine.running === 0) byAccount.delete(account);
  }
}

/** How many searches of the account scan now and how many wait (tests). */
export function searchTurnsOf(account: string): { running: number; waiting: number } {
  const turns = byAccount.get(account);
  return { running: turns?.running ?? 0, waiting: turns?.waiting.length ?? 0 };
}

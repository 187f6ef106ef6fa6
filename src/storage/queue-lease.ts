/**
 * A queue lease id: `<message seq>.<delivery number>.<token>`. The seq finds the message, the delivery
 * number lets a consumer back off without a lookup, and the token (fresh per delivery) fences a stale
 * delivery out of rescheduling a newer one. Every queue adapter uses this one format.
 */
export function formatLeaseId(seq: number, attempts: number, token: string): string {
  return `${seq}.${attempts}.${token}`;
}

/** The parts of a lease id, or null for anything that is not one. */
export function parseLeaseId(leaseId: string): { seq: number; attempts: number; token: string } | null {
  const m = /^(\d{1,15})\.(\d{1,4})\.([A-Za-z0-9_-]{12})$/.exec(leaseId);
  return m ? { seq: Number(m[1]), attempts: Number(m[2]), token: m[3] as string } : null;
}

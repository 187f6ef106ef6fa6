/** The smallest byte string greater than every string starting with `prefix`, or null when there is none (all 0xFF). */
export function prefixEnd(prefix: Uint8Array): Uint8Array | null {
  const end = Uint8Array.from(prefix);
  for (let i = end.length - 1; i >= 0; i--) {
    if ((end[i] as number) < 0xff) {
      end[i] = (end[i] as number) + 1;
      return end.subarray(0, i + 1);
    }
  }
  return null;
}

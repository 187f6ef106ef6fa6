/** A list cursor: the base64url of the last key a page returned. */
export function encodeCursor(lastKey: string): string {
  return Buffer.from(lastKey, 'utf8').toString('base64url');
}

/** The key a cursor stands for, or undefined when the text is not a cursor this store made. */
export function decodeCursor(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  try {
    const key = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(cursor, 'base64url'));
    return encodeCursor(key) === cursor ? key : undefined;
  } catch {
    return undefined;
  }
}

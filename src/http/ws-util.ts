/** Small helpers for the `ws` library's sockets, shared by the runtime's sockets and the ones coordination objects hold. */
import { Buffer } from 'node:buffer';
import type { RawData, WebSocket } from 'ws';

/** Closes with the code and reason given; 1005 (no code) closes without one, and a code that may not be sent ends the connection. */
export function closeSafely(ws: WebSocket, code: number, reason: string): void {
  try {
    if (code === 1005) ws.close();
    else ws.close(code, reason);
  } catch {
    ws.terminate();
  }
}

/** A message's bytes as one Buffer, whichever form `ws` delivered them in. */
export function toBuffer(raw: RawData): Buffer {
  if (Buffer.isBuffer(raw)) return raw;
  if (Array.isArray(raw)) return Buffer.concat(raw);
  return Buffer.from(raw);
}

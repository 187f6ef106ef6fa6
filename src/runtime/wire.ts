/** The shapes every protocol message between the host and an isolate is made of (protocol.ts, websockets/protocol.ts). */

/** Headers as a flat list: name, value, name, value... (keeps repeated Set-Cookie apart). */
export type FlatHeaders = string[];

/** An error as it crosses a thread: plain fields, the stack already source-mapped. */
export interface SerializedError {
  name: string;
  message: string;
  /** The message of the error's cause, when it has one worth passing on. */
  cause?: string;
  stack?: string;
  code?: string;
  /**
   * The error came back from another deployment or object that threw it (`err.remote` of an RPC call, as on the
   * original platform): the callee's own record holds it as an issue, so the caller's rethrow is not a new one.
   */
  remote?: true;
}

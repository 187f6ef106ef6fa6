/**
 * The RPC messages between an isolate and the host (members of the isolate protocol's unions,
 * runtime/protocol.ts). Link numbers are each isolate's own: positive for links it opened (its calls
 * through bindings), negative for links the host opened towards it (calls it receives). The host joins
 * the two ends of a link and routes every message to the other end; an isolate can reach only the ends
 * the host joined to its own links.
 */
import type { RpcOutcome } from './errors.js';

/** Isolate to host. */
export type RpcIsolateMessage =
  /** A call on the peer's export `cap` (its method, or the function itself when `method` is null); answered by `rpc-reply`. */
  | { t: 'rpc-call'; id: number; link: number; cap: number; method: string | null; args: unknown[] }
  /** The answer to an `rpc-invoke`. */
  | { t: 'rpc-answer'; id: number; outcome: RpcOutcome }
  /** The peer's export `cap` is no longer needed here. */
  | { t: 'rpc-release'; link: number; cap: number }
  /** This isolate is done with the link. */
  | { t: 'rpc-close'; link: number };

/** Host to isolate. */
export type RpcHostMessage =
  | { t: 'rpc-reply'; id: number; outcome: RpcOutcome }
  /** Run this isolate's export `cap` for the peer; answered by `rpc-answer`. */
  | { t: 'rpc-invoke'; id: number; link: number; cap: number; method: string | null; args: unknown[] }
  | { t: 'rpc-release'; link: number; cap: number }
  /** The link ended (the peer closed it or stopped): drop what was exported on it. */
  | { t: 'rpc-close'; link: number };

/** True for the RPC messages of an isolate. */
export function isRpcIsolateMessage(message: { t: string }): message is RpcIsolateMessage {
  return message.t === 'rpc-call' || message.t === 'rpc-answer' || message.t === 'rpc-release' || message.t === 'rpc-close';
}

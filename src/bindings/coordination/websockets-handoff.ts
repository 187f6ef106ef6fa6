/**
 * How the socket of an object's 101 response reaches the end user (docs/bindings/coordination.md, WebSockets).
 * The object answers its caller (a worker's `stub.fetch(request)`); the caller returns that response, and the
 * client's connection must join the object's socket, not a relay through the caller. So the host keeps the
 * object's end under a one-time random token, the caller's response carries only the token, and the isolate
 * that returns it names the token in its head: the host joins the client there. A token nobody claims within
 * `HANDOFF_MS` is refused (the object sees its socket close with 1006). Host side.
 */
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { ObjectOutcome } from './protocol.js';

/** The far end of an upgrade, as the entry layer joins it (the same shape as runtime's UpgradeTarget). */
export interface SocketTarget {
  attach(ws: WebSocket): void;
  refuse(reason: string): void;
}

/** How long a socket waits for the caller to return it in a response. @default 30000 */
export const HANDOFF_MS = 30_000;

const offered = new Map<string, { target: SocketTarget; timer: NodeJS.Timeout }>();

/** Keeps `target` until its token is claimed; returns the token. */
export function offerSocket(target: SocketTarget): string {
  const token = randomBytes(18).toString('base64url');
  const timer = setTimeout(() => {
    offered.delete(token);
    target.refuse('the socket was not returned in a response in time');
  }, HANDOFF_MS);
  timer.unref();
  offered.set(token, { target, timer });
  return token;
}

/** Takes the socket a token names (once); undefined for a token unknown or already claimed. */
export function claimSocket(token: unknown): SocketTarget | undefined {
  if (typeof token !== 'string') return undefined;
  const entry = offered.get(token);
  if (!entry) return undefined;
  offered.delete(token);
  clearTimeout(entry.timer);
  return entry.target;
}

/** Wraps a target so `onEnd` runs once when its connection closes, or when it is refused. */
export function watchTarget(target: SocketTarget, onEnd: () => void): SocketTarget {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  return {
    attach(ws) {
      ws.once('close', end);
      target.attach(ws);
    },
    refuse(reason) {
      end();
      target.refuse(reason);
    },
  };
}

/**
 * The outcome of an object's event as its isolate sent it, made safe to pass on: a socket joined to the isolate
 * (`sid`) is offered under a token (`plain` tells the directory to keep the instance while it is open); any
 * token the isolate itself wrote is dropped, since only the host makes tokens. `targetOf` gives the isolate's
 * registry entry for a socket id.
 */
export function offerIsolateSocket(outcome: ObjectOutcome, targetOf: (sid: number) => SocketTarget | undefined): ObjectOutcome {
  if (!outcome.ok) return outcome;
  // Only the host marks a plain socket: a mark the isolate wrote is dropped.
  const clean: ObjectOutcome & { ok: true } = { ...outcome };
  delete clean.plainSocket;
  if (!clean.response?.webSocket) return clean;
  const ref = clean.response.webSocket;
  if ('sid' in ref) {
    const target = targetOf(ref.sid);
    if (!target) return { ok: false, error: { name: 'Error', message: 'the object returned a WebSocket the platform could not take' } };
    return { ...clean, response: { ...clean.response, webSocket: { token: offerSocket(target) } }, plainSocket: true };
  }
  if ('socket' in ref) return clean;
  const response = { ...clean.response };
  delete response.webSocket;
  return { ...clean, response };
}

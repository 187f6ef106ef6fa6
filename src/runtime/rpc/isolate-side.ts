/**
 * The isolate's end of RPC: its session, the messages it sends the host for it, and its answers to the
 * host's messages. Loaded by the isolate: nothing host-only.
 */
import { toRpcError, type RpcOutcome } from './errors.js';
import type { RpcHostMessage, RpcIsolateMessage } from './protocol.js';
import { RpcSession, disposeStubs, type RpcSessionOptions } from './session.js';

/** The RPC machinery of one isolate. */
export interface IsolateRpc {
  readonly session: RpcSession;
  /** Handles one RPC message from the host. */
  receive(message: RpcHostMessage): void;
  /**
   * Runs an incoming call on the host's link `link`: decodes `args`, runs `run` with them and encodes its
   * result (or what it threw) on the link. Stubs among the arguments are released when it returns.
   */
  runIncoming(link: number, args: unknown, run: (args: unknown[]) => unknown): Promise<RpcOutcome>;
}

/** Creates the isolate's RPC end (options: session.ts, `RpcSessionOptions`). */
export function createIsolateRpc(send: (message: RpcIsolateMessage) => void, options: RpcSessionOptions = {}): IsolateRpc {
  const replies = new Map<number, (outcome: RpcOutcome) => void>();
  let nextCall = 1;
  const session = new RpcSession({
    call(link, cap, method, args) {
      const id = nextCall++;
      return new Promise<RpcOutcome>((resolve) => {
        replies.set(id, resolve);
        send({ t: 'rpc-call', id, link, cap, method, args });
      });
    },
    release: (link, cap) => send({ t: 'rpc-release', link, cap }),
    close: (link) => send({ t: 'rpc-close', link }),
  }, options);

  return {
    session,
    receive(message) {
      switch (message.t) {
        case 'rpc-reply': {
          const resolve = replies.get(message.id);
          replies.delete(message.id);
          resolve?.(message.outcome);
          break;
        }
        case 'rpc-invoke':
          void session.invoke(message.link, message.cap, message.method, message.args).then((outcome) => send({ t: 'rpc-answer', id: message.id, outcome: sendable(outcome) }));
          break;
        case 'rpc-release': session.release(message.link, message.cap); break;
        case 'rpc-close': session.close(message.link); break;
      }
    },
    async runIncoming(link, args, run) {
      session.accept(link);
      const made: object[] = [];
      try {
        const decoded = session.decode(link, args, made);
        if (!Array.isArray(decoded)) throw new TypeError('the RPC arguments must be a list');
        return sendable({ value: session.encode(link, await run(decoded)) });
      } catch (err) {
        return { error: toRpcError(err) };
      } finally {
        disposeStubs(made);
      }
    },
  };
}

/** An outcome that structured clone can carry: a value it cannot (caught before posting) becomes the call's error. */
export function sendable(outcome: RpcOutcome): RpcOutcome {
  if (!('value' in outcome)) return outcome;
  try {
    structuredClone(outcome.value);
    return outcome;
  } catch (err) {
    return { error: toRpcError(err) };
  }
}

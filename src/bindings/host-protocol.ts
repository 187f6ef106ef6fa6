import { LedgeError } from '../platform/errors.js';
import type { BindingService, CallOrigin } from './plugin.js';
import type { CallHandlers, CallSchemas, FastChecks, ProtocolShape } from './protocol.js';

/** Longest method name quoted back in a refusal: the name comes from the isolate, whose code may be hostile. */
const QUOTED_NAME_CHARS = 64;

/**
 * The host side of a protocol: a call whose method the protocol does not declare, or whose arguments do
 * not match the declared types, is refused with `binding_call_refused` before any handler or store sees it
 * (DESIGN.md, Runtime: the host treats every message from an isolate as untrusted input).
 */
export function serveProtocol<P extends ProtocolShape<P>>(label: string, schemas: CallSchemas<P>, handlers: CallHandlers<P>, fast?: FastChecks<P>): BindingService {
  return {
    call(method, args, origin) {
      if (typeof method !== 'string' || !isDeclared(schemas, method)) {
        throw new LedgeError('binding_call_refused', `the ${label} binding has no method ${quote(method)}`);
      }
      // A call on a hot path whose arguments a plain check finds within the declaration skips the schema (same
      // answer, less work per call); anything else, and every refusal with its message, goes through the schema.
      if (fast?.[method]?.(args)) return handlers[method](args as P[typeof method]['args'], origin);
      return answer(label, schemas, handlers, method, args, origin);
    },
  };
}

function isDeclared<P extends ProtocolShape<P>>(schemas: CallSchemas<P>, method: string): method is keyof P & string {
  return Object.hasOwn(schemas, method);
}

async function answer<P extends ProtocolShape<P>, M extends keyof P & string>(label: string, schemas: CallSchemas<P>, handlers: CallHandlers<P>, method: M, args: unknown, origin: CallOrigin | undefined): Promise<P[M]['result']> {
  const parsed = schemas[method].safeParse(args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? 'its arguments' : `argument ${Number(issue.path[0]) + 1}${issue.path.slice(1).map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('')}`;
    throw new LedgeError('binding_call_refused', `the ${label} binding refused ${method}(): ${where}: ${issue?.message ?? 'do not match its declaration'}`);
  }
  return handlers[method](parsed.data, origin);
}

function quote(method: unknown): string {
  const text = typeof method === 'string' ? method : `(a ${typeof method})`;
  return JSON.stringify(text.length > QUOTED_NAME_CHARS ? `${text.slice(0, QUOTED_NAME_CHARS)}...` : text);
}

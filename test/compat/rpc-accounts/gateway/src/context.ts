// Request-scoped context without passing it around: AsyncLocalStorage, as Node libraries use it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import { format } from 'node:util';

export interface RequestContext { requestId: string; path: string; lines: string[] }

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** A logger that stamps each line with the request it belongs to, wherever it is called from. */
export function log(template: string, ...args: unknown[]): string {
	const ctx = requestContext.getStore();
	const line = `[${ctx?.requestId ?? 'no-request'}] ${format(template, ...args)}`;
	ctx?.lines.push(line);
	console.log(line);
	return line;
}

export interface AuditEvent { type: 'signup' | 'signin' | 'signin-failed' | 'rename'; email: string }

/** Audit events, written by a listener the gateway registers once at module scope. */
export const audit = new EventEmitter<{ event: [AuditEvent] }>();

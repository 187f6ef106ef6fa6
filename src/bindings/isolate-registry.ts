import { createKvBinding } from './kv/binding.js';
import { createSqlBinding } from './sql/binding.js';
import { createObjectBinding } from './objects/binding.js';
import { createQueueBinding } from './queues/binding.js';
import { createAssetsBinding } from './assets/binding.js';
import { createWorkflowBinding } from './workflows/binding.js';

/** Sends one call to the binding's host-side service. */
export type BindingCall = (method: string, args: unknown[]) => Promise<unknown>;

/** What every isolate-side binding may know about its deployment. */
export interface IsolateBindingContext {
  compatibilityDate: string;
}

/**
 * The isolate-side half of each binding kind: builds the object application code finds in `env`. Kept
 * apart from registry.ts so the isolate never loads host-only modules (storage, SQLite).
 */
export const ISOLATE_BINDINGS: Readonly<Record<string, (call: BindingCall, context: IsolateBindingContext) => object>> = {
  kv: createKvBinding,
  sql: createSqlBinding,
  objects: createObjectBinding,
  queues: createQueueBinding,
  assets: createAssetsBinding,
  workflows: createWorkflowBinding,
};

import type { IsolateBindingContext } from '../isolate-part.js';
import type { BindingCall } from '../protocol.js';
import { WORKFLOW_LIMITS } from './limits.js';
import type { CreateRequest, InstanceStatus, WorkflowsProtocol } from './protocol.js';

type WorkflowCaller = BindingCall<WorkflowsProtocol>;

/** One instance, as `create()` and `get()` return it (isolate side). */
export class WorkflowInstance {
  readonly #call: WorkflowCaller;

  constructor(call: WorkflowCaller, readonly id: string) {
    this.#call = call;
  }

  async status(): Promise<InstanceStatus> { return this.#call('status', [this.id]); }
  async pause(): Promise<void> { await this.#call('pause', [this.id]); }
  async resume(): Promise<void> { await this.#call('resume', [this.id]); }
  async terminate(): Promise<void> { await this.#call('terminate', [this.id]); }
  async restart(): Promise<void> { await this.#call('restart', [this.id]); }

  async sendEvent(event: { type: string; payload?: unknown }): Promise<void> {
    if (typeof event !== 'object' || event === null || typeof event.type !== 'string' || event.type.length === 0) throw new TypeError('sendEvent({ type, payload }): type must be a non-empty string');
    // A value that cannot be cloned fails here, in the caller's stack, not on the channel.
    await this.#call('sendEvent', [this.id, { type: event.type, payload: structuredClone(event.payload) }]);
  }
}

/** The workflow object application code finds in `env` (isolate side). */
export class Workflow {
  readonly #call: WorkflowCaller;

  // The context is the same for every kind; a workflow's object does not depend on the compatibility date.
  constructor(call: WorkflowCaller, _context?: IsolateBindingContext) {
    this.#call = call;
  }

  /** Creates one instance; refuses an id that exists. */
  async create(options: CreateRequest = {}): Promise<WorkflowInstance> {
    const [id] = await this.#call('create', [[toRequest(options, 'create')]]);
    return new WorkflowInstance(this.#call, id as string);
  }

  /** Creates up to 100 instances, all or none. */
  async createBatch(batch: CreateRequest[]): Promise<WorkflowInstance[]> {
    if (!Array.isArray(batch) || batch.length === 0) throw new TypeError('createBatch() takes a non-empty array of { id?, params? }');
    if (batch.length > WORKFLOW_LIMITS.maxBatch) throw new TypeError(`createBatch(): ${batch.length} instances; at most ${WORKFLOW_LIMITS.maxBatch} per call`);
    const ids = await this.#call('create', [batch.map((options, i) => toRequest(options, `createBatch()[${i}]`))]);
    return ids.map((id) => new WorkflowInstance(this.#call, id));
  }

  /** The instance with this id; throws when there is none. */
  async get(id: string): Promise<WorkflowInstance> {
    if (typeof id !== 'string') throw new TypeError('get(id): the id must be a string');
    return new WorkflowInstance(this.#call, await this.#call('get', [id]));
  }
}

function toRequest(options: CreateRequest, where: string): CreateRequest {
  if (typeof options !== 'object' || options === null) throw new TypeError(`${where}: expected { id?, params? }`);
  if (options.id !== undefined && typeof options.id !== 'string') throw new TypeError(`${where}: id must be a string`);
  const out: CreateRequest = { params: structuredClone(options.params) };
  if (options.id !== undefined) out.id = options.id;
  return out;
}

import type { z } from 'zod';
import type { Clock } from '../platform/clock.js';
import { LedgeError, hasCode } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { QueueBatchEvent, QueueOutcome } from './queues/delivery.js';
import type { WorkflowRunEvent, WorkflowRunOutcome } from './workflows/protocol.js';
import type { ObjectOwner } from './coordination/protocol.js';
import type { ResourceRecord } from '../storage/control.js';
import type { StoragePorts } from '../storage/ports.js';
import type { IsolatePart } from './isolate-part.js';
import type { CallHandlers, CallOrigin, CallSchemas, ProtocolShape } from './protocol.js';

export type { CallOrigin } from './protocol.js';

/** What a binding's host-side service is given: storage ports, the clock, a logger, the deployment it serves, and the account's other deployments. Nothing else. */
export interface ServiceContext {
  storage: StoragePorts;
  clock: Clock;
  logger: Logger;
  /** The deployment the services belong to, and the isolates of its account's deployments; absent for tools that run no code. */
  scope?: DeploymentScope;
  /** Calls into other deployments of the same account (service bindings); absent where no deployment can be reached. */
  deployments?: DeploymentCalls;
}

/** The deployment a version's services belong to, within its account. */
export interface DeploymentScope {
  /** The account's id (`local` under `ledge dev`). */
  account: string;
  /** The deployment's name. */
  deployment: string;
  /** The isolate now serving `deployment` of the same account (started if needed), which holds its coordination objects. */
  objectHost(deployment: string): Promise<ObjectOwner>;
}

/** Where a service binding points: a deployment of the caller's account, its entrypoint and the props it is given. */
export interface ServiceTarget {
  deployment: string;
  /** A named WorkerEntrypoint export, or undefined for the default export. */
  entrypoint: string | undefined;
  props: Record<string, unknown>;
}

/** The host's way into the account's deployments for bindings that call them (runtime/rpc/directory.ts). */
export interface DeploymentCalls {
  /**
   * Runs `method` (or `fetch`) on the target with `args` encoded on the caller's RPC link `link`; resolves with
   * the call's outcome (`{ value }` encoded on the same link, or `{ error }`), never rejecting for the callee's faults.
   */
  call(target: ServiceTarget, origin: CallOrigin, link: number, method: string, args: unknown[]): Promise<unknown>;
}

/** The host side of one binding: answers the calls its isolate-side object makes. */
export interface BindingService {
  /** Answers one call; `method` and `args` are as the isolate sent them, so unchecked (host-protocol.ts checks them). `origin`: who calls, when the host knows. */
  call(method: string, args: unknown, origin?: CallOrigin): Promise<unknown>;
  /**
   * For an isolate half that keeps a copy of what it read (the key-value read cache, docs/bindings/kv.md):
   * calls `push` with a message for that half after every write to what the binding reads, before the write is
   * acknowledged to anyone; the function returned stops it. The host watches only isolates in a sandbox process
   * (`IsolateSpawner.remote`), where a call crosses a channel twice.
   */
  watch?(push: (data: unknown) => void): () => void;
}

/** One binding of a deployment as the host holds it: its name in `env`, its kind, the module of its isolate half, and its service. */
export interface BoundBinding {
  name: string;
  kind: string;
  /** The URL of the kind's isolate module (`IsolatePart.module`); the worker imports it to build the object in `env`. */
  isolateModule: string;
  /** What the isolate half is given beside its transport (`BindingPlugin.isolateOptions`). */
  isolateOptions?: Record<string, string>;
  service: BindingService;
}

/** The five concerns a design record keeps apart (SPEC: What the service does 3). */
export type DesignConcern = 'entry' | 'identity' | 'data' | 'execution' | 'recovery';

/** One decision of a design record: derived from the configuration, or `value: null` when a person must decide it. */
export interface DesignDecision {
  /** What is decided, e.g. `write owner of env.DB`; stable, since records are compared by it. */
  subject: string;
  /** The decision as the configuration states it; null when the configuration cannot tell ("to decide"). */
  value: string | null;
  /** The path in ledge.jsonc it comes from, or what a person must look at to decide it. */
  source: string;
}

/** What one binding section adds to one concern of a design record: the blocks it uses and its decisions. */
export interface DesignContribution {
  concern: DesignConcern;
  blocks: string[];
  decisions: DesignDecision[];
}

/** What a background runner may ask of the deployment it serves: the runtime's event entry points. */
export interface DeploymentEvents {
  /** Runs one queue batch in the deployment's `queue()` handler. */
  runQueue(batch: QueueBatchEvent): Promise<QueueOutcome>;
  /** Runs one workflow run in the deployment's isolate (the class's `run()` with its `step`). */
  runWorkflow(run: WorkflowRunEvent): Promise<WorkflowRunOutcome>;
}

/** One window of a cron a runner asked for; `firingId` names the window (docs/cron.md), the same on every re-fire. */
export interface RunnerCronFiring {
  cron: string;
  scheduledTime: number;
  firingId: string;
}

/** Crons started by a runner, on the host's cron scheduler. */
export interface RunnerCronSchedule {
  /** Fires every window due now and waits for them. */
  tick(): Promise<unknown>;
  stop(): void;
}

/**
 * The host's cron scheduler as a runner may use it (workflows started by `triggers.crons`): windows are kept
 * in the cron state under `name`, so a window fired again after a restart has the same `firingId`, and only
 * the latest missed window is caught up. `run` rejecting counts as a failed firing (retried, then logged).
 */
export type RunnerCrons = (name: string, crons: readonly string[], run: (firing: RunnerCronFiring) => Promise<void>) => RunnerCronSchedule;

/** What a kind's background runner is given when the host starts it for one deployment version. */
export interface RunnerContext extends ServiceContext {
  /** The deployment's name (a workflow with `script_name` runs in the deployment it names). */
  deployment: string;
  /** The kind's section of the version's configuration, as validated (undefined when absent). */
  section: unknown;
  /** The deployment the work belongs to. */
  events: DeploymentEvents;
  /** Work by real timers; false in tests that drive `tick()` with a manual clock. */
  timers: boolean;
  /** Starts crons of the runner's own on the host's scheduler. */
  crons: RunnerCrons;
  /** Milliseconds between periodic runs, for runners that sweep (bucket lifecycle); undefined: the runner's own default. */
  intervalMs?: number;
}

/** Background work of one kind for one deployment version (queue consumers, bucket lifecycle), started and stopped by the host. */
export interface BackgroundRunner {
  /** Does everything due now and waits for it; resolves with how much ran (0: nothing was due). */
  tick(): Promise<number>;
  /** Starts nothing new; resolves once what runs has finished or been handed back. */
  stop(): Promise<void>;
}

/**
 * A binding kind's resource and permission facts, read by the control plane (control/permissions.ts,
 * routes/resources.ts, routes/deployments.ts) instead of tables of its own. The names here are public and
 * stay as users have them: the config key, the resource-key kind and the permission area.
 */
export interface ResourceFacet<Entry> {
  /** The field of an entry that names its resource (a refusal points at it): `bucket_name`. */
  readonly field: keyof Entry & string;
  /** The kind in resource keys and in the control store: `com.ledge.api.account.<id>.bucket.<name>`. */
  readonly key: string;
  /** The account API's permission area: `buckets` gives `buckets:read` and `buckets:write`. */
  readonly area: string;
  /** What the area's permission groups cover, as the token docs list it. */
  readonly areaLabel: string;
  /**
   * How the resource looks in the account API, where it is created and deleted before a deployment binds it.
   * Absent for a kind whose resources come into being with the deployment that defines them (a workflow):
   * a deploy needs none to exist, and the kind's own routes (control/routes) show them.
   */
  readonly api?: {
    /** Below `/accounts/{account_id}`: `/buckets`. */
    readonly path: string;
    /** The path parameter of one resource: `bucket_name`. */
    readonly param: string;
    /** The resource in messages: `bucket`. */
    readonly label: string;
    /** The body that creates one, giving its name. */
    readonly body: z.ZodType<{ name: string }>;
    /** What configuration refers to it by: its chosen name (true), or its generated id. */
    readonly refIsName: boolean;
    /** How its id is made: a UUID, or 32 hex digits. */
    readonly idStyle: 'uuid' | 'hex';
    /** The resource as the API shows it. */
    view(record: ResourceRecord): Record<string, unknown>;
    /** The schema of `view`'s answer: the result the API declares for it (docs/openapi.json). */
    readonly result: z.ZodType;
  };
  /** Why the resource cannot be deleted now (a bucket that still holds objects), or null; asked after the deployments that bind it. */
  refuseDelete?(record: ResourceRecord, storage: StoragePorts): Promise<string | null>;
}

/** One resource a section points at: its reference, the binding (or role) using it, and its path below the section. */
export interface ResourceUse {
  ref: string;
  binding: string;
  path: string;
}

/**
 * A binding kind, complete: where it sits in `ledge.jsonc`, its resource and permission facts, its protocol
 * and both halves (the host-side handlers and the isolate-side part), an optional background runner and an
 * optional admin surface. Each kind's `index.ts` declares one with `satisfies`; registry.ts lists them.
 */
export interface BindingPlugin<Entry extends { binding: string }, P extends ProtocolShape<P>> {
  /** The kind's name, e.g. `objects`: the one name code uses for the kind. */
  readonly kind: string;
  /** Its key in `ledge.jsonc`, e.g. `buckets`. */
  readonly configKey: string;
  /** A strict zod object for one entry. */
  readonly entrySchema: z.ZodType<Entry>;
  /** The whole value under `configKey`, when it is more than a list of entries (queues: producers and consumers). @default an array of entrySchema */
  readonly sectionSchema?: z.ZodType;
  /** The binding entries of a section, and the path of each below the section. @default the section's own items */
  entries?(section: unknown): { entry: Entry; path: string }[];
  /** Refusals and warnings about one section beyond its schema; `at` is the section's path with a trailing dot. */
  check?(section: unknown, at: string): { problems: string[]; warnings: string[] };
  /** The identity of the resource an entry points at (SPEC, Authentication 4: one binding name, distinct targets per environment). */
  resourceId(entry: Entry): string;
  /** Its resources in the account API and the permissions that guard them. */
  readonly resource: ResourceFacet<Entry>;
  /** Every resource a section points at, beyond its bindings' own (queues: the queues consumers read and dead-letter to). */
  extraResources?(section: unknown): ResourceUse[];
  /** Per call, the schema of its arguments: the host refuses a call that breaks it (protocol.ts). */
  readonly calls: CallSchemas<P>;
  /** The host-side handlers of one entry's calls. */
  handlers(entry: Entry, context: ServiceContext): CallHandlers<P>;
  /** The isolate half: the module the worker loads to build the object in `env`. */
  readonly isolate: IsolatePart;
  /** Plain strings the isolate half of one entry needs (a coordination namespace's key), handed to `IsolatePart.create`. @default none */
  isolateOptions?(entry: Entry, context: ServiceContext): Record<string, string>;
  /** Writes to what one entry reads, pushed to its isolate half (`BindingService.watch`). @default none */
  watch?(entry: Entry, context: ServiceContext, push: (data: unknown) => void): () => void;
  /** Background work the host starts for each version whose section is not empty. */
  readonly runner?: { start(context: RunnerContext): Promise<BackgroundRunner> };
  /** The section's part of the project's design record (`ledge design`, docs/design.md); `at` is the section's path. */
  design?(section: unknown, at: string): DesignContribution[];
  /**
   * Operations on the kind's stored data that tools share (sql: query, bookmark, restore; queues: counts, a
   * producer, dead letters): declared once here, so `ledge <kind-command>` on the local state and the account
   * API's routes run the same code rather than each its own. Each kind's own shape; callers import it typed.
   */
  readonly admin?: object;
}

/** A plugin of any kind, as the registry and the host hold them. */
// The entry and protocol types are each kind's own; code that handles every kind sees them as unknown.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBindingPlugin = BindingPlugin<any, any>;

/**
 * An error a binding reports to application code (code `binding_refused`): it arrives in the isolate as a
 * `TypeError` or `Error` with this exact message, never with the code.
 */
export class BindingError extends LedgeError {
  declare readonly code: 'binding_refused';
  /** The underlying message, given to application code as `error.cause.message`. */
  readonly causeMessage: string | undefined;

  constructor(readonly kind: 'TypeError' | 'Error', message: string, causeMessage?: string) {
    super('binding_refused', message, causeMessage === undefined ? undefined : { cause: new Error(causeMessage) });
    this.name = kind;
    this.causeMessage = causeMessage;
  }
}

/** True when `err` is a binding's refusal (identified by code, not class: errors cross threads). */
export function isBindingError(err: unknown): err is BindingError {
  return hasCode(err, 'binding_refused') && ((err as { kind?: unknown }).kind === 'TypeError' || (err as { kind?: unknown }).kind === 'Error');
}

/** The binding entries of one section of `plugin`, each with its path below the section (`[0]`, `.producers[1]`). */
export function sectionEntries(plugin: AnyBindingPlugin, section: unknown): { entry: { binding: string }; path: string }[] {
  if (section === undefined) return [];
  if (plugin.entries) return plugin.entries(section);
  return (section as { binding: string }[]).map((entry, i) => ({ entry, path: `[${i}]` }));
}

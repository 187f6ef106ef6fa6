import type { z } from 'zod';
import type { Clock } from '../lib/clock.js';
import { LedgeError, hasCode } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import type { StoragePorts } from '../storage/ports.js';

/** What a binding's host-side service is given: storage ports, the clock and a logger. Nothing else. */
export interface ServiceContext {
  storage: StoragePorts;
  clock: Clock;
  logger: Logger;
}

/** The host side of one binding: answers the calls its isolate-side object makes. */
export interface BindingService {
  call(method: string, args: unknown[]): Promise<unknown>;
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

/** A binding kind as the host sees it: where it sits in `ledge.jsonc`, which resource an entry names, and its service. */
export interface BindingPlugin<Entry extends { binding: string } = { binding: string }> {
  /** The kind's name, e.g. `kv`; the isolate side uses the same name to build the object code sees. */
  readonly kind: string;
  /** Its key in `ledge.jsonc`, e.g. `kv_namespaces`. */
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
  /** Creates the host-side service for one entry. */
  createService(entry: Entry, context: ServiceContext): BindingService;
  /** The section's part of the project's design record (`ledge design`, docs/design.md); `at` is the section's path. */
  design?(section: unknown, at: string): DesignContribution[];
}

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
export function sectionEntries(plugin: BindingPlugin, section: unknown): { entry: { binding: string }; path: string }[] {
  if (section === undefined) return [];
  if (plugin.entries) return plugin.entries(section);
  return (section as { binding: string }[]).map((entry, i) => ({ entry, path: `[${i}]` }));
}

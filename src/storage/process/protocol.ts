/** The messages between the host and a store process (framed by frames.ts), shared by both sides. */

/** The argument that makes the store process's script run as one (it does nothing when imported). */
export const STORE_PROCESS_FLAG = '--ledge-store-process';

/** What a store process can serve (store-process-main.ts holds one handler set per kind). */
export type StoreKind = 'sql' | 'coordination';

/** The process's configuration, its one argument after the flag (JSON). */
export interface StoreProcessConfig {
  kind: StoreKind;
  /** The directory the stores live under (one account's state directory). */
  dir: string;
}

/** The host's last frame before it ends the child's stdin: finish, close the stores, exit (a bare end is the platform's death). */
export const CLOSE_MESSAGE = { close: true } as const;

/** A call from the host: `now` is the platform clock's time when it was made. */
export interface StoreProcessCall {
  id: number;
  method: string;
  args: unknown[];
  now: number;
}

/** An error as it crosses: its Ledge code when it has one, and the index of a failed SQL statement. */
export interface ReportedError {
  message: string;
  code?: string;
  index?: number;
}

/**
 * The first message of the process once it can take calls (`{ ready: true }`), then one answer per call, in the
 * order of the calls, each maybe preceded by `{ id, committed: true }`: the call's writes are durable and what is
 * left (recording history, sending the answer) is the platform's own work, no longer timed.
 */
export type StoreProcessAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ReportedError }
  | { id: number; committed: true };

/** What a kind's handlers may tell the host while a call runs. */
export interface StoreCallEvents {
  /** The running call's writes have committed. */
  committed(): void;
}

/** The methods of a kind, run by the child one at a time; each answers or throws. */
export interface StoreHandlers {
  methods: Record<string, (args: unknown[]) => unknown>;
  /** Closes the stores (the host ended the process's input). */
  close(): void;
}

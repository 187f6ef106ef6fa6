/** Limits an operator sets on one account (docs/api.md, "Account limits"). */
export interface AccountLimits {
  /** Memory of the account's sandbox process (all its isolates and the process around them), in MiB. */
  memory_mb: number;
  /** Storage every coordination object of the account may use together, in MiB (DEFAULT_COORDINATION_STORAGE_MB when unset). */
  coordination_storage_mb?: number;
}

/** The coordination storage an account may use when the operator set no limit: 1 GiB (docs/api.md, "Account limits"). */
export const DEFAULT_COORDINATION_STORAGE_MB = 1024;

/** The largest coordination storage limit that can be set, in MiB (1 PiB; the account API and `ledge dev` take it). */
export const MAX_COORDINATION_STORAGE_MB = 1_073_741_824;

/** Where account limits are kept: the control database of `ledge serve`. */
export interface AccountLimitsPort {
  /** Every account that has limits set, by account id. */
  list(): Map<string, AccountLimits>;
  set(accountId: string, limits: AccountLimits): void;
}

/** Limits an operator sets on one account (docs/api.md, "Account limits"). */
export interface AccountLimits {
  /** Memory of the account's sandbox process (all its isolates and the process around them), in MiB. */
  memory_mb: number;
}

/** Where account limits are kept: the control database of `ledge serve`. */
export interface AccountLimitsPort {
  /** Every account that has limits set, by account id. */
  list(): Map<string, AccountLimits>;
  set(accountId: string, limits: AccountLimits): void;
}

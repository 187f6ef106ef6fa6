/** Limits of calls between deployments (docs/bindings/services.md, Limits). */
export const RPC_LIMITS = {
  /** Calls through bindings nested in one another (A calls B calls C...): past it the call fails, so a loop ends. */
  maxDepth: 16,
  /** Largest encoded argument list or result of one call, in bytes (V8's structured-clone size). */
  maxMessageBytes: 32 * 1024 * 1024,
  /** How long a call on a stub (a function or RpcTarget passed across) may take before the caller gets an error. */
  stubCallTimeoutMs: 30_000,
} as const;

/** The `observability` section as written in ledge.jsonc (src/config/schema.ts). */
export interface ObservabilityConfig {
  enabled?: boolean | undefined;
  head_sampling_rate?: number | undefined;
  logs?: { enabled?: boolean | undefined; head_sampling_rate?: number | undefined; invocation_logs?: boolean | undefined; keep_query_values?: boolean | undefined } | undefined;
  issues?: { enabled?: boolean | undefined; webhooks?: readonly DevWebhookConfig[] | undefined } | undefined;
}

/** A webhook destination `ledge dev` notifies, as written in ledge.jsonc (`observability.issues.webhooks`). */
export interface DevWebhookConfig {
  url: string;
  /** The name of the secret (.dev.vars or .env) whose value signs the notifications. */
  secret_name: string;
  on_new?: boolean | undefined;
  threshold?: number | undefined;
  quiet_period_seconds?: number | undefined;
}

/** What a version's observer does, resolved once from its configuration (defaults in docs/observability.md). */
export interface ObservabilitySettings {
  /** Store invocation records: `logs.enabled`, else `enabled`. @default false */
  logs: boolean;
  /** Share of events whose records are stored: `logs.head_sampling_rate`, else `head_sampling_rate`. @default 1 */
  sampling: number;
  /** Store a record for every event, not only for those that wrote a console line. @default true */
  invocationLogs: boolean;
  /** Keep query values in recorded URLs. @default false */
  keepQueryValues: boolean;
}

/** Resolves a version's settings from its `observability` section. */
export function toSettings(config: ObservabilityConfig | undefined): ObservabilitySettings {
  return {
    logs: config?.logs?.enabled ?? config?.enabled ?? false,
    sampling: config?.logs?.head_sampling_rate ?? config?.head_sampling_rate ?? 1,
    invocationLogs: config?.logs?.invocation_logs ?? true,
    keepQueryValues: config?.logs?.keep_query_values ?? false,
  };
}

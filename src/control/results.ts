/**
 * The result schemas of the account API's answers (the envelope's `result`), declared with their routes
 * (`result:`), shown in docs/openapi.json, and the types the CLI reads answers with (`z.infer`). They say what
 * an answer always carries; API tests check real answers against them (test/serve-helpers.ts).
 */
import { z } from 'zod';

const TIME = z.string();
const NULLABLE_TIME = z.string().nullable();

/** `{ id }` of a deleted object. */
export const DELETED_ID = z.object({ id: z.string() });
/** `{ name }` of a deleted object named by its name. */
export const DELETED_NAME = z.object({ name: z.string() });

/** The calling token, as `GET /user/tokens/verify` describes it. */
export const TOKEN_STATUS = z.object({
  id: z.string(), status: z.string(), account_id: z.string(), name: z.string(), not_before: NULLABLE_TIME, expires_on: NULLABLE_TIME,
});
/** A revoked token and the tokens it had created, revoked with it. */
export const TOKEN_REVOKED = z.object({ id: z.string(), also_revoked: z.array(z.string()) });
/** One permission group of the catalog. */
export const PERMISSION_GROUP = z.object({ id: z.string(), name: z.string(), description: z.string() });
/** One audit log record. */
export const AUDIT_RECORD = z.object({
  id: z.string(), time: TIME, account_id: z.string(), actor: z.object({ token_id: z.string(), token_name: z.string() }),
  action: z.string(), method: z.string(), path: z.string(), resource: z.string(), status: z.number().int(), result: z.enum(['success', 'failure']),
});

/** A deployment with its hostnames. */
export const DEPLOYMENT = z.object({
  name: z.string(), account_id: z.string(), current_version_id: z.string(), edge_dev: z.boolean(), preview_urls: z.boolean(),
  hostnames: z.object({ default: z.string(), preview: z.string(), custom: z.array(z.string()) }),
  created_on: TIME, modified_on: TIME,
});
/** An immutable version of a deployment. */
export const VERSION = z.object({
  id: z.string(), number: z.number().int(), deployment: z.string(), message: z.string().nullable(), created_on: TIME, main_module: z.string(),
  config: z.record(z.string(), z.unknown()), preview_hostname: z.string(),
});
/** What a deploy or a rollback answers. */
export const DEPLOYED = z.object({ deployment: DEPLOYMENT, version: VERSION });
/** What a rollback answers. */
export const ROLLED_BACK = DEPLOYED.extend({ rolled_back_from: z.string() });
/** The asset hashes the platform does not hold yet. */
export const ASSETS_MISSING = z.object({ missing: z.array(z.string()) });
/** How much of each uploaded asset the platform holds now. */
export const ASSETS_UPLOADED = z.object({ files: z.array(z.object({ hash: z.string(), received: z.number().int(), size: z.number().int() })) });
/** A deployment secret: never its value. */
export const SECRET = z.object({ name: z.string(), type: z.literal('secret_text'), created_on: TIME, modified_on: TIME });
/** A custom hostname bound to a deployment or a tunnel. */
export const DOMAIN = z.object({ id: z.string(), hostname: z.string(), deployment: z.string().nullable(), tunnel_id: z.string().nullable(), created_on: TIME });

// Each binding kind's resource (namespace, database, bucket, queue) declares its own result schema: its plugin's resource facet.
/** A SQL bookmark. */
export const SQL_BOOKMARK = z.object({ bookmark: z.string() });
/** A restore: the bookmark restored to and the one that undoes it. */
export const SQL_RESTORED = z.object({ bookmark: z.string(), previous_bookmark: z.string(), message: z.string() });

/** A tunnel or mesh connector (no secret, no connections: those have their own path). */
export const TUNNEL = z.object({
  id: z.string(), account_tag: z.string(), name: z.string(), created_at: TIME, deleted_at: NULLABLE_TIME,
  conns_active_at: NULLABLE_TIME, conns_inactive_at: NULLABLE_TIME, status: z.enum(['inactive', 'healthy', 'degraded', 'down']),
  tun_type: z.enum(['edge_tunnel', 'mesh_connector']), metadata: z.record(z.string(), z.unknown()), config_src: z.enum(['local', 'platform']),
});
/** One connector of a tunnel with its connections. */
export const CONNECTOR = z.object({
  id: z.string(), version: z.string(),
  conns: z.array(z.object({ id: z.string(), client_id: z.string(), client_version: z.string(), opened_at: TIME, origin_ip: z.string(), is_pending_reconnect: z.boolean() })),
}).loose();
/** How many connectors a removal disconnected. */
export const CONNECTORS_REMOVED = z.object({ removed: z.number().int() });
/** A tunnel's platform-managed configuration. */
export const TUNNEL_CONFIGURATION = z.object({
  tunnel_id: z.string(), account_id: z.string(), config: z.object({ ingress: z.array(z.unknown()) }).loose().nullable(), version: z.number().int(), source: z.enum(['local', 'platform']),
});
/** A private route through a tunnel. */
export const PRIVATE_ROUTE = z.object({
  id: z.string(), network: z.string(), tunnel_id: z.string(), comment: z.string(), virtual_network_id: z.string(), created_at: TIME, deleted_at: NULLABLE_TIME,
});
/** A private route as the list shows it, with the names of its tunnel and network. */
export const PRIVATE_ROUTE_LISTED = PRIVATE_ROUTE.extend({
  tun_type: z.enum(['edge_tunnel', 'mesh_connector']).nullable(), tunnel_name: z.string().nullable(), virtual_network_name: z.string().nullable(),
});
/** A virtual network. */
export const VIRTUAL_NETWORK = z.object({ id: z.string(), name: z.string(), comment: z.string(), is_default_network: z.boolean(), created_at: TIME, deleted_at: NULLABLE_TIME });

/** An Access application with its policies. */
export const ACCESS_APP = z.object({
  id: z.string(), name: z.string(), domain: z.string(), aud: z.string(), policies: z.array(z.unknown()), session_duration: z.string(), created_at: TIME, updated_at: TIME,
});
/** A user of the built-in identity provider (never the password hash). */
export const ACCESS_USER = z.object({ id: z.string(), email: z.string(), groups: z.array(z.string()), created_at: TIME });
/** An identity provider. */
export const IDENTITY_PROVIDER = z.object({ id: z.string(), name: z.string(), type: z.string(), config: z.record(z.string(), z.unknown()), created_at: TIME });
/** A service token (never its secret, except once in the answer that makes or rotates it). */
export const SERVICE_TOKEN = z.object({
  id: z.string(), name: z.string(), client_id: z.string(), expires_at: NULLABLE_TIME, enabled: z.boolean(), created_at: TIME,
  last_seen_at: NULLABLE_TIME, previous_client_secret_expires_at: NULLABLE_TIME,
});
/** A service token with the secret it was just given. */
export const SERVICE_TOKEN_WITH_SECRET = SERVICE_TOKEN.extend({ client_secret: z.string() });
/** A JSON Web Key Set of the account's signing keys. */
export const JWKS = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
/** The key id that signs from now on. */
export const KEY_ROTATED = z.object({ kid: z.string() });

/** The calling token's status. */
export type TokenStatus = z.infer<typeof TOKEN_STATUS>;
/** A deployment as the API answers it. */
export type Deployment = z.infer<typeof DEPLOYMENT>;
/** A version as the API answers it. */
export type Version = z.infer<typeof VERSION>;
/** A custom domain as the API answers it. */
export type Domain = z.infer<typeof DOMAIN>;
/** A secret as the API answers it. */
export type Secret = z.infer<typeof SECRET>;
/** A tunnel as the API answers it. */
export type Tunnel = z.infer<typeof TUNNEL>;
/** A private route as the API answers it. */
export type PrivateRoute = z.infer<typeof PRIVATE_ROUTE>;
/** A private route as the list answers it. */
export type PrivateRouteListed = z.infer<typeof PRIVATE_ROUTE_LISTED>;
/** A virtual network of the account's private routes. */
export type VirtualNetwork = z.infer<typeof VIRTUAL_NETWORK>;

/** One invocation record (docs/observability.md). */
export const INVOCATION_RECORD = z.object({
  id: z.string(), time: z.number(), deployment: z.string(), version: z.string(), kind: z.string(), outcome: z.string(),
  cpu_ms: z.number(), wall_ms: z.number(), subrequests: z.number().int(),
  logs: z.array(z.object({ time: z.number(), level: z.string(), message: z.string() })),
});
/** A deployment's issues switch. */
export const OBSERVABILITY_SETTINGS = z.object({ issues: z.object({ enabled: z.boolean() }) });
/** One issue: a group of occurrences of the same error. */
export const ISSUE = z.object({
  id: z.string(), deployment: z.string(), fingerprint: z.string(), rule: z.string(), type: z.string(), message: z.string(), culprit: z.string(),
  status: z.enum(['active', 'resolved', 'ignored']), count: z.number().int(), first_seen: z.number(), last_seen: z.number(),
  versions: z.array(z.string()), resolved_at: z.number().nullable(),
});
/** An issue with its recent occurrences. */
export const ISSUE_WITH_OCCURRENCES = ISSUE.extend({
  occurrences: z.array(z.object({ id: z.string(), issue_id: z.string(), time: z.number(), version: z.string(), outcome: z.string() })),
});
/** A webhook destination of issue notifications, never its secret. */
export const WEBHOOK_DESTINATION = z.object({
  id: z.string(), url: z.string(), on_new: z.boolean(), threshold: z.number().int().nullable(), quiet_period_seconds: z.number().int().nullable(), created_on: TIME,
});
/** A new destination: its signing secret, shown once. */
export const WEBHOOK_DESTINATION_CREATED = WEBHOOK_DESTINATION.extend({ secret: z.string() });
/** One delivery of a notification (its body left out). */
export const WEBHOOK_DELIVERY = z.object({
  id: z.string(), destination_id: z.string(), issue_id: z.string(), event: z.string(), status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(), next_at: z.number(), last_error: z.string().nullable(), created_at: z.number(), delivered_at: z.number().nullable(),
});
/** The answers of SQL statements run through the API, one per statement. */
export const SQL_QUERY_RESULTS = z.array(z.object({ results: z.array(z.record(z.string(), z.unknown())), meta: z.record(z.string(), z.unknown()) }));
/** A workflow with instances, and how many are in each status. */
export const WORKFLOW = z.object({ name: z.string(), instances: z.record(z.string(), z.number().int()) });
/** A class with coordination objects. */
export const COORDINATION_CLASS = z.object({ deployment: z.string(), class: z.string(), objects: z.number().int() });
/** A page of a class's object ids; `cursor` continues it (null on the last page). */
export const COORDINATION_OBJECT_PAGE = z.object({ ids: z.array(z.string()), cursor: z.string().nullable() });
/** One coordination object, read-only: pairs decoded for display (`bytes`: their stored size), tables with row counts. */
export const COORDINATION_OBJECT = z.object({
  id: z.string(), deployment: z.string(), class: z.string(), size_bytes: z.number().int(), alarm: z.string().nullable(),
  pairs: z.array(z.object({ key: z.string(), value: z.unknown(), bytes: z.number().int() })), more_pairs: z.boolean(),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int() })),
});
/** The rows of one read-only statement on a coordination object: values JSON-safe (`{ $bytes }`, `{ $bigint }`, `{ $number }`); `more` when rows were left out. */
export const COORDINATION_QUERY = z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.unknown())), more: z.boolean() });
/** One workflow instance as listed. */
export const WORKFLOW_INSTANCE = z.object({ id: z.string(), status: z.string(), created_on: NULLABLE_TIME, ended_on: NULLABLE_TIME });
/** One instance with its steps, attempts and current wait. */
export const WORKFLOW_INSTANCE_DETAIL = WORKFLOW_INSTANCE.extend({ wake_on: NULLABLE_TIME, waiting_for: z.array(z.object({ step: z.string(), type: z.string() })), steps: z.array(z.object({ name: z.string(), type: z.string(), state: z.string() })) });
/** An instance's id and status after a change. */
export const WORKFLOW_INSTANCE_STATUS = z.object({ id: z.string(), status: z.string() });
/** A vector index: its configuration, count and last mutation (the original's index shape, with `vectorCount`). */
export const VECTOR_INDEX = z.object({
  name: z.string(), description: z.string(), config: z.object({ dimensions: z.number().int(), metric: z.enum(['cosine', 'euclidean', 'dot-product']) }),
  created_on: TIME, modified_on: TIME, vectorCount: z.number().int(), processedUpToDatetime: NULLABLE_TIME, processedUpToMutation: z.string().nullable(),
});
/** The id of a change to a vector index (all apply at once). */
export const VECTOR_MUTATION = z.object({ mutationId: z.string() });
/** The metadata indexes of a vector index. */
export const VECTOR_METADATA_INDEXES = z.object({ metadataIndexes: z.array(z.object({ propertyName: z.string(), indexType: z.enum(['string', 'number', 'boolean']) })) });

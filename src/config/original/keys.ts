/**
 * What Ledge knows about the keys of the original platform's configuration file (reference:
 * control-plane.md, 5). Three lists: keys Ledge names differently, keys that only steer the original
 * platform's own tools (read, then left out with the reason), and keys whose behaviour Ledge does not have.
 * The last are refused, naming what is missing (issue 14: a key Ledge does not support is an error,
 * never a warning followed by a failing request).
 */

/** Original key → Ledge key, where only the name differs. */
export const RENAMED_KEYS: Readonly<Record<string, string>> = {
  d1_databases: 'sql_databases',
  r2_buckets: 'buckets',
  vectorize: 'vector_indexes',
  ratelimits: 'rate_limits',
  workers_dev: 'edge_dev',
  route: 'routes',
};

/** Keys that steer only the original platform's own tools or telemetry: nothing the application sees depends on them. */
export const DROPPED_KEYS: Readonly<Record<string, string>> = {
  $schema: "it points at the original tool's schema (ledge.jsonc uses ledge.schema.json)",
  account_id: 'it names an account of the original platform; Ledge picks the account from the token, LEDGE_ACCOUNT_ID or --account',
  send_metrics: "it switches the original tool's usage metrics; Ledge sends none",
  upload_source_maps: 'Ledge always keeps the source map with a version',
  keep_vars: 'Ledge has no variables set outside the configuration for a deployment to keep',
  logpush: 'Ledge writes logs to the platform log and has no log push jobs',
  placement: 'a deployment runs where the platform runs; there is no placement to choose',
  minify: 'Ledge does not minify; the code behaves the same',
  keep_names: 'Ledge does not minify, so function and class names are always kept',
  dev: 'local server settings of the original tool; use ledge dev --port and --ip',
  usage_model: 'a billing setting of the original platform',
  preserve_file_names: "it names the separate module files the original uploads; Ledge builds the modules into the version's one module, where code sees no file names",
};

/**
 * Keys the original's tool writes into a configuration it generates (a build's `wrangler.json`, which
 * `.wrangler/deploy/config.json` points to): bookkeeping of that tool, or its defaults written out. Left out
 * of such a file only; in a file a person wrote they mean what the lists above say.
 */
export const GENERATED_KEYS: Readonly<Record<string, string>> = {
  configPath: 'the generating tool\'s record of the project\'s own configuration file',
  userConfigPath: 'the generating tool\'s record of the project\'s own configuration file',
  topLevelName: 'the generating tool\'s record of the name before environments',
  definedEnvironments: 'the generating tool\'s record of the environments the project defines',
  legacy_env: 'each environment is its own deployment, as the generating tool\'s default says',
  jsx_factory: 'the code is built already',
  jsx_fragment: 'the code is built already',
  no_bundle: 'the build bundled the code already; Ledge bundles its output again, which changes nothing it does',
  python_modules: 'Ledge runs JavaScript and TypeScript only, and this file declares no Python',
};

/** Keys whose behaviour Ledge does not have (yet), each with what is missing. A key that Ledge's own schema gains is accepted from then on. */
export const MISSING_FEATURES: Readonly<Record<string, string>> = {
  exports: 'its declarative coordination object exports are not read yet; declare the classes with migrations (new_sqlite_classes or new_classes) beside durable_objects.bindings',
  tail_consumers: 'Ledge has no tail consumers (deployments that receive another\'s events)',
  streaming_tail_consumers: 'Ledge has no tail consumers (deployments that receive another\'s events)',
  ai: 'Ledge has no model inference binding yet',
  ai_search: 'Ledge has no managed search binding yet',
  ai_search_namespaces: 'Ledge has no managed search binding yet',
  agent_memory: 'Ledge has no agent memory binding',
  websearch: 'Ledge has no web search binding',
  hyperdrive: 'Ledge has no database connection pool binding',
  analytics_engine_datasets: 'Ledge has no analytics dataset binding',
  browser: 'Ledge has no browser automation binding yet',
  images: 'Ledge has no image transformation binding',
  media: 'Ledge has no media transformation binding',
  stream: 'Ledge has no video stream binding',
  send_email: 'Ledge does not send email (email services are out of scope)',
  dispatch_namespaces: 'Ledge has no dynamic dispatch of other deployments',
  worker_loaders: 'Ledge has no dynamic worker loading',
  mtls_certificates: 'Ledge has no client certificate binding',
  pipelines: 'Ledge has no pipelines binding',
  secrets_store_secrets: 'Ledge has no account-wide secret store binding; set per-deployment secrets with "ledge secret put"',
  containers: 'Ledge has no containers yet',
  cloudchamber: 'Ledge has no containers yet',
  artifacts: 'Ledge has no artifacts binding',
  flagship: 'Ledge has no feature flag binding',
  logfwdr: 'Ledge has no log forwarding binding',
  unsafe: 'Ledge has no raw binding escape hatch',
  connect: 'Ledge has no inbound TCP listeners for deployments',
  node_compat: 'this setting was removed by the original platform too; use "compatibility_flags": ["nodejs_compat"]',
  site: 'the old static site setting is not supported; serve the folder with "assets" instead (docs/assets.md)',
  legacy_env: 'service environments were removed by the original platform too; each environment is its own deployment',
  text_blobs: 'the service-worker format is not supported; export default { fetch } from an ES module',
  data_blobs: 'the service-worker format is not supported; export default { fetch } from an ES module',
  wasm_modules: 'the service-worker format is not supported; export default { fetch } from an ES module',
  compliance_region: 'Ledge keeps data wherever the platform runs and cannot promise a compliance region',
  cache: 'Ledge has no settings for the platform cache',
  access: 'Ledge has no per-deployment access settings here; protect hostnames with access applications (docs/access.md)',
  previews: 'Ledge has no preview configuration block; preview_urls gives each version its own hostname',
  python_modules: 'Ledge runs JavaScript and TypeScript only',
  first_party_worker: 'an internal setting of the original platform',
  dependencies_instrumentation: 'Ledge does not instrument dependencies',
  vpc_services: 'Ledge has no private network binding',
  vpc_networks: 'Ledge has no private network binding',
  unsafe_hello_world: 'an experimental binding of the original platform',
};

/** What to say about a key Ledge's schema does not know, at the top level or in an environment of ledge.jsonc. */
export function unknownKeyHelp(key: string): string {
  const renamed = RENAMED_KEYS[key];
  if (renamed) return `this is the original platform's name; Ledge calls it "${renamed}" ("ledge config import" translates a whole wrangler file)`;
  const missing = MISSING_FEATURES[key];
  if (missing) return `not supported: ${missing}`;
  const dropped = DROPPED_KEYS[key];
  if (dropped) return `Ledge has no such setting (${dropped}); remove it`;
  return 'Ledge has no such setting; remove it or check its spelling';
}

/** True for a declaration that declares nothing (`[]`, `{}`, `{ "bindings": [] }`), which costs nothing to leave out. */
export function declaresNothing(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (value !== null && typeof value === 'object') return Object.values(value).every((v) => declaresNothing(v));
  return false;
}

/** Ledge's section names in a message about a translated file, turned back into the names the file uses. */
export function toOriginalNames(text: string): string {
  return text
    .replace(/\bsql_databases(?=\[)/g, 'd1_databases')
    .replace(/\bbuckets(?=\[)/g, 'r2_buckets')
    .replace(/\bvector_indexes(?=\[)/g, 'vectorize')
    .replace(/\bedge_dev(?=:)/g, 'workers_dev');
}
